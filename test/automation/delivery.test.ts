import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/automation/delivery.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { untilSomeoneWaitsForALock } from '../helpers/locks.js';
import { rowsOf } from '../helpdesk/support.js';
import { AUTOMATION_ENV, automation, eventually, Receiver } from './support.js';

const DAY = 86_400_000;
let offset = 0;
let t: TestApp;
let replica: TestApp | undefined;
let a: Awaited<ReturnType<typeof automation>>;
let alice: { id: string; auth: string };
const receivers: Receiver[] = [];

const ENV = { ...AUTOMATION_ENV, WEBHOOK_MAX_PENDING: '3' };

beforeAll(async () => {
  t = await startTestApp(ENV, { now: () => new Date(Date.now() + offset) });
  a = await automation(t);
  alice = await t.createUser('alice');
});
afterAll(async () => {
  await replica?.stop();
  await t?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});
afterEach(async () => {
  // A receiver's failures are the receiver's: never an error in the gateway's log.
  expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  offset = 0;
  await a.deleteWebhooks();
});

/** A receiver, and a webhook to it that hears `events`, the receiver holding its secret. */
async function hooked(events = ['CREATED']) {
  const receiver = await Receiver.start();
  receivers.push(receiver);
  const { webhook, secret } = await a.createWebhook(receiver.url, events);
  receiver.secret = secret;
  return { receiver, webhook };
}

const settled = (webhookId: string, state: string, n = 1) =>
  eventually(async () => {
    const log = await a.deliveries(webhookId);
    return log.filter((d) => d.state === state).length >= n && log;
  });

describe('the retry schedule', () => {
  it.each([
    [1, 0, 4000],
    [1, 1, 6000],
    [2, 0.5, 300_000],
    [7, 0.5, 36_000_000],
  ])('retry %i waits the step jittered by a fifth (random %d: %d ms)', (n, random, ms) => {
    expect(retryDelayMs(n, [5, 300, 1800, 7200, 18000, 36000, 36000], () => random)).toBe(ms);
  });

  it('ends after the last step', () => {
    expect(retryDelayMs(8, [5, 300, 1800, 7200, 18000, 36000, 36000])).toBeNull();
  });
});

