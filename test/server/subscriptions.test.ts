import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection, type Subscription } from '../helpers/subscriptions.js';
import { helpdesk } from '../helpdesk/support.js';

/*
 * One change reaching many subscribers: what is the same for several of them is done once (one renewal per
 * credentials, one execution per principal and document), and what differs stays theirs. Over real WebSockets.
 */
let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
const open: Connection[] = [];

const CHANGES = /* GraphQL */ `
  subscription Changes {
    helpRequestChanged {
      kind
      requestId
      fields
      request {
        id
        title
        status
        requesterId
        adminNotes
      }
    }
  }
`;

interface Change {
  helpRequestChanged: {
    kind: string;
    requestId: number;
    fields: string[];
    request: { id: number; title: string; status: string; requesterId: string | null; adminNotes: string | null };
  };
}

async function subscribers(auths: string[]): Promise<Array<Subscription<Change>>> {
  const before = t.app.services.helpdesk.events.listenerCount;
  const subscriptions = auths.map((auth) => {
    const connection = connect(t.url, auth);
    open.push(connection);
    return connection.subscribe<Change>(CHANGES);
  });
  await untilListening(t.app, before + auths.length);
  return subscriptions;
}

/** A frame a raw subscriber received: its text as sent, and whether it came as binary. */
interface Frame {
  text: string;
  binary: boolean;
  message: { id?: string; type: string; payload?: { data: Change } };
}

/**
 * A graphql-transport-ws client written out by hand, subscribed under `ids`, that keeps every frame as it came:
 * the bytes the server sent, which graphql-ws's own client parses away.
 */
