import { describe, expect, it, vi } from 'vitest';
import { UpstreamConfigError, UpstreamUnavailableError } from '../../src/risk/errors.js';
import { DEFAULT_FIRE_API_URL, createFireClient, fireBox, fireQueryUrl, parseFireCsv } from '../../src/risk/fire.js';
import type { Fetch } from '../../src/risk/upstream.js';
import { fixture } from './fake-upstream.js';

const MAP_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const HEADER =
  'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';

describe('FIRMS area', () => {
  it.each([
    [
      { latitude: 34.1, longitude: -118.4 },
      { west: -118.9, south: 33.6, east: -117.9, north: 34.6 },
    ],
    [
      { latitude: 0, longitude: 0 },
      { west: -0.5, south: -0.5, east: 0.5, north: 0.5 },
    ],
    [
      { latitude: 89.8, longitude: 179.9 },
      { west: 179.4, south: 89.3, east: 180, north: 90 },
    ],
  ])('the 1-degree box around %o is %o', (point, box) => {
    expect(fireBox(point)).toEqual(box);
  });

  it('puts key, source, box and day range in the path as FIRMS expects', () => {
    expect(
      fireQueryUrl(DEFAULT_FIRE_API_URL, MAP_KEY, 'VIIRS_SNPP_NRT', { latitude: 34.1, longitude: -118.4 }, 5),
    ).toBe(`https://firms.modaps.eosdis.nasa.gov/api/area/csv/${MAP_KEY}/VIIRS_SNPP_NRT/-118.9,33.6,-117.9,34.6/5`);
  });
});

describe('FIRMS CSV', () => {
  it.each([
    {
      name: 'three detections and one truncated row',
      body: fixture('firms-viirs-snpp.csv'),
      expected: { count: 3, malformedRows: 1 },
    },
    {
      name: 'a header alone: no fires',
      body: fixture('firms-header-only.csv'),
      expected: { count: 0, malformedRows: 0 },
    },
    {
      name: 'Windows line endings',
      body: `${HEADER}\r\n34.2,-118.6,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D\r\n`,
      expected: { count: 1, malformedRows: 0 },
    },
    {
      name: 'a byte-order mark before the header',
      body: `\uFEFF${HEADER}\n34.2,-118.6,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D`,
      expected: { count: 1, malformedRows: 0 },
    },
    {
      name: 'a row with a text latitude',
      body: `${HEADER}\nabc,-118.6,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D`,
      expected: { count: 0, malformedRows: 1 },
    },
    {
      name: 'a row with an empty longitude',
      body: `${HEADER}\n34.2,,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D`,
      expected: { count: 0, malformedRows: 1 },
    },
    {
      name: 'a row with a latitude off the globe',
      body: `${HEADER}\n134.2,-118.6,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D`,
      expected: { count: 0, malformedRows: 1 },
    },
    {
      name: 'a row with an extra column',
      body: `${HEADER}\n34.2,-118.6,331.5,0.39,0.36,2025-11-20,958,N,VIIRS,n,2.0NRT,291.0,4.8,D,X`,
      expected: { count: 0, malformedRows: 1 },
    },
  ])('reads $name', ({ body, expected }) => {
    expect(parseFireCsv(body)).toEqual(expected);
  });

  it.each([
    ['an empty body', ''],
    ['an HTML page', '<html><body>Maintenance</body></html>'],
    ['another FIRMS error text', 'Invalid area coordinates.'],
  ])('treats %s as unavailable', (_name, body) => {
    expect(() => parseFireCsv(body)).toThrow(UpstreamUnavailableError);
  });
});

describe('fire client', () => {
  const respond = (...answers: Array<[number, string]>) => {
    const queue = [...answers];
    return vi.fn<Fetch>(async () => {
      const [status, body] = queue.shift() ?? [500, ''];
      return new Response(body, { status });
    });
  };
  const client = (fetch: Fetch, { mapKey }: { mapKey?: string } = { mapKey: MAP_KEY }) =>
    createFireClient({ fetch, timeoutMs: 50, sleep: async () => {}, url: 'http://firms.test/api/area/csv', mapKey });
  const point = { latitude: 34.1, longitude: -118.4 };

  it('counts detections in the box over the last five days', async () => {
    const fetch = respond([200, fixture('firms-viirs-snpp.csv')]);
    const fire = client(fetch);
    expect(fire.dayRange).toBe(5);
    expect(await fire.recentDetections(point)).toEqual({ count: 3, malformedRows: 1 });
    expect(String(fetch.mock.calls[0][0])).toBe(
      `http://firms.test/api/area/csv/${MAP_KEY}/VIIRS_SNPP_NRT/-118.9,33.6,-117.9,34.6/5`,
    );
  });

  it('without a MAP_KEY is not configured and never calls FIRMS', async () => {
    const fetch = respond([200, fixture('firms-header-only.csv')]);
    const fire = client(fetch, {});
    expect(fire.configured).toBe(false);
    await expect(fire.recentDetections(point)).rejects.toBeInstanceOf(UpstreamConfigError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([400, 401, 403, 500, 200])(
    'reads "Invalid MAP_KEY." with HTTP %d as a configuration error and does not retry',
    async (status) => {
      const fetch = respond([status, fixture('firms-invalid-map-key.txt')], [200, fixture('firms-header-only.csv')]);
      await expect(client(fetch).recentDetections(point)).rejects.toBeInstanceOf(UpstreamConfigError);
      expect(fetch).toHaveBeenCalledTimes(1);
    },
  );

  it.each<[string, Array<[number, string]>, number]>([
    [
      'two 500s',
      [
        [500, 'Internal Server Error'],
        [500, 'Internal Server Error'],
      ],
      2,
    ],
    ['a 400 for the area', [[400, 'Invalid area coordinates.']], 1],
    ['garbage with a 200', [[200, '<html>proxy error</html>']], 1],
  ])('reports %s as unavailable', async (_name, answers, calls) => {
    const fetch = respond(...answers);
    await expect(client(fetch).recentDetections(point)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });

  it.each<[string, Fetch]>([
    ['a 503', async () => new Response('', { status: 503 })],
    [
      'a refused connection',
      async () => Promise.reject(new TypeError(`fetch failed for http://firms.test/api/area/csv/${MAP_KEY}/x`)),
    ],
    ['an invalid key', async () => new Response('Invalid MAP_KEY.', { status: 400 })],
  ])('never shows the MAP_KEY in the error for %s', async (_name, fetch) => {
    const failure = (await client(fetch)
      .recentDetections(point)
      .catch((e: unknown) => e)) as UpstreamUnavailableError;
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect(`${failure.message} ${failure.reason} ${failure.stack}`).not.toContain(MAP_KEY);
  });
});
