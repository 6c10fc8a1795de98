import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../helpers/app.js';
import { untilSomeoneWaitsForALock } from '../../helpers/locks.js';
import { connect, untilListening, type Connection } from '../../helpers/subscriptions.js';

const THREAD = `query($id: Int!, $first: Int, $after: String) { helpRequest(id: $id) { status followUpOf { id }
  messages(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { id authorRole author { id } body fullBody visibility channel deliveries { state } } } } } }`;
const REPLY = `mutation($id: Int!, $input: ReplyToHelpRequestInput!) { replyToHelpRequest(id: $id, input: $input) {
  message { id authorRole body visibility } request { id status title followUpOf { id status } } } }`;
const RESPOND = `mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }`;
const SET_STATUS = `mutation($id: Int!, $status: HelpStatus!) { updateHelpRequest(id: $id, input: { status: $status }) { id } }`;

type Thread = {
  helpRequest: {
    status: string;
    followUpOf: { id: number } | null;
    messages: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: Array<{
        node: {
          id: string;
          authorRole: string;
          body: string;
          fullBody: string | null;
          visibility: string;
          deliveries: unknown;
        };
      }>;
    };
  };
};

describe.each(['production', 'development'])('a help request’s thread (%s)', (mode) => {
  let t: TestApp;
  let admin: string;
  let alice: { id: string; auth: string };
  let bob: { id: string; auth: string };
  const open: Connection[] = [];

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: mode });
    admin = await t.login('admin', ADMIN_PASSWORD);
    alice = await t.createUser(`alice${mode.slice(0, 3)}`);
    bob = await t.createUser(`bob${mode.slice(0, 3)}`);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.dispose()));
    await t?.stop();
  });

  async function file(auth = alice.auth, extra: Record<string, unknown> = {}) {
    const res = await t.gql<{ createHelpRequest: { id: number } }>(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'Printer jams', description: 'On every page', ...extra } },
      auth,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createHelpRequest.id;
  }

  const thread = (id: number, auth: string, extra: Record<string, unknown> = {}) =>
    t.gql<Thread>(THREAD, { id, ...extra }, auth);
  const reply = (id: number, body: unknown, auth = alice.auth, attachmentTokens?: string[]) =>
    t.gql(REPLY, { id, input: { body, ...(attachmentTokens ? { attachmentTokens } : {}) } }, auth);

  it('holds both sides oldest first; a requester sees the public messages only, without fullBody or deliveries', async () => {
    const id = await file();
    await t.gql(RESPOND, { id, input: { response: 'Which printer?' } }, admin);
    await t.gql(RESPOND, { id, input: { response: 'Internal: the fuser is worn', isPublic: false } }, admin);
    const replied = await reply(id, '  The one on floor 2  ');
    expect(replied.errors).toBeUndefined();
    expect(replied.data.replyToHelpRequest.message).toMatchObject({
      authorRole: 'REQUESTER',
      body: 'The one on floor 2',
      visibility: 'PUBLIC',
    });

    const mine = (await thread(id, alice.auth)).data!.helpRequest.messages;
    expect(mine.totalCount).toBe(2);
    expect(mine.edges.map((e) => [e.node.authorRole, e.node.body, e.node.fullBody, e.node.deliveries])).toEqual([
      ['AGENT', 'Which printer?', null, null],
      ['REQUESTER', 'The one on floor 2', null, null],
    ]);
    const all = (await thread(id, admin)).data!.helpRequest.messages;
    expect(all.edges.map((e) => [e.node.authorRole, e.node.visibility, e.node.fullBody])).toEqual([
      ['AGENT', 'PUBLIC', 'Which printer?'],
      ['AGENT', 'INTERNAL', 'Internal: the fuser is worn'],
      ['REQUESTER', 'PUBLIC', 'The one on floor 2'],
    ]);
    expect(all.edges[0].node.deliveries).toEqual([]);

    // Paged forward, oldest first.
    const first = (await thread(id, admin, { first: 2 })).data!.helpRequest.messages;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await thread(id, admin, { first: 2, after: first.pageInfo.endCursor })).data!.helpRequest.messages;
    expect(rest.edges.map((e) => e.node.body)).toEqual(['The one on floor 2']);
    const forged = await thread(id, admin, { first: 2, after: 'bm90LWEtY3Vyc29y.x' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    // The REST body is as it always was: public responses only, and no internal text anywhere.
    const rest1 = await t.request(`/api/help/requests/${id}`, { headers: { authorization: alice.auth } });
    expect(rest1.status).toBe(200);
    expect(JSON.stringify(rest1.body)).not.toContain('fuser');
    expect(rest1.body.responses.map((r: { response: string }) => r.response)).toEqual(['Which printer?']);
    expect(rest1.body.history.map((h: { action: string }) => h.action)).toContain('replied');
  });

  it('answers NOT_FOUND to a reply on someone else’s request, as reading it does, and changes nothing', async () => {
    const id = await file();
    const theirs = await reply(id, 'Me too', bob.auth);
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const read = await t.gql('query($id: Int!) { helpRequest(id: $id) { id } }', { id }, bob.auth);
    expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await reply(999_999, 'Hello')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await reply(id, 'Anonymous', '')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await thread(id, admin)).data!.helpRequest.messages.totalCount).toBe(0);
  });

  it('refuses an empty or oversized body and an unknown attachment token with BAD_USER_INPUT naming the field', async () => {
    const id = await file();
    for (const body of ['', '   ', 'x'.repeat(10_001)]) {
      const res = await reply(id, body);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'body' });
    }
    const tokens = await reply(id, 'See attached', alice.auth, ['no-such-token']);
    expect(tokens.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(String(tokens.errors?.[0]?.extensions?.field)).toMatch(/attachment/i);
    expect((await reply(id, 'x'.repeat(10_000))).errors).toBeUndefined();
    expect((await thread(id, admin)).data!.helpRequest.messages.totalCount).toBe(1);
  });

  it('answers not found, and writes nothing, for a request deleted while the reply waited for it', async () => {
    const id = await file();
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from help_requests where id = $1 for update', [id]);
      const pending = reply(id, 'Are you still there?');
      // The reply has read the request and now waits for its row.
      await untilSomeoneWaitsForALock(holder);
      await holder.query('delete from help_requests where id = $1', [id]);
      await holder.query('commit');
      const res = await pending;
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const left = await holder.query('select count(*)::int as n from help_messages where request_id = $1', [id]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      await holder.end();
    }
  });

  it('opens a resolved or on-hold request again, and files a follow-up for a closed one, leaving it unchanged', async () => {
    const id = await file();
    for (const status of ['RESOLVED', 'ON_HOLD']) {
      expect((await t.gql(SET_STATUS, { id, status }, admin)).errors).toBeUndefined();
      const res = await reply(id, `Still broken after ${status}`);
      expect(res.data.replyToHelpRequest.request).toMatchObject({ id, status: 'OPEN' });
    }
    expect((await t.gql(SET_STATUS, { id, status: 'CLOSED' }, admin)).errors).toBeUndefined();
    const before = (await thread(id, admin)).data!.helpRequest;
    const res = await reply(id, 'It is back');
    const followUp = res.data.replyToHelpRequest.request;
    expect(followUp.id).not.toBe(id);
    expect(followUp).toMatchObject({
      status: 'OPEN',
      title: 'Follow-up: Printer jams',
      followUpOf: { id, status: 'CLOSED' },
    });
    expect(res.data.replyToHelpRequest.message.body).toBe('It is back');
    const after = (await thread(id, admin)).data!.helpRequest;
    expect(after.status).toBe('CLOSED');
    expect(after.messages.totalCount).toBe(before.messages.totalCount);
    const history = await t.request(`/api/help/requests/${id}`, { headers: { authorization: admin } });
    expect(history.body.status).toBe('closed');
  });

  it('tells the requester’s subscription REPLIED, and never of an internal message', async () => {
    const id = await file();
    const before = t.app.services.helpdesk.events.listenerCount;
    const connection = connect(t.url, alice.auth);
    open.push(connection);
    const changes = connection.subscribe<{ helpRequestChanged: { kind: string; fields: string[] } }>(
      'subscription($id: Int) { helpRequestChanged(id: $id) { kind fields request { messages { edges { node { body } } } } } }',
      { id },
    );
    await untilListening(t.app, before + 1);
    await t.gql(RESPOND, { id, input: { response: 'Secret internal note', isPublic: false } }, admin);
    await t.gql(SET_STATUS, { id, status: 'RESOLVED' }, admin);
    await reply(id, 'Not fixed');
    const first = await changes.nextData();
    expect(first.helpRequestChanged).toMatchObject({ kind: 'UPDATED', fields: ['status'] });
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const next = await changes.nextData();
      seen.push(next.helpRequestChanged.kind);
      expect(JSON.stringify(next)).not.toContain('Secret internal note');
    }
    expect(seen).toContain('REPLIED');
    expect(JSON.stringify(first)).not.toContain('Secret internal note');
  });
});
