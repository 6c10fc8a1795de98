import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpRequestChange } from '../../src/helpdesk/events.js';
import type { HelpRequestChangeInProgress } from '../../src/helpdesk/change-hooks.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk, rowsOf } from './support.js';

// The app's clock, moved by hand, so a due time passes when the test says.
let clock = Date.parse('2026-06-01T08:00:00.000Z');
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

interface Seen {
  kind: string;
  requestId: number;
  inTransaction: boolean;
  /** The request's status as the hook's own transaction reads it, and as another connection does meanwhile. */
  statusInside: string;
  statusOutside: string | null;
  fields: string[];
  actor: string | null;
  byRule: string | undefined;
  message: HelpRequestChangeInProgress['message'];
}

const seen: Seen[] = [];
const published: HelpRequestChange[] = [];
/** What the hook does besides noting what it saw, chosen by the request's title. */
async function hook(change: HelpRequestChangeInProgress): Promise<void> {
  const { em, request } = change;
  const [inside] = await em.execute<{ status: string }[]>('select status::text from help_requests where id = ?', [
    request.id,
  ]);
  const [outside] = await rowsOf(t, 'select status::text from help_requests where id = $1', [request.id]);
  seen.push({
    kind: change.kind,
    requestId: request.id,
    inTransaction: em.isInTransaction(),
    statusInside: inside.status,
    statusOutside: (outside as { status: string } | undefined)?.status ?? null,
    fields: change.changes.map((c) => c.field),
    actor: change.actor?.kind === 'user' ? change.actor.username : null,
    byRule: change.byRule,
    message: change.message,
  });
  await em.execute('insert into hook_marks (request_id, kind) values (?, ?)', [request.id, change.kind]);
  if (request.title === 'Fail on create' || (request.title === 'Fail on update' && change.kind === 'updated')) {
    throw new Error('the hook refuses this change');
  }
  if (request.title === 'Escalate me' && change.kind === 'created' && change.byRule === undefined) {
    const changes = t.app.services.helpdesk.helpRequestChanges;
    await changes.applyInTransaction(
      em,
      null,
      request,
      { priority: 'urgent', category: 'technical' },
      { byRule: 'r1' },
    );
    await changes.addInternalNote(em, request, 'Escalated by rule r1', { byRule: 'r1' });
  }
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  await rowsOf(t, 'create table hook_marks (request_id int not null, kind text not null)');
  t.app.services.helpdesk.changeHooks.register('test', hook);
  t.app.services.helpdesk.events.onChange((change) => published.push(change));
});
afterAll(() => t.stop());

const marks = async (id: number) =>
  (await rowsOf(t, 'select kind from hook_marks where request_id = $1', [id])).map((r: { kind: string }) => r.kind);
const seenOf = (id: number) => seen.filter((s) => s.requestId === id);

