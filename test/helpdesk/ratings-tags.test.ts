import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

let clock = Date.parse('2026-07-01T08:00:00.000Z');
const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.stop());

const RATE = `mutation($id: Int!, $score: Int!, $comment: String) {
  rateHelpRequest(id: $id, score: $score, comment: $comment) { id satisfaction { score comment ratedAt updatedAt } }
}`;
const rate = (auth: string, id: number, score: number, comment?: string) => t.gql(RATE, { id, score, comment }, auth);
const codeOf = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;

async function setStatus(id: number, status: string) {
  const res = await t.gql(
    'mutation($id: Int!, $status: HelpStatus) { updateHelpRequest(id: $id, input: { status: $status }) { id } }',
    { id, status },
    admin,
  );
  expect(res.errors).toBeUndefined();
}

async function setTags(id: number, tags: unknown, auth = admin) {
  return t.gql(
    'mutation($id: Int!, $tags: [String!]) { updateHelpRequest(id: $id, input: { tags: $tags }) { id tags } }',
    { id, tags },
    auth,
  );
}

describe('satisfaction ratings', () => {
  it('lets the requester rate a resolved request, and shows the rating to them and to administrators', async () => {
    const id = await h.file(alice.auth);
    await setStatus(id, 'RESOLVED');
    const res = await rate(alice.auth, id, 4, 'Quick and kind');
    expect(res.errors).toBeUndefined();
    expect(res.data.rateHelpRequest.satisfaction).toEqual({
      score: 4,
      comment: 'Quick and kind',
      ratedAt: iso(clock),
      updatedAt: iso(clock),
    });
    const seen = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { satisfaction { score comment } } }',
      { id },
      admin,
    );
    expect(seen.data.helpRequest.satisfaction).toEqual({ score: 4, comment: 'Quick and kind' });
    const history = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { history { action field oldValue newValue actorId } } }',
      { id },
      alice.auth,
    );
    expect(history.data.helpRequest.history.at(-1)).toEqual({
      action: 'UPDATED',
      field: 'satisfaction',
      oldValue: null,
      newValue: '4',
      actorId: alice.id,
    });
  });

  it('refuses a request that is not resolved or closed', async () => {
    const id = await h.file(alice.auth);
    expect(codeOf(await rate(alice.auth, id, 5))).toBe('BAD_USER_INPUT');
    await setStatus(id, 'CLOSED');
    expect((await rate(alice.auth, id, 5)).errors).toBeUndefined();
  });

  it('refuses scores outside 1 to 5 and an over-long comment, writing nothing', async () => {
    const id = await h.file(alice.auth);
    await setStatus(id, 'RESOLVED');
    for (const score of [0, 6, -1])
      expect(codeOf(await rate(alice.auth, id, score)), String(score)).toBe('BAD_USER_INPUT');
    expect(codeOf(await rate(alice.auth, id, 3, 'x'.repeat(2001)))).toBe('BAD_USER_INPUT');
    const seen = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { satisfaction { score } } }',
      { id },
      alice.auth,
    );
    expect(seen.data.helpRequest.satisfaction).toBeNull();
  });

  it('lets nobody else rate: another user is told the request is missing, an administrator is forbidden', async () => {
    const id = await h.file(alice.auth);
    await setStatus(id, 'RESOLVED');
    expect(codeOf(await rate(bob.auth, id, 1))).toBe('NOT_FOUND');
    expect(codeOf(await rate(admin, id, 5))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(RATE, { id, score: 5 }))).toBe('UNAUTHENTICATED');
  });

  it('lets the requester change the rating for 7 days from the first rating, and not after', async () => {
    const id = await h.file(alice.auth);
    await setStatus(id, 'RESOLVED');
    const first = clock;
    await rate(alice.auth, id, 2, 'Slow');
    clock += 6 * DAY;
    const changed = await rate(alice.auth, id, 5, 'Sorted in the end');
    expect(changed.data.rateHelpRequest.satisfaction).toEqual({
      score: 5,
      comment: 'Sorted in the end',
      ratedAt: iso(first),
      updatedAt: iso(clock),
    });
    clock += 1 * DAY + 1000;
    const late = await rate(alice.auth, id, 1);
    expect(codeOf(late)).toBe('BAD_USER_INPUT');
    expect(late.errors?.[0]?.message).toMatch(/7 days/);
  });
});

describe('tags', () => {
  it('lets administrators set tags, normalised (trimmed, lower case, commas split, duplicates dropped), recorded internally', async () => {
    const id = await h.file(alice.auth);
    const res = await setTags(id, ['  VPN ', 'vpn', 'Network,Billing', '']);
    expect(res.errors).toBeUndefined();
    expect(res.data.updateHelpRequest.tags).toEqual(['vpn', 'network', 'billing']);
    const history = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { history { action field oldValue newValue } } }',
      { id },
      admin,
    );
    expect(history.data.helpRequest.history.at(-1)).toEqual({
      action: 'UPDATED',
      field: 'tags',
      oldValue: null,
      newValue: 'vpn,network,billing',
    });
    // The requester sees neither the tags nor their history.
    const own = await t.gql('query($id: Int!) { helpRequest(id: $id) { tags history { field } } }', { id }, alice.auth);
    expect(own.data.helpRequest).toEqual({ tags: [], history: [{ field: null }] });
  });

  it('refuses more than 10 tags, a tag over 30 characters, and a requester setting them', async () => {
    const id = await h.file(alice.auth);
    expect(
      codeOf(
        await setTags(
          id,
          Array.from({ length: 11 }, (_, i) => `t${i}`),
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(codeOf(await setTags(id, ['x'.repeat(31)]))).toBe('BAD_USER_INPUT');
    expect(
      (
        await setTags(
          id,
          Array.from({ length: 10 }, (_, i) => `t${i}`),
        )
      ).errors,
    ).toBeUndefined();
    expect((await setTags(id, ['y'.repeat(30)])).errors).toBeUndefined();
    expect(codeOf(await setTags(id, ['mine'], alice.auth))).toBe('FORBIDDEN');
  });

  it('filters lists by tag, case-insensitively, for administrators only', async () => {
    const a = await h.file(alice.auth, { title: 'Tagged A' });
    const b = await h.file(alice.auth, { title: 'Tagged B' });
    await h.file(alice.auth, { title: 'Untagged' });
    await setTags(a, ['printer']);
    await setTags(b, ['printer', 'urgent-fix']);
    const res = await t.gql(
      '{ helpRequests(tag: "Printer", perPage: 100) { requests { id } pagination { total } } }',
      {},
      admin,
    );
    expect(res.data.helpRequests.requests.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    expect(res.data.helpRequests.pagination.total).toBe(2);
    const connection = await t.gql(
      '{ helpRequestsConnection(tag: "urgent-fix") { totalCount edges { node { id } } } }',
      {},
      admin,
    );
    expect(connection.data.helpRequestsConnection).toEqual({ totalCount: 1, edges: [{ node: { id: b } }] });
    expect(codeOf(await t.gql('{ helpRequests(tag: "printer") { requests { id } } }', {}, alice.auth))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await t.gql('{ helpRequests(tag: "a,b") { requests { id } } }', {}, admin))).toBe('BAD_USER_INPUT');
  });

  it('leaves the legacy REST bodies as they were', async () => {
    const id = await h.file(alice.auth);
    await setTags(id, ['printer']);
    const res = await h.get(`/requests/${id}`, alice.auth);
    expect(Object.keys(res.body.data ?? res.body).sort()).not.toContain('tags');
    expect(JSON.stringify(res.body)).not.toMatch(/printer|sla|satisfaction/);
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
