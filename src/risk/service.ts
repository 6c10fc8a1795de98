import { LRUCache } from 'lru-cache';
import { DomainError } from '../platform/errors.js';
import type { Cache } from './cache.js';
import type { QuotaStore } from './quota.js';
import type { SingleFlight } from './singleflight.js';
import {
  InvalidZipError,
  UnknownZipError,
  UpstreamConfigError,
  UpstreamUnavailableError,
  type UpstreamName,
} from './errors.js';
import { nearestFault, type NearestFault } from './faults.js';
import type { FireClient } from './fire.js';
import {
  formatFaultDistance,
  monthOf,
  scoreEarthquake,
  scoreWildfire,
  type DataStatus,
  type EarthquakeComponents,
  type Month,
  type RiskLevel,
  type SeismicActivity,
  type WildfireComponents,
} from './scoring.js';
import type { SeismicClient } from './seismic.js';
import { isZip, type Coordinates, type Geocoder } from './zip.js';

export { InvalidZipError, UnknownZipError, UpstreamUnavailableError } from './errors.js';

/** The subset of pino the service uses; a pino logger fits as is. */
export interface RiskLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RiskServiceDeps {
  geocoder: Geocoder;
  seismic: SeismicClient;
  fire: FireClient;
  cache: Cache;
  quota: QuotaStore;
  singleFlight: SingleFlight;
  now: () => Date;
  log: RiskLog;
  /** FIRMS transactions per UTC day; a call over N days spends N. */
  fireDailyQuota?: number;
  seismicTtlSeconds?: number;
  fireTtlSeconds?: number;
}

// When a source is unavailable, its counts are null rather than 0: "no data" must not read as "no fires" or
// "no earthquakes". The score still counts that part as 0 points, and dataStatus says which source was missing.

export interface WildfireRisk {
  zipCode: string;
  coordinates: Coordinates;
  riskLevel: RiskLevel;
  riskScore: number;
  /** Fire detections in the 1° box over the last 5 days; null when the fire service was unavailable. */
  recentFires: number | null;
  vegetationRisk: RiskLevel;
  weatherRisk: RiskLevel;
  lastUpdated: string;
  components: WildfireComponents;
  dataStatus: { fire: DataStatus };
}

export interface EarthquakeRisk {
  zipCode: string;
  coordinates: Coordinates;
  riskLevel: RiskLevel;
  riskScore: number;
  /** Events within 1° over 365 days; null when the seismic service was unavailable. */
  recentEarthquakes: number | null;
  /** null when the seismic service was unavailable; 0 when it answered with no event of known magnitude. */
  maxMagnitude: number | null;
  faultDistance: string;
  lastUpdated: string;
  components: EarthquakeComponents;
  dataStatus: { seismic: DataStatus };
}

/** Both risks of one area. */
export interface AreaRisk {
  zipCode: string;
  wildfire: WildfireRisk;
  earthquake: EarthquakeRisk;
}

const DAY_SECONDS = 24 * 3600;
export const FIRE_QUOTA_KEY = 'firms:transactions';

/**
 * Upstream queries use the point rounded to 0.1° (~11 km). The searches span ~110 km, so this barely moves
 * them, yet neighbouring ZIPs share one cached answer; the FIRMS budget (200 five-day calls a day) needs that.
 */
const gridPoint = (c: Coordinates): Coordinates => ({
  latitude: Math.round(c.latitude * 10) / 10,
  longitude: Math.round(c.longitude * 10) / 10,
});
const gridKey = (source: UpstreamName, p: Coordinates) =>
  `risk:${source}:${p.latitude.toFixed(1)},${p.longitude.toFixed(1)}`;

interface Sourced<T> {
  status: DataStatus;
  value: T | null;
}

/** Wildfire and earthquake risk of a ZIP code, scored from upstream data read through the cache and the quota. */
export class RiskService {
  private readonly fireDailyQuota: number;
  private readonly seismicTtlSeconds: number;
  private readonly fireTtlSeconds: number;
  /**
   * The nearest fault of each place scored, which never changes: measuring it walks every fault segment (about
   * 40 µs), which a page of fifty areas would otherwise pay on every read. Enough places for every US ZIP code.
   */
  private readonly faults = new LRUCache<string, NearestFault>({ max: 50_000 });

  constructor(private readonly deps: RiskServiceDeps) {
    this.fireDailyQuota = deps.fireDailyQuota ?? 1000;
    this.seismicTtlSeconds = deps.seismicTtlSeconds ?? 3600;
    this.fireTtlSeconds = deps.fireTtlSeconds ?? 10_800;
  }

  async wildfireRisk(zip: string): Promise<WildfireRisk> {
    return this.wildfireAt(zip, await this.locate(zip));
  }

