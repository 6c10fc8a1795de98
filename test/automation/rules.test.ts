import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { rowsOf } from '../helpdesk/support.js';
import { AUTOMATION_ENV, automation, Receiver } from './support.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof automation>>;
let alice: { id: string; auth: string };
let carol: { id: string; auth: string };
let receiver: Receiver;

const TRIGGER =
  'id name active position events conditions { all { field operator value } any { field operator value } } actions { type value webhookId }';
const CREATE = `mutation($input: CreateHelpTriggerInput!) { createHelpTrigger(input: $input) { ${TRIGGER} } }`;

beforeAll(async () => {
  t = await startTestApp(AUTOMATION_ENV);
  a = await automation(t);
  alice = await t.createUser('alice');
  carol = await t.createUser('carol', { role: 'admin' });
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver?.close();
  await t?.stop();
});

const refused = async (query: string, variables: Record<string, unknown>) => {
  const before = await rowsOf(
    t,
    'select (select count(*) from help_triggers) + (select count(*) from help_automations) + (select count(*) from help_macros) as n',
  );
  const res = await t.gql(query, variables, a.admin);
  const after = await rowsOf(
    t,
    'select (select count(*) from help_triggers) + (select count(*) from help_automations) + (select count(*) from help_macros) as n',
  );
  expect(after).toEqual(before); // nothing kept
  return res.errors?.[0];
};

