import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../src/server/subscriptions.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection } from '../helpers/subscriptions.js';
import { helpdesk } from './support.js';

/** helpRequestChanged over a real WebSocket (graphql-ws), with changes made through the REST and GraphQL APIs. */
let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
const open: Connection[] = [];

const CHANGES = /* GraphQL */ `
  subscription Changes($id: Int) {
    helpRequestChanged(id: $id) {
      kind
      requestId
      fields
      at
      request {
        id
        title
        status
        requesterId
        adminNotes
        responses {
          response
          isPublic
        }
      }
    }
  }
`;

interface Change {
  helpRequestChanged: {
    kind: string;
    requestId: number;
    fields: string[];
    at: string;
    request: {
      id: number;
      title: string;
      status: string;
      requesterId: string | null;
      adminNotes: string | null;
      responses: Array<{ response: string; isPublic: boolean }>;
    };
  };
}

function as(auth?: string): Connection {
  const connection = connect(t.url, auth);
  open.push(connection);
  return connection;
}

/** Subscribes and waits until the server listens for it, so the changes a test makes next are ones it can hear of. */
async function subscribed(auth: string | undefined, variables?: Record<string, unknown>) {
  const before = t.app.services.helpdesk.events.listenerCount;
  const subscription = as(auth).subscribe<Change>(CHANGES, variables);
  await untilListening(t.app, before + 1);
  return subscription;
}

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.dispose()));
  await untilListening(t.app, 0);
});
afterAll(async () => {
  await t.stop();
});

describe('helpRequestChanged', () => {
  it("tells a requester of their own requests' changes and never of anyone else's", async () => {
    const changes = await subscribed(alice.auth);
    const bobs = await h.file(bob.auth, { title: "Bob's printer" });
    await h.put(`/requests/${bobs}`, { priority: 'high' }, admin);
    const alices = await h.file(alice.auth, { title: "Alice's laptop" });

    // Bob's two changes came first; the first thing Alice hears of is her own request.
    const { helpRequestChanged: change } = await changes.nextData();
    expect(change).toMatchObject({ kind: 'CREATED', requestId: alices, fields: [] });
    expect(change.request).toMatchObject({
      id: alices,
      title: "Alice's laptop",
      status: 'OPEN',
      requesterId: alice.id,
    });
    expect(Date.parse(change.at)).not.toBeNaN();
  });

  it('tells an administrator of every change, in order', async () => {
    const changes = await subscribed(admin);
    const first = await h.file(alice.auth, { title: 'First' });
    const second = await h.file(bob.auth, { title: 'Second' });
    await h.put(`/requests/${first}`, { status: 'in_progress', admin_notes: 'on it' }, admin);

    expect((await changes.nextData()).helpRequestChanged).toMatchObject({
      kind: 'CREATED',
      requestId: first,
      request: { requesterId: alice.id },
    });
    expect((await changes.nextData()).helpRequestChanged).toMatchObject({
      kind: 'CREATED',
      requestId: second,
      request: { requesterId: bob.id },
    });
    expect((await changes.nextData()).helpRequestChanged).toMatchObject({
      kind: 'UPDATED',
      requestId: first,
      fields: ['status', 'admin_notes'],
      request: { status: 'IN_PROGRESS', adminNotes: 'on it' },
    });
  });

  it('tells the requester of an answer with the status it set, and shows the request as it now stands', async () => {
    const id = await h.file(alice.auth, { title: 'VPN drops' });
    const changes = await subscribed(alice.auth, { id });
    const answered = await h.post(
      `/requests/${id}/response`,
      { response: 'Try the new client', new_status: 'in_progress' },
      admin,
    );
    expect(answered.status).toBe(201);
    await h.put(`/requests/${id}`, { status: 'resolved' }, admin);

    expect((await changes.nextData()).helpRequestChanged).toMatchObject({
      kind: 'RESPONDED',
      requestId: id,
      fields: ['status'],
      request: {
        status: 'IN_PROGRESS',
        adminNotes: null,
        responses: [{ response: 'Try the new client', isPublic: true }],
      },
    });
    expect((await changes.nextData()).helpRequestChanged).toMatchObject({
      kind: 'UPDATED',
      requestId: id,
      fields: ['status'],
      request: { status: 'RESOLVED' },
    });
  });

  it('keeps internal changes from the requester (admin notes, private answers) while administrators hear of them', async () => {
    const id = await h.file(alice.auth, { title: 'Quota' });
    const mine = await subscribed(alice.auth, { id });
    const all = await subscribed(admin, { id });
    await h.put(`/requests/${id}`, { admin_notes: 'customer is on the old plan' }, admin);
    await h.post(`/requests/${id}/response`, { response: 'internal: check billing', is_public: false }, admin);
    await h.post(
      `/requests/${id}/response`,
      { response: 'internal: escalated', is_public: false, new_status: 'on_hold' },
      admin,
    );
    await h.put(`/requests/${id}`, { title: 'Quota exceeded' }, alice.auth);

    // Alice hears of the status the private answer set, as an update, and of her own edit: nothing internal.
    const statusChange = (await mine.nextData()).helpRequestChanged;
    expect(statusChange).toMatchObject({
      kind: 'UPDATED',
      fields: ['status'],
      request: { status: 'ON_HOLD', adminNotes: null, responses: [] },
    });
    expect((await mine.nextData()).helpRequestChanged).toMatchObject({
      kind: 'UPDATED',
      fields: ['title'],
      request: { title: 'Quota exceeded' },
    });

    const seen = [];
    for (let i = 0; i < 4; i++) seen.push((await all.nextData()).helpRequestChanged);
    expect(seen.map((c) => [c.kind, c.fields])).toEqual([
      ['UPDATED', ['admin_notes']],
      ['RESPONDED', []],
      ['RESPONDED', ['status']],
      ['UPDATED', ['title']],
    ]);
    expect(seen[3].request.responses.map((r) => r.isPublic)).toEqual([false, false]);
  });

  it("answers NOT_FOUND for someone else's request, as helpRequest(id) does, and leaves no listener behind", async () => {
    const bobs = await h.file(bob.auth);
    const before = t.app.services.helpdesk.events.listenerCount;
    const changes = as(alice.auth).subscribe<Change>(CHANGES, { id: bobs });
    const refused = await changes.take();
    expect(refused).toMatchObject({
      type: 'next',
      result: { errors: [{ message: 'Resource not found', extensions: { code: 'NOT_FOUND' } }] },
    });
    expect(await changes.take()).toEqual({ type: 'complete' });
    expect(t.app.services.helpdesk.events.listenerCount).toBe(before);
  });
});

