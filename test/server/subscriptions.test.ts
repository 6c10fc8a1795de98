import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
});
