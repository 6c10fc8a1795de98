import { z } from 'zod';
import { UpstreamUnavailableError } from './errors.js';
import type { SeismicActivity } from './scoring.js';
import { fetchWithPolicy, type UpstreamOptions } from './upstream.js';
import type { Coordinates } from './zip.js';

export const DEFAULT_SEISMIC_API_URL = 'https://earthquake.usgs.gov/fdsnws/event/1/query';

const SEARCH_WINDOW_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;

/** USGS reads zoneless FDSN times as UTC; whole seconds keep the query plain ISO 8601. */
const fdsnTime = (date: Date) => date.toISOString().slice(0, 19);

/**
 * The contract's search: 365 days (the service would default to 30, hence the explicit starttime),
 * 1° radius, magnitude ≥ 1.0.
 */
export function seismicQueryUrl(baseUrl: string, point: Coordinates, now: Date): string {
  const params = new URLSearchParams({
    format: 'geojson',
    latitude: String(point.latitude),
    longitude: String(point.longitude),
    maxradius: '1',
    minmagnitude: '1.0',
    starttime: fdsnTime(new Date(now.getTime() - SEARCH_WINDOW_DAYS * DAY_MS)),
    endtime: fdsnTime(now),
    orderby: 'time',
  });
  return `${baseUrl}?${params}`;
}

// Only what scoring needs; every other property of a USGS event is ignored rather than trusted.
const UsgsEventCollection = z.object({
  type: z.literal('FeatureCollection'),
  metadata: z.object({ count: z.number().int().nonnegative() }),
  features: z.array(
    z.object({
      // Events without a computed magnitude come back as null.
      properties: z.object({ mag: z.number().nullable().optional() }),
    }),
  ),
});

export function parseSeismicBody(body: string): SeismicActivity {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new UpstreamUnavailableError('seismic', 'response is not JSON');
  }
  const parsed = UsgsEventCollection.safeParse(json);
  if (!parsed.success) throw new UpstreamUnavailableError('seismic', 'response is not a GeoJSON event collection');
  // A loop, not Math.max(...): an active region can return thousands of events, too many for spread arguments.
  let maxMagnitude: number | null = null;
  for (const { properties } of parsed.data.features) {
    if (typeof properties.mag === 'number' && (maxMagnitude === null || properties.mag > maxMagnitude))
      maxMagnitude = properties.mag;
  }
  return { count: parsed.data.metadata.count, maxMagnitude };
}

export interface SeismicClient {
  recentActivity(point: Coordinates, now: Date): Promise<SeismicActivity>;
}

export function createSeismicClient(options: UpstreamOptions & { url?: string }): SeismicClient {
  const baseUrl = options.url ?? DEFAULT_SEISMIC_API_URL;
  return {
    async recentActivity(point, now) {
      const response = await fetchWithPolicy(seismicQueryUrl(baseUrl, point, now), { ...options, upstream: 'seismic' });
      // FDSN's default "no data" answer is an empty 204.
      if (response.status === 204) return { count: 0, maxMagnitude: null };
      if (response.status !== 200) throw new UpstreamUnavailableError('seismic', `HTTP ${response.status}`);
      return parseSeismicBody(response.body);
    },
  };
}
