import { makeExecutableSchema } from '@graphql-tools/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeRuleTree } from '../../src/server/permissions.js';
import { mergedTypeDefs } from '../../src/server/schema.js';
import { connect } from '../helpers/subscriptions.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

/**
 * A person seen by someone who is neither an administrator nor that person: a public profile (id, username, first
 * and last name), whichever way they are reached.
 */

const PUBLIC = ['id', 'username', 'firstName', 'lastName'];
const schema = makeExecutableSchema({ typeDefs: mergedTypeDefs(assemble(modules)) });
const USER_FIELDS = Object.keys((schema.getType('User') as { getFields(): Record<string, unknown> }).getFields());
/** Allowed to anyone who reaches the person, and empty unless it is their own or the caller administers the help desk. */
const OWN_ONLY = ['helpRequests'];
const PRIVATE = USER_FIELDS.filter((f) => !PUBLIC.includes(f) && !OWN_ONLY.includes(f));
const SELECTIONS: Record<string, string> = {
  groups: 'groups { name }',
  attributes: 'attributes { theme sshPublicKey }',
  helpRequests: 'helpRequests { totalCount edges { node { id } } }',
};
const select = (field: string) => SELECTIONS[field] ?? field;

let t: TestApp;
let admin: string;
let adminId: string;
let carol: { id: string; auth: string };
let requestId: number;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
  await t.gql(
    'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Ada", lastName: "Admin", phone: "555-0199", organization: "HQ" }) { id } }',
    { id: adminId },
    admin,
  );
  carol = await t.createUser('carol');
  const created = await t.gql(
    'mutation { createHelpRequest(input: { title: "Printer", description: "It is on fire" }) { id } }',
    {},
    carol.auth,
  );
  requestId = created.data.createHelpRequest.id;
  const assigned = await t.gql(
    'mutation($id: Int!, $a: ID!) { updateHelpRequest(id: $id, input: { assignedToId: $a }) { id } }',
    { id: requestId, a: adminId },
    admin,
  );
  expect(assigned.errors).toBeUndefined();
  await t.gql(
    'mutation($id: Int!) { respondToHelpRequest(id: $id, input: { response: "On it" }) { id } }',
    { id: requestId },
    admin,
  );
});
afterAll(() => t.stop());

describe("another person's account, as a plain user sees it", () => {
  it('has a rule for every User field, public or not', () => {
    expect(Object.keys(typeRuleTree(assemble(modules)).User).sort()).toEqual([...USER_FIELDS].sort());
    expect(PRIVATE).toEqual(
      expect.arrayContaining([
        'role',
        'locked',
        'disabled',
        'phone',
        'organization',
        'lastSession',
        'createdAt',
        'groups',
      ]),
    );
  });

  it('shows an empty helpRequests of the assignee, not theirs, and no error', async () => {
    const own = await t.gql(
      'mutation { createHelpRequest(input: { title: "Mine", description: "An admin asks too" }) { id } }',
      {},
      admin,
    );
    const res = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { assignee { id ${select('helpRequests')} } } }`,
      { id: requestId },
      carol.auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.helpRequest.assignee).toEqual({ id: adminId, helpRequests: { totalCount: 0, edges: [] } });
    const asAdmin = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { assignee { ${select('helpRequests')} } } }`,
      { id: requestId },
      admin,
    );
    expect(asAdmin.data.helpRequest.assignee.helpRequests.edges).toEqual([
      { node: { id: own.data.createHelpRequest.id } },
    ]);
  });

  for (const field of USER_FIELDS.filter((f) => !OWN_ONLY.includes(f))) {
    const isPublic = PUBLIC.includes(field);
    it(`${isPublic ? 'shows' : 'hides'} ${field} of the assignee, the responder and the history's actor`, async () => {
      const res = await t.gql(
        `query($id: Int!) { helpRequest(id: $id) { assignee { id ${select(field)} } responses { responder { id ${select(field)} } } history { actor { id ${select(field)} } } } }`,
        { id: requestId },
        carol.auth,
      );
      const request = res.data?.helpRequest;
      // The history also names carol herself (she filed the request): she sees her own account in full.
      const people = request
        ? [
            request.assignee,
            ...request.responses.map((r: any) => r.responder),
            ...request.history.map((h: any) => h.actor),
          ].filter((p) => p?.id !== carol.id)
        : [];
      expect(people.length).toBeGreaterThanOrEqual(3);
      if (isPublic) {
        expect(res.errors).toBeUndefined();
        expect(request.assignee[field]).toBeDefined();
        if (field === 'id') expect(request.assignee.id).toBe(adminId);
      } else {
        expect(res.errors?.length).toBeGreaterThan(0);
        expect(res.errors!.every((e) => e.extensions?.code === 'FORBIDDEN')).toBe(true);
        // Nothing of it reaches the answer, wherever the administrator appears.
        for (const person of people) expect(person?.[field] ?? null).toBeNull();
        expect(JSON.stringify(res.data ?? {})).not.toMatch(/555-0199|"HQ"|"admin"/);
      }
    });
  }

  it('still sees their own account in full, in the same request as the assignee', async () => {
    const all = USER_FIELDS.map(select).join(' ');
    const res = await t.gql(
      `query($id: Int!) { me { ${all} } helpRequest(id: $id) { requester { ${all} } assignee { id username firstName lastName } } }`,
      { id: requestId },
      carol.auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.me).toMatchObject({ id: carol.id, role: 'USER', locked: false });
    expect(res.data.helpRequest.requester).toEqual(res.data.me);
    expect(res.data.helpRequest.assignee).toEqual({
      id: adminId,
      username: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
    });
  });

  it('is seen in full by an administrator and by an API key', async () => {
    const res = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { assignee { role phone organization } } }',
      { id: requestId },
      admin,
    );
    expect(res.data.helpRequest.assignee).toEqual({ role: 'ADMIN', phone: '555-0199', organization: 'HQ' });
    const byKey = await t.gql(
      'query($id: ID!) { user(id: $id) { role phone groups { name } } }',
      { id: carol.id },
      `ApiKey ${API_KEY}:${API_KEY_SECRET}`,
    );
    expect(byKey.errors).toBeUndefined();
    expect(byKey.data.user).toMatchObject({ role: 'USER', groups: [{ name: expect.any(String) }] });
  });

  it('is the same public profile in a subscription', async () => {
    const connection = connect(t.url, carol.auth);
    try {
      const sub = connection.subscribe(
        `subscription($id: Int) { helpRequestChanged(id: $id) { request { assignee { id username role phone } } } }`,
        { id: requestId },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.gql(
        'mutation($id: Int!) { updateHelpRequest(id: $id, input: { title: "Printer, still" }) { id } }',
        { id: requestId },
        carol.auth,
      );
      const delivery = await sub.take();
      expect(delivery.type).toBe('next');
      const result = (delivery as { result: { data?: any; errors?: Array<{ extensions?: { code?: string } }> } })
        .result;
      expect(result.errors?.map((e) => e.extensions?.code)).toContain('FORBIDDEN');
      expect(JSON.stringify(result.data ?? {})).not.toMatch(/555-0199|"role":"admin"/);
      sub.unsubscribe();
    } finally {
      await connection.dispose();
    }
  });
});
