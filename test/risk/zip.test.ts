import { describe, expect, it, vi } from 'vitest';
import { UpstreamUnavailableError } from '../../src/risk/errors.js';
import type { Fetch } from '../../src/risk/upstream.js';
import { createGeocoder, isUnplacedZip, isZip, lookupZip } from '../../src/risk/zip.js';
import { MemoryCache } from '../../src/risk/cache.js';
import { MemoryQuotaStore } from '../../src/risk/quota.js';
import { fixture } from './fake-upstream.js';

describe('isZip', () => {
  it.each([
    ['90210', true],
    ['00501', true],
    ['9021', false],
    ['902101', false],
    ['9021a', false],
    [' 90210', false],
    ['90210 ', false],
    ['90210\n', false],
    ['90210-1234', false],
    ['', false],
    ['٩٠٢١٠', false], // Arabic-Indic digits are digits, but not ZIP digits
  ])('%j → %s', (input, expected) => {
    expect(isZip(input)).toBe(expected);
  });
});

describe('embedded ZIP lookup', () => {
  it.each([
    { zip: '90210', expected: { latitude: 34.0901, longitude: -118.4065, state: 'CA' }, why: 'GeoNames via zipcodes' },
    {
      zip: '00501',
      expected: { latitude: 40.8154, longitude: -73.0451, state: 'NY' },
      why: 'the lowest ZIP, a leading zero kept as text',
    },
    {
      zip: '72405',
      expected: { latitude: 35.90269, longitude: -90.650204 },
      why: 'missing from GeoNames, found in the Census ZCTAs',
    },
  ])('$zip is placed ($why)', ({ zip, expected }) => {
    expect(lookupZip(zip)).toEqual(expected);
  });

  it.each([
    ['34001', 'a military ZIP GeoNames puts at 0,0'],
    ['00000', 'a ZIP nobody has'],
    ['99999', 'another ZIP nobody has'],
    ['9021', 'not a ZIP'],
  ])('%s is unknown (%s)', (zip) => {
    expect(lookupZip(zip)).toBeUndefined();
  });
});

describe('military ZIPs at 0,0', () => {
  it.each([
    ['34001', true],
    ['34025', true],
    ['09001', false], // an APO ZIP GeoNames does place (in Italy): answered from the embedded data
    ['90210', false],
    ['72405', false],
    ['75073', false],
    ['00000', false],
  ])('%s is known without a place: %s', (zip, expected) => {
    expect(isUnplacedZip(zip)).toBe(expected);
  });
});

type Outcome = { status: number; body: string } | 'timeout' | 'network';

function scriptedFetch(...outcomes: Outcome[]) {
  const queue = [...outcomes];
  return vi.fn<Fetch>(async (_url, init) => {
    const outcome = queue.shift() ?? { status: 500, body: '' };
    if (outcome === 'network') throw new TypeError('fetch failed');
    if (outcome === 'timeout')
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    return new Response(outcome.body, { status: outcome.status });
  });
}

const found = { status: 200, body: fixture('zippopotam-75073.json') };
const notFound = { status: 404, body: '{}' };
const fast = { timeoutMs: 20, sleep: async () => {} };

