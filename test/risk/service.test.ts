import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFireClient } from '../../src/risk/fire.js';
import { createSeismicClient } from '../../src/risk/seismic.js';
import {
  InvalidZipError,
  UnknownZipError,
  UpstreamUnavailableError,
  RiskService,
  type RiskServiceDeps,
} from '../../src/risk/service.js';
import { createGeocoder } from '../../src/risk/zip.js';
import { MemoryCache } from '../../src/risk/cache.js';
import { MemoryQuotaStore, type QuotaStore } from '../../src/risk/quota.js';
import { SingleFlight } from '../../src/risk/singleflight.js';
import { FAKE_MAP_KEY, fixture, startFakeUpstream, type FakeUpstream } from './fake-upstream.js';

const TIMEOUT_MS = 200;
let fake: FakeUpstream;

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function build(options: { mapKey?: string | null; quota?: QuotaStore; overrides?: Partial<RiskServiceDeps> } = {}) {
  const clock = { now: new Date('2026-07-15T12:00:00.000Z') };
  const log = { warn: vi.fn(), error: vi.fn() };
  const upstream = { fetch: globalThis.fetch, timeoutMs: TIMEOUT_MS, sleep: async () => {} };
  const service = new RiskService({
    geocoder: createGeocoder({ ...upstream, remoteUrl: fake.geocoderUrl }),
    seismic: createSeismicClient({ ...upstream, url: fake.seismicUrl }),
    fire: createFireClient({
      ...upstream,
      url: fake.fireUrl,
      mapKey: options.mapKey === null ? undefined : (options.mapKey ?? FAKE_MAP_KEY),
    }),
    cache: new MemoryCache({ now: () => clock.now.getTime() }),
    quota: options.quota ?? new MemoryQuotaStore(() => clock.now.getTime()),
    singleFlight: new SingleFlight(),
    now: () => clock.now,
    log,
    ...options.overrides,
  });
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  return { service, log, clock, advance };
}

describe('earthquake risk', () => {
  it('scores Beverly Hills from live USGS data and the fault traces', async () => {
    const { service } = build();
    expect(await service.earthquakeRisk('90210')).toEqual({
      zipCode: '90210',
      coordinates: { latitude: 34.0901, longitude: -118.4065 },
      riskLevel: 'Medium',
      riskScore: 53,
      recentEarthquakes: 4,
      maxMagnitude: 4.12,
      faultDistance: '57.8 km',
      lastUpdated: '2026-07-15T12:00:00.000Z',
      components: { seismicActivity: 8, magnitude: 25, faultProximity: 20 },
      dataStatus: { seismic: 'live' },
    });
  });

  it('asks USGS about the 0.1° grid point around the ZIP, over the past 365 days', async () => {
    const { service } = build();
    await service.earthquakeRisk('90210');
    const [query] = fake.requests('seismic');
    expect(Object.fromEntries(query.searchParams)).toMatchObject({
      latitude: '34.1',
      longitude: '-118.4',
      maxradius: '1',
      minmagnitude: '1.0',
      starttime: '2025-07-15T12:00:00',
      endtime: '2026-07-15T12:00:00',
    });
  });

  it("keeps each place's own fault distance when it reads one place after another, again and again", async () => {
    const { service } = build();
    const distances = [];
    for (const zip of ['90210', '33101', '90210', '33101'])
      distances.push((await service.earthquakeRisk(zip)).faultDistance);
    expect(distances).toEqual(['57.8 km', '1437.1 km', '57.8 km', '1437.1 km']);
  });

  it('reports a quiet area with zero events and a magnitude of 0', async () => {
    fake.seismicBody = fixture('usgs-empty.geojson');
    const result = await build().service.earthquakeRisk('33101');
    expect(result).toMatchObject({
      recentEarthquakes: 0,
      maxMagnitude: 0,
      faultDistance: '1437.1 km',
      riskScore: 5,
      riskLevel: 'Low',
    });
  });
});

