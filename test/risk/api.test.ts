import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nearestFault } from '../../src/risk/faults.js';
import { faultProximityPoints } from '../../src/risk/scoring.js';
import { lookupZip } from '../../src/risk/zip.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from './fake-upstream.js';

/** The legacy /api/risk routes and their GraphQL twins, over real HTTP to a fake USGS and FIRMS. */
let fake: FakeUpstream;
let t: TestApp;
const JULY = new Date('2026-07-15T12:00:00.000Z');

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestApp(
    {
      SEISMIC_API_URL: fake.seismicUrl,
      FIRE_API_URL: fake.fireUrl,
      FIRE_API_TOKEN: FAKE_MAP_KEY,
      ZIP_GEOCODER_URL: fake.geocoderUrl,
      UPSTREAM_TIMEOUT_MS: '300',
      FIRE_DAILY_QUOTA: '1000',
    },
    { now: () => JULY },
  );
});
afterAll(async () => {
  await t.stop();
  await fake.close();
});
afterEach(() => fake.reset());

// Each test uses its own ZIP in its own 0.1-degree grid cell, so the cache of one test never serves another.
const WILDFIRE_GQL = `query($zip: String!) { wildfireRisk(zip: $zip) { zipCode riskScore riskLevel recentFires
  components { fireActivity vegetation weather } dataStatus { fire } } }`;
const EARTHQUAKE_GQL = `query($zip: String!) { earthquakeRisk(zip: $zip) { zipCode riskScore riskLevel recentEarthquakes
  maxMagnitude faultDistance components { seismicActivity magnitude faultProximity } dataStatus { seismic } } }`;

describe('GET /api/risk/wildfire', () => {
  it('scores a Beverly Hills ZIP in July from live fire data, with the seed fields and their parts', async () => {
    const res = await t.request('/api/risk/wildfire?zip=90210');
    expect(res.status).toBe(200);
    const { latitude, longitude } = lookupZip('90210')!;
    expect(res.body).toEqual({
      zip_code: '90210',
      coordinates: { latitude, longitude },
      // 3 detections × 2 × 1.5 (fire season) = 9, western vegetation 30, July weather 30
      risk_level: 'Medium',
      risk_score: 69,
      recent_fires: 3,
      vegetation_risk: 'High',
      weather_risk: 'High',
      last_updated: JULY.toISOString(),
      components: { fire_activity: 9, vegetation: 30, weather: 30 },
      data_status: { fire: 'live' },
    });
    const [request] = fake.requests('fire');
    expect(request.pathname).toMatch(
      new RegExp(`/${FAKE_MAP_KEY}/VIIRS_SNPP_NRT/[-0-9.]+,[-0-9.]+,[-0-9.]+,[-0-9.]+/5$`),
    );
  });

  it('answers a repeat from the cache without calling the fire service again', async () => {
    await t.request('/api/risk/wildfire?zip=90265');
    const again = await t.request('/api/risk/wildfire?zip=90265');
    expect(again.body.data_status).toEqual({ fire: 'cached' });
    expect(fake.calls('fire')).toBe(1);
  });

  it('serves the same body under /api/v1 and through GraphQL', async () => {
    const legacy = await t.request('/api/risk/wildfire?zip=93101');
    const v1 = await t.request('/api/v1/risk/wildfire?zip=93101');
    expect(v1.body).toEqual({ ...legacy.body, data_status: { fire: 'cached' } });
    const gql = await t.gql(WILDFIRE_GQL, { zip: '93101' });
    expect(gql.data.wildfireRisk).toMatchObject({
      zipCode: '93101',
      riskScore: legacy.body.risk_score,
      riskLevel: legacy.body.risk_level.toUpperCase(),
    });
  });

  it('still answers 200 when the fire service fails, scoring fire activity 0 and saying so', async () => {
    fake.set('fire', { kind: 'status', status: 500 });
    const res = await t.request('/api/risk/wildfire?zip=95814');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      recent_fires: null,
      components: { fire_activity: 0 },
      data_status: { fire: 'unavailable' },
    });
    expect(fake.calls('fire')).toBe(2); // one retry, no more
  });

  it('answers within the timeout when the fire service hangs', async () => {
    fake.set('fire', { kind: 'hang' });
    const started = Date.now();
    const res = await t.request('/api/risk/wildfire?zip=97201');
    expect(res.body.data_status).toEqual({ fire: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(3_000); // 2 × 300 ms + jitter, generously
  });

  it('treats a garbage body as an unavailable source', async () => {
    fake.set('fire', { kind: 'garbage' });
    const res = await t.request('/api/risk/wildfire?zip=98101');
    expect(res).toMatchObject({ status: 200, body: { data_status: { fire: 'unavailable' } } });
  });
});

