import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../helpers/app.js';
import { API_KEY_HEADER, KEY_BODY, registryEntry } from '../users/fixtures.js';
import type { AuditEventRow } from '../../src/audit/trail.js';

/**
 * The audit trail: every privileged change writes exactly one event, in its own transaction, through every door
 * that makes it (GraphQL, and the legacy REST route where there is one), and never a secret.
 */

let t: TestApp;
let admin: string;
let adminId: string;
let db: pg.Client;

/** Passwords and secrets this suite sends: none may ever appear in the trail. */
const NEW_PASSWORD = 'N3w-Secret!pass';
const REST_PASSWORD = 'R3st-Secret!pass';
const SECRETS = [ADMIN_PASSWORD, DEFAULT_PASSWORD, NEW_PASSWORD, REST_PASSWORD, API_KEY_SECRET];

const allEvents = async () =>
  (await db.query<AuditEventRow>('select * from audit_events order by occurred_at, id')).rows;

/** Runs a change and returns the events it wrote, with the request id its response carried. */
async function eventsOf(
  change: () => Promise<string | undefined>,
): Promise<{ rows: AuditEventRow[]; requestId: string | undefined }> {
  const before = new Set((await allEvents()).map((row) => row.id));
  const requestId = await change();
  return { rows: (await allEvents()).filter((row) => !before.has(row.id)), requestId };
}

/** A GraphQL call that must succeed; returns its data and its response's request id. */
async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  auth = admin,
): Promise<{ data: any; requestId: string }> {
  const res = await t.request('/graphql', {
    method: 'POST',
    json: { query, variables },
    headers: { authorization: auth },
  });
  expect(res.body.errors, query).toBeUndefined();
  return { data: res.body.data, requestId: res.headers.get('x-request-id')! };
}

/** A legacy REST call that must succeed; returns its body and its response's request id. */
async function rest(
  method: string,
  path: string,
  json: unknown,
  auth?: string,
): Promise<{ body: any; requestId: string }> {
  const res = await t.request(path, { method, json, headers: auth ? { authorization: auth } : {} });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return { body: res.body, requestId: res.headers.get('x-request-id')! };
}

const publicApi = (route: string, body: Record<string, unknown>) =>
  rest('POST', `/api/public/${route}`, { ...KEY_BODY, ...body });

let serial = 0;
/** A fresh user for one change, made through GraphQL (its own events are not the change under test). */
async function someone(role: 'user' | 'admin' = 'user'): Promise<{ id: string; username: string }> {
  const username = `person${++serial}`;
  const { data } = await gql('mutation($input: CreateUserInput!) { createUser(input: $input) { id username } }', {
    input: { username, password: DEFAULT_PASSWORD, role: role.toUpperCase() },
  });
  return data.createUser;
}

async function someGroup(): Promise<{ id: string; name: string }> {
  const { data } = await gql('mutation($name: String!) { createGroup(input: { name: $name }) { id name } }', {
    name: `Group ${++serial}`,
  });
  return data.createGroup;
}

async function someWorkspace(): Promise<string> {
  const name = `kasmweb/app${++serial}:1.16.0`;
  const { data } = await gql('mutation($entries: JSON!) { importWorkspaceRegistry(entries: $entries) { id } }', {
    entries: [registryEntry({ name })],
  });
  const installed = await gql('mutation($id: ID!) { installWorkspace(entryId: $id) { id } }', {
    id: data.importWorkspaceRegistry[0].id,
  });
  return installed.data.installWorkspace.id;
}

async function someHelpRequest(): Promise<number> {
  const { data } = await gql(
    'mutation { createHelpRequest(input: { title: "Printer on fire", description: "Smoke" }) { id } }',
  );
  return data.createHelpRequest.id;
}

async function someFaq(): Promise<number> {
  const { data } = await gql('mutation { createFaq(input: { question: "How?", answer: "Like so." }) { id } }');
  return data.createFaq.id;
}

const ADMIN_ACTOR = () => ({ actor_type: 'user', actor_id: adminId, actor_name: 'admin' });
const KEY_ACTOR = { actor_type: 'api_key', actor_id: API_KEY, actor_name: 'bootstrap' };