describe('wildfire risk', () => {
  it('scores Beverly Hills in July from live FIRMS detections', async () => {
    const { service } = build();
    expect(await service.wildfireRisk('90210')).toEqual({
      zipCode: '90210',
      coordinates: { latitude: 34.0901, longitude: -118.4065 },
      riskLevel: 'Medium',
      riskScore: 69,
      recentFires: 3,
      vegetationRisk: 'High',
      weatherRisk: 'High',
      lastUpdated: '2026-07-15T12:00:00.000Z',
      components: { fireActivity: 9, vegetation: 30, weather: 30 },
      dataStatus: { fire: 'live' },
    });
    expect(fake.requests('fire')[0].pathname).toBe(
      `/api/area/csv/${FAKE_MAP_KEY}/VIIRS_SNPP_NRT/-118.9,33.6,-117.9,34.6/5`,
    );
  });

  it('logs the malformed FIRMS row it skipped, without the MAP_KEY', async () => {
    const { service, log } = build();
    await service.wildfireRisk('90210');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'fire', malformedRows: 1 }),
      expect.any(String),
    );
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(FAKE_MAP_KEY);
  });

  it.each([
    // 3 detections: 2 × 3 × 0.8 = 4.8 → 5 out of season, 2 × 3 × 1.5 = 9 in it
    ['2026-03-31T23:59:59.999Z', 5, 'Low', 40],
    ['2026-04-01T00:00:00.000Z', 5, 'Medium', 50],
    ['2026-05-31T23:59:59.999Z', 5, 'Medium', 50],
    ['2026-06-01T00:00:00.000Z', 9, 'High', 69],
    ['2026-09-30T23:59:59.999Z', 9, 'High', 69],
    ['2026-10-01T00:00:00.000Z', 5, 'Medium', 50],
    ['2026-10-31T23:59:59.999Z', 5, 'Medium', 50],
    ['2026-11-01T00:00:00.000Z', 5, 'Low', 40],
  ])('on %s the clock gives Beverly Hills %d fire points and %s weather (%d)', async (iso, fire, weather, score) => {
    const { service, clock } = build();
    clock.now = new Date(iso);
    expect(await service.wildfireRisk('90210')).toMatchObject({
      components: { fireActivity: fire, vegetation: 30 },
      weatherRisk: weather,
      riskScore: score,
      lastUpdated: iso,
    });
  });

  it('counts no fires for a header-only answer', async () => {
    fake.fireBody = fixture('firms-header-only.csv');
    const result = await build().service.wildfireRisk('90210');
    expect(result).toMatchObject({ recentFires: 0, components: { fireActivity: 0 }, dataStatus: { fire: 'live' } });
  });
});

describe('ZIP codes', () => {
  it.each(['9021', '902101', 'abcde', '', ' 90210', '90210-1234'])(
    'refuses %j as a malformed ZIP without calling anyone',
    async (zip) => {
      const { service } = build();
      await expect(service.earthquakeRisk(zip)).rejects.toThrow(InvalidZipError);
      await expect(service.wildfireRisk(zip)).rejects.toThrow('Invalid ZIP code format');
      expect(fake.calls('geocoder') + fake.calls('seismic') + fake.calls('fire')).toBe(0);
    },
  );

  it('answers "Invalid ZIP code" for a ZIP nobody knows, without asking for risk data', async () => {
    const { service } = build();
    const failure = await service.earthquakeRisk('00000').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UnknownZipError);
    expect((failure as Error).message).toBe('Invalid ZIP code');
    expect(fake.calls('seismic')).toBe(0);
  });

  it('places a ZIP only the remote geocoder knows', async () => {
    const result = await build().service.earthquakeRisk('75073');
    expect(result.coordinates).toEqual({ latitude: 33.2362, longitude: -96.8011 });
  });

  it('answers "Invalid ZIP code" for a military ZIP, even while the geocoder is down', async () => {
    fake.set('geocoder', { kind: 'status', status: 502 });
    await expect(build().service.wildfireRisk('34001')).rejects.toBeInstanceOf(UnknownZipError);
    expect(fake.calls('geocoder') + fake.calls('fire')).toBe(0);
  });

  it('answers 503-style "Upstream service unavailable" when the geocoder is down for a ZIP only it could place', async () => {
    fake.set('geocoder', { kind: 'status', status: 502 });
    const failure = await build()
      .service.earthquakeRisk('75073')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as Error).message).toBe('Upstream service unavailable');
    expect(failure).not.toBeInstanceOf(UnknownZipError);
  });

  it('keeps answering for embedded ZIPs while the geocoder is down', async () => {
    fake.set('geocoder', { kind: 'hang' });
    expect((await build().service.earthquakeRisk('90210')).dataStatus.seismic).toBe('live');
    expect(fake.calls('geocoder')).toBe(0);
  });
});

