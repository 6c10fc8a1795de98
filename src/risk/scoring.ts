/**
 * The scoring rules of the reference implementation legacy callers know, with real data in place of its
 * simulated inputs (contract, "Risk"). Pure: the month and every measurement come in as arguments.
 */

export type RiskLevel = 'Low' | 'Medium' | 'High';
export type DataStatus = 'live' | 'cached' | 'unavailable';

/** Calendar month, 1 = January. */
export type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export const monthOf = (date: Date): Month => (date.getUTCMonth() + 1) as Month;

const MAX_SCORE = 100;

export function riskLevel(score: number): RiskLevel {
  if (score >= 70) return 'High';
  if (score >= 30) return 'Medium';
  return 'Low';
}

// Earthquake

export interface SeismicActivity {
  /** Events of magnitude ≥ 1.0 within 1° over the past 365 days. */
  count: number;
  /** null when no event carried a magnitude. */
  maxMagnitude: number | null;
}

export const seismicActivityPoints = (events: number): number => Math.min(30, 2 * events);

export function magnitudePoints(maxMagnitude: number | null): number {
  if (maxMagnitude === null) return 0;
  if (maxMagnitude >= 6.0) return 40;
  if (maxMagnitude >= 4.0) return 25;
  if (maxMagnitude >= 2.0) return 10;
  return 0;
}

/** Takes the unrounded distance: 49.96 km is "50.0 km" on screen but still under 50. */
export function faultProximityPoints(distanceKm: number): number {
  if (distanceKm < 50) return 30;
  if (distanceKm < 100) return 20;
  if (distanceKm < 200) return 10;
  return 5;
}

export const formatFaultDistance = (distanceKm: number): string => `${distanceKm.toFixed(1)} km`;

export interface EarthquakeComponents {
  seismicActivity: number;
  magnitude: number;
  faultProximity: number;
}

export interface Score<C> {
  riskScore: number;
  riskLevel: RiskLevel;
  components: C;
}

/** `seismic` is null when the seismic service was unavailable: its two parts then score 0. */
export function scoreEarthquake(input: {
  seismic: SeismicActivity | null;
  faultDistanceKm: number;
}): Score<EarthquakeComponents> {
  const components: EarthquakeComponents = {
    seismicActivity: input.seismic ? seismicActivityPoints(input.seismic.count) : 0,
    magnitude: input.seismic ? magnitudePoints(input.seismic.maxMagnitude) : 0,
    faultProximity: faultProximityPoints(input.faultDistanceKm),
  };
  return total(components);
}

// Wildfire

/** June to September is the fire season: detections then weigh almost twice as much. */
export const fireSeasonMultiplier = (month: Month): number => (month >= 6 && month <= 9 ? 1.5 : 0.8);

export const fireActivityPoints = (detections: number, month: Month): number =>
  Math.min(40, Math.round(2 * detections * fireSeasonMultiplier(month)));

const isWestern = (latitude: number, longitude: number) =>
  longitude >= -125 && longitude <= -100 && latitude >= 30 && latitude <= 50;

export function vegetationRisk(latitude: number, longitude: number): RiskLevel {
  if (isWestern(latitude, longitude)) return 'High';
  if (longitude > -100 && longitude <= -80) return 'Medium';
  return 'Low';
}

export function weatherRisk(latitude: number, longitude: number, month: Month): RiskLevel {
  if (!isWestern(latitude, longitude)) return 'Low';
  if (month >= 6 && month <= 9) return 'High';
  if (month === 4 || month === 5 || month === 10) return 'Medium';
  return 'Low';
}

const LEVEL_POINTS: Record<RiskLevel, number> = { High: 30, Medium: 15, Low: 5 };

export interface WildfireComponents {
  fireActivity: number;
  vegetation: number;
  weather: number;
}

export interface WildfireScore extends Score<WildfireComponents> {
  vegetationRisk: RiskLevel;
  weatherRisk: RiskLevel;
}

/** `detections` is null when the fire service was unavailable: fire activity then scores 0. */
export function scoreWildfire(input: {
  detections: number | null;
  latitude: number;
  longitude: number;
  month: Month;
}): WildfireScore {
  const vegetation = vegetationRisk(input.latitude, input.longitude);
  const weather = weatherRisk(input.latitude, input.longitude, input.month);
  const components: WildfireComponents = {
    fireActivity: input.detections === null ? 0 : fireActivityPoints(input.detections, input.month),
    vegetation: LEVEL_POINTS[vegetation],
    weather: LEVEL_POINTS[weather],
  };
  return { ...total(components), vegetationRisk: vegetation, weatherRisk: weather };
}

function total<C extends { [K in keyof C]: number }>(components: C): Score<C> {
  const sum = Object.values<number>(components).reduce((acc, points) => acc + points, 0);
  const riskScore = Math.min(MAX_SCORE, sum);
  return { riskScore, riskLevel: riskLevel(riskScore), components };
}
