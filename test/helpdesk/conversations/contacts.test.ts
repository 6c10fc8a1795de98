import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../helpers/app.js';

const CONTACT = `query($id: Int!) { helpRequest(id: $id) { contact { id email name locale deliverable blocked user { id } requests { id } } } }`;
const CONTACTS = `query($search: String, $first: Int, $after: String) { helpContacts(search: $search, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id email } } } }`;

describe.each(['production', 'development'])('help desk contacts (%s)', (mode) => {
  let t: TestApp;
  let admin: string;
  let alice: { id: string; auth: string };

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: mode });
    admin = await t.login('admin', ADMIN_PASSWORD);
    alice = await t.createUser(`calice${mode.slice(0, 3)}`);
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function file(contactEmail?: string) {
    const res = await t.gql<{ createHelpRequest: { id: number } }>(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'Printer jams', description: 'On every page', ...(contactEmail ? { contactEmail } : {}) } },
      alice.auth,
    );
    return res;
  }
  const contactOf = async (id: number) =>
    (
      await t.gql<{
        helpRequest: {
          contact: (Record<string, unknown> & { id: number; email: string; requests: { id: number }[] }) | null;
        };
      }>(CONTACT, { id }, admin)
    ).data!.helpRequest.contact;

  it('makes a web request’s contact_email its contact: one per address, the domain folded with IDNA, the local part exact', async () => {
    const a = (await file('ana@Example.ORG')).data!.createHelpRequest.id;
    const b = (await file('ana@example.org')).data!.createHelpRequest.id;
    const c = (await file('Ana@example.org')).data!.createHelpRequest.id;
    const d = (await file('bo@bücher.example')).data!.createHelpRequest.id;
    const e = (await file('bo@xn--bcher-kva.example')).data!.createHelpRequest.id;
    const none = (await file()).data!.createHelpRequest.id;
    const [ca, cb, cc, cd, ce] = await Promise.all([a, b, c, d, e].map(contactOf));
    expect(ca!.id).toBe(cb!.id);
    expect(ca!.email).toBe('ana@Example.ORG');
    expect(cc!.id).not.toBe(ca!.id);
    expect(cd!.id).toBe(ce!.id);
    expect(ca).toMatchObject({ locale: 'en', deliverable: true, blocked: false, user: null });
    expect(ca!.requests.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect(await contactOf(none)).toBeNull();
    // The REST body is as before: contact_email as given.
    const rest = await t.request(`/api/help/requests/${a}`, { headers: { authorization: alice.auth } });
    expect(rest.body.contact_email).toBe('ana@Example.ORG');
  });

  it('refuses a contact address that is not one when it is set, naming the field, and keeps nothing of the request', async () => {
    const res = await file('ana@example.org\r\nBcc: victim@evil.test');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(String(res.errors?.[0]?.extensions?.field)).toMatch(/contact_?email/i);
    const rest = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: alice.auth },
      json: { title: 't', description: 'd', contact_email: 'not-an-address' },
    });
    expect(rest.status).toBe(400);
  });

  it('lets administrators list, correct, link, block and reset contacts, each change in the audit trail', async () => {
    const id = (await file('cara@example.org')).data!.createHelpRequest.id;
    const contact = (await contactOf(id))!;
    const list = await t.gql(CONTACTS, { search: 'CARA@', first: 5 }, admin);
    expect(list.data.helpContacts.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([contact.id]);
    expect(list.data.helpContacts.totalCount).toBe(1);

    const updated = await t.gql(
      'mutation($id: Int!) { updateHelpContact(id: $id, input: { name: "Cara Dias", locale: "pt-BR" }) { name locale } }',
      { id: contact.id },
      admin,
    );
    expect(updated.data.updateHelpContact).toEqual({ name: 'Cara Dias', locale: 'pt-BR' });
    const linked = await t.gql(
      'mutation($id: Int!, $userId: ID) { linkHelpContact(id: $id, userId: $userId) { user { id } } }',
      { id: contact.id, userId: alice.id },
      admin,
    );
    expect(linked.data.linkHelpContact.user).toEqual({ id: alice.id });
    const unknownUser = await t.gql(
      'mutation($id: Int!, $userId: ID) { linkHelpContact(id: $id, userId: $userId) { id } }',
      { id: contact.id, userId: 'f'.repeat(32) },
      admin,
    );
    expect(unknownUser.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userId' });
    const blocked = await t.gql(
      'mutation($id: Int!) { blockHelpContact(id: $id) { blocked } }',
      { id: contact.id },
      admin,
    );
    expect(blocked.data.blockHelpContact.blocked).toBe(true);
    const refused = await t.gql(
      'mutation($id: Int!) { updateHelpContact(id: $id, input: { deliverable: false }) { id } }',
      { id: contact.id },
      admin,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'deliverable' });
    const missing = await t.gql('mutation { blockHelpContact(id: 999999) { id } }', {}, admin);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const trail = await t.gql(
      `query($id: ID) { auditEvents(targetId: $id, first: 20) { edges { node { action changes { field newValue } } } } }`,
      { id: String(contact.id) },
      admin,
    );
    const actions = trail.data.auditEvents.edges.map((e: { node: { action: string } }) => e.node.action);
    expect(actions).toEqual(expect.arrayContaining(['HELP_CONTACT_UPDATE', 'HELP_CONTACT_LINK', 'HELP_CONTACT_BLOCK']));
  });

  it('keeps contacts from anyone but administrators', async () => {
    const id = (await file('dora@example.org')).data!.createHelpRequest.id;
    const contact = (await contactOf(id))!;
    // Another user's request at the same address is not shown to Alice through her request's contact.
    const bob = await t.createUser(`cbob${mode.slice(0, 3)}`);
    const bobs = await t.gql<{ createHelpRequest: { id: number } }>(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'Bob', description: 'Also Dora', contactEmail: 'dora@example.org' } },
      bob.auth,
    );
    const seen = await t.gql(CONTACT, { id }, alice.auth);
    expect(seen.data.helpRequest.contact.requests).toEqual([{ id }]);
    expect((await contactOf(id))!.requests).toEqual([{ id: bobs.data!.createHelpRequest.id }, { id }]);
    expect((await t.gql(CONTACTS, {}, alice.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(CONTACTS, {})).errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    const block = await t.gql(
      'mutation($id: Int!) { blockHelpContact(id: $id) { id } }',
      { id: contact.id },
      alice.auth,
    );
    expect(block.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const link = await t.gql(
      'mutation($id: Int!, $u: ID) { linkHelpContact(id: $id, userId: $u) { id } }',
      { id: contact.id, u: alice.id },
      alice.auth,
    );
    expect(link.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const update = await t.gql(
      'mutation($id: Int!) { updateHelpContact(id: $id, input: { name: "x" }) { id } }',
      { id: contact.id },
      alice.auth,
    );
    expect(update.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