describe('a registered change hook', () => {
  it('sees a request being created, inside its transaction, before anyone else can read it', async () => {
    const id = await h.file(alice.auth, { title: 'Printer jam' });
    expect(seenOf(id)).toEqual([
      expect.objectContaining({
        kind: 'created',
        inTransaction: true,
        statusInside: 'open',
        statusOutside: null,
        actor: 'alice',
      }),
    ]);
    expect(await marks(id)).toEqual(['created']);
  });

  it('sees an update, a response and a rating, each with its fields, before they commit', async () => {
    const id = await h.file(alice.auth, { title: 'Printer jam again' });
    const updated = await t.gql(
      `mutation($id: Int!) { updateHelpRequest(id: $id, input: { status: IN_PROGRESS, adminNotes: "toner" }) { id } }`,
      { id },
      admin,
    );
    expect(updated.errors).toBeUndefined();
    const responded = await t.gql(
      `mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "Fixed", newStatus: RESOLVED }) { id } }`,
      { id },
      admin,
    );
    expect(responded.errors).toBeUndefined();
    const rated = await t.gql(
      `mutation($id: Int!) { rateHelpRequest(id: $id, score: 5, comment: "Thanks") { id } }`,
      { id },
      alice.auth,
    );
    expect(rated.errors).toBeUndefined();
    const [, update, response, rating] = seenOf(id);
    expect(update).toMatchObject({ kind: 'updated', inTransaction: true, actor: 'admin' });
    expect(update.fields).toEqual(['status', 'admin_notes']);
    expect([update.statusInside, update.statusOutside]).toEqual(['in_progress', 'open']);
    expect(response).toMatchObject({ kind: 'responded', inTransaction: true, fields: ['response', 'status'] });
    expect([response.statusInside, response.statusOutside]).toEqual(['resolved', 'in_progress']);
    expect(response.message).toEqual({ id: expect.any(Number), public: true, authorRole: 'AGENT' });
    expect(rating).toMatchObject({ kind: 'updated', inTransaction: true, fields: ['satisfaction'], actor: 'alice' });
    expect(await marks(id)).toEqual(['created', 'updated', 'responded', 'updated']);
  });

  it('sees each breach the monitor claims, as the system, inside the claim', async () => {
    const id = await h.file(alice.auth, { title: 'Server down', priority: 'urgent' });
    clock += 30 * DAY;
    expect(await t.app.services.helpdesk.slaMonitor.check()).toBeGreaterThanOrEqual(1);
    const breaches = seenOf(id).filter((s) => s.kind === 'sla_breached');
    expect(breaches.map((b) => b.fields)).toEqual([['first_response'], ['resolution']]);
    expect(breaches.every((b) => b.inTransaction && b.actor === null)).toBe(true);
    expect(await marks(id)).toEqual(['created', 'sla_breached', 'sla_breached']);
  });

  it("lets a rule change the request and add an internal note in the change's transaction", async () => {
    published.length = 0;
    const id = await h.file(alice.auth, { title: 'Escalate me' });
    const byRule = seenOf(id).filter((s) => s.byRule === 'r1');
    expect(byRule.map((s) => [s.kind, s.fields, s.actor])).toEqual([
      ['updated', ['priority', 'category'], null],
      ['responded', ['response'], null],
    ]);
    expect(byRule[1].message).toEqual({ id: expect.any(Number), public: false, authorRole: 'SYSTEM' });
    const [row] = await rowsOf(t, 'select priority::text, category::text from help_requests where id = $1', [id]);
    expect(row).toEqual({ priority: 'urgent', category: 'technical' });
    const history = await rowsOf(
      t,
      'select action::text, field, actor_id, by_rule, internal from help_request_history where request_id = $1 order by id',
      [id],
    );
    expect(history).toEqual([
      { action: 'created', field: null, actor_id: alice.id, by_rule: null, internal: false },
      { action: 'updated', field: 'priority', actor_id: null, by_rule: 'r1', internal: false },
      { action: 'updated', field: 'category', actor_id: null, by_rule: 'r1', internal: false },
      { action: 'responded', field: 'response', actor_id: null, by_rule: 'r1', internal: true },
    ]);
    // Subscribers hear of the rule's changes too, once the change they were part of has committed.
    expect(published.filter((c) => c.requestId === id).map((c) => c.kind)).toEqual(
      expect.arrayContaining(['created', 'updated', 'responded']),
    );
  });

  it("rolls back a hook's writes, and the change, when a hook fails it", async () => {
    const before = await h.count('help_requests');
    const created = await h.post('/requests', { title: 'Fail on create', description: 'x' }, alice.auth);
    expect(created.status).toBeGreaterThanOrEqual(500);
    expect(await h.count('help_requests')).toBe(before);
    const refused = seen.at(-1)!;
    expect(refused).toMatchObject({ kind: 'created', inTransaction: true });
    expect(await marks(refused.requestId)).toEqual([]);

    const id = await h.file(alice.auth, { title: 'Fail on update' });
    const history = await h.count('help_request_history');
    const updated = await t.gql(
      `mutation($id: Int!) { updateHelpRequest(id: $id, input: { status: CLOSED }) { id } }`,
      { id },
      admin,
    );
    expect(updated.errors).toHaveLength(1);
    const [row] = await rowsOf(t, 'select status::text from help_requests where id = $1', [id]);
    expect(row.status).toBe('open');
    expect(await h.count('help_request_history')).toBe(history);
    expect(await marks(id)).toEqual(['created']);
  });
});