describe('caching', () => {
  it('answers a repeat from the cache without calling USGS, and says so', async () => {
    const { service } = build();
    const first = await service.earthquakeRisk('90210');
    const second = await service.earthquakeRisk('90210');
    expect([first.dataStatus.seismic, second.dataStatus.seismic]).toEqual(['live', 'cached']);
    expect(second.riskScore).toBe(first.riskScore);
    expect(fake.calls('seismic')).toBe(1);
  });

  it('shares the answer with a neighbouring ZIP in the same 0.1° cell', async () => {
    const { service } = build();
    await service.wildfireRisk('90210'); // 34.0901, -118.4065
    const neighbour = await service.wildfireRisk('90211'); // 34.0652, -118.383
    expect(neighbour.dataStatus.fire).toBe('cached');
    expect(fake.calls('fire')).toBe(1);
  });

  it.each([
    ['seismic', 3599, 'cached', 1],
    ['seismic', 3600, 'live', 2],
    ['fire', 10_799, 'cached', 1],
    ['fire', 10_800, 'live', 2],
  ] as const)('%s data %d s old is %s', async (source, ageSeconds, status, calls) => {
    const { service, advance } = build();
    const ask = () =>
      source === 'seismic'
        ? service.earthquakeRisk('90210').then((r) => r.dataStatus.seismic)
        : service.wildfireRisk('90210').then((r) => r.dataStatus.fire);
    await ask();
    advance(ageSeconds);
    expect(await ask()).toBe(status);
    expect(fake.calls(source)).toBe(calls);
  });

  it('does not cache a failure: the next request tries again', async () => {
    const { service } = build();
    fake.set('seismic', { kind: 'status', status: 503 });
    expect((await service.earthquakeRisk('90210')).dataStatus.seismic).toBe('unavailable');
    fake.set('seismic', { kind: 'normal' });
    expect((await service.earthquakeRisk('90210')).dataStatus.seismic).toBe('live');
  });
});

describe('the areas of a page, in one batch', () => {
  // 90210 and 90211 share a 0.1° cell; 10001 (New York) is another; 00000 is nobody's ZIP, 1234 not a ZIP at all.
  const PAGE = ['90210', '10001', '90211', '00000', '90210', '1234'];

  it('answers each ZIP as the single queries do, in order, null where a ZIP cannot be placed', async () => {
    const { service } = build();
    const areas = await service.areaRisks(PAGE);
    expect(areas.map((area) => (area && !(area instanceof Error) ? area.zipCode : area))).toEqual([
      '90210',
      '10001',
      '90211',
      null,
      '90210',
      null,
    ]);
    const [first] = areas as Array<{ wildfire: { riskScore: number }; earthquake: { riskScore: number } }>;
    expect(first.wildfire).toEqual({ ...(await service.wildfireRisk('90210')), dataStatus: { fire: 'live' } });
    expect(first.earthquake).toEqual({ ...(await service.earthquakeRisk('90210')), dataStatus: { seismic: 'live' } });
  });

  it('goes upstream once per grid cell, and reads a warm cache for every area without calling anyone', async () => {
    const { service } = build();
    const cold = await service.areaRisks(PAGE);
    expect([fake.calls('seismic'), fake.calls('fire')]).toEqual([2, 2]); // Beverly Hills' cell and New York's
    const warm = await service.areaRisks(PAGE);
    expect([fake.calls('seismic'), fake.calls('fire')]).toEqual([2, 2]);
    const statuses = (areas: typeof warm) =>
      areas.flatMap((area) =>
        area && !(area instanceof Error)
          ? [`${area.wildfire.dataStatus.fire}/${area.earthquake.dataStatus.seismic}`]
          : [],
      );
    expect(statuses(cold)).toEqual(['live/live', 'live/live', 'live/live', 'live/live']);
    expect(statuses(warm)).toEqual(['cached/cached', 'cached/cached', 'cached/cached', 'cached/cached']);
  });

  it('scores every area of a batch at one instant', async () => {
    const { service, clock } = build();
    const areas = (await service.areaRisks(PAGE)).flatMap((area) => (area && !(area instanceof Error) ? [area] : []));
    const stamps = new Set(areas.flatMap((area) => [area.wildfire.lastUpdated, area.earthquake.lastUpdated]));
    expect([...stamps]).toEqual([clock.now.toISOString()]);
  });

  it('answers the rest of the batch when placing one ZIP fails unexpectedly, with the error in its place', async () => {
    const broken = new Error('geocoder bug');
    const geocoder = createGeocoder({ fetch: globalThis.fetch, timeoutMs: TIMEOUT_MS });
    const { service } = build({
      overrides: { geocoder: { geocode: (zip) => (zip === '10001' ? Promise.reject(broken) : geocoder.geocode(zip)) } },
    });
    const [beverly, newYork] = await service.areaRisks(['90210', '10001']);
    expect(newYork).toBe(broken);
    expect(beverly).toMatchObject({ zipCode: '90210', wildfire: { zipCode: '90210' } });
    await expect(service.areaRisk('10001')).rejects.toBe(broken);
  });
});

