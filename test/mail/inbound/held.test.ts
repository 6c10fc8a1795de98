import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { API_KEY, API_KEY_SECRET } from '../../helpers/app.js';
import { compose, deliver, inboundRow, startMailInApp } from './mail-in.js';

let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await startMailInApp();
  admin = (await t.createUser('heldadmin', { role: 'admin' })).auth;
  user = (await t.createUser('helduser')).auth;
});

afterAll(async () => {
  await t?.stop();
});

const LIST = `query($first: Int, $after: String, $cause: HelpHeldMailCause) {
  helpHeldMail(first: $first, after: $after, cause: $cause) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id receivedAt from subject cause detail } }
  }
}`;
const RELEASE = `mutation($id: ID!) { releaseHeldMail(id: $id) { id heldFor request { id title } } }`;
const DISCARD = `mutation($id: ID!) { discardHeldMail(id: $id) }`;

/** A mail from the help desk's own address: held as LOOP. */
const holdOne = async (subject: string) =>
  deliver(t, await compose({ from: 'help@example.test', to: 'help@example.test', subject, text: 'looping' }));

describe('held mail', () => {
  it('lists held mail for administrators, oldest first, by cause and page', async () => {
    const a = await holdOne('First held');
    const b = await holdOne('Second held');
    await deliver(t, 'To: help@example.test\r\nSubject: nobody\r\n\r\nno sender\r\n');
    const page = await t.gql(LIST, { first: 1, cause: 'LOOP' }, admin);
    expect(page.errors).toBeUndefined();
    expect(page.data.helpHeldMail.totalCount).toBe(2);
    expect(page.data.helpHeldMail.edges[0].node).toMatchObject({
      id: a,
      from: 'help@example.test',
      subject: 'First held',
      cause: 'LOOP',
    });
    const next = await t.gql(
      LIST,
      { first: 1, cause: 'LOOP', after: page.data.helpHeldMail.pageInfo.endCursor },
      admin,
    );
    expect(next.data.helpHeldMail.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([b]);
    const all = await t.gql(LIST, {}, admin);
    expect(all.data.helpHeldMail.totalCount).toBe(3);
    expect(all.data.helpHeldMail.edges.map((e: { node: { cause: string } }) => e.node.cause)).toContain('UNPARSEABLE');
  });

  it('refuses held mail to anyone but an administrator: FORBIDDEN for a user and an API key, UNAUTHENTICATED for nobody', async () => {
    const id = await holdOne('Not yours');
    const key = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;
    for (const [query, variables] of [
      [LIST, {}],
      [RELEASE, { id }],
      [DISCARD, { id }],
    ] as const) {
      const asUser = await t.gql(query, variables, user);
      expect(asUser.status).toBeLessThan(500);
      expect(asUser.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const anonymous = await t.gql(query, variables);
      expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const byKey = await t.gql(query, variables, key);
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(byKey.errors?.[0].extensions?.code);
    }
    expect(await inboundRow(t, id)).toMatchObject({ state: 'held', cause: 'LOOP' });
  });

  it('releases a held mail past its cause: it files a request, and the release is in the audit trail', async () => {
    const id = await holdOne('Release me');
    const released = await t.gql(RELEASE, { id }, admin);
    expect(released.errors).toBeUndefined();
    expect(released.data.releaseHeldMail).toMatchObject({ id, heldFor: null, request: { title: 'Release me' } });
    expect(await inboundRow(t, id)).toMatchObject({ state: 'processed', outcome: 'filed' });
    const audit = await t.gql(
      `query($id: ID) { auditEvents(targetId: $id, action: HELP_HELD_MAIL_RELEASE) { edges { node { action actor { name } target { type id name } } } } }`,
      { id },
      admin,
    );
    expect(audit.data.auditEvents.edges[0].node).toMatchObject({
      action: 'HELP_HELD_MAIL_RELEASE',
      actor: { name: 'heldadmin' },
      target: { type: 'HELP_HELD_MAIL', id, name: 'Release me' },
    });
    // Released once, it is no longer held: a second release finds nothing.
    expect((await t.gql(RELEASE, { id }, admin)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('discards a held mail: its bytes are gone, handing it over again adds nothing, and the discard is audited', async () => {
    const raw = await compose({
      from: 'help@example.test',
      to: 'help@example.test',
      subject: 'Discard me',
      messageId: '<discard-1@example.test>',
      text: 'x',
    });
    const id = await deliver(t, raw);
    const discarded = await t.gql(DISCARD, { id }, admin);
    expect(discarded.data).toEqual({ discardHeldMail: true });
    expect((await inboundRow(t, id)).state).toBe('discarded');
    expect(await deliver(t, raw)).toBe(id);
    expect((await inboundRow(t, id)).state).toBe('discarded');
    const audit = await t.gql(
      `query($id: ID) { auditEvents(targetId: $id, action: HELP_HELD_MAIL_DISCARD) { edges { node { action } } } }`,
      { id },
      admin,
    );
    expect(audit.data.auditEvents.edges).toHaveLength(1);
  });

  it('counts what came in and how each settled in the metrics', async () => {
    const { body } = await t.app.services.metrics.render();
    expect(body).toMatch(/trellis_mail_received_total\{kind="\w+",duplicate="false"\} \d+/);
    expect(body).toMatch(/trellis_mail_received_total\{kind="\w+",duplicate="true"\} 1/);
    expect(body).toMatch(/trellis_mail_settled_total\{outcome="held_LOOP"\} \d+/);
    expect(body).toMatch(/trellis_mail_settled_total\{outcome="filed"\} 1/);
  });

  it('answers an unknown, malformed or settled id with NOT_FOUND, and bad paging with BAD_USER_INPUT, never a server error', async () => {
    for (const id of ['999999', 'abc', '-1', '1 or 1=1', '0', '9'.repeat(40)]) {
      for (const query of [RELEASE, DISCARD]) {
        const res = await t.gql(query, { id }, admin);
        expect(res.status).toBeLessThan(500);
        expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      }
    }
    for (const variables of [{ first: 0 }, { first: 1000 }, { after: 'not-a-cursor' }, { cause: 'NOPE' }]) {
      const res = await t.gql(LIST, variables, admin);
      expect(res.status).toBeLessThan(500);
      expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']).toContain(res.errors?.[0].extensions?.code);
    }
  });
});
