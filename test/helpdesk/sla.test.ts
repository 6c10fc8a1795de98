import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

// The app's clock, moved by hand: due times and pauses are exact, and nothing waits for real time to pass.
let clock = Date.parse('2026-06-01T08:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const advance = (ms: number) => (clock += ms);
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

const SLA =
  'sla { firstResponseDueAt resolutionDueAt firstResponseAt resolvedAt firstResponseBreached resolutionBreached pausedSeconds paused }';

async function sla(id: number, auth = admin) {
  const res = await t.gql(`query($id: Int!) { helpRequest(id: $id) { ${SLA} } }`, { id }, auth);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.helpRequest.sla;
}

async function file(priority = 'urgent'): Promise<{ id: number; created: number }> {
  const created = clock;
  return { id: await h.file(alice.auth, { priority }), created };
}

async function update(id: number, input: Record<string, unknown>, auth = admin) {
  const res = await t.gql(
    `mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { id } }`,
    { id, input },
    auth,
  );
  return res;
}

async function respondAsAdmin(id: number, input: Record<string, unknown> = {}) {
  const res = await t.gql(
    `mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }`,
    { id, input: { response: 'On it', ...input } },
    admin,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
}

const checkBreaches = () => t.app.services.helpdesk.slaMonitor.check();

async function breachHistory(id: number) {
  const res = await t.gql(
    `query($id: Int!) { helpRequest(id: $id) { history { action field newValue } } }`,
    { id },
    admin,
  );
  return res.data.helpRequest.history.filter((e: { action: string }) => e.action === 'SLA_BREACHED');
}

describe('service-level targets', () => {
  it('lists the default targets per priority to administrators, and refuses everyone else', async () => {
    const res = await t.gql('{ helpSlaPolicies { priority firstResponseMinutes resolutionMinutes } }', {}, admin);
    expect(res.data.helpSlaPolicies).toEqual([
      { priority: 'LOW', firstResponseMinutes: 3 * 24 * 60, resolutionMinutes: 30 * 24 * 60 },
      { priority: 'MEDIUM', firstResponseMinutes: 24 * 60, resolutionMinutes: 7 * 24 * 60 },
      { priority: 'HIGH', firstResponseMinutes: 4 * 60, resolutionMinutes: 2 * 24 * 60 },
      { priority: 'URGENT', firstResponseMinutes: 60, resolutionMinutes: 8 * 60 },
    ]);
    const refused = await t.gql('{ helpSlaPolicies { priority } }', {}, alice.auth);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql('{ helpSlaPolicies { priority } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gives a new request due times from its priority, counted from its filing', async () => {
    const { id, created } = await file('urgent');
    expect(await sla(id)).toEqual({
      firstResponseDueAt: iso(created + HOUR),
      resolutionDueAt: iso(created + 8 * HOUR),
      firstResponseAt: null,
      resolvedAt: null,
      firstResponseBreached: false,
      resolutionBreached: false,
      pausedSeconds: 0,
      paused: false,
    });
  });

  it('shows service levels to administrators only: the requester reads null', async () => {
    const { id } = await file();
    const res = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { id sla { firstResponseDueAt } } }`,
      { id },
      alice.auth,
    );
    expect(res.data.helpRequest).toEqual({ id, sla: null });
  });

  it('meets the first-response target with the first public response only, not with a private note', async () => {
    const { id } = await file();
    advance(10 * MINUTE);
    await respondAsAdmin(id, { isPublic: false });
    expect((await sla(id)).firstResponseAt).toBeNull();
    advance(10 * MINUTE);
    await respondAsAdmin(id);
    expect(await sla(id)).toMatchObject({ firstResponseAt: iso(clock), firstResponseBreached: false });
  });

  it('stops the clock while on hold and resumes it where it stopped, moving the due times later by the pause', async () => {
    const { id, created } = await file('urgent');
    advance(30 * MINUTE);
    expect((await update(id, { status: 'ON_HOLD' })).errors).toBeUndefined();
    advance(5 * HOUR); // waiting on the requester: no breach, however long
    await checkBreaches();
    expect(await breachHistory(id)).toEqual([]);
    expect(await sla(id)).toMatchObject({
      paused: true,
      pausedSeconds: 5 * 3600,
      firstResponseBreached: false,
      firstResponseDueAt: iso(created + HOUR),
    });
    await update(id, { status: 'IN_PROGRESS' });
    expect(await sla(id)).toMatchObject({
      paused: false,
      pausedSeconds: 5 * 3600,
      firstResponseDueAt: iso(created + HOUR + 5 * HOUR),
      resolutionDueAt: iso(created + 8 * HOUR + 5 * HOUR),
    });
    // 30 minutes ran before the pause; 29 more keep it in time, 31 do not.
    advance(29 * MINUTE);
    await checkBreaches();
    expect(await breachHistory(id)).toEqual([]);
    advance(2 * MINUTE);
    expect((await sla(id)).firstResponseBreached).toBe(true);
  });

  it('meets resolution when resolved or closed, and reopening resumes the clock and the target', async () => {
    const { id, created } = await file('urgent');
    await respondAsAdmin(id);
    advance(2 * HOUR);
    await update(id, { status: 'RESOLVED' });
    expect(await sla(id)).toMatchObject({ resolvedAt: iso(clock), resolutionBreached: false, paused: true });
    advance(10 * HOUR); // resolved: the clock stands still, so no resolution breach
    await checkBreaches();
    expect(await breachHistory(id)).toEqual([]);
    expect((await sla(id)).resolutionBreached).toBe(false);
    await update(id, { status: 'OPEN' });
    expect(await sla(id)).toMatchObject({
      resolvedAt: null,
      paused: false,
      resolutionDueAt: iso(created + 8 * HOUR + 10 * HOUR),
    });
    advance(5 * HOUR); // 2 h before, 5 h now: inside 8 h
    await update(id, { status: 'CLOSED' });
    expect(await sla(id)).toMatchObject({ resolvedAt: iso(clock), resolutionBreached: false });
  });

  it('recomputes the due times from the filing when the priority changes', async () => {
    const { id, created } = await file('low');
    expect((await sla(id)).firstResponseDueAt).toBe(iso(created + 3 * 24 * HOUR));
    advance(3 * HOUR);
    await update(id, { priority: 'HIGH' });
    expect(await sla(id)).toMatchObject({
      firstResponseDueAt: iso(created + 4 * HOUR),
      resolutionDueAt: iso(created + 48 * HOUR),
    });
    advance(2 * HOUR); // five hours since filing: past high's four
    expect(await checkBreaches()).toBeGreaterThanOrEqual(1);
    expect(await breachHistory(id)).toEqual([
      { action: 'SLA_BREACHED', field: 'first_response', newValue: iso(created + 4 * HOUR) },
    ]);
  });

  it('records a late first response as a breach once, even before the monitor noticed it', async () => {
    const { id, created } = await file('urgent');
    advance(2 * HOUR);
    await respondAsAdmin(id);
    expect(await sla(id)).toMatchObject({ firstResponseAt: iso(clock), firstResponseBreached: true });
    await checkBreaches();
    expect(await breachHistory(id)).toEqual([
      { action: 'SLA_BREACHED', field: 'first_response', newValue: iso(created + HOUR) },
    ]);
  });

  it('drains a backlog of breaches a batch at a time, each recorded once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await file('urgent')).id);
    advance(2 * HOUR);
    const claimed = await t.app.services.helpdesk.slaMonitor.claim(t.app.orm.em.fork(), new Date(clock), 5);
    expect(claimed).toBeGreaterThanOrEqual(12);
    for (const id of ids)
      expect(await breachHistory(id)).toEqual([expect.objectContaining({ field: 'first_response' })]);
    expect(await t.app.services.helpdesk.slaMonitor.claim(t.app.orm.em.fork(), new Date(clock), 5)).toBe(0);
  });

  it("keeps breach entries out of the requester's history", async () => {
    const { id } = await file('urgent');
    advance(9 * HOUR);
    await checkBreaches();
    expect(await breachHistory(id)).toHaveLength(2);
    const own = await t.gql(`query($id: Int!) { helpRequest(id: $id) { history { action } } }`, { id }, alice.auth);
    expect(own.data.helpRequest.history.map((e: { action: string }) => e.action)).toEqual(['CREATED']);
  });

  it("lets administrators change a priority's targets, for requests filed afterwards and those still open alike", async () => {
    const before = await file('high');
    advance(10 * MINUTE);
    const res = await t.gql(
      'mutation { updateHelpSlaPolicy(priority: HIGH, input: { firstResponseMinutes: 30 }) { priority firstResponseMinutes resolutionMinutes } }',
      {},
      admin,
    );
    expect(res.data.updateHelpSlaPolicy).toEqual({
      priority: 'HIGH',
      firstResponseMinutes: 30,
      resolutionMinutes: 2880,
    });
    const after = await file('high');
    expect((await sla(after.id)).firstResponseDueAt).toBe(iso(after.created + 30 * MINUTE));
    // The 10 minutes it had used stay used; the 20 left of the new target count from the change.
    expect((await sla(before.id)).firstResponseDueAt).toBe(iso(before.created + 30 * MINUTE));
  });

  it('refuses targets out of range, a first response later than resolution, and non-administrators', async () => {
    for (const input of [
      { firstResponseMinutes: 0 },
      { resolutionMinutes: 600_000 },
      { firstResponseMinutes: 5000 },
      {},
    ]) {
      const res = await t.gql(
        'mutation($input: UpdateHelpSlaPolicyInput!) { updateHelpSlaPolicy(priority: HIGH, input: $input) { priority } }',
        { input },
        admin,
      );
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    const res = await t.gql(
      'mutation { updateHelpSlaPolicy(priority: HIGH, input: { firstResponseMinutes: 10 }) { priority } }',
      {},
      alice.auth,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

describe('lists by service level', () => {
  it('filter by slaBreached and sort by due time, for administrators; a user asking is refused', async () => {
    const res = await t.gql(
      '{ helpRequests(slaBreached: true, perPage: 100, sortBy: FIRST_RESPONSE_DUE_AT, sortOrder: ASC) { requests { id sla { firstResponseBreached resolutionBreached firstResponseDueAt } } pagination { total } } }',
      {},
      admin,
    );
    expect(res.errors).toBeUndefined();
    const requests = res.data.helpRequests.requests;
    expect(requests.length).toBeGreaterThan(0);
    expect(res.data.helpRequests.pagination.total).toBe(requests.length);
    for (const r of requests) expect(r.sla.firstResponseBreached || r.sla.resolutionBreached).toBe(true);
    const dues = requests.map((r: { sla: { firstResponseDueAt: string } }) => r.sla.firstResponseDueAt);
    expect(dues).toEqual([...dues].sort());

    const others = await t.gql(
      '{ helpRequests(slaBreached: false, perPage: 100) { requests { id } pagination { total } } }',
      {},
      admin,
    );
    const all = await t.gql('{ helpRequests(perPage: 100) { pagination { total } } }', {}, admin);
    expect(others.data.helpRequests.pagination.total + requests.length).toBe(all.data.helpRequests.pagination.total);

    const connection = await t.gql(
      '{ helpRequestsConnection(slaBreached: true, first: 100) { totalCount edges { node { id } } } }',
      {},
      admin,
    );
    expect(connection.data.helpRequestsConnection.totalCount).toBe(requests.length);

    const mine = await t.gql(
      `query($id: ID!) { user(id: $id) { helpRequests(slaBreached: true, first: 100, sortBy: RESOLUTION_DUE_AT) { totalCount edges { node { id } } } } }`,
      { id: alice.id },
      admin,
    );
    expect(mine.data.user.helpRequests.totalCount).toBe(requests.length);

    for (const query of [
      '{ helpRequests(slaBreached: true) { requests { id } } }',
      '{ helpRequestsConnection(sortBy: RESOLUTION_DUE_AT) { edges { node { id } } } }',
    ]) {
      const refused = await t.gql(query, {}, alice.auth);
      expect(refused.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
  });
});
