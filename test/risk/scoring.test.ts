import { describe, expect, it } from 'vitest';
import {
  faultProximityPoints,
  fireActivityPoints,
  fireSeasonMultiplier,
  formatFaultDistance,
  magnitudePoints,
  monthOf,
  riskLevel,
  scoreEarthquake,
  scoreWildfire,
  seismicActivityPoints,
  vegetationRisk,
  weatherRisk,
  type Month,
} from '../../src/risk/scoring.js';

describe('risk level from score', () => {
  it.each([
    [0, 'Low'],
    [29, 'Low'],
    [30, 'Medium'],
    [69, 'Medium'],
    [70, 'High'],
    [100, 'High'],
  ])('a score of %d is %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });
});

describe('earthquake components', () => {
  it.each([
    [0, 0],
    [1, 2],
    [14, 28],
    [15, 30],
    [16, 30],
    [500, 30],
  ])('%d events in the window give %d activity points', (events, points) => {
    expect(seismicActivityPoints(events)).toBe(points);
  });

  it.each([
    [null, 0],
    [1.0, 0],
    [1.99, 0],
    [2.0, 10],
    [3.99, 10],
    [4.0, 25],
    [5.99, 25],
    [6.0, 40],
    [7.8, 40],
  ])('a maximum magnitude of %s gives %d points', (magnitude, points) => {
    expect(magnitudePoints(magnitude)).toBe(points);
  });

  it.each([
    [0, 30],
    [49.99, 30],
    [49.96, 30], // displayed as "50.0 km" but still under 50: thresholds compare the unrounded distance
    [50, 20],
    [99.99, 20],
    [100, 10],
    [199.99, 10],
    [200, 5],
    [1437, 5],
  ])('a fault %s km away gives %d points', (km, points) => {
    expect(faultProximityPoints(km)).toBe(points);
  });

  it.each([
    [0, '0.0 km'],
    [1.3057, '1.3 km'],
    [49.96, '50.0 km'],
    [57.825374571658465, '57.8 km'],
    [2.25, '2.3 km'], // an exact tie rounds up
    [1437.06, '1437.1 km'],
  ])('a fault distance of %s km is written %s', (km, text) => {
    expect(formatFaultDistance(km)).toBe(text);
  });
});

describe('earthquake score', () => {
  it.each([
    {
      name: 'a quiet area far from any fault',
      seismic: { count: 0, maxMagnitude: null },
      km: 1400,
      parts: [0, 0, 5],
      score: 5,
      level: 'Low',
    },
    {
      name: '29 points stay Low',
      seismic: { count: 7, maxMagnitude: 2.0 },
      km: 250,
      parts: [14, 10, 5],
      score: 29,
      level: 'Low',
    },
    {
      name: '30 points are Medium',
      seismic: { count: 5, maxMagnitude: 2.0 },
      km: 150,
      parts: [10, 10, 10],
      score: 30,
      level: 'Medium',
    },
    {
      name: 'magnitude 1.99 earns nothing',
      seismic: { count: 5, maxMagnitude: 1.99 },
      km: 150,
      parts: [10, 0, 10],
      score: 20,
      level: 'Low',
    },
    {
      name: '69 points stay Medium',
      seismic: { count: 7, maxMagnitude: 4.0 },
      km: 10,
      parts: [14, 25, 30],
      score: 69,
      level: 'Medium',
    },
    {
      name: '70 points are High',
      seismic: { count: 10, maxMagnitude: 6.0 },
      km: 150,
      parts: [20, 40, 10],
      score: 70,
      level: 'High',
    },
    {
      name: 'magnitude 5.99 is not 6',
      seismic: { count: 10, maxMagnitude: 5.99 },
      km: 150,
      parts: [20, 25, 10],
      score: 55,
      level: 'Medium',
    },
    {
      name: 'a busy area on a fault reaches 100',
      seismic: { count: 16, maxMagnitude: 6.0 },
      km: 3,
      parts: [30, 40, 30],
      score: 100,
      level: 'High',
    },
    {
      name: 'an unavailable seismic service scores 0 for its parts',
      seismic: null,
      km: 3,
      parts: [0, 0, 30],
      score: 30,
      level: 'Medium',
    },
  ])('$name ($score, $level)', ({ seismic, km, parts, score, level }) => {
    const result = scoreEarthquake({ seismic, faultDistanceKm: km });
    expect(result.components).toEqual({ seismicActivity: parts[0], magnitude: parts[1], faultProximity: parts[2] });
    expect(result.riskScore).toBe(score);
    expect(result.riskLevel).toBe(level);
  });
});

describe('wildfire components', () => {
  const months = Array.from({ length: 12 }, (_, i) => (i + 1) as Month);

  it.each(months.map((m) => [m, m >= 6 && m <= 9 ? 1.5 : 0.8]))(
    'month %d has a fire multiplier of %d',
    (month, multiplier) => {
      expect(fireSeasonMultiplier(month)).toBe(multiplier);
    },
  );

  // 2 × d × 0.8 = 1.6 d is never exactly x.5 for whole detections, so the nearest cases (x.4, x.6) are what rounding must get right.
  it.each([
    [0, 1, 0],
    [1, 1, 2], // 1.6
    [2, 1, 3], // 3.2
    [3, 1, 5], // 4.8
    [4, 1, 6], // 6.4
    [24, 1, 38], // 38.4
    [25, 1, 40], // exactly 40
    [26, 1, 40], // 41.6, capped
    [0, 7, 0],
    [1, 7, 3],
    [13, 7, 39],
    [14, 7, 40], // 42, capped
    [1000, 7, 40],
  ])('%d detections in month %d give %d fire points', (detections, month, points) => {
    expect(fireActivityPoints(detections, month as Month)).toBe(points);
  });

  it.each([
    // [latitude, longitude, vegetation]
    [34.09, -118.4, 'High'],
    [30, -125, 'High'], // every corner of the western box is inside it
    [50, -125, 'High'],
    [30, -100, 'High'],
    [50, -100, 'High'],
    [29.9999, -110, 'Low'], // south of the box and west of −100: not central either
    [50.0001, -110, 'Low'],
    [40, -125.0001, 'Low'],
    [40, -100.0001, 'High'],
    [40, -99.9999, 'Medium'], // just east of −100
    [25.78, -80.2, 'Medium'], // Miami lies just west of −80, so the rule puts it in the central band
    [42.36, -71.06, 'Low'],
    [38.6, -90.2, 'Medium'],
    [42, -80, 'Medium'], // −80 itself is central
    [42, -79.9999, 'Low'],
    [61.2, -149.9, 'Low'], // Alaska: west of the box
    [21.3, -157.8, 'Low'], // Hawaii
    [29, -95, 'Medium'], // the central band has no latitude limit
    [29.9999, -100, 'Low'], // −100 itself belongs to the western box, not the central band
    [50.0001, -100, 'Low'],
    [29.9999, -99.9999, 'Medium'],
    [55, -80, 'Medium'],
  ])('vegetation at %d, %d is %s', (lat, lon, level) => {
    expect(vegetationRisk(lat, lon)).toBe(level);
  });

  const westernWeather: Record<Month, string> = {
    1: 'Low',
    2: 'Low',
    3: 'Low',
    4: 'Medium',
    5: 'Medium',
    6: 'High',
    7: 'High',
    8: 'High',
    9: 'High',
    10: 'Medium',
    11: 'Low',
    12: 'Low',
  };
  it.each(months.map((m) => [m, westernWeather[m]]))('weather in the west in month %d is %s', (month, level) => {
    expect(weatherRisk(37.77, -122.41, month)).toBe(level);
  });
  it.each(months)('weather outside the western box in month %d is Low', (month) => {
    expect(weatherRisk(38.6, -90.2, month)).toBe('Low');
    expect(weatherRisk(40, -99.9999, month)).toBe('Low');
    expect(weatherRisk(29.9999, -110, month)).toBe('Low');
    expect(weatherRisk(50.0001, -110, month)).toBe('Low');
  });
  it.each(months)('the western box includes its edges in month %d', (month) => {
    expect(weatherRisk(40, -100, month)).toBe(westernWeather[month]);
    expect(weatherRisk(30, -125, month)).toBe(westernWeather[month]);
    expect(weatherRisk(50, -110, month)).toBe(westernWeather[month]);
  });
});

describe('wildfire score', () => {
  it.each([
    {
      name: 'Los Angeles in July with 13 fires',
      detections: 13,
      lat: 34.09,
      lon: -118.4,
      month: 7,
      parts: [39, 30, 30],
      score: 99,
      level: 'High',
    },
    {
      name: 'Los Angeles in July, fire data unavailable',
      detections: null,
      lat: 34.09,
      lon: -118.4,
      month: 7,
      parts: [0, 30, 30],
      score: 60,
      level: 'Medium',
    },
    {
      name: 'Los Angeles in October with 5 fires',
      detections: 5,
      lat: 34.09,
      lon: -118.4,
      month: 10,
      parts: [8, 30, 15],
      score: 53,
      level: 'Medium',
    },
    {
      name: 'Los Angeles in December, no fires',
      detections: 0,
      lat: 34.09,
      lon: -118.4,
      month: 12,
      parts: [0, 30, 5],
      score: 35,
      level: 'Medium',
    },
    {
      name: 'St. Louis in August with 3 fires',
      detections: 3,
      lat: 38.6,
      lon: -90.2,
      month: 8,
      parts: [9, 15, 5],
      score: 29,
      level: 'Low',
    },
    {
      name: 'St. Louis in August with 4 fires',
      detections: 4,
      lat: 38.6,
      lon: -90.2,
      month: 8,
      parts: [12, 15, 5],
      score: 32,
      level: 'Medium',
    },
    {
      name: 'Denver in June with 11 fires',
      detections: 11,
      lat: 39.75,
      lon: -104.99,
      month: 6,
      parts: [33, 30, 30],
      score: 93,
      level: 'High',
    },
    {
      name: 'Fresno in May with 13 fires',
      detections: 13,
      lat: 36.75,
      lon: -119.77,
      month: 5,
      parts: [21, 30, 15],
      score: 66,
      level: 'Medium',
    },
    {
      name: 'Fresno in May with 15 fires',
      detections: 15,
      lat: 36.75,
      lon: -119.77,
      month: 5,
      parts: [24, 30, 15],
      score: 69,
      level: 'Medium',
    },
    {
      name: 'Fresno in June with 4 fires',
      detections: 4,
      lat: 36.75,
      lon: -119.77,
      month: 6,
      parts: [12, 30, 30],
      score: 72,
      level: 'High',
    },
    {
      name: 'Fresno in June with 3 fires',
      detections: 3,
      lat: 36.75,
      lon: -119.77,
      month: 6,
      parts: [9, 30, 30],
      score: 69,
      level: 'Medium',
    },
    {
      name: 'Boston in March, no fires',
      detections: 0,
      lat: 42.36,
      lon: -71.06,
      month: 3,
      parts: [0, 5, 5],
      score: 10,
      level: 'Low',
    },
    {
      name: 'Boston in July with 20 fires',
      detections: 20,
      lat: 42.36,
      lon: -71.06,
      month: 7,
      parts: [40, 5, 5],
      score: 50,
      level: 'Medium',
    },
    {
      name: 'the whole west ablaze in August',
      detections: 500,
      lat: 40,
      lon: -110,
      month: 8,
      parts: [40, 30, 30],
      score: 100,
      level: 'High',
    },
  ])('$name → $score ($level)', ({ detections, lat, lon, month, parts, score, level }) => {
    const result = scoreWildfire({ detections, latitude: lat, longitude: lon, month: month as Month });
    expect(result.components).toEqual({ fireActivity: parts[0], vegetation: parts[1], weather: parts[2] });
    expect(result.riskScore).toBe(score);
    expect(result.riskLevel).toBe(level);
  });

  it('reports the vegetation and weather levels it scored', () => {
    const result = scoreWildfire({ detections: 0, latitude: 38.6, longitude: -90.2, month: 7 });
    expect([result.vegetationRisk, result.weatherRisk]).toEqual(['Medium', 'Low']);
  });
});

describe('month from the clock', () => {
  it.each([
    ['2026-01-01T00:00:00.000Z', 1],
    ['2026-03-31T23:59:59.999Z', 3],
    ['2026-04-01T00:00:00.000Z', 4],
    ['2026-05-31T23:59:59.999Z', 5],
    ['2026-06-01T00:00:00.000Z', 6],
    ['2026-09-30T23:59:59.999Z', 9],
    ['2026-10-01T00:00:00.000Z', 10],
    ['2026-10-31T23:59:59.999Z', 10],
    ['2026-11-01T00:00:00.000Z', 11],
    ['2026-12-31T23:59:59.999Z', 12],
  ])('%s is month %d in UTC, whatever the server time zone', (iso, month) => {
    expect(monthOf(new Date(iso))).toBe(month);
  });
});
