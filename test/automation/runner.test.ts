import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HelpRequest } from '../../src/helpdesk/help-request.entity.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { rowsOf } from '../helpdesk/support.js';
import { AUTOMATION_ENV, automation, Receiver } from './support.js';

const HOUR = 3_600_000;
let offset = 0;
let t: TestApp;
let a: Awaited<ReturnType<typeof automation>>;
let alice: { id: string; auth: string };
let carol: { id: string; auth: string };
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp(AUTOMATION_ENV, { now: () => new Date(Date.now() + offset) });
  a = await automation(t);
  alice = await t.createUser('alice');
  carol = await t.createUser('carol', { role: 'admin' });
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver?.close();
  await t?.stop();
});
afterEach(async () => {
  offset = 0;
  await rowsOf(t, 'delete from help_triggers; delete from help_automations; delete from help_macros');
  await a.deleteWebhooks();
  // A rule that cannot apply is the rule's, never the change's: nothing reaches the error log.
  expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
});

const firings = (requestId: number) =>
  rowsOf(t, 'select rule_name, outcome, reason from help_rule_firings where request_id = $1 order by id', [requestId]);
const history = (requestId: number) =>
  rowsOf(
    t,
    'select action, field, old_value, new_value, actor_id, by_rule from help_request_history where request_id = $1 order by id',
    [requestId],
  );

