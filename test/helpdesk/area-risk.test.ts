import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection } from '../helpers/subscriptions.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../risk/fake-upstream.js';

/**
 * A help request may name the ZIP code of its area, and then shows that area's wildfire and earthquake risk, scored
 * by the risk module through its cache and upstream quota, against a fake USGS and FIRMS over real HTTP.
 */
let fake: FakeUpstream;
let t: TestApp;
let admin: string;
let alice: string;
const JULY = new Date('2026-07-15T12:00:00.000Z');

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await startTestApp(
    {
      SEISMIC_API_URL: fake.seismicUrl,
      FIRE_API_URL: fake.fireUrl,
      FIRE_API_TOKEN: FAKE_MAP_KEY,
      UPSTREAM_TIMEOUT_MS: '300',
    },
    { now: () => JULY },
  );
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = (await t.createUser('alice')).auth;
});
afterAll(async () => {
  await t.stop();
  await fake.close();
});
afterEach(() => fake.reset());

const CREATE = `mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id zip } }`;
const file = async (zip?: string | null, auth = alice) => {
  const answer = await t.gql<{ createHelpRequest: { id: number; zip: string | null } }>(
    CREATE,
    { input: { title: 'Smoke', description: 'Ash on cars', zip } },
    auth,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.createHelpRequest;
};
const countRequests = async () =>
  (await t.gql('{ helpRequests { pagination { total } } }', {}, admin)).data.helpRequests.pagination.total as number;

const AREA = `areaRisk {
  wildfire { zipCode riskScore riskLevel recentFires dataStatus { fire } }
  earthquake { zipCode riskScore riskLevel recentEarthquakes maxMagnitude faultDistance dataStatus { seismic } } }`;

describe('the ZIP code of a help request', () => {
  it('is kept when filed through GraphQL or REST, and null when not given', async () => {
    expect((await file('90210')).zip).toBe('90210');
    expect((await file()).zip).toBeNull();
    const rest = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: alice },
      json: { title: 'Shaking', description: 'Cracks', zip: '94103' },
    });
    expect(rest.status).toBe(201);
    expect(rest.body.data.zip).toBe('94103');
    const withoutZip = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: alice },
      json: { title: 'Printer', description: 'Jammed' },
    });
    expect(withoutZip.body.data.zip).toBeNull();
    const shown = await t.request(`/api/help/requests/${rest.body.request_id}`, { headers: { authorization: alice } });
    expect(shown.body.zip).toBe('94103');
    const listed = await t.request('/api/help/requests?per_page=100', { headers: { authorization: alice } });
    expect(listed.body.requests.every((r: object) => 'zip' in r)).toBe(true);
  });

  it('is read by the cursor connections as by the page-numbered list', async () => {
    const { id } = await file('90210');
    const newest = `edges { node { id zip areaRisk { wildfire { zipCode } } } }`;
    const read = await t.gql(
      `{ helpRequestsConnection(first: 1) { ${newest} } me { helpRequests(first: 1) { ${newest} } } }`,
      {},
      alice,
    );
    expect(read.errors).toBeUndefined();
    const expected = [{ node: { id, zip: '90210', areaRisk: { wildfire: { zipCode: '90210' } } } }];
    expect(read.data.helpRequestsConnection.edges).toEqual(expected);
    expect(read.data.me.helpRequests.edges).toEqual(expected);
  });

  it('must be five digits, as the risk queries take it: anything else is refused and nothing is written', async () => {
    const before = await countRequests();
    for (const zip of ['9021', '902100', 'abcde', '9021O', ' 90210', '']) {
      const answer = await t.gql(CREATE, { input: { title: 'Bad', description: 'zip', zip } }, alice);
      expect(answer.errors?.[0]).toMatchObject({
        message: 'zip must be a five-digit ZIP code',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const rest = await t.request('/api/help/requests', {
        method: 'POST',
        headers: { authorization: alice },
        json: { title: 'Bad', description: 'zip', zip },
      });
      expect(rest.status).toBe(400);
      expect(rest.body.message).toMatch(/zip/);
    }
    expect(await countRequests()).toBe(before);
  });

  it('is changed by the requester and by an administrator, cleared with null, and each change is in the history', async () => {
    const { id } = await file('90210');
    const byRequester = await t.request(`/api/help/requests/${id}`, {
      method: 'PUT',
      headers: { authorization: alice },
      json: { zip: '94103' },
    });
    expect(byRequester.status).toBe(200);
    expect(byRequester.body.data.zip).toBe('94103');
    const cleared = await t.gql(
      'mutation($id: Int!) { updateHelpRequest(id: $id, input: { zip: null }) { zip } }',
      { id },
      admin,
    );
    expect(cleared.data).toEqual({ updateHelpRequest: { zip: null } });
    const refused = await t.request(`/api/help/requests/${id}`, {
      method: 'PUT',
      headers: { authorization: alice },
      json: { zip: '941' },
    });
    expect(refused.status).toBe(400);
    const history = await t.request(`/api/help/requests/${id}`, { headers: { authorization: alice } });
    const zipChanges = history.body.history
      .filter((h: { field: string }) => h.field === 'zip')
      .map((h: { old_value: string; new_value: string }) => [h.old_value, h.new_value]);
    expect(zipChanges).toEqual([
      ['90210', '94103'],
      ['94103', null],
    ]);
  });
});