describe('GET /api/risk/earthquake', () => {
  it('scores events, the largest magnitude and the nearest fault', async () => {
    const res = await t.request('/api/risk/earthquake?zip=94103');
    expect(res.status).toBe(200);
    const { latitude, longitude } = lookupZip('94103')!;
    const fault = nearestFault(latitude, longitude);
    const expectedScore = 8 + 25 + faultProximityPoints(fault.distanceKm); // 4 events × 2, max M4.12
    expect(res.body).toMatchObject({
      zip_code: '94103',
      coordinates: { latitude, longitude },
      recent_earthquakes: 4,
      max_magnitude: 4.12,
      fault_distance: `${fault.distanceKm.toFixed(1)} km`,
      risk_score: expectedScore,
      components: { seismic_activity: 8, magnitude: 25, fault_proximity: faultProximityPoints(fault.distanceKm) },
      data_status: { seismic: 'live' },
    });
    const query = fake.requests('seismic')[0].searchParams;
    expect(query.get('maxradius')).toBe('1');
    expect(query.get('minmagnitude')).toBe('1.0');
    expect(Date.parse(JULY.toISOString()) - Date.parse(query.get('starttime')!)).toBeGreaterThanOrEqual(
      364 * 86_400_000,
    );
  });

  it('agrees with its GraphQL twin', async () => {
    const legacy = await t.request('/api/v1/risk/earthquake?zip=84101');
    const gql = await t.gql(EARTHQUAKE_GQL, { zip: '84101' });
    expect(gql.data.earthquakeRisk).toMatchObject({
      riskScore: legacy.body.risk_score,
      faultDistance: legacy.body.fault_distance,
    });
  });

  it('scores only the fault part when the seismic service is down', async () => {
    fake.set('seismic', { kind: 'status', status: 503 });
    const res = await t.request('/api/risk/earthquake?zip=63101');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      recent_earthquakes: null,
      max_magnitude: null,
      components: { seismic_activity: 0, magnitude: 0 },
      data_status: { seismic: 'unavailable' },
    });
  });
});