interface Door {
  /** Makes the change and returns the request id its response carried, and what the event must name. */
  run: () => Promise<{ requestId?: string; target: { type: string; id: string | number | null } }>;
  actor: () => Partial<AuditEventRow>;
}

interface Case {
  action: string;
  /** The fields the event's changes name, the same through either door. */
  fields: string[];
  graphql: Door;
  rest?: Door;
}

const asAdmin = { actor: ADMIN_ACTOR };
const asKey = { actor: () => KEY_ACTOR };

const CASES: Case[] = [
  {
    action: 'user.create',
    fields: ['username', 'firstName', 'lastName', 'organization', 'phone', 'role', 'locked', 'disabled'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data, requestId } = await gql(
          'mutation { createUser(input: { username: "gq-made", password: "N3w-Secret!pass" }) { id } }',
        );
        return { requestId, target: { type: 'user', id: data.createUser.id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { body, requestId } = await publicApi('create_user', {
          target_user: { username: 'rest-made', password: REST_PASSWORD },
        });
        return { requestId, target: { type: 'user', id: body.user.user_id } };
      },
    },
  },
  {
    action: 'user.update',
    fields: ['firstName'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Ada" }) { id } }',
          { id },
        );
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await publicApi('update_user', { target_user: { user_id: id, first_name: 'Ada' } });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.lock',
    fields: ['locked'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }', {
          id,
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await publicApi('update_user', { target_user: { user_id: id, locked: true } });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.unlock',
    fields: ['locked'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        await gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }', { id });
        const { requestId } = await gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: false }) { id } }', {
          id,
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        await gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }', { id });
        const { requestId } = await publicApi('update_user', { target_user: { user_id: id, locked: false } });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.password_set',
    fields: ['password'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone('admin');
        const { requestId } = await gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { password: "N3w-Secret!pass" }) { id } }',
          { id },
        );
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        // Another administrator's password, set by a key: the very change the trail must answer for.
        const { id } = await someone('admin');
        const { requestId } = await publicApi('update_user_password', {
          target_user: { user_id: id, password: REST_PASSWORD },
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.role_change',
    fields: ['role'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql('mutation($id: ID!) { updateUser(id: $id, input: { role: ADMIN }) { id } }', {
          id,
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.attributes_update',
    fields: ['theme', 'showTips'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql(
          'mutation($id: ID!) { updateUserAttributes(userId: $id, input: { theme: DARK, showTips: false }) { theme } }',
          { id },
        );
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await publicApi('update_user_attributes', {
          target_user_attributes: { user_id: id, theme: 'Dark', show_tips: false },
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.logout',
    fields: [],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql('mutation($id: ID!) { logoutUser(id: $id) { id } }', { id });
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await publicApi('logout_user', { target_user: { user_id: id } });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.group_add',
    fields: ['group'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const [{ id }, group] = [await someone(), await someGroup()];
        const { requestId } = await gql(
          'mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }',
          { u: id, g: group.id },
        );
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const [{ id }, group] = [await someone(), await someGroup()];
        const { requestId } = await publicApi('add_user_group', {
          target_user: { user_id: id },
          target_group: { group_id: group.id },
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.group_remove',
    fields: ['group'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const [{ id }, group] = [await someone(), await someGroup()];
        await gql('mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }', {
          u: id,
          g: group.id,
        });
        const { requestId } = await gql(
          'mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }',
          { u: id, g: group.id },
        );
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const [{ id }, group] = [await someone(), await someGroup()];
        await gql('mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }', {
          u: id,
          g: group.id,
        });
        const { requestId } = await publicApi('remove_user_group', {
          target_user: { user_id: id },
          target_group: { group_id: group.id },
        });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'user.delete',
    fields: ['username', 'firstName', 'lastName', 'organization', 'phone', 'role', 'locked', 'disabled'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await gql('mutation($id: ID!) { deleteUser(id: $id) }', { id });
        return { requestId, target: { type: 'user', id } };
      },
    },
    rest: {
      ...asKey,
      run: async () => {
        const { id } = await someone();
        const { requestId } = await publicApi('delete_user', { target_user: { user_id: id } });
        return { requestId, target: { type: 'user', id } };
      },
    },
  },
  {
    action: 'group.create',
    fields: ['name', 'description'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data, requestId } = await gql(
          'mutation { createGroup(input: { name: "Night shift", description: "After hours" }) { id } }',
        );
        return { requestId, target: { type: 'group', id: data.createGroup.id } };
      },
    },
  },
  {
    action: 'group.update',
    fields: ['description'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const group = await someGroup();
        const { requestId } = await gql(
          'mutation($id: ID!) { updateGroup(id: $id, input: { description: "Renamed" }) { id } }',
          { id: group.id },
        );
        return { requestId, target: { type: 'group', id: group.id } };
      },
    },
  },
  {
    action: 'group.delete',
    fields: ['name', 'description'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const group = await someGroup();
        const { requestId } = await gql('mutation($id: ID!) { deleteGroup(id: $id) }', { id: group.id });
        return { requestId, target: { type: 'group', id: group.id } };
      },
    },
  },
  {
    action: 'group.workspaces_set',
    fields: ['allowedWorkspaces'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const [group, workspace] = [await someGroup(), await someWorkspace()];
        const { requestId } = await gql(
          'mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { id } }',
          {
            g: group.id,
            w: [workspace],
          },
        );
        return { requestId, target: { type: 'group', id: group.id } };
      },
    },
  },
  {
    action: 'registry.import',
    fields: ['added', 'updated'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { requestId } = await gql(
          'mutation($entries: JSON!) { importWorkspaceRegistry(entries: $entries) { id } }',
          {
            entries: [registryEntry({ name: 'kasmweb/imported:1.16.0' })],
          },
        );
        return { requestId, target: { type: 'registry', id: null } };
      },
    },
  },
  {
    action: 'workspace.install',
    fields: [],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data } = await gql('mutation($entries: JSON!) { importWorkspaceRegistry(entries: $entries) { id } }', {
          entries: [registryEntry({ name: 'kasmweb/installed:1.16.0' })],
        });
        const installed = await gql('mutation($id: ID!) { installWorkspace(entryId: $id) { id } }', {
          id: data.importWorkspaceRegistry[0].id,
        });
        return {
          requestId: installed.requestId,
          target: { type: 'workspace', id: installed.data.installWorkspace.id },
        };
      },
    },
  },
  {
    action: 'workspace.uninstall',
    fields: [],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someWorkspace();
        const { requestId } = await gql('mutation($id: ID!) { uninstallWorkspace(id: $id) }', { id });
        return { requestId, target: { type: 'workspace', id } };
      },
    },
  },
  {
    action: 'settings.update',
    fields: ['agentCpuCores', 'agentMemoryBytes'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { requestId } = await gql(
          'mutation { updateWorkspaceSettings(input: { agentCpuCores: 8, agentMemoryBytes: "8589934592" }) { agentCpuCores } }',
        );
        return { requestId, target: { type: 'settings', id: '1' } };
      },
    },
  },
  {
    action: 'file_mapping.add',
    fields: ['name', 'description', 'destinationPath', 'executable'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data, requestId } = await gql(
          'mutation { addFileMapping(input: { name: "rc", destinationPath: "/home/kasm/.bashrc" }) { id } }',
        );
        return { requestId, target: { type: 'file_mapping', id: data.addFileMapping.id } };
      },
    },
  },
  {
    action: 'file_mapping.update',
    fields: ['executable'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data } = await gql(
          'mutation { addFileMapping(input: { name: "run", destinationPath: "/usr/local/bin/run" }) { id } }',
        );
        const { requestId } = await gql(
          'mutation($id: ID!) { updateFileMapping(id: $id, input: { executable: true }) { id } }',
          { id: data.addFileMapping.id },
        );
        return { requestId, target: { type: 'file_mapping', id: data.addFileMapping.id } };
      },
    },
  },
  {
    action: 'file_mapping.remove',
    fields: ['name', 'description', 'destinationPath', 'executable'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data } = await gql(
          'mutation { addFileMapping(input: { name: "old", destinationPath: "/tmp/old" }) { id } }',
        );
        const { requestId } = await gql('mutation($id: ID!) { removeFileMapping(id: $id) }', {
          id: data.addFileMapping.id,
        });
        return { requestId, target: { type: 'file_mapping', id: data.addFileMapping.id } };
      },
    },
  },
  {
    action: 'help_request.status_change',
    fields: ['status'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await gql(
          'mutation($id: Int!) { updateHelpRequest(id: $id, input: { status: IN_PROGRESS }) { id } }',
          { id },
        );
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await rest('PUT', `/api/help/requests/${id}/status`, { status: 'resolved' }, admin);
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
  },
  {
    action: 'help_request.delete',
    fields: ['title', 'category', 'status', 'priority', 'requesterId', 'createdAt'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id });
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
  },
  {
    action: 'help_sla_policy.update',
    fields: ['firstResponseMinutes'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { requestId } = await gql(
          'mutation { updateHelpSlaPolicy(priority: LOW, input: { firstResponseMinutes: 4000 }) { priority } }',
        );
        return { requestId, target: { type: 'help_sla_policy', id: 'low' } };
      },
    },
  },
  {
    // A response that sets a status is a status change too, through either door.
    action: 'help_request.status_change',
    fields: ['status'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await gql(
          'mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "On it", newStatus: ON_HOLD }) { id } }',
          { id },
        );
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await rest(
          'POST',
          `/api/help/requests/${id}/response`,
          { response: 'Done', new_status: 'resolved' },
          admin,
        );
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
  },
  {
    action: 'help_request.assign',
    fields: ['assigned_to_id'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await gql(
          'mutation($id: Int!, $a: ID) { updateHelpRequest(id: $id, input: { assignedToId: $a }) { id } }',
          { id, a: adminId },
        );
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const id = await someHelpRequest();
        const { requestId } = await rest('PUT', `/api/help/requests/${id}`, { assigned_to_id: adminId }, admin);
        return { requestId, target: { type: 'help_request', id: String(id) } };
      },
    },
  },
  {
    action: 'faq.create',
    fields: ['question', 'answer', 'category', 'tags', 'displayOrder', 'isActive'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const { data, requestId } = await gql(
          'mutation { createFaq(input: { question: "Why?", answer: "Because." }) { id } }',
        );
        return { requestId, target: { type: 'faq', id: String(data.createFaq.id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const { body, requestId } = await rest(
          'POST',
          '/api/help/faqs',
          { question: 'Why?', answer: 'Because.' },
          admin,
        );
        return { requestId, target: { type: 'faq', id: String(body.data.id) } };
      },
    },
  },
  {
    action: 'faq.update',
    fields: ['answer'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someFaq();
        const { requestId } = await gql(
          'mutation($id: Int!) { updateFaq(id: $id, input: { answer: "Differently." }) { id } }',
          { id },
        );
        return { requestId, target: { type: 'faq', id: String(id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const id = await someFaq();
        const { requestId } = await rest('PUT', `/api/help/faqs/${id}`, { answer: 'Differently.' }, admin);
        return { requestId, target: { type: 'faq', id: String(id) } };
      },
    },
  },
  {
    action: 'faq.delete',
    fields: ['question', 'answer', 'category', 'tags', 'displayOrder', 'isActive'],
    graphql: {
      ...asAdmin,
      run: async () => {
        const id = await someFaq();
        const { requestId } = await gql('mutation($id: Int!) { deleteFaq(id: $id) }', { id });
        return { requestId, target: { type: 'faq', id: String(id) } };
      },
    },
    rest: {
      ...asAdmin,
      run: async () => {
        const id = await someFaq();
        const { requestId } = await rest('DELETE', `/api/help/faqs/${id}`, undefined, admin);
        return { requestId, target: { type: 'faq', id: String(id) } };
      },
    },
  },
];

beforeAll(async () => {
  // The key may change administrators' accounts too, so every door's change to one can be shown.
  t = await startTestApp({ BOOTSTRAP_API_KEY_PERMISSIONS: 'ordinary,users:modify-admin' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.stop();
});

function expectNoSecret(rows: readonly AuditEventRow[]) {
  const text = JSON.stringify(rows);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/\$argon2|Bearer |eyJ/);
}

describe('every privileged change', () => {
  const doors = CASES.flatMap((c) => [
    { case: c, door: 'GraphQL', run: c.graphql },
    ...(c.rest ? [{ case: c, door: 'REST', run: c.rest }] : []),
  ]);

  it.each(doors.map((d) => [d.case.action, d.door, d] as const))(
    '%s through %s writes exactly one event, naming who, what, from where, and no secret',
    async (_a, _d, { case: c, run }) => {
      let target: { type: string; id: string | number | null } | undefined;
      const { rows, requestId } = await eventsOf(async () => {
        const done = await run.run();
        target = done.target;
        return done.requestId;
      });
      const mine = rows.filter((row) => row.action === c.action);
      expect(mine).toHaveLength(1);
      const [event] = mine;
      expect(event).toMatchObject({
        ...run.actor(),
        target_type: target!.type,
        target_id: target!.id,
        request_id: requestId,
        client_address: '127.0.0.1',
      });
      expect(event.changes.map((change) => change.field).sort()).toEqual([...c.fields].sort());
      // The change under test is the only privileged change the request made.
      expect(rows.filter((row) => row.request_id === requestId)).toHaveLength(1);
      expectNoSecret(rows);
    },
  );

  it('names a password set without its value, and a role change with both roles', async () => {
    const { id } = await someone();
    const { rows } = await eventsOf(async () => {
      const { requestId } = await gql(
        'mutation($id: ID!) { updateUser(id: $id, input: { password: "N3w-Secret!pass", role: ADMIN, lastName: "Lovelace" }) { id } }',
        { id },
      );
      return requestId;
    });
    expect(rows.map((row) => [row.action, row.changes]).sort()).toEqual(
      [
        ['user.password_set', [{ field: 'password', oldValue: null, newValue: null }]],
        ['user.role_change', [{ field: 'role', oldValue: 'user', newValue: 'admin' }]],
        ['user.update', [{ field: 'lastName', oldValue: null, newValue: 'Lovelace' }]],
      ].sort(),
    );
  });

  it('records API keys created and revoked at the command line as the operator’s, with no secret', async () => {
    const em = t.app.orm.em.fork();
    const operator = { kind: 'system', name: 'cli' } as const;
    const { rows } = await eventsOf(async () => {
      const { apiKey, secret } = await t.app.services.identity.apiKeys.create(em, operator, {
        name: 'deploy robot',
        permissions: ['users:view'],
      });
      SECRETS.push(secret);
      expect(await t.app.services.identity.apiKeys.revoke(em, operator, apiKey.key)).toBe(true);
      // Revoking it again changes nothing, and records nothing.
      expect(await t.app.services.identity.apiKeys.revoke(em, operator, apiKey.key)).toBe(true);
      return undefined;
    });
    expect(rows.map((row) => [row.action, row.actor_type, row.actor_name, row.target_type, row.target_name])).toEqual([
      ['api_key.create', 'system', 'cli', 'api_key', 'deploy robot'],
      ['api_key.revoke', 'system', 'cli', 'api_key', 'deploy robot'],
    ]);
    expect(rows[0].changes.map((change) => change.field)).toEqual(['permissions', 'readOnly', 'expiresAt']);
    expectNoSecret(rows);
  });

  it('records a value holding a lone UTF-16 surrogate as the column stores it (U+FFFD), never failing the change', async () => {
    const { rows } = await eventsOf(async () => {
      const { requestId } = await gql('mutation($input: CreateUserInput!) { createUser(input: $input) { id } }', {
        input: { username: 'surrogate', lastName: 'half \ud83d' },
      });
      return requestId;
    });
    expect(rows.map((row) => row.changes.find((change) => change.field === 'lastName')?.newValue)).toEqual([
      'half \uFFFD',
    ]);
  });

  it('records nothing for a change that changes nothing', async () => {
    const [{ id }, group] = [await someone(), await someGroup()];
    const { rows } = await eventsOf(async () => {
      await gql('mutation($id: ID!) { updateUser(id: $id, input: { locked: false, firstName: null }) { id } }', { id });
      await gql('mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }', {
        u: id,
        g: group.id,
      });
      return undefined;
    });
    expect(rows).toEqual([]);
  });

  it('leaves out a user changing their own preferences, which is no privileged change', async () => {
    const user = await t.createUser('themer');
    const { rows } = await eventsOf(async () => {
      await gql(
        'mutation($id: ID!) { updateUserAttributes(userId: $id, input: { theme: DARK }) { theme } }',
        { id: user.id },
        user.auth,
      );
      return undefined;
    });
    expect(rows).toEqual([]);
  });
});

describe('a change that fails or rolls back', () => {
  it('writes no event, through either door', async () => {
    const victim = await someone();
    const before = (await allEvents()).length;
    // Refused by a rule checked inside the transaction: no administrator locks themselves out.
    const last = await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }',
      { id: adminId },
      admin,
    );
    expect(last.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A bad value, a taken name, an unknown workspace, an unknown user over REST.
    expect(
      (
        await t.gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { phone: "not a phone" }) { id } }',
          { id: victim.id },
          admin,
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('BAD_USER_INPUT');
    expect(
      (
        await t.gql(
          'mutation($id: ID!) { updateUser(id: $id, input: { username: "admin" }) { id } }',
          { id: victim.id },
          admin,
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('BAD_USER_INPUT');
    const group = await someGroup();
    const afterGroup = (await allEvents()).length;
    const unknown = await t.gql(
      'mutation($g: ID!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: ["0123456789abcdef0123456789abcdef"]) { id } }',
      { g: group.id },
      admin,
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const res = await t.request('/api/public/update_user_password', {
      method: 'POST',
      json: { ...KEY_BODY, target_user: { user_id: victim.id, password: 'weak' } },
    });
    expect(res.status).toBe(400);
    expect((await allEvents()).length).toBe(afterGroup);
    expect(afterGroup).toBe(before + 1); // the group's own creation
  });

  it('takes its event with it when the transaction rolls back after recording', async () => {
    const before = (await allEvents()).length;
    const em = t.app.orm.em.fork();
    const actor = { kind: 'system', name: 'test' } as const;
    await expect(
      em.transactional(async (tx) => {
        t.app.services.audit.recorder.record(tx, actor, {
          action: 'settings.update',
          target: { type: 'settings', id: 1 },
        });
        await tx.flush();
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('after its event');
    expect((await allEvents()).length).toBe(before);
  });
});

describe('append-only', () => {
  it('offers no field that changes or deletes an event', () => {
    const sdl = readFileSync(new URL('../../src/platform/graphql/generated/schema.graphql', import.meta.url), 'utf8');
    // By name: a mutation's description may say that it is audited.
    const schema = buildSchema(sdl);
    expect(Object.keys(schema.getMutationType()!.getFields()).filter((name) => /audit/i.test(name))).toEqual([]);
    expect(Object.keys(schema.getQueryType()!.getFields())).toContain('auditEvents');
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [event] = await allEvents();
    expect(event).toBeDefined();
    await expect(
      db.query(`update audit_events set actor_name = 'someone else' where id = $1`, [event.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('delete from audit_events where id = $1', [event.id])).rejects.toThrow(/append-only/);
    await expect(db.query('truncate audit_events')).rejects.toThrow(/append-only/);
    expect((await allEvents())[0]).toEqual(event);
  });
});

describe('reading the trail', () => {
  const QUERY = /* GraphQL */ `
    query AuditTrail(
      $actorId: ID
      $targetId: ID
      $action: AuditAction
      $since: DateTime
      $until: DateTime
      $first: Int
      $after: String
    ) {
      auditEvents(
        actorId: $actorId
        targetId: $targetId
        action: $action
        since: $since
        until: $until
        first: $first
        after: $after
      ) {
        edges {
          cursor
          node {
            id
            occurredAt
            action
            actor {
              type
              id
              name
            }
            target {
              type
              id
              name
            }
            changes {
              field
              oldValue
              newValue
            }
            requestId
            clientAddress
          }
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          endCursor
        }
      }
    }
  `;

  it('is for administrator users only: a user and an API key are forbidden, an anonymous caller must authenticate', async () => {
    const user = await t.createUser('reader');
    expect((await t.gql(QUERY, {}, user.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(QUERY, {}, API_KEY_HEADER)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(QUERY, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(anonymous.data).toBeNull();
    expect((await t.gql(QUERY, { first: 1 }, admin)).data.auditEvents.edges).toHaveLength(1);
  });

  it('answers who changed an administrator’s password: the key, by name, with the request', async () => {
    const target = await someone('admin');
    const { requestId } = await publicApi('update_user_password', {
      target_user: { user_id: target.id, password: REST_PASSWORD },
    });
    const { data } = await gql(QUERY, { targetId: target.id, action: 'USER_PASSWORD_SET' });
    expect(data.auditEvents.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({
        action: 'USER_PASSWORD_SET',
        actor: { type: 'API_KEY', id: API_KEY, name: 'bootstrap' },
        target: { type: 'USER', id: target.id, name: target.username },
        changes: [{ field: 'password', oldValue: null, newValue: null }],
        requestId,
        clientAddress: '127.0.0.1',
      }),
    ]);
  });

  describe('paging and filters', () => {
    const base = Date.now() - 10 * 86_400_000;
    const at = (minute: number) => new Date(base + minute * 60_000);
    const ids: string[] = [];

    beforeAll(async () => {
      // Seven events a minute apart, two actors, two targets: written straight into the table (inserts are allowed).
      for (let i = 0; i < 7; i++) {
        const id = `feed${String(i).padStart(28, '0')}`;
        ids.push(id);
        await db.query(
          `insert into audit_events (id, occurred_at, actor_type, actor_id, actor_name, action, target_type, target_id, target_name, changes)
           values ($1, $2, 'user', $3, $3, $4, 'faq', $5, 'seeded', '[]')`,
          [
            id,
            at(i),
            i % 2 ? 'pager-odd' : 'pager-even',
            i < 4 ? 'faq.update' : 'faq.delete',
            i < 3 ? 'seed-a' : 'seed-b',
          ],
        );
      }
    });

    const window = { since: at(0).toISOString(), until: at(7).toISOString() };
    const page = async (variables: Record<string, unknown>) =>
      (await gql(QUERY, { ...window, ...variables })).data.auditEvents;

    it('pages newest first by cursor, each event once', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const current: any = await page({ first: 3, after });
        pages++;
        seen.push(...current.edges.map((e: any) => e.node.id));
        expect(current.pageInfo.hasPreviousPage).toBe(after !== null);
        if (!current.pageInfo.hasNextPage) break;
        after = current.pageInfo.endCursor;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
    });

    it('filters by actor, target, action and time, alone and together', async () => {
      const idsOf = async (variables: Record<string, unknown>) =>
        (await page(variables)).edges.map((e: any) => e.node.id);
      const pick = (...indexes: number[]) => indexes.map((i) => ids[i]);
      expect(await idsOf({ actorId: 'pager-odd' })).toEqual(pick(5, 3, 1));
      expect(await idsOf({ targetId: 'seed-a' })).toEqual(pick(2, 1, 0));
      expect(await idsOf({ action: 'FAQ_DELETE' })).toEqual(pick(6, 5, 4));
      expect(await idsOf({ since: at(2).toISOString(), until: at(4).toISOString() })).toEqual(pick(3, 2));
      expect(await idsOf({ actorId: 'pager-even', action: 'FAQ_UPDATE' })).toEqual(pick(2, 0));
      expect(await idsOf({ actorId: 'nobody' })).toEqual([]);
      // A filtered list pages on from its own cursors.
      const first = await page({ actorId: 'pager-even', first: 2 });
      expect(
        (await page({ actorId: 'pager-even', first: 2, after: first.pageInfo.endCursor })).edges.map(
          (e: any) => e.node.id,
        ),
      ).toEqual(pick(2, 0));
    });

    it('refuses an action the vocabulary lacks, or spelt as the trail stores it, as BAD_USER_INPUT naming the enum', async () => {
      for (const action of ['USER_FROBNICATE', 'user.create']) {
        const answer = await t.gql(QUERY, { ...window, action }, admin);
        expect(answer.errors?.[0]).toMatchObject({
          message: expect.stringContaining('"AuditAction"'),
          extensions: { code: 'BAD_USER_INPUT' },
        });
        expect(answer.data ?? null).toBeNull();
      }
    });

    it.each([
      ['a page too large', { first: 1000 }, 'first'],
      ['a forged cursor', { after: 'bm90LWEtY3Vyc29y.AAAAAAAAAAAAAAAAAAAAAA' }, 'after'],
      ['since after until', { since: at(5).toISOString(), until: at(1).toISOString() }, 'since'],
    ])('refuses %s as BAD_USER_INPUT', async (_name, variables, field) => {
      const answer = await t.gql(QUERY, { ...window, ...variables }, admin);
      expect(answer.status).toBe(200);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    });

    it('refuses a cursor of another filter', async () => {
      const odd = await page({ actorId: 'pager-odd', first: 1 });
      const answer = await t.gql(QUERY, { ...window, actorId: 'pager-even', after: odd.pageInfo.endCursor }, admin);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });
});

describe('retention', () => {
  let r: TestApp;
  let rdb: pg.Client;
  beforeAll(async () => {
    r = await startTestApp({ AUDIT_RETENTION_DAYS: '30' });
    rdb = new pg.Client({ connectionString: r.databaseUrl });
    await rdb.connect();
  });
  afterAll(async () => {
    await rdb?.end();
    await r?.stop();
  });

  it('prunes events older than AUDIT_RETENTION_DAYS and keeps the rest, even with replicas pruning at once', async () => {
    const day = 86_400_000;
    const insert = (id: string, ageDays: number) =>
      rdb.query(
        `insert into audit_events (id, occurred_at, actor_type, action, target_type, changes) values ($1, $2, 'system', 'settings.update', 'settings', '[]')`,
        [id.padEnd(32, '0'), new Date(Date.now() - ageDays * day)],
      );
    for (let i = 0; i < 5; i++) await insert(`a1d${i}`, 31 + i);
    await insert('b29', 29);
    const [one, two] = await Promise.all([
      r.app.services.audit.retention.prune(),
      r.app.services.audit.retention.prune(),
    ]);
    const remaining = (await rdb.query<{ id: string }>('select id from audit_events order by id')).rows.map(
      (row) => row.id,
    );
    expect(remaining).toContain('b29'.padEnd(32, '0'));
    expect(remaining.filter((id) => id.startsWith('a1d'))).toEqual([]);
    // The start-up prune may have taken some of them first; together nothing was deleted twice or missed.
    expect(one + two).toBeLessThanOrEqual(5);
    expect(r.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    // Pruning is on the record: one event per batch that deleted anything, by the system, saying how many.
    const pruned = await rdb.query<{
      actor_type: string;
      actor_name: string;
      target_type: string;
      changes: { field: string; newValue: number }[];
    }>(`select actor_type, actor_name, target_type, changes from audit_events where action = 'audit_trail.prune'`);
    expect(pruned.rows.length).toBeGreaterThanOrEqual(1);
    expect(
      pruned.rows.every(
        (row) => row.actor_type === 'system' && row.actor_name === 'retention' && row.target_type === 'audit_trail',
      ),
    ).toBe(true);
    expect(pruned.rows.reduce((sum, row) => sum + row.changes[0].newValue, 0)).toBe(5);
  });

  it('shows its own pruning to administrators as AUDIT_TRAIL_PRUNE', async () => {
    const auth = await r.login('admin', ADMIN_PASSWORD);
    const trail = await r.gql(
      '{ auditEvents(action: AUDIT_TRAIL_PRUNE) { edges { node { action actor { type name } target { type } } } } }',
      {},
      auth,
    );
    expect(trail.data.auditEvents.edges[0].node).toEqual({
      action: 'AUDIT_TRAIL_PRUNE',
      actor: { type: 'SYSTEM', name: 'retention' },
      target: { type: 'AUDIT_TRAIL' },
    });
  });
});