describe('triggers', () => {
  it('are made with their conditions and actions normalised, at the end of the order', async () => {
    const first = await a.ok(CREATE, {
      input: {
        name: ' Route billing ',
        events: ['CREATED', 'UPDATED', 'CREATED'],
        conditions: {
          all: [{ field: 'CATEGORY', operator: 'IS', value: 'billing' }],
          any: [
            { field: 'CONTACT_DOMAIN', operator: 'IS', value: 'Example.com' },
            { field: 'TAGS', operator: 'CONTAINS', value: 'VIP' },
          ],
        },
        actions: [
          { type: 'ASSIGN', value: carol.id },
          { type: 'ADD_TAGS', value: 'Billing, vip' },
        ],
      },
    });
    expect(first.createHelpTrigger).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: 'Route billing',
      active: true,
      position: 1,
      events: ['CREATED', 'UPDATED'],
      conditions: {
        all: [{ field: 'CATEGORY', operator: 'IS', value: 'billing' }],
        any: [
          { field: 'CONTACT_DOMAIN', operator: 'IS', value: 'example.com' },
          { field: 'TAGS', operator: 'CONTAINS', value: 'vip' },
        ],
      },
      actions: [
        { type: 'ASSIGN', value: carol.id, webhookId: null },
        { type: 'ADD_TAGS', value: 'billing,vip', webhookId: null },
      ],
    });
    const second = await a.ok(CREATE, {
      input: { name: 'Second', events: ['REPLIED'], actions: [{ type: 'SET_STATUS', value: 'open' }], active: false },
    });
    expect(second.createHelpTrigger).toMatchObject({ position: 2, active: false, conditions: { all: [], any: [] } });
  });

  it.each([
    [
      { conditions: { all: [{ field: 'STATUS', operator: 'GREATER_THAN', value: '2' }] } },
      'conditions.all[0].operator',
    ],
    [{ conditions: { any: [{ field: 'PRIORITY', operator: 'IS', value: 'very high' }] } }, 'conditions.any[0].value'],
    [
      { conditions: { all: [{ field: 'HOURS_SINCE_CREATED', operator: 'LESS_THAN', value: 'a day' }] } },
      'conditions.all[0].value',
    ],
    [{ actions: [{ type: 'SET_STATUS', value: 'archived' }] }, 'actions[0].value'],
    [{ actions: [] }, 'actions'],
    [{ events: [] }, 'events'],
    [{ name: '  ' }, 'name'],
  ])('refuses %j with BAD_USER_INPUT naming %s', async (over, field) => {
    const input = { name: 'Bad', events: ['CREATED'], actions: [{ type: 'SET_PRIORITY', value: 'high' }], ...over };
    expect(await refused(CREATE, { input })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field } });
  });

  it('refuses an unknown field or operator before anything runs', async () => {
    const input = {
      name: 'Bad',
      events: ['CREATED'],
      conditions: { all: [{ field: 'MOOD', operator: 'IS' }] },
      actions: [],
    };
    const res = await t.gql(CREATE, { input }, a.admin);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/MOOD/);
  });

  it('refuses an ASSIGN to a user who is not an administrator, or to no one, naming the id', async () => {
    for (const id of [alice.id, 'f'.repeat(32)]) {
      const error = await refused(CREATE, {
        input: { name: 'Assign', events: ['CREATED'], actions: [{ type: 'ASSIGN', value: id }] },
      });
      expect(error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].value' } });
      expect(error?.message).toContain(id);
    }
  });

  it('refuses a SEND_WEBHOOK to a webhook that does not exist', async () => {
    const error = await refused(CREATE, {
      input: { name: 'Hook', events: ['CREATED'], actions: [{ type: 'SEND_WEBHOOK', webhookId: 'a'.repeat(32) }] },
    });
    expect(error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].webhookId' } });
  });

  it('refuses mail actions in a gateway without the mail module, saying why', async () => {
    // Another replica of this deployment, serving every module but mail.
    const mailless = await startTestApp(AUTOMATION_ENV, {
      replicaOf: t,
      modules: modules.filter((m) => m.name !== 'mail'),
    });
    try {
      const admin = await mailless.login('admin', ADMIN_PASSWORD);
      for (const type of ['MAIL_CONTACT', 'MAIL_AGENTS']) {
        const res = await mailless.gql(
          CREATE,
          {
            input: { name: 'Mail', events: ['CREATED'], actions: [{ type, value: 'acknowledgement' }] },
          },
          admin,
        );
        const error = res.errors?.[0];
        expect(error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].type' } });
        expect(error?.message).toMatch(/mail module, which this gateway does not run/);
      }
      expect(await rowsOf(t, 'select count(*)::int as n from help_triggers where name = $1', ['Mail'])).toEqual([
        { n: 0 },
      ]);
    } finally {
      await mailless.stop();
    }
  });

  it('refuses a mail action naming a template that does not exist, naming it', async () => {
    const error = await refused(CREATE, {
      input: { name: 'Mail', events: ['CREATED'], actions: [{ type: 'MAIL_CONTACT', value: 'no-such-template' }] },
    });
    expect(error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].value' } });
    expect(error?.message).toContain('no-such-template');
  });

  it('change only the fields given, with the same checks', async () => {
    const id = await a.createTrigger({
      name: 'Edit me',
      events: ['CREATED'],
      actions: [{ type: 'SET_PRIORITY', value: 'low' }],
    });
    const UPDATE = `mutation($id: ID!, $input: UpdateHelpTriggerInput!) { updateHelpTrigger(id: $id, input: $input) { ${TRIGGER} } }`;
    const updated = await a.ok(UPDATE, { id, input: { active: false, events: ['STATUS_CHANGED'] } });
    expect(updated.updateHelpTrigger).toMatchObject({ name: 'Edit me', active: false, events: ['STATUS_CHANGED'] });
    const bad = await t.gql(UPDATE, { id, input: { actions: [{ type: 'ASSIGN', value: alice.id }] } }, a.admin);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'actions[0].value' });
    const nothing = await t.gql(UPDATE, { id, input: {} }, a.admin);
    expect(nothing.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await t.gql(UPDATE, { id: 'e'.repeat(32), input: { active: true } }, a.admin);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('are reordered by every id once, and deleted', async () => {
    const { helpTriggers } = await a.ok<{ helpTriggers: Array<{ id: string }> }>('{ helpTriggers { id } }');
    const ids = helpTriggers.map((tr) => tr.id).reverse();
    const reordered = await a.ok('mutation($ids: [ID!]!) { reorderHelpTriggers(ids: $ids) { id position } }', { ids });
    expect(reordered.reorderHelpTriggers.map((tr: { id: string }) => tr.id)).toEqual(ids);
    expect(reordered.reorderHelpTriggers.map((tr: { position: number }) => tr.position)).toEqual(
      ids.map((_, i) => i + 1),
    );
    const partial = await t.gql(
      'mutation($ids: [ID!]!) { reorderHelpTriggers(ids: $ids) { id } }',
      { ids: ids.slice(1) },
      a.admin,
    );
    expect(partial.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
    const twice = await t.gql(
      'mutation($ids: [ID!]!) { reorderHelpTriggers(ids: $ids) { id } }',
      { ids: [...ids, ids[0]] },
      a.admin,
    );
    expect(twice.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
    expect(await a.ok('mutation($id: ID!) { deleteHelpTrigger(id: $id) }', { id: ids[0] })).toEqual({
      deleteHelpTrigger: true,
    });
    const gone = await t.gql('mutation($id: ID!) { deleteHelpTrigger(id: $id) }', { id: ids[0] }, a.admin);
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const audited = await rowsOf(t, "select action from audit_events where target_type = 'help_trigger' order by id");
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['help_trigger.create', 'help_trigger.update', 'help_trigger.delete']),
    );
  });
});