describe('concurrent requests', () => {
  it('ten identical requests at once cost one upstream call each', async () => {
    fake.set('seismic', { kind: 'normal' }, { delayMs: 50 });
    fake.set('fire', { kind: 'normal' }, { delayMs: 50 });
    const { service } = build();
    const quakes = await Promise.all(Array.from({ length: 10 }, () => service.earthquakeRisk('90210')));
    const fires = await Promise.all(Array.from({ length: 10 }, () => service.wildfireRisk('90210')));
    expect(fake.calls('seismic')).toBe(1);
    expect(fake.calls('fire')).toBe(1);
    expect(new Set(quakes.map((q) => q.riskScore)).size).toBe(1);
    expect(fires.every((f) => f.dataStatus.fire === 'live' && f.recentFires === 3)).toBe(true);
  });

  it('a shared failure is logged once, not once per waiting request', async () => {
    fake.set('seismic', { kind: 'status', status: 500 }, { delayMs: 20 });
    const { service, log } = build();
    const results = await Promise.all(Array.from({ length: 10 }, () => service.earthquakeRisk('90210')));
    expect(results.every((r) => r.dataStatus.seismic === 'unavailable')).toBe(true);
    expect(fake.calls('seismic')).toBe(2); // the first attempt and its one retry
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the FIRMS daily quota', () => {
  it('spends the day range per call and, once spent, reports fire unavailable without calling', async () => {
    const { service, log } = build({ overrides: { fireDailyQuota: 10 } }); // two five-day calls
    const cells = ['90210', '94103', '84111']; // three different grid cells
    const results = [];
    for (const zip of cells) results.push(await service.wildfireRisk(zip));
    expect(results.map((r) => r.dataStatus.fire)).toEqual(['live', 'live', 'unavailable']);
    expect(fake.calls('fire')).toBe(2);
    expect(results[2]).toMatchObject({ recentFires: null, components: { fireActivity: 0 } });
    expect(results[2].riskScore).toBe(results[2].components.vegetation + results[2].components.weather);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'fire', reason: expect.stringContaining('quota') }),
      expect.any(String),
    );
  });

  it('counts a retried call twice, as FIRMS bills both requests', async () => {
    fake.set('fire', { kind: 'status', status: 500 });
    const { service } = build({ overrides: { fireDailyQuota: 10 } }); // two five-day requests
    expect((await service.wildfireRisk('90210')).dataStatus.fire).toBe('unavailable');
    expect(fake.calls('fire')).toBe(2);
    fake.set('fire', { kind: 'normal' });
    expect((await service.wildfireRisk('94103')).dataStatus.fire).toBe('unavailable');
    expect(fake.calls('fire')).toBe(2);
  });

  it('does not send the retry when the quota cannot pay for it', async () => {
    fake.set('fire', { kind: 'status', status: 503 });
    const { service, log } = build({ overrides: { fireDailyQuota: 5 } });
    expect((await service.wildfireRisk('90210')).dataStatus.fire).toBe('unavailable');
    expect(fake.calls('fire')).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'fire', reason: expect.stringContaining('quota') }),
      expect.any(String),
    );
  });

  it('a quota too small for one call never calls FIRMS', async () => {
    const { service } = build({ overrides: { fireDailyQuota: 4 } });
    expect((await service.wildfireRisk('90210')).dataStatus.fire).toBe('unavailable');
    expect(fake.calls('fire')).toBe(0);
  });

  it('opens again on the next UTC day', async () => {
    const { service, advance } = build({ overrides: { fireDailyQuota: 5 } });
    await service.wildfireRisk('90210');
    expect((await service.wildfireRisk('94103')).dataStatus.fire).toBe('unavailable');
    advance(12 * 3600); // 2026-07-16T00:00Z
    expect((await service.wildfireRisk('94103')).dataStatus.fire).toBe('live');
  });

  it('refuses to call FIRMS when the quota store is down, rather than risk overspending', async () => {
    const broken: QuotaStore = { tryConsume: () => Promise.reject(new Error('connection refused')) };
    const { service, log } = build({ quota: broken });
    expect((await service.wildfireRisk('90210')).dataStatus.fire).toBe('unavailable');
    expect(fake.calls('fire')).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('without a MAP_KEY, fire is unavailable and neither FIRMS nor the quota is touched', async () => {
    const quota = new MemoryQuotaStore();
    const spend = vi.spyOn(quota, 'tryConsume');
    const result = await build({ mapKey: null, quota }).service.wildfireRisk('90210');
    expect(result).toMatchObject({
      recentFires: null,
      dataStatus: { fire: 'unavailable' },
      components: { fireActivity: 0 },
    });
    expect(fake.calls('fire')).toBe(0);
    expect(spend).not.toHaveBeenCalled();
  });
});