describe('delivering an event', () => {
  it('signs the body so the Standard Webhooks library verifies it, with the request as an administrator reads it', async () => {
    const { receiver, webhook } = await hooked(['CREATED']);
    const id = await a.file(alice.auth, { title: 'Signed', contactEmail: 'ann@example.com' });
    await receiver.waitFor(1);
    const [got] = receiver.received;
    expect(got.refused).toBeUndefined();
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.payload).toMatchObject({
      type: 'help_request.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        request: {
          id,
          title: 'Signed',
          status: 'OPEN',
          priority: 'MEDIUM',
          contactEmail: 'ann@example.com',
          requesterId: alice.id,
          adminNotes: null,
          tags: [],
        },
        change: { kind: 'created', actor: { kind: 'user', id: alice.id } },
      },
    });
    const [logged] = await settled(webhook.id, 'SENT');
    expect(logged).toMatchObject({
      eventType: 'help_request.created',
      messageId: got.headers['webhook-id'],
      state: 'SENT',
      attempts: 1,
      lastStatus: 204,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
  });

  it('sends a webhook only the events it lists, and nothing for a change that rolled back', async () => {
    const { receiver } = await hooked(['STATUS_CHANGED']);
    const id = await a.file(alice.auth);
    await a.update(id, { priority: 'HIGH' });
    const refused = await t.gql(
      'mutation($id: Int!) { updateHelpRequest(id: $id, input: { assignedToId: "ffffffffffffffffffffffffffffffff" }) { id } }',
      { id },
      a.admin,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await a.update(id, { status: 'IN_PROGRESS' });
    await receiver.waitFor(1);
    await t.app.services.automation.deliveries.drain();
    expect(receiver.received.map((r) => r.payload.type)).toEqual(['help_request.status_changed']);
    expect(receiver.received[0].payload.data.change.changes).toEqual([
      { field: 'status', oldValue: 'open', newValue: 'in_progress' },
    ]);
  });

  it('retries a non-2xx answer on the schedule until the receiver takes it, keeping the message id', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = (n) => ({ status: n < 3 ? 503 : 200 });
    await a.file(alice.auth);
    await receiver.waitFor(3);
    const [logged] = await settled(webhook.id, 'SENT');
    expect(logged).toMatchObject({ attempts: 3, lastStatus: 200 });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received.every((r) => r.refused === undefined)).toBe(true);
    expect((await a.webhook(webhook.id))?.failingSince).toBeNull();
  });

  it('gives a delivery up once the schedule is spent, saying why', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = () => ({ status: 500 });
    await a.file(alice.auth);
    const [logged] = await settled(webhook.id, 'FAILED');
    expect(receiver.received).toHaveLength(4); // the first attempt and three retries
    expect(logged).toMatchObject({ attempts: 4, lastStatus: 500, lastError: expect.stringMatching(/answered 500/) });
    expect((await a.webhook(webhook.id))?.failingSince).toEqual(expect.any(String));
  });

  it('counts a receiver that does not answer within the timeout as a failure', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = (n) => (n === 1 ? 'hang' : { status: 200 });
    const started = Date.now();
    await a.file(alice.auth);
    await receiver.waitFor(2);
    const [logged] = await settled(webhook.id, 'SENT');
    expect(logged.attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [row] = await rowsOf(t, 'select last_error from help_webhook_deliveries where webhook_id = $1', [webhook.id]);
    expect(row).toEqual({ last_error: null });
  });

  it('does not follow a redirect: the attempt has failed, and the other address hears nothing', async () => {
    const elsewhere = await Receiver.start();
    receivers.push(elsewhere);
    const { receiver, webhook } = await hooked();
    receiver.answer = () => ({ status: 302, headers: { location: elsewhere.url } });
    await a.file(alice.auth);
    const [logged] = await settled(webhook.id, 'FAILED');
    expect(logged.lastError).toMatch(/redirected \(302\); redirects are not followed/);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('turns the webhook off when its receiver answers 410, and the administrators hear it', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = () => ({ status: 410 });
    await a.file(alice.auth);
    await settled(webhook.id, 'FAILED');
    expect(await a.webhook(webhook.id)).toMatchObject({
      active: false,
      disabledReason: 'the receiver answered 410 Gone',
    });
    expect(
      await rowsOf(t, "select actor_type from audit_events where action = 'help_webhook.disable' and target_id = $1", [
        webhook.id,
      ]),
    ).toHaveLength(1);
    await a.file(alice.auth);
    await t.app.services.automation.deliveries.drain();
    expect(receiver.received).toHaveLength(1);
    expect(await a.deliveries(webhook.id)).toHaveLength(1);
  });

  it('turns the webhook off after five days of failures without a success', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = () => ({ status: 500 });
    await a.file(alice.auth);
    await settled(webhook.id, 'FAILED');
    expect((await a.webhook(webhook.id))?.active).toBe(true);
    offset = 5 * DAY;
    await a.file(alice.auth);
    await eventually(async () => (await a.webhook(webhook.id))?.active === false);
    expect((await a.webhook(webhook.id))?.disabledReason).toMatch(/failed for 120 hours without a success/);
  });

  it('refuses again at delivery an address the guard would refuse now (a name that came to resolve to loopback)', async () => {
    const { receiver, webhook } = await hooked();
    // As if DNS now answered loopback for the webhook's host: only 127.0.0.1 itself is allowed in these tests.
    await rowsOf(t, 'update help_webhooks set url = $1 where id = $2', [
      receiver.url.replace('127.0.0.1', 'localhost'),
      webhook.id,
    ]);
    await a.file(alice.auth);
    const [logged] = await settled(webhook.id, 'FAILED');
    expect(logged.lastError).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('a receiver that is down while events pile up', () => {
  it('keeps the oldest deliveries up to the bound, and counts the gap the receiver missed', async () => {
    const { receiver, webhook } = await hooked();
    await t.app.services.automation.deliveries.stop(); // the receiver is "down": nothing goes out meanwhile
    const service = t.app.services.automation.webhooks;
    await t.app.orm.em.fork().transactional(async (em) => {
      for (let i = 1; i <= 5; i++) await service.enqueue(em, { event: 'created', at: new Date(), data: { n: i } }, []);
    });
    expect(await a.webhook(webhook.id)).toMatchObject({ droppedEvents: 2, droppedSince: expect.any(String) });
    t.app.services.automation.deliveries.start();
    await receiver.waitFor(3);
    await settled(webhook.id, 'SENT', 3);
    expect(receiver.received.map((r) => r.payload.data.n).sort()).toEqual([1, 2, 3]);
  });
});

describe('the delivery log', () => {
  it('redelivers a delivery as a new one with the same message id and body', async () => {
    const { receiver, webhook } = await hooked();
    await a.file(alice.auth);
    await receiver.waitFor(1);
    const [first] = await settled(webhook.id, 'SENT');
    const again = await a.ok('mutation($id: ID!) { redeliverHelpWebhook(deliveryId: $id) { id messageId state } }', {
      id: first.id,
    });
    expect(again.redeliverHelpWebhook).toMatchObject({ messageId: first.messageId, state: 'PENDING' });
    expect(again.redeliverHelpWebhook.id).not.toBe(first.id);
    await receiver.waitFor(2);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect(receiver.received[1].refused).toBeUndefined();
  });

  it('pages newest first, refuses a foreign cursor and a delivery that does not exist', async () => {
    const { receiver, webhook } = await hooked();
    for (let i = 0; i < 3; i++) await a.file(alice.auth);
    await receiver.waitFor(3);
    const page = await a.ok(
      'query($id: ID!) { helpWebhookDeliveries(webhookId: $id, first: 2) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }',
      { id: webhook.id },
    );
    const { edges, pageInfo } = page.helpWebhookDeliveries;
    expect(edges).toHaveLength(2);
    expect(Number(edges[0].node.id)).toBeGreaterThan(Number(edges[1].node.id));
    expect(pageInfo.hasNextPage).toBe(true);
    const rest = await a.ok(
      'query($id: ID!, $after: String) { helpWebhookDeliveries(webhookId: $id, first: 2, after: $after) { edges { node { id } } pageInfo { hasNextPage } } }',
      { id: webhook.id, after: pageInfo.endCursor },
    );
    expect(rest.helpWebhookDeliveries.edges).toHaveLength(1);
    expect(rest.helpWebhookDeliveries.pageInfo.hasNextPage).toBe(false);
    const forged = await t.gql(
      'query($id: ID!) { helpWebhookDeliveries(webhookId: $id, after: "eyJ4IjoxfQ.abc") { edges { cursor } } }',
      { id: webhook.id },
      a.admin,
    );
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await t.gql('mutation { redeliverHelpWebhook(deliveryId: "999999") { id } }', {}, a.admin);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const notMine = await t.gql(
      'query($id: ID!) { helpWebhookDeliveries(webhookId: $id) { edges { cursor } } }',
      { id: webhook.id },
      alice.auth,
    );
    expect(notMine.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('deleting a webhook', () => {
  it('succeeds while an attempt of its is being recorded, and the worker goes on delivering', async () => {
    const { receiver, webhook } = await hooked();
    receiver.answer = (n) => (n === 1 ? 'hang' : { status: 204 });
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await a.file(alice.auth);
      await receiver.waitFor(1);
      // The delete, begun while the attempt is under way: it holds the webhook while the attempt (timing out on the
      // hanging receiver) comes to record its outcome.
      await holder.query('begin');
      await holder.query('select 1 from help_webhooks where id = $1 for update', [webhook.id]);
      await untilSomeoneWaitsForALock(holder);
      await holder.query('delete from help_webhooks where id = $1', [webhook.id]);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await a.webhook(webhook.id)).toBeUndefined();
    // Neither side was chosen as a deadlock's victim (PostgreSQL's 40P01), which would fail the delete or the attempt.
    expect(t.logs.filter((l) => JSON.stringify(l).includes('40P01'))).toEqual([]);
    const next = await hooked();
    await a.file(alice.auth);
    await next.receiver.waitFor(1);
    await settled(next.webhook.id, 'SENT');
  });
});

describe('two replicas', () => {
  it('deliver each event once between them', async () => {
    replica = await startTestApp(ENV, { replicaOf: t });
    const { receiver } = await hooked();
    const b = await automation(replica);
    const bob = await replica.createUser('bob');
    for (let i = 0; i < 4; i++) {
      await a.file(alice.auth);
      await b.file(bob.auth);
    }
    await receiver.waitFor(8);
    await Promise.all([
      t.app.services.automation.deliveries.drain(),
      replica.app.services.automation.deliveries.drain(),
    ]);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });
});