describe('who may subscribe', () => {
  it('refuses an anonymous subscriber with UNAUTHENTICATED, in the usual error shape', async () => {
    const changes = as(undefined).subscribe<Change>(CHANGES);
    const refused = await changes.take();
    expect(refused).toEqual({
      type: 'next',
      result: {
        errors: [
          expect.objectContaining({
            message: 'Authentication required',
            extensions: { code: 'UNAUTHENTICATED', reason: 'missing' },
            path: ['helpRequestChanged'],
          }),
        ],
      },
    });
    expect(await changes.take()).toEqual({ type: 'complete' });
  });

  it('refuses an API key, which administers workspace users and not the help desk', async () => {
    const refused = await as(`ApiKey ${API_KEY}:${API_KEY_SECRET}`).subscribe<Change>(CHANGES).take();
    expect(refused).toMatchObject({ type: 'next', result: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
  });

  it('opens on GET /graphql only, and answers an upgrade anywhere else over HTTP, as that path answers a GET', async () => {
    const upgrade = (path: string) => {
      const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}${path}`, 'graphql-transport-ws');
      return new Promise<number>((resolve, reject) => {
        socket.on('upgrade', () => resolve(101));
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode!));
        socket.on('error', reject);
      }).finally(() => socket.terminate());
    };
    expect(await upgrade('/graphql')).toBe(101);
    expect(await upgrade('/no-such-path')).toBe(404);
    expect(await upgrade('/api/health')).toBe(200);
  });

  it('closes a connection whose credentials are wrong with 4403 and the reason', async () => {
    const connection = as('Bearer not-a-token');
    const refused = await connection.subscribe<Change>(CHANGES).take();
    expect(refused.type).toBe('error');
    const closed = await connection.closed;
    expect(closed.code).toBe(4403);
    expect(closed.reason).toMatch(/token/i);
  });

  it('ends the subscription of a user locked meanwhile, at the next change, without telling them of it', async () => {
    const carol = await t.createUser('carol');
    const id = await h.file(carol.auth, { title: 'Before the lock' });
    const changes = await subscribed(carol.auth);
    const locked = await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { locked } }',
      { id: carol.id },
      admin,
    );
    expect(locked.data).toEqual({ updateUser: { locked: true } });
    await h.put(`/requests/${id}`, { status: 'closed' }, admin);

    const ended = await changes.take();
    // Locking revokes the user's tokens; either way the answer is UNAUTHENTICATED.
    expect(ended).toMatchObject({ type: 'next', result: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
    expect(ended.type === 'next' && ended.result.data).toBeFalsy();
    expect(await changes.take()).toEqual({ type: 'complete' });
  });

  it('serves only subscriptions, within the limits of POST /graphql', async () => {
    const connection = as(alice.auth);
    const query = await connection.subscribe('{ health { status } }').take();
    expect(query).toMatchObject({ type: 'error', error: [{ extensions: { code: 'BAD_REQUEST' } }] });

    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: kind`).join(' ');
    const tooMany = await connection.subscribe(`subscription { helpRequestChanged { ${aliases} } }`).take();
    expect(tooMany).toMatchObject({
      type: 'error',
      error: [{ message: expect.stringMatching(/Aliases limit/), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });

    const badVariable = await connection.subscribe(CHANGES, { id: 'seven' }).take();
    expect(badVariable).toMatchObject({ type: 'error', error: [{ extensions: { code: 'BAD_USER_INPUT' } }] });

    // Fragment fan-out (a million selections once expanded) is refused as it is over HTTP, before anything runs.
    const levels = Array.from({ length: 7 }, (_, i) =>
      i === 0
        ? 'fragment F0 on HelpRequestChange { kind }'
        : `fragment F${i} on HelpRequestChange { ${`...F${i - 1} `.repeat(10)}}`,
    ).join('\n');
    const fanOut = await connection.subscribe(`subscription { helpRequestChanged { ...F6 } }\n${levels}`).take();
    expect(fanOut).toMatchObject({ type: 'error', error: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
  });
});

describe('limits', () => {
  it(`holds at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions on one connection`, async () => {
    const connection = as(admin);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) connection.subscribe(CHANGES);
    await untilListening(t.app, MAX_SUBSCRIPTIONS_PER_CONNECTION);
    const refused = await connection.subscribe(CHANGES).take();
    expect(refused).toMatchObject({ type: 'error', error: [{ extensions: { code: 'RATE_LIMITED' } }] });
    expect(t.app.services.helpdesk.events.listenerCount).toBe(MAX_SUBSCRIPTIONS_PER_CONNECTION);
    // Another connection has its own allowance.
    await subscribed(admin);
  });
});

describe('over HTTP', () => {
  it('refuses a subscription POSTed to /graphql with 400, saying where subscriptions are served', async () => {
    for (const auth of [admin, undefined]) {
      const res = await t.gql('subscription { helpRequestChanged { kind } }', {}, auth);
      expect(res.status).toBe(400);
      expect(res.errors).toEqual([
        expect.objectContaining({ message: expect.stringMatching(/WebSocket/), extensions: { code: 'BAD_REQUEST' } }),
      ]);
    }
    expect(t.logs.filter((l) => l.level === 50)).toEqual([]);
  });
});

describe('shutdown', () => {
  it('closes subscribers with 1001 (going away) when the app stops, and stops cleanly', async () => {
    const other = await startTestApp();
    const auth = await other.login('admin', ADMIN_PASSWORD);
    const connection = connect(other.url, auth);
    const changes = connection.subscribe<Change>(CHANGES);
    await untilListening(other.app, 1);

    await other.stop();
    expect((await connection.closed).code).toBe(1001);
    expect((await changes.take()).type).toBe('error');
    expect(other.app.services.helpdesk.events.listenerCount).toBe(0);
    await connection.dispose();
  });
});