describe('risk errors, through both doors', () => {
  const cases: Array<[string, string | undefined, number, string, string | undefined]> = [
    ['a missing zip', undefined, 400, 'ZIP code parameter is required', undefined],
    ['an empty zip', '', 400, 'ZIP code parameter is required', undefined],
    ['letters', 'abcde', 400, 'Invalid ZIP code format', 'BAD_USER_INPUT'],
    ['four digits', '1234', 400, 'Invalid ZIP code format', 'BAD_USER_INPUT'],
    ['ZIP+4', '90210-1234', 400, 'Invalid ZIP code format', 'BAD_USER_INPUT'],
    ['SQL', "12345' OR 1=1--", 400, 'Invalid ZIP code format', 'BAD_USER_INPUT'],
    ['a URL', '@evil.example/x', 400, 'Invalid ZIP code format', 'BAD_USER_INPUT'],
    ['an unknown ZIP', '00000', 404, 'Invalid ZIP code', 'NOT_FOUND'],
  ];
  for (const [name, zip, status, error, code] of cases) {
    it(`answers ${name} with ${status} "${error}"`, async () => {
      const query = zip === undefined ? '' : `?zip=${encodeURIComponent(zip)}`;
      for (const kind of ['wildfire', 'earthquake']) {
        expect(await t.request(`/api/risk/${kind}${query}`)).toMatchObject({ status, body: { error } });
      }
      if (code) {
        const gql = await t.gql(WILDFIRE_GQL, { zip });
        expect(gql.errors?.[0]).toMatchObject({ message: error, extensions: { code } });
      }
      expect(fake.calls('fire') + fake.calls('seismic')).toBe(0);
    });
  }

  it('answers a military ZIP GeoNames puts at 0,0 with 404 "Invalid ZIP code", without asking the geocoder', async () => {
    for (const path of ['/api/risk/wildfire?zip=34001', '/api/v1/risk/earthquake?zip=34025']) {
      expect(await t.request(path)).toMatchObject({ status: 404, body: { error: 'Invalid ZIP code' } });
    }
    expect(fake.calls('geocoder')).toBe(0);
  });

  it('places a ZIP the embedded data lacks through the remote geocoder', async () => {
    const res = await t.request('/api/risk/wildfire?zip=75073');
    expect(res).toMatchObject({
      status: 200,
      body: { zip_code: '75073', coordinates: { latitude: 33.2362, longitude: -96.8011 } },
    });
    expect(fake.calls('geocoder')).toBe(1);
  });

  it('answers 503 "Upstream service unavailable" when only the geocoder could place the ZIP and it is down', async () => {
    fake.set('geocoder', { kind: 'status', status: 502 });
    for (const path of ['/api/risk/wildfire?zip=75079', '/api/v1/risk/earthquake?zip=75079']) {
      expect(await t.request(path)).toMatchObject({ status: 503, body: { error: 'Upstream service unavailable' } });
    }
    const gql = await t.gql(EARTHQUAKE_GQL, { zip: '75079' });
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Upstream service unavailable',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(fake.calls('fire') + fake.calls('seismic')).toBe(0);
  });

  it('answers a repeated zip parameter as a bad format, not a crash', async () => {
    expect(await t.request('/api/risk/wildfire?zip=90210&zip=10001')).toMatchObject({
      status: 400,
      body: { error: 'Invalid ZIP code format' },
    });
  });

  it.each([
    '/api/risk/flood?zip=90210',
    '/api/v1/risk/flood?zip=90210',
    '/api/nothing',
    '/api/v1/nothing',
    '/api/v2/risk/wildfire?zip=90210',
    '/api',
  ])('answers the unknown path %s with 404 {error: "Not found"}', async (path) => {
    expect(await t.request(path)).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
});

describe('GET /api/health', () => {
  it.each(['/api/health', '/api/v1/health'])('%s answers healthy with the time and version 1.0.0', async (path) => {
    const res = await t.request(path);
    expect(res).toMatchObject({ status: 200, body: { status: 'healthy', version: '1.0.0' } });
    expect(Object.keys(res.body).sort()).toEqual(['status', 'timestamp', 'version']);
    expect(res.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });
});

describe('the FIRMS daily quota', () => {
  it('is counted in PostgreSQL without Redis, five transactions per call', async () => {
    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select key, used from quota_usage where key like 'firms%'`);
    expect(rows.length).toBe(1);
    expect(rows[0].used % 5).toBe(0);
    expect(rows[0].used).toBeGreaterThan(0);
  });
});

describe('the FIRMS daily quota when it runs out', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp(
      {
        SEISMIC_API_URL: fake.seismicUrl,
        FIRE_API_URL: fake.fireUrl,
        FIRE_API_TOKEN: FAKE_MAP_KEY,
        FIRE_DAILY_QUOTA: '5',
      },
      { now: () => JULY },
    );
  });
  afterAll(() => small.stop());

  it('stops calling FIRMS and reports the fire source unavailable', async () => {
    expect((await small.request('/api/risk/wildfire?zip=90210')).body.data_status.fire).toBe('live');
    const over = await small.request('/api/risk/wildfire?zip=10001');
    expect(over).toMatchObject({
      status: 200,
      body: { data_status: { fire: 'unavailable' }, components: { fire_activity: 0 } },
    });
    expect(fake.calls('fire')).toBe(1);
  });
});

describe('without a FIRMS token', () => {
  let noToken: TestApp;
  beforeAll(async () => {
    noToken = await startTestApp({ SEISMIC_API_URL: fake.seismicUrl, FIRE_API_URL: fake.fireUrl }, { now: () => JULY });
  });
  afterAll(() => noToken.stop());

  it('reports fire unavailable without calling FIRMS', async () => {
    const res = await noToken.request('/api/risk/wildfire?zip=90210');
    expect(res).toMatchObject({ status: 200, body: { data_status: { fire: 'unavailable' } } });
    expect(fake.calls('fire')).toBe(0);
  });
});