describe('triggers after a change', () => {
  it('run in its transaction and are in the request’s history, the trigger its actor', async () => {
    const id = await a.createTrigger({
      name: 'Route billing',
      events: ['CREATED'],
      conditions: { all: [{ field: 'CATEGORY', operator: 'IS', value: 'billing' }] },
      actions: [
        { type: 'ASSIGN', value: carol.id },
        { type: 'ADD_TAGS', value: 'billing' },
        { type: 'ADD_INTERNAL_NOTE', value: 'Routed to billing.' },
      ],
    });
    const billing = await a.file(alice.auth, { category: 'BILLING' });
    const other = await a.file(alice.auth, { category: 'TECHNICAL' });
    expect(await a.request(billing)).toMatchObject({ assignedToId: carol.id, tags: ['billing'] });
    expect((await a.request(billing)).responses).toEqual([{ response: 'Routed to billing.', isPublic: false }]);
    expect(await a.request(other)).toMatchObject({ assignedToId: null, tags: [] });
    const entries = await history(billing);
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'assigned', new_value: carol.id, actor_id: null, by_rule: `trigger:${id}` }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        field: 'trigger',
        new_value: 'Route billing',
        actor_id: null,
        by_rule: `trigger:${id}`,
      }),
    );
    expect(await firings(billing)).toEqual([{ rule_name: 'Route billing', outcome: 'fired', reason: null }]);
    expect(await firings(other)).toEqual([]);
  });

  it('run in position order, each once, later ones seeing what earlier ones changed', async () => {
    const urgent = await a.createTrigger({
      name: 'Outage is urgent',
      events: ['CREATED'],
      conditions: { all: [{ field: 'TITLE', operator: 'CONTAINS', value: 'outage' }] },
      actions: [{ type: 'SET_PRIORITY', value: 'urgent' }],
    });
    const tag = await a.createTrigger({
      name: 'Tag urgent',
      events: ['CREATED'],
      conditions: { all: [{ field: 'PRIORITY', operator: 'IS', value: 'urgent' }] },
      actions: [{ type: 'ADD_TAGS', value: 'escalated' }],
    });
    const first = await a.file(alice.auth, { title: 'Outage in Lyon' });
    expect(await a.request(first)).toMatchObject({ priority: 'URGENT', tags: ['escalated'] });
    await a.ok('mutation($ids: [ID!]!) { reorderHelpTriggers(ids: $ids) { id } }', { ids: [tag, urgent] });
    const second = await a.file(alice.auth, { title: 'Outage in Nantes' });
    expect(await a.request(second)).toMatchObject({ priority: 'URGENT', tags: [] });
  });

  it('that undo each other end: one pass per change', async () => {
    await a.createTrigger({
      name: 'Hold',
      events: ['UPDATED'],
      conditions: { all: [{ field: 'STATUS', operator: 'CHANGED_TO', value: 'in_progress' }] },
      actions: [{ type: 'SET_STATUS', value: 'on_hold' }],
    });
    await a.createTrigger({
      name: 'Resume',
      events: ['UPDATED'],
      conditions: { all: [{ field: 'STATUS', operator: 'CHANGED_TO', value: 'on_hold' }] },
      actions: [{ type: 'SET_STATUS', value: 'in_progress' }],
    });
    const id = await a.file(alice.auth);
    expect(await a.update(id, { status: 'IN_PROGRESS' })).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await firings(id)).map((f) => f.rule_name)).toEqual(['Hold', 'Resume']);
    const statuses = (await history(id)).filter((h) => h.field === 'status').map((h) => h.new_value);
    expect(statuses).toEqual(['in_progress', 'on_hold', 'in_progress']);
  });

  it('skip and record one that cannot apply any more, and the change goes through', async () => {
    const dora = await t.createUser('dora', { role: 'admin' });
    await a.createTrigger({ name: 'To Dora', events: ['CREATED'], actions: [{ type: 'ASSIGN', value: dora.id }] });
    await a.createTrigger({ name: 'Tag all', events: ['CREATED'], actions: [{ type: 'ADD_TAGS', value: 'seen' }] });
    await a.ok('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id: dora.id });
    const id = await a.file(alice.auth);
    expect(await a.request(id)).toMatchObject({ assignedToId: null, tags: ['seen'] });
    expect(await firings(id)).toEqual([
      { rule_name: 'To Dora', outcome: 'skipped', reason: `its assignee ${dora.id} is no longer an administrator` },
      { rule_name: 'Tag all', outcome: 'fired', reason: null },
    ]);
  });

  it('do not run when inactive, nor on events they do not list', async () => {
    await a.createTrigger({
      name: 'Off',
      events: ['CREATED'],
      active: false,
      actions: [{ type: 'ADD_TAGS', value: 'off' }],
    });
    await a.createTrigger({
      name: 'On updates',
      events: ['UPDATED'],
      actions: [{ type: 'ADD_TAGS', value: 'updated' }],
    });
    const id = await a.file(alice.auth);
    expect((await a.request(id)).tags).toEqual([]);
    await a.update(id, { priority: 'LOW' });
    expect((await a.request(id)).tags).toEqual(['updated']);
  });

  it.each([
    ['ASSIGNED', (): Record<string, unknown> => ({ assignedToId: carol.id })],
    ['STATUS_CHANGED', (): Record<string, unknown> => ({ status: 'ON_HOLD' })],
  ])('hear %s when the change makes it', async (event, input) => {
    await a.createTrigger({
      name: event,
      events: [event],
      actions: [{ type: 'ADD_TAGS', value: event.toLowerCase() }],
    });
    const id = await a.file(alice.auth);
    await a.update(id, { priority: 'HIGH' });
    expect((await a.request(id)).tags).toEqual([]);
    await a.update(id, input());
    expect((await a.request(id)).tags).toEqual([event.toLowerCase()]);
  });

  it('hear RESPONDED, REPLIED and SLA_BREACHED', async () => {
    for (const event of ['RESPONDED', 'REPLIED', 'SLA_BREACHED'])
      await a.createTrigger({
        name: event,
        events: [event],
        actions: [{ type: 'ADD_TAGS', value: event.toLowerCase() }],
      });
    const id = await a.file(alice.auth);
    await a.ok('mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "On it" }) { id } }', { id });
    expect((await a.request(id)).tags).toEqual(['responded']);
    // A requester's reply, as the conversations work reports one through the change hooks.
    await t.app.orm.em.fork().transactional(async (em) => {
      const request = await em.findOneOrFail(HelpRequest, { id });
      await t.app.services.helpdesk.changeHooks.run({
        em,
        kind: 'replied',
        request,
        changes: [],
        actor: null,
        message: { id: 1, public: true, authorRole: 'REQUESTER' },
        at: new Date(),
      });
    });
    expect((await a.request(id)).tags).toEqual(['responded', 'replied']);
    const other = await a.file(alice.auth);
    offset = 90 * 24 * HOUR;
    await t.app.services.helpdesk.slaMonitor.check();
    expect((await a.request(other)).tags).toContain('sla_breached');
  });

  it('send to a webhook that lists no event through SEND_WEBHOOK only, signed', async () => {
    const { webhook, secret } = await a.createWebhook(receiver.url, []);
    receiver.secret = secret;
    await a.createTrigger({
      name: 'Tell chat about VIPs',
      events: ['CREATED'],
      conditions: { all: [{ field: 'CONTACT_DOMAIN', operator: 'IS', value: 'vip.example' }] },
      actions: [{ type: 'SEND_WEBHOOK', webhookId: webhook.id }],
    });
    const before = receiver.received.length;
    await a.file(alice.auth, { contactEmail: 'someone@other.example' });
    const id = await a.file(alice.auth, { contactEmail: 'boss@vip.example' });
    await receiver.waitFor(before + 1);
    await t.app.services.automation.deliveries.drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].refused).toBeUndefined();
    expect(got[0].payload).toMatchObject({ type: 'help_request.created', data: { request: { id } } });
  });

  it('skip a SEND_WEBHOOK whose webhook was deleted since', async () => {
    const { webhook } = await a.createWebhook(receiver.url, []);
    await a.createTrigger({
      name: 'Hook',
      events: ['CREATED'],
      actions: [{ type: 'SEND_WEBHOOK', webhookId: webhook.id }],
    });
    await a.deleteWebhooks();
    const id = await a.file(alice.auth);
    expect(await firings(id)).toEqual([
      { rule_name: 'Hook', outcome: 'skipped', reason: 'its webhook was deleted or turned off' },
    ]);
  });
});

