import { describe, expect, it, vi } from 'vitest';
import { UpstreamUnavailableError } from '../../src/risk/errors.js';
import {
  DEFAULT_SEISMIC_API_URL,
  createSeismicClient,
  parseSeismicBody,
  seismicQueryUrl,
} from '../../src/risk/seismic.js';
import type { Fetch } from '../../src/risk/upstream.js';
import { fixture } from './fake-upstream.js';

const now = new Date('2026-07-15T12:34:56.789Z');

describe('USGS query', () => {
  const url = new URL(seismicQueryUrl(DEFAULT_SEISMIC_API_URL, { latitude: 34.1, longitude: -118.4 }, now));

  it('goes to the public FDSN event service by default', () => {
    expect(`${url.origin}${url.pathname}`).toBe('https://earthquake.usgs.gov/fdsnws/event/1/query');
  });

  it.each([
    ['format', 'geojson'],
    ['latitude', '34.1'],
    ['longitude', '-118.4'],
    ['maxradius', '1'],
    ['minmagnitude', '1.0'],
    ['starttime', '2025-07-15T12:34:56'], // 365 days back; without it USGS would search only 30 days
    ['endtime', '2026-07-15T12:34:56'],
    ['orderby', 'time'],
  ])('asks for %s=%s', (name, value) => {
    expect(url.searchParams.get(name)).toBe(value);
  });
});

describe('USGS GeoJSON', () => {
  it.each([
    {
      name: 'four events, one without a magnitude',
      body: fixture('usgs-events.geojson'),
      expected: { count: 4, maxMagnitude: 4.12 },
    },
    { name: 'an empty collection', body: fixture('usgs-empty.geojson'), expected: { count: 0, maxMagnitude: null } },
    {
      name: 'events whose magnitudes are all null',
      body: JSON.stringify({
        type: 'FeatureCollection',
        metadata: { count: 2 },
        features: [{ properties: { mag: null } }, { properties: {} }],
      }),
      expected: { count: 2, maxMagnitude: null },
    },
  ])('reads $name', ({ body, expected }) => {
    expect(parseSeismicBody(body)).toEqual(expected);
  });

  it.each([
    ['an HTML page', '<html>Service Unavailable</html>'],
    ['JSON that is not a collection', '{"error":"bad request"}'],
    ['a collection without its count', '{"type":"FeatureCollection","features":[]}'],
    [
      'a magnitude given as text',
      '{"type":"FeatureCollection","metadata":{"count":1},"features":[{"properties":{"mag":"4.5"}}]}',
    ],
    ['an empty body', ''],
  ])('treats %s as unavailable', (_name, body) => {
    expect(() => parseSeismicBody(body)).toThrow(UpstreamUnavailableError);
  });
});

describe('seismic client', () => {
  const respond = (...answers: Array<[number, string | null]>) => {
    const queue = [...answers];
    return vi.fn<Fetch>(async () => {
      const [status, body] = queue.shift() ?? [500, ''];
      return new Response(body, { status });
    });
  };
  const client = (fetch: Fetch) =>
    createSeismicClient({ fetch, timeoutMs: 50, sleep: async () => {}, url: 'http://usgs.test/query' });

  it('summarises the events of the search window', async () => {
    const fetch = respond([200, fixture('usgs-events.geojson')]);
    expect(await client(fetch).recentActivity({ latitude: 34.1, longitude: -118.4 }, now)).toEqual({
      count: 4,
      maxMagnitude: 4.12,
    });
    expect(String(fetch.mock.calls[0][0])).toMatch(/^http:\/\/usgs\.test\/query\?format=geojson&/);
  });

  it('reads FDSN "no data" (204) as zero events', async () => {
    expect(await client(respond([204, null])).recentActivity({ latitude: 25.8, longitude: -80.2 }, now)).toEqual({
      count: 0,
      maxMagnitude: null,
    });
  });

  it.each([
    [
      'a 400 (e.g. over the 20,000-event search limit)',
      [[400, 'Error 400: Bad Request']] as Array<[number, string]>,
      1,
    ],
    [
      'two 503s',
      [
        [503, ''],
        [503, ''],
      ] as Array<[number, string]>,
      2,
    ],
    ['garbage with a 200', [[200, 'garbage']] as Array<[number, string]>, 1],
  ])('reports %s as unavailable', async (_name, answers, calls) => {
    const fetch = respond(...answers);
    await expect(client(fetch).recentActivity({ latitude: 34.1, longitude: -118.4 }, now)).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(fetch).toHaveBeenCalledTimes(calls);
  });
});