  async earthquakeRisk(zip: string): Promise<EarthquakeRisk> {
    return this.earthquakeAt(zip, await this.locate(zip));
  }

  /**
   * Both risks of a ZIP code's area, for a record that names one (a help request): null when the ZIP code cannot
   * be placed, which the record's reader can do nothing about. An unavailable source degrades each score as in
   * wildfireRisk and earthquakeRisk.
   */
  async areaRisk(zip: string): Promise<AreaRisk | null> {
    const [area] = await this.areaRisks([zip]);
    if (area instanceof Error) throw area;
    return area!;
  }

  /**
   * `areaRisk` of each ZIP code of a batch (a page of records), in their order. Every ZIP code is placed once, the
   * cache is read once for all the grid cells the areas fall in (neighbouring ZIP codes share a cell; with Redis,
   * one round trip), only the cells it lacks go upstream, and every area is scored at the same instant. A ZIP code
   * that failed to be placed for a reason other than the ZIP code itself has its error in its place, and the rest
   * of the batch is answered (as DataLoader takes it).
   */
  async areaRisks(zips: readonly string[]): Promise<Array<AreaRisk | null | Error>> {
    const at = this.deps.now();
    const places = await Promise.all(zips.map((zip) => this.placeOf(zip)));
    const cells = places.flatMap((place) => (place && !(place instanceof Error) ? [gridPoint(place)] : []));
    const [fires, activities] = await Promise.all([
      this.fireDetectionsMany(cells),
      this.seismicActivityMany(cells, at),
    ]);
    const lastUpdated = at.toISOString();
    const month = monthOf(at);
    let cell = 0;
    return places.map((coordinates, i) => {
      if (!coordinates || coordinates instanceof Error) return coordinates;
      const zipCode = zips[i];
      const wildfire = this.wildfireOf(zipCode, coordinates, fires[cell], month, lastUpdated);
      const earthquake = this.earthquakeOf(zipCode, coordinates, activities[cell], lastUpdated);
      cell++;
      return { zipCode, wildfire, earthquake };
    });
  }

  private async wildfireAt(zip: string, coordinates: Coordinates): Promise<WildfireRisk> {
    const at = this.deps.now();
    const fires = await this.fireDetections(gridPoint(coordinates));
    return this.wildfireOf(zip, coordinates, fires, monthOf(at), at.toISOString());
  }

  private async earthquakeAt(zip: string, coordinates: Coordinates): Promise<EarthquakeRisk> {
    const at = this.deps.now();
    const activity = await this.seismicActivity(gridPoint(coordinates), at);
    return this.earthquakeOf(zip, coordinates, activity, at.toISOString());
  }

  private wildfireOf(
    zip: string,
    coordinates: Coordinates,
    fires: Sourced<number>,
    month: Month,
    lastUpdated: string,
  ): WildfireRisk {
    const score = scoreWildfire({ detections: fires.value, ...coordinates, month });
    return {
      zipCode: zip,
      coordinates,
      riskLevel: score.riskLevel,
      riskScore: score.riskScore,
      recentFires: fires.value,
      vegetationRisk: score.vegetationRisk,
      weatherRisk: score.weatherRisk,
      lastUpdated,
      components: score.components,
      dataStatus: { fire: fires.status },
    };
  }

  private earthquakeOf(
    zip: string,
    coordinates: Coordinates,
    activity: Sourced<SeismicActivity>,
    lastUpdated: string,
  ): EarthquakeRisk {
    const fault = this.nearestFault(coordinates);
    const score = scoreEarthquake({ seismic: activity.value, faultDistanceKm: fault.distanceKm });
    return {
      zipCode: zip,
      coordinates,
      riskLevel: score.riskLevel,
      riskScore: score.riskScore,
      recentEarthquakes: activity.value?.count ?? null,
      maxMagnitude: activity.value ? (activity.value.maxMagnitude ?? 0) : null,
      faultDistance: formatFaultDistance(fault.distanceKm),
      lastUpdated,
      components: score.components,
      dataStatus: { seismic: activity.status },
    };
  }

  private nearestFault({ latitude, longitude }: Coordinates): NearestFault {
    const key = `${latitude},${longitude}`;
    let fault = this.faults.get(key);
    if (!fault) this.faults.set(key, (fault = nearestFault(latitude, longitude)));
    return fault;
  }

  private async locate(zip: string): Promise<Coordinates> {
    if (!isZip(zip)) throw new InvalidZipError();
    const location = await this.deps.geocoder.geocode(zip);
    if (!location) throw new UnknownZipError();
    return { latitude: location.latitude, longitude: location.longitude };
  }