describe('geocoder', () => {
  it('answers from the embedded data without calling the remote', async () => {
    const fetch = scriptedFetch(found);
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test' });
    expect(await geocoder.geocode('90210')).toMatchObject({ latitude: 34.0901, longitude: -118.4065 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without a remote, a ZIP the embedded data lacks is unknown and nothing is called', async () => {
    const fetch = scriptedFetch(found);
    const geocoder = createGeocoder({ ...fast, fetch });
    expect(await geocoder.geocode('75073')).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the remote at /us/{zip} for a ZIP the embedded data lacks', async () => {
    const fetch = scriptedFetch(found);
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test/' });
    expect(await geocoder.geocode('75073')).toEqual({ latitude: 33.2362, longitude: -96.8011, state: 'TX' });
    expect(fetch).toHaveBeenCalledWith('http://geo.test/us/75073', expect.anything());
  });

  it('treats a military ZIP at 0,0 as invalid without asking the remote', async () => {
    const fetch = scriptedFetch({ status: 200, body: fixture('zippopotam-34001.json') });
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test' });
    expect(await geocoder.geocode('34001')).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each<{ name: string; outcomes: Outcome[]; result: 'unknown' | 'unavailable'; calls: number }>([
    { name: 'a remote 404 means the ZIP is unknown', outcomes: [notFound], result: 'unknown', calls: 1 },
    {
      name: 'a 200 without any place is not an answer',
      outcomes: [{ status: 200, body: '{"post code":"75073","places":[]}' }],
      result: 'unavailable',
      calls: 1,
    },
    {
      name: 'a remote 500 twice is an outage',
      outcomes: [
        { status: 500, body: '' },
        { status: 500, body: '' },
      ],
      result: 'unavailable',
      calls: 2,
    },
    {
      name: 'a remote that never answers is an outage',
      outcomes: ['timeout', 'timeout'],
      result: 'unavailable',
      calls: 2,
    },
    { name: 'a refused connection is an outage', outcomes: ['network', 'network'], result: 'unavailable', calls: 2 },
    {
      name: 'an HTML error page is an outage',
      outcomes: [{ status: 200, body: '<html>oops</html>' }],
      result: 'unavailable',
      calls: 1,
    },
    {
      name: 'a 401 (a bad key) is an outage, not an unknown ZIP',
      outcomes: [{ status: 401, body: '' }],
      result: 'unavailable',
      calls: 1,
    },
    {
      name: 'one 503 then an answer recovers',
      outcomes: [{ status: 503, body: '' }, notFound],
      result: 'unknown',
      calls: 2,
    },
  ])('$name', async ({ outcomes, result, calls }) => {
    const fetch = scriptedFetch(...outcomes);
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test' });
    const outcome = await geocoder.geocode('75073').then(
      (location) => (location === undefined ? 'unknown' : 'found'),
      (error: unknown) => (error instanceof UpstreamUnavailableError ? 'unavailable' : error),
    );
    expect(outcome).toBe(result);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });

  it('remembers remote answers, unknown ZIPs included', async () => {
    const fetch = scriptedFetch(found, notFound);
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test', cache: new MemoryCache() });
    const first = [await geocoder.geocode('75073'), await geocoder.geocode('00000')];
    const again = [await geocoder.geocode('75073'), await geocoder.geocode('00000')];
    expect(again).toEqual(first);
    expect(first[1]).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops calling the remote once the hourly budget is spent', async () => {
    const fetch = scriptedFetch(notFound, notFound, notFound);
    const geocoder = createGeocoder({
      ...fast,
      fetch,
      remoteUrl: 'http://geo.test',
      quota: new MemoryQuotaStore(),
      hourlyQuota: 2,
    });
    await geocoder.geocode('00000');
    await geocoder.geocode('00001');
    await expect(geocoder.geocode('00002')).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('counts a retry against the hourly budget, since the remote received both requests', async () => {
    const fetch = scriptedFetch({ status: 503, body: '' }, notFound, notFound);
    const geocoder = createGeocoder({
      ...fast,
      fetch,
      remoteUrl: 'http://geo.test',
      quota: new MemoryQuotaStore(),
      hourlyQuota: 2,
    });
    expect(await geocoder.geocode('00000')).toBeUndefined();
    await expect(geocoder.geocode('00001')).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refuses to call the remote when the budget cannot be checked', async () => {
    const fetch = scriptedFetch(found);
    const brokenQuota = { tryConsume: async () => Promise.reject(new Error('redis down')) };
    const geocoder = createGeocoder({ ...fast, fetch, remoteUrl: 'http://geo.test', quota: brokenQuota });
    await expect(geocoder.geocode('75073')).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