async function raw(auth: string, ids: string[]) {
  const before = t.app.services.helpdesk.events.listenerCount;
  const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const frames: Frame[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data: Buffer, binary) => {
    const text = data.toString('utf8');
    frames.push({ text, binary, message: JSON.parse(text) as Frame['message'] });
    for (const wake of waiting) wake();
  });
  /** Resolves with the frames of `id` once there are `count` of them. */
  const of = (id: string, count = 1) =>
    new Promise<Frame[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${count} frames for ${id}`)), 5_000);
      const check = () => {
        const mine = frames.filter((f) => f.message.id === id);
        if (mine.length < count) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(mine);
      };
      waiting.add(check);
      check();
    });
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  const acknowledged = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: auth } }));
  await acknowledged;
  for (const id of ids) socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: CHANGES } }));
  await untilListening(t.app, before + ids.length);
  return { socket, frames, of };
}
const raws: Array<Awaited<ReturnType<typeof raw>>> = [];

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterEach(async () => {
  for (const r of raws.splice(0)) r.socket.terminate();
  await Promise.all(open.splice(0).map((c) => c.dispose()));
  await untilListening(t.app, 0);
});
afterAll(async () => {
  await t.stop();
});

describe('one change, many subscribers', () => {
  it("shows each subscriber the change as they may see it: never an administrator's view to a requester, nor one requester's change to another", async () => {
    const otherAdmin = await t.login('admin', ADMIN_PASSWORD);
    const [admin1, admin2, admin3, alice1, alice2, bob1] = await subscribers([
      admin,
      admin,
      otherAdmin,
      alice.auth,
      alice.auth,
      bob.auth,
    ]);
    const alices = await h.file(alice.auth, { title: 'Laptop' });
    await h.put(`/requests/${alices}`, { status: 'in_progress', admin_notes: 'warranty expired' }, admin);
    const bobs = await h.file(bob.auth, { title: 'Printer' });

    for (const subscriber of [admin1, admin2, admin3]) {
      expect((await subscriber.nextData()).helpRequestChanged).toMatchObject({ kind: 'CREATED', requestId: alices });
      expect((await subscriber.nextData()).helpRequestChanged).toEqual({
        kind: 'UPDATED',
        requestId: alices,
        fields: ['status', 'admin_notes'],
        request: {
          id: alices,
          title: 'Laptop',
          status: 'IN_PROGRESS',
          requesterId: alice.id,
          adminNotes: 'warranty expired',
        },
      });
      expect((await subscriber.nextData()).helpRequestChanged).toMatchObject({ kind: 'CREATED', requestId: bobs });
    }
    for (const subscriber of [alice1, alice2]) {
      expect((await subscriber.nextData()).helpRequestChanged).toMatchObject({ kind: 'CREATED', requestId: alices });
      expect((await subscriber.nextData()).helpRequestChanged).toEqual({
        kind: 'UPDATED',
        requestId: alices,
        fields: ['status'],
        request: { id: alices, title: 'Laptop', status: 'IN_PROGRESS', requesterId: alice.id, adminNotes: null },
      });
    }
    // Bob's first news is his own request: nothing of Alice's reached him.
    expect((await bob1.nextData()).helpRequestChanged).toEqual({
      kind: 'CREATED',
      requestId: bobs,
      fields: [],
      request: { id: bobs, title: 'Printer', status: 'OPEN', requesterId: bob.id, adminNotes: null },
    });
  });

  it('reads a change once for many subscribers who see it alike, as for one', async () => {
    const id = await h.file(alice.auth, { title: 'Monitor' });
    const readsFor = async (count: number, status: string) => {
      const listening = await subscribers(Array.from({ length: count }, () => admin));
      const { statements } = await t.countQueries(async () => {
        await h.put(`/requests/${id}`, { status }, admin);
        for (const subscriber of listening)
          expect((await subscriber.nextData()).helpRequestChanged.request.status).toBe(status.toUpperCase());
      });
      await Promise.all(open.splice(0).map((c) => c.dispose()));
      await untilListening(t.app, 0);
      return statements.length;
    };
    const one = await readsFor(1, 'in_progress');
    expect(await readsFor(12, 'on_hold')).toBe(one);
  });

  it('still reads each subscriber afresh: a locked account stops hearing at once while others sharing the change go on', async () => {
    const dana = await t.createUser('dana', { role: 'admin' });
    const [dana1, dana2, admin1] = await subscribers([dana.auth, dana.auth, admin]);
    const locked = await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { locked } }',
      { id: dana.id },
      admin,
    );
    expect(locked.data).toEqual({ updateUser: { locked: true } });
    const id = await h.file(alice.auth, { title: 'Keyboard' });

    for (const subscriber of [dana1, dana2]) {
      const ended = await subscriber.take();
      expect(ended).toMatchObject({ type: 'next', result: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
      expect(ended.type === 'next' && ended.result.data).toBeFalsy();
      expect(await subscriber.take()).toEqual({ type: 'complete' });
    }
    expect((await admin1.nextData()).helpRequestChanged).toMatchObject({
      kind: 'CREATED',
      requestId: id,
      request: { title: 'Keyboard' },
    });
  });

  it('sends the subscribers who see a change alike the same bytes, each under its own id in a text frame, and a requester bytes of their own', async () => {
    const id = await h.file(alice.auth, { title: 'Scanner' });
    const adminA = await raw(admin, ['first', 'second']);
    const adminB = await raw(admin, ['x']);
    const requester = await raw(alice.auth, ['mine']);
    raws.push(adminA, adminB, requester);
    await h.put(`/requests/${id}`, { priority: 'high', admin_notes: 'needs a new lamp' }, admin);

    const heard = [...(await adminA.of('first')), ...(await adminA.of('second')), ...(await adminB.of('x'))];
    const [mine] = await requester.of('mine');
    for (const frame of [...heard, mine]) {
      expect(frame.binary).toBe(false);
      expect(frame.message.type).toBe('next');
    }
    const payloadText = (frame: Frame) => frame.text.replace(/^\{"id":"[^"]*","type":"next","payload":/, '');
    expect(new Set(heard.map(payloadText)).size).toBe(1);
    expect(heard[0].message.payload?.data.helpRequestChanged.request.adminNotes).toBe('needs a new lamp');
    expect(mine.message.payload?.data.helpRequestChanged).toMatchObject({
      requestId: id,
      fields: ['priority'],
      request: { requesterId: alice.id, adminNotes: null },
    });
    expect(mine.text).not.toContain('needs a new lamp');
  });

  it('goes on for everyone when one subscriber is cut off without a goodbye, and lets go of what the cut one held', async () => {
    const staying = await raw(admin, ['s']);
    const cut = await raw(admin, ['c']);
    raws.push(staying);
    const before = t.app.services.helpdesk.events.listenerCount;
    cut.socket.terminate();
    const id = await h.file(alice.auth, { title: 'Webcam' });
    const [frame] = await staying.of('s');
    expect(frame.message.payload?.data.helpRequestChanged).toMatchObject({ kind: 'CREATED', requestId: id });
    await untilListening(t.app, before - 1);
  });

  it('sends nothing more for a subscription its client completed, while the connection’s other one goes on', async () => {
    const subscriber = await raw(admin, ['done', 'going']);
    raws.push(subscriber);
    const before = t.app.services.helpdesk.events.listenerCount;
    subscriber.socket.send(JSON.stringify({ id: 'done', type: 'complete' }));
    await untilListening(t.app, before - 1);
    await h.file(alice.auth, { title: 'Dock' });
    await h.file(alice.auth, { title: 'Mouse' });
    await subscriber.of('going', 2);
    expect(subscriber.frames.filter((f) => f.message.id === 'done')).toEqual([]);
  });
});