describe('automations', () => {
  const CREATE_AUTOMATION =
    'mutation($input: CreateHelpAutomationInput!) { createHelpAutomation(input: $input) { id name position conditions { all { field operator value } } actions { type value } } }';

  it('are made with conditions over time, and refuse conditions on a change or none at all', async () => {
    const made = await a.ok(CREATE_AUTOMATION, {
      input: {
        name: 'Close resolved after three days',
        conditions: {
          all: [
            { field: 'STATUS', operator: 'IS', value: 'resolved' },
            { field: 'HOURS_SINCE_RESOLVED', operator: 'GREATER_THAN', value: '72' },
          ],
        },
        actions: [{ type: 'SET_STATUS', value: 'closed' }],
      },
    });
    expect(made.createHelpAutomation).toMatchObject({
      position: 1,
      actions: [{ type: 'SET_STATUS', value: 'closed' }],
    });
    const changed = await refused(CREATE_AUTOMATION, {
      input: {
        name: 'x',
        conditions: { all: [{ field: 'STATUS', operator: 'CHANGED' }] },
        actions: [{ type: 'SET_STATUS', value: 'closed' }],
      },
    });
    expect(changed).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'conditions' } });
    const none = await refused(CREATE_AUTOMATION, {
      input: { name: 'x', conditions: {}, actions: [{ type: 'SET_STATUS', value: 'closed' }] },
    });
    expect(none).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'conditions' } });
    const { helpAutomations } = await a.ok('{ helpAutomations { id name active } }');
    expect(helpAutomations).toEqual([
      { id: made.createHelpAutomation.id, name: 'Close resolved after three days', active: true },
    ]);
    const UPDATE =
      'mutation($id: ID!, $input: UpdateHelpAutomationInput!) { updateHelpAutomation(id: $id, input: $input) { active } }';
    expect(await a.ok(UPDATE, { id: made.createHelpAutomation.id, input: { active: false } })).toEqual({
      updateHelpAutomation: { active: false },
    });
    expect(
      await a.ok('mutation($id: ID!) { deleteHelpAutomation(id: $id) }', { id: made.createHelpAutomation.id }),
    ).toEqual({ deleteHelpAutomation: true });
  });
});

describe('macros', () => {
  it('are named action lists, listed by name, checked as rules are', async () => {
    const CREATE_MACRO =
      'mutation($input: HelpMacroInput!) { createHelpMacro(input: $input) { id name actions { type value } } }';
    const made = await a.ok(CREATE_MACRO, {
      input: {
        name: 'Escalate',
        actions: [
          { type: 'SET_PRIORITY', value: 'urgent' },
          { type: 'ADD_INTERNAL_NOTE', value: 'Escalated.' },
        ],
      },
    });
    await a.ok(CREATE_MACRO, {
      input: { name: 'acknowledge', actions: [{ type: 'SET_STATUS', value: 'in_progress' }] },
    });
    const { helpMacros } = await a.ok('{ helpMacros { name } }');
    expect(helpMacros.map((m: { name: string }) => m.name)).toEqual(['acknowledge', 'Escalate']);
    const bad = await refused(CREATE_MACRO, { input: { name: 'x', actions: [{ type: 'ASSIGN', value: alice.id }] } });
    expect(bad).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'actions[0].value' } });
    const UPDATE =
      'mutation($id: ID!, $input: HelpMacroInput!) { updateHelpMacro(id: $id, input: $input) { name actions { type } } }';
    expect(
      await a.ok(UPDATE, {
        id: made.createHelpMacro.id,
        input: { name: 'Escalate now', actions: [{ type: 'SET_PRIORITY', value: 'high' }] },
      }),
    ).toEqual({
      updateHelpMacro: { name: 'Escalate now', actions: [{ type: 'SET_PRIORITY' }] },
    });
    expect(await a.ok('mutation($id: ID!) { deleteHelpMacro(id: $id) }', { id: made.createHelpMacro.id })).toEqual({
      deleteHelpMacro: true,
    });
  });
});

describe('who may', () => {
  it.each([
    ['{ helpTriggers { id } }', {}],
    ['{ helpAutomations { id } }', {}],
    ['{ helpMacros { id } }', {}],
    ['{ helpWebhooks { id } }', {}],
    [
      'mutation { createHelpTrigger(input: { name: "x", events: [CREATED], actions: [{ type: SET_STATUS, value: "open" }] }) { id } }',
      {},
    ],
    ['mutation { reorderHelpTriggers(ids: []) { id } }', {}],
    ['mutation { createHelpMacro(input: { name: "x", actions: [{ type: SET_STATUS, value: "open" }] }) { id } }', {}],
    ['mutation { applyHelpMacro(requestId: 1, macroId: "x") { id } }', {}],
  ])('%s is an administrator’s alone', async (query, variables) => {
    expect((await t.gql(query, variables)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(query, variables, alice.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const key = await t.request('/graphql', {
      method: 'POST',
      json: { query, variables },
      headers: { 'x-api-key': 'testkey0123456789abcdef0', 'x-api-secret': 'test-secret-0123456789-abcdefghijklmnop' },
    });
    expect(key.body.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });
});