describe('the area risk of a help request', () => {
  it('answers the same scores as the risk queries, and null without a ZIP code', async () => {
    const { id } = await file('90210');
    const { id: none } = await file(null);
    const read = await t.gql(
      `query($a: Int!, $b: Int!) { a: helpRequest(id: $a) { ${AREA} } b: helpRequest(id: $b) { ${AREA} } }`,
      { a: id, b: none },
      alice,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.b.areaRisk).toBeNull();
    const direct = await t.gql(
      `{ wildfireRisk(zip: "90210") { zipCode riskScore riskLevel recentFires } earthquakeRisk(zip: "90210") { zipCode riskScore riskLevel recentEarthquakes maxMagnitude faultDistance } }`,
    );
    expect(read.data.a.areaRisk.wildfire).toMatchObject(direct.data.wildfireRisk);
    expect(read.data.a.areaRisk.earthquake).toMatchObject(direct.data.earthquakeRisk);
  });

  it('calls each upstream once per distinct area of a page, and not at all once the areas are cached', async () => {
    // Five requests of a requester of their own, in three areas (each ZIP in its own 0.1° grid cell): two share a ZIP.
    const carol = (await t.createUser('carol')).auth;
    for (const zip of ['10001', '10001', '60601', '33101', '33101']) await file(zip, carol);
    const page = `{ helpRequests(perPage: 100) { requests { id zip ${AREA} } } }`;
    const first = await t.gql(page, {}, carol);
    expect(first.errors).toBeUndefined();
    expect(first.data.helpRequests.requests).toHaveLength(5);
    expect(first.data.helpRequests.requests.every((r: { areaRisk: unknown }) => r.areaRisk !== null)).toBe(true);
    expect(fake.calls('seismic')).toBe(3);
    expect(fake.calls('fire')).toBe(3);
    fake.reset();
    const again = await t.gql(page, {}, carol);
    const scores = (data: typeof first.data) =>
      data.helpRequests.requests.map(
        (r: { areaRisk: { wildfire: { riskScore: number }; earthquake: { riskScore: number } } }) => [
          r.areaRisk.wildfire.riskScore,
          r.areaRisk.earthquake.riskScore,
        ],
      );
    expect(scores(again.data)).toEqual(scores(first.data));
    expect(
      again.data.helpRequests.requests.map(
        (r: { areaRisk: { earthquake: { dataStatus: { seismic: string } } } }) =>
          r.areaRisk.earthquake.dataStatus.seismic,
      ),
    ).toEqual(Array(5).fill('CACHED'));
    expect(fake.calls('seismic') + fake.calls('fire')).toBe(0);
  });

  it('degrades as the risk queries do when an upstream is down, and never fails the page', async () => {
    await file('98101');
    fake.set('seismic', { kind: 'status', status: 503 });
    fake.set('fire', { kind: 'hang' });
    const page = await t.gql(`{ helpRequests(perPage: 100) { requests { zip ${AREA} } } }`, {}, alice);
    expect(page.errors).toBeUndefined();
    const seattle = page.data.helpRequests.requests.find((r: { zip: string | null }) => r.zip === '98101');
    expect(seattle.areaRisk.earthquake.dataStatus.seismic).toBe('UNAVAILABLE');
    expect(seattle.areaRisk.wildfire.dataStatus.fire).toBe('UNAVAILABLE');
    expect(seattle.areaRisk.earthquake.recentEarthquakes).toBeNull();
  });

  it('is null, not an error, for a five-digit ZIP code no data set places', async () => {
    const { id } = await file('00000');
    const read = await t.gql(`query($id: Int!) { helpRequest(id: $id) { zip ${AREA} } }`, { id }, alice);
    expect(read.errors).toBeUndefined();
    expect(read.data.helpRequest).toEqual({ zip: '00000', areaRisk: null });
  });

  it('is readable in a change event as in a query', async () => {
    const connection: Connection = connect(t.url, admin);
    try {
      const subscription = connection.subscribe(`subscription { helpRequestChanged { kind request { zip ${AREA} } } }`);
      await untilListening(t.app, 1);
      await file('80202');
      const change = await subscription.nextData();
      expect(change.helpRequestChanged.kind).toBe('CREATED');
      expect(change.helpRequestChanged.request.zip).toBe('80202');
      expect(change.helpRequestChanged.request.areaRisk.wildfire.zipCode).toBe('80202');
      expect(change.helpRequestChanged.request.areaRisk.earthquake.zipCode).toBe('80202');
    } finally {
      await connection.dispose();
    }
  });
});