describe('degraded upstreams', () => {
  it.each(['seismic', 'fire'] as const)(
    'a hanging %s service gives a degraded answer within the timeout and its retry',
    async (source) => {
      fake.set(source, { kind: 'hang' });
      const { service } = build();
      const started = Date.now();
      const status =
        source === 'seismic'
          ? (await service.earthquakeRisk('90210')).dataStatus.seismic
          : (await service.wildfireRisk('90210')).dataStatus.fire;
      const elapsed = Date.now() - started;
      expect(status).toBe('unavailable');
      expect(elapsed).toBeGreaterThanOrEqual(2 * TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(2 * TIMEOUT_MS + 300);
      expect(fake.calls(source)).toBe(2);
    },
  );

  it('an unavailable seismic service scores 0 for activity and magnitude, null counts, and still measures the fault', async () => {
    fake.set('seismic', { kind: 'status', status: 503 });
    const result = await build().service.earthquakeRisk('90210');
    expect(result).toMatchObject({
      recentEarthquakes: null,
      maxMagnitude: null,
      faultDistance: '57.8 km',
      components: { seismicActivity: 0, magnitude: 0, faultProximity: 20 },
      riskScore: 20,
      riskLevel: 'Low',
      dataStatus: { seismic: 'unavailable' },
    });
  });

  it.each(['seismic', 'fire'] as const)('garbage from the %s service is unavailable, not a zero', async (source) => {
    fake.set(source, { kind: 'garbage' });
    const { service, log } = build();
    const status =
      source === 'seismic'
        ? (await service.earthquakeRisk('90210')).dataStatus.seismic
        : (await service.wildfireRisk('90210')).dataStatus.fire;
    expect(status).toBe('unavailable');
    expect(fake.calls(source)).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ source }), expect.any(String));
  });

  it.each([
    ['a key FIRMS does not know (HTTP 400)', 'wrong-map-key', { kind: 'normal' } as const],
    [
      '"Invalid MAP_KEY." behind a 500',
      FAKE_MAP_KEY,
      { kind: 'status', status: 500, body: 'Invalid MAP_KEY.' } as const,
    ],
  ])(
    '%s makes fire unavailable after one call, logged as an error without the key',
    async (_name, mapKey, behaviour) => {
      fake.set('fire', behaviour);
      const { service, log } = build({ mapKey });
      const result = await service.wildfireRisk('90210');
      expect(result.dataStatus.fire).toBe('unavailable');
      expect(fake.calls('fire')).toBe(1);
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(JSON.stringify([log.error.mock.calls, log.warn.mock.calls])).not.toContain(mapKey);
    },
  );

  it('never logs the MAP_KEY when FIRMS is down', async () => {
    fake.set('fire', { kind: 'status', status: 503 });
    const { service, log } = build();
    await service.wildfireRisk('90210');
    const logged = JSON.stringify([log.error.mock.calls, log.warn.mock.calls]);
    expect(logged).toContain('/api/area/csv/***/VIIRS_SNPP_NRT');
    expect(logged).not.toContain(FAKE_MAP_KEY);
  });
});