describe('macros', () => {
  const APPLY =
    'mutation($r: Int!, $m: ID!) { applyHelpMacro(requestId: $r, macroId: $m) { id status priority tags } }';

  it('apply their actions to one request as the administrator’s change, which triggers then hear', async () => {
    const { createHelpMacro } = await a.ok(
      'mutation($input: HelpMacroInput!) { createHelpMacro(input: $input) { id } }',
      {
        input: {
          name: 'Escalate',
          actions: [
            { type: 'SET_PRIORITY', value: 'urgent' },
            { type: 'SET_STATUS', value: 'in_progress' },
            { type: 'ADD_INTERNAL_NOTE', value: 'Escalated by hand.' },
          ],
        },
      },
    );
    await a.createTrigger({
      name: 'Urgent is tagged',
      events: ['UPDATED'],
      conditions: { all: [{ field: 'PRIORITY', operator: 'CHANGED_TO', value: 'urgent' }] },
      actions: [{ type: 'ADD_TAGS', value: 'escalated' }],
    });
    const id = await a.file(alice.auth);
    const applied = await a.ok(APPLY, { r: id, m: createHelpMacro.id });
    expect(applied.applyHelpMacro).toEqual({ id, status: 'IN_PROGRESS', priority: 'URGENT', tags: ['escalated'] });
    expect((await a.request(id)).responses).toEqual([{ response: 'Escalated by hand.', isPublic: false }]);
    const admin = await rowsOf(t, "select id from users where username = 'admin'");
    expect(await history(id)).toContainEqual(
      expect.objectContaining({ field: 'priority', actor_id: admin[0].id, by_rule: null }),
    );

    const missing = await t.gql(APPLY, { r: id, m: 'c'.repeat(32) }, a.admin);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const noRequest = await t.gql(APPLY, { r: 999_999, m: createHelpMacro.id }, a.admin);
    expect(noRequest.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuse, changing nothing, when an action cannot apply any more', async () => {
    const erin = await t.createUser('erin', { role: 'admin' });
    const { createHelpMacro } = await a.ok(
      'mutation($input: HelpMacroInput!) { createHelpMacro(input: $input) { id } }',
      {
        input: {
          name: 'To Erin',
          actions: [
            { type: 'SET_PRIORITY', value: 'low' },
            { type: 'ASSIGN', value: erin.id },
          ],
        },
      },
    );
    await a.ok('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id: erin.id });
    const id = await a.file(alice.auth);
    const res = await t.gql(APPLY, { r: id, m: createHelpMacro.id }, a.admin);
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(res.errors?.[0]?.message).toContain(erin.id);
    expect(await a.request(id)).toMatchObject({ priority: 'MEDIUM', assignedToId: null });
  });
});

describe('automations on a timer', () => {
  const CREATE = 'mutation($input: CreateHelpAutomationInput!) { createHelpAutomation(input: $input) { id } }';
  const run = () => t.app.services.automation.runner.runAutomations(() => t.app.orm.em.fork());

  it('close requests that stayed resolved for three days', async () => {
    await a.ok(CREATE, {
      input: {
        name: 'Close after three days',
        conditions: {
          all: [
            { field: 'STATUS', operator: 'IS', value: 'resolved' },
            { field: 'HOURS_SINCE_RESOLVED', operator: 'GREATER_THAN', value: '72' },
          ],
        },
        actions: [{ type: 'SET_STATUS', value: 'closed' }],
      },
    });
    const id = await a.file(alice.auth);
    await a.update(id, { status: 'RESOLVED' });
    await run();
    expect((await a.request(id)).status).toBe('RESOLVED');
    offset = 73 * HOUR;
    expect(await run()).toBe(1);
    expect((await a.request(id)).status).toBe('CLOSED');
    expect(await history(id)).toContainEqual(
      expect.objectContaining({ field: 'automation', new_value: 'Close after three days' }),
    );
  });

  it('fire once per request while their conditions hold, and again only after they stopped holding', async () => {
    await a.ok(CREATE, {
      input: {
        name: 'Remind about urgent',
        conditions: { all: [{ field: 'PRIORITY', operator: 'IS', value: 'urgent' }] },
        actions: [{ type: 'ADD_INTERNAL_NOTE', value: 'Still urgent.' }],
      },
    });
    const id = await a.file(alice.auth, { priority: 'URGENT' });
    await run();
    await run();
    expect((await a.request(id)).responses).toHaveLength(1);
    await a.update(id, { priority: 'LOW' });
    await run();
    await a.update(id, { priority: 'URGENT' });
    await run();
    await run();
    expect((await a.request(id)).responses).toHaveLength(2);
  });

  it('fire exactly once across two replicas looking at the same moment', async () => {
    const replica = await startTestApp(AUTOMATION_ENV, { replicaOf: t });
    try {
      await a.ok(CREATE, {
        input: {
          name: 'Note high',
          conditions: { all: [{ field: 'PRIORITY', operator: 'IS', value: 'high' }] },
          actions: [{ type: 'ADD_INTERNAL_NOTE', value: 'High.' }],
        },
      });
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push(await a.file(alice.auth, { priority: 'HIGH' }));
      // The replica's own first look, at its start, may have fired some already: it ends before the two below.
      await replica.app.services.automation.runner.stop();
      const [{ n: before }] = await rowsOf(
        t,
        "select count(*)::int as n from help_automation_firings f join help_automations a on a.id = f.automation_id where a.name = 'Note high'",
      );
      const [mine, theirs] = await Promise.all([
        run(),
        replica.app.services.automation.runner.runAutomations(() => replica.app.orm.em.fork()),
      ]);
      const [{ n }] = await rowsOf(
        t,
        "select count(*)::int as n from help_requests where priority = 'high' and status <> 'closed'",
      );
      expect(before + mine + theirs).toBe(n);
      for (const id of ids) expect((await a.request(id)).responses).toHaveLength(1);
      const twice = await rowsOf(
        t,
        "select request_id from help_rule_firings where rule_name = 'Note high' group by request_id, rule_id having count(*) > 1",
      );
      expect(twice).toEqual([]);
    } finally {
      await replica.stop();
    }
  });
});