  /**
   * Where a ZIP code of a record lies: null when it cannot be placed (invalid, unknown, or its geocoder away), the
   * error when placing it failed unexpectedly.
   */
  private async placeOf(zip: string): Promise<Coordinates | null | Error> {
    try {
      return await this.locate(zip);
    } catch (error) {
      if (error instanceof DomainError) return null;
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private reportFailure(source: UpstreamName, key: string, error: unknown): void {
    const { log } = this.deps;
    if (error instanceof UpstreamConfigError) {
      log.error({ source, key, reason: error.reason }, 'upstream refused our configuration; scoring without it');
    } else if (error instanceof UpstreamUnavailableError) {
      log.warn({ source, key, reason: error.reason }, 'upstream unavailable; scoring without it');
    } else {
      log.error({ source, key, err: error }, 'unexpected failure reading upstream; scoring without it');
    }
  }

  /**
   * Cache, then one shared upstream call per key. The flight never rejects: a failure is logged once and
   * every waiting request gets "unavailable", so one outage does not become a log line per request.
   */
  private async readThrough<T>(
    source: UpstreamName,
    key: string,
    ttlSeconds: number,
    callUpstream: () => Promise<T>,
  ): Promise<Sourced<T>> {
    const { cache, singleFlight } = this.deps;
    const cached = await cache.get<T>(key);
    if (cached !== undefined) return { status: 'cached', value: cached };
    return singleFlight.do(key, async (): Promise<Sourced<T>> => {
      // A flight that landed between our cache miss and now has already paid for this answer.
      const landed = await cache.get<T>(key);
      if (landed !== undefined) return { status: 'cached', value: landed };
      try {
        const value = await callUpstream();
        await cache.set(key, value, ttlSeconds);
        return { status: 'live', value };
      } catch (error) {
        this.reportFailure(source, key, error);
        return { status: 'unavailable', value: null };
      }
    });
  }

  /**
   * `readThrough` of many keys, in their order: one cache read for the distinct keys, then `readThrough` (and with
   * it the single flight) for each key the cache lacked.
   */
  private async readThroughMany<T>(
    keys: readonly string[],
    readOne: (index: number) => Promise<Sourced<T>>,
  ): Promise<Array<Sourced<T>>> {
    const distinct = [...new Set(keys)];
    const values = await this.deps.cache.getMany<T>(distinct);
    const found = new Map<string, Sourced<T> | Promise<Sourced<T>>>();
    distinct.forEach((key, i) => {
      const value = values[i];
      if (value !== undefined) found.set(key, { status: 'cached', value });
    });
    return Promise.all(
      // Cached values and reads in flight side by side: a cached one needs no promise of its own.
      // eslint-disable-next-line @typescript-eslint/await-thenable
      keys.map((key, i) => {
        let sourced = found.get(key);
        if (!sourced) found.set(key, (sourced = readOne(i)));
        return sourced;
      }),
    );
  }

  private async fireDetectionsMany(points: readonly Coordinates[]): Promise<Array<Sourced<number>>> {
    if (!this.deps.fire.configured) return points.map(() => ({ status: 'unavailable', value: null }));
    return this.readThroughMany(
      points.map((point) => gridKey('fire', point)),
      (i) => this.fireDetections(points[i]),
    );
  }

  private seismicActivityMany(points: readonly Coordinates[], at: Date): Promise<Array<Sourced<SeismicActivity>>> {
    return this.readThroughMany(
      points.map((point) => gridKey('seismic', point)),
      (i) => this.seismicActivity(points[i], at),
    );
  }

  private async fireDetections(point: Coordinates): Promise<Sourced<number>> {
    const { fire, quota, log } = this.deps;
    if (!fire.configured) return { status: 'unavailable', value: null };
    const key = gridKey('fire', point);
    // FIRMS bills every request it receives, a retry included, at one transaction per day asked for. So the
    // budget is spent before each attempt, and a store failure refuses the attempt: the daily quota is never overrun.
    const spendQuota = async () => {
      const { allowed, used } = await quota.tryConsume(FIRE_QUOTA_KEY, fire.dayRange, this.fireDailyQuota, DAY_SECONDS);
      if (!allowed) {
        throw new UpstreamUnavailableError(
          'fire',
          `daily quota spent (${used} of ${this.fireDailyQuota} transactions)`,
        );
      }
    };
    return this.readThrough('fire', key, this.fireTtlSeconds, async () => {
      const detections = await fire.recentDetections(point, { beforeAttempt: spendQuota });
      if (detections.malformedRows > 0) {
        log.warn({ source: 'fire', key, malformedRows: detections.malformedRows }, 'skipped malformed FIRMS rows');
      }
      return detections.count;
    });
  }

  private seismicActivity(point: Coordinates, at: Date): Promise<Sourced<SeismicActivity>> {
    return this.readThrough('seismic', gridKey('seismic', point), this.seismicTtlSeconds, () =>
      this.deps.seismic.recentActivity(point, at),
    );
  }
}
