import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

const DAY = 24 * 3600_000;
let clock = Date.parse('2026-05-04T08:00:00.000Z');

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

describe('help-desk statistics', () => {
  it('answers zeros for every category, status and priority, and an average of 0, before anything is filed', async () => {
    const res = await h.get('/statistics', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      requests: {
        total: 0,
        open: 0,
        in_progress: 0,
        resolved: 0,
        by_category: { technical: 0, account: 0, general: 0, bug_report: 0, feature_request: 0, billing: 0, other: 0 },
        by_status: { open: 0, in_progress: 0, on_hold: 0, resolved: 0, closed: 0 },
        by_priority: { low: 0, medium: 0, high: 0, urgent: 0 },
      },
      responses: { total: 0, avg_response_time_days: 0 },
    });
  });

  it('counts requests and averages the time to the first response, in days to 2 decimals', async () => {
    const start = clock;
    const a = await h.file(alice.auth, { category: 'technical', priority: 'urgent' });
    const b = await h.file(alice.auth, { category: 'technical' });
    await h.file(alice.auth, { category: 'billing', priority: 'low' }); // never answered: not in the average
    await h.file(alice.auth, { category: 'account' });

    clock = start + 1.5 * DAY;
    await h.post(`/requests/${a}/response`, { response: 'First', new_status: 'in_progress' }, admin);
    clock = start + 4 * DAY; // a later response does not move a's time to first response
    await h.post(`/requests/${a}/response`, { response: 'Second', new_status: 'resolved' }, admin);
    clock = start + DAY / 3;
    await h.post(`/requests/${b}/response`, { response: 'Private first answer', is_public: false }, admin);

    const res = await h.get('/statistics', admin);
    expect(res.body).toEqual({
      requests: {
        total: 4,
        open: 3,
        in_progress: 0,
        resolved: 1,
        by_category: { technical: 2, account: 1, general: 0, bug_report: 0, feature_request: 0, billing: 1, other: 0 },
        by_status: { open: 3, in_progress: 0, on_hold: 0, resolved: 1, closed: 0 },
        by_priority: { low: 1, medium: 2, high: 0, urgent: 1 },
      },
      // (1.5 + 0.3333…) / 2 = 0.91666… days
      responses: { total: 3, avg_response_time_days: 0.92 },
    });
  });

  it('answers the same over GraphQL', async () => {
    const res = await t.gql(
      `{ helpStatistics { requests { total open byCategory { category count } byPriority { priority count } } responses { total avgResponseTimeDays } } }`,
      {},
      admin,
    );
    expect(res.data.helpStatistics.requests.total).toBe(4);
    expect(res.data.helpStatistics.requests.byCategory[0]).toEqual({ category: 'TECHNICAL', count: 2 });
    expect(res.data.helpStatistics.requests.byPriority.map((p: { priority: string }) => p.priority)).toEqual([
      'LOW',
      'MEDIUM',
      'HIGH',
      'URGENT',
    ]);
    expect(res.data.helpStatistics.responses).toEqual({ total: 3, avgResponseTimeDays: 0.92 });
  });

  it('is computed in one SQL statement', async () => {
    const { statements } = await t.countQueries(() => h.get('/statistics', admin));
    const reads = statements.filter((s) => /help_re/.test(s));
    expect(reads).toHaveLength(1);
  });
});
