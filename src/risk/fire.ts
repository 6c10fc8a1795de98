import { UpstreamConfigError, UpstreamUnavailableError } from './errors.js';
import { fetchWithPolicy, type UpstreamOptions, type UpstreamResponse } from './upstream.js';
import type { Coordinates } from './zip.js';

export const DEFAULT_FIRE_API_URL = 'https://firms.modaps.eosdis.nasa.gov/api/area/csv';
/** VIIRS on Suomi NPP: 375 m pixels, the finest of FIRMS' near-real-time products. */
export const DEFAULT_FIRE_SOURCE = 'VIIRS_SNPP_NRT';
/** FIRMS' largest day range; FIRMS bills one transaction per day asked for. */
export const FIRE_DAY_RANGE = 5;

/** The contract's "1-degree box around the point": one degree on a side, so half a degree each way. */
const HALF_BOX_DEGREES = 0.5;

export interface FireDetections {
  count: number;
  /** Rows that did not parse; not counted as fires, reported so a format change shows up in logs. */
  malformedRows: number;
}

export interface FireBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
// Four decimals (~10 m) so the URL, and with it a cache key upstream, never carries float noise like -118.90000000000001.
const coordinate = (value: number) => Number(value.toFixed(4));

export function fireBox(point: Coordinates): FireBox {
  return {
    west: coordinate(clamp(point.longitude - HALF_BOX_DEGREES, -180, 180)),
    south: coordinate(clamp(point.latitude - HALF_BOX_DEGREES, -90, 90)),
    east: coordinate(clamp(point.longitude + HALF_BOX_DEGREES, -180, 180)),
    north: coordinate(clamp(point.latitude + HALF_BOX_DEGREES, -90, 90)),
  };
}

/** `${base}/${MAP_KEY}/${source}/${west},${south},${east},${north}/${days}`: the key sits in the path, so never log this raw. */
export function fireQueryUrl(
  baseUrl: string,
  mapKey: string,
  source: string,
  point: Coordinates,
  dayRange: number,
): string {
  const { west, south, east, north } = fireBox(point);
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(mapKey)}/${source}/${west},${south},${east},${north}/${dayRange}`;
}

/** FIRMS answers a bad key with this plain text, whatever the HTTP status. */
const isInvalidMapKey = (body: string) => body.trim().startsWith('Invalid MAP_KEY');

/**
 * FIRMS area CSV: a header (latitude,longitude,bright_ti4,…,daynight) then one row per detection; a header
 * alone means no fires. Anything without that header is not an answer we can score.
 */
export function parseFireCsv(body: string): FireDetections {
  const lines = body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((name) => name.trim());
  const latitudeColumn = header.indexOf('latitude');
  const longitudeColumn = header.indexOf('longitude');
  if (latitudeColumn < 0 || longitudeColumn < 0) {
    throw new UpstreamUnavailableError('fire', 'response is not a FIRMS detection CSV');
  }
  let count = 0;
  let malformedRows = 0;
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const latitude = Number(cells[latitudeColumn]);
    const longitude = Number(cells[longitudeColumn]);
    const valid =
      cells.length === header.length &&
      cells[latitudeColumn].trim() !== '' &&
      cells[longitudeColumn].trim() !== '' &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180;
    if (valid) count++;
    else malformedRows++;
  }
  return { count, malformedRows };
}

export interface FireClient {
  /** False without a MAP_KEY: the service then reports fire data unavailable without calling or spending quota. */
  readonly configured: boolean;
  /** Days asked for per call, which is also what each call costs against the daily quota. */
  readonly dayRange: number;
  /**
   * `beforeAttempt` runs before each request to FIRMS, its retry included, so the caller can spend `dayRange`
   * transactions of the daily quota per request actually sent; what it throws ends the call.
   */
  recentDetections(point: Coordinates, options?: { beforeAttempt?: () => Promise<void> }): Promise<FireDetections>;
}

export interface FireClientOptions extends UpstreamOptions {
  url?: string;
  mapKey?: string;
  source?: string;
  dayRange?: number;
}

export function createFireClient(options: FireClientOptions): FireClient {
  const { url = DEFAULT_FIRE_API_URL, mapKey, source = DEFAULT_FIRE_SOURCE, dayRange = FIRE_DAY_RANGE } = options;
  const fatalBody = (response: UpstreamResponse) =>
    isInvalidMapKey(response.body)
      ? new UpstreamConfigError('fire', `FIRMS rejected the MAP_KEY (HTTP ${response.status})`)
      : undefined;

  return {
    configured: Boolean(mapKey),
    dayRange,
    async recentDetections(point, { beforeAttempt } = {}) {
      if (!mapKey) throw new UpstreamConfigError('fire', 'no FIRE_API_TOKEN configured');
      const response = await fetchWithPolicy(fireQueryUrl(url, mapKey, source, point, dayRange), {
        ...options,
        upstream: 'fire',
        secrets: [mapKey],
        fatalBody,
        beforeAttempt,
      });
      if (response.status !== 200) throw new UpstreamUnavailableError('fire', `HTTP ${response.status}`);
      return parseFireCsv(response.body);
    },
  };
}
