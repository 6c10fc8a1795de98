import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection, type Subscription } from '../helpers/subscriptions.js';
import { helpdesk } from './support.js';

// With a Redis (REDIS_URL, as CI's second pass has), the replicas share the event channel and every subscriber,
// wherever connected, must hear of each breach once; without, each replica tells its own subscribers of the
// breaches it claimed, and between them they must tell each one once.
const REDIS_URL = process.env.REDIS_URL ?? '';

let clock = Date.parse('2026-08-03T08:00:00.000Z');
const HOUR = 3600_000;
const REQUESTS = 20;

let a: TestApp;
let b: TestApp;
let admin: string;
let alice: { id: string; auth: string };
const connections: Connection[] = [];
const prefix = `trellis-test:${randomUUID()}:`;

beforeAll(async () => {
  // Both replicas look every second on their own as well: the breaches are raced for by the timers and by the test.
  const env = { HELP_SLA_CHECK_SECONDS: '1', ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) };
  a = await startTestApp(env, { now: () => new Date(clock) });
  b = await startTestApp(env, { now: () => new Date(clock), replicaOf: a });
  admin = await a.login('admin', ADMIN_PASSWORD);
  alice = await a.createUser('alice');
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.dispose()));
  await b?.stop();
  await a?.stop();
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

interface Change {
  helpRequestChanged: { kind: string; requestId: number; fields: string[] };
}

/** What a subscriber heard up to and including the marker change (an update of `markerId`). */
async function heardUntilMarker(
  subscription: Subscription<Change>,
  markerId: number,
): Promise<Change['helpRequestChanged'][]> {
  const heard: Change['helpRequestChanged'][] = [];
  for (;;) {
    const change = (await subscription.nextData()).helpRequestChanged;
    if (change.kind === 'UPDATED' && change.requestId === markerId) return heard;
    heard.push(change);
  }
}

describe('service-level breaches with two replicas', () => {
  it('are claimed, recorded and announced exactly once across the replicas', async () => {
    const h = helpdesk(a);
    const ids: number[] = [];
    for (let i = 0; i < REQUESTS; i++) ids.push(await h.file(alice.auth, { priority: 'urgent', title: `Urgent ${i}` }));
    const marker = await h.file(alice.auth, { priority: 'low' });

    const subscriptions = [a, b].map((app) => {
      const connection = connect(app.url, admin);
      connections.push(connection);
      return connection.subscribe<Change>('subscription { helpRequestChanged { kind requestId fields } }');
    });
    await untilListening(a.app, 1);
    await untilListening(b.app, 1);

    clock += 2 * HOUR; // an urgent request's first response was due within the hour
    const looks = [a, b, a, b].map((app) => app.app.services.helpdesk.slaMonitor.check());
    await Promise.all(looks);
    // Every look has finished: whatever either replica claimed has been published before these markers.
    for (const [i, app] of [a, b].entries()) {
      const res = await app.gql(
        `mutation($id: Int!, $notes: String) { updateHelpRequest(id: $id, input: { adminNotes: $notes }) { id } }`,
        { id: marker, notes: `marker ${i}` },
        admin,
      );
      expect(res.errors).toBeUndefined();
    }

    const heard = await Promise.all(subscriptions.map((s) => heardUntilMarker(s, marker)));
    const breaches = heard.map((list) => list.filter((c) => c.kind === 'SLA_BREACHED'));
    for (const list of breaches) for (const change of list) expect(change.fields).toEqual(['first_response']);
    if (REDIS_URL) {
      for (const list of breaches) expect(list.map((c) => c.requestId).sort((x, y) => x - y)).toEqual(ids);
    } else {
      const all = breaches.flat().map((c) => c.requestId);
      expect(all.sort((x, y) => x - y)).toEqual(ids);
    }

    const db = a.app.orm.em.fork().getConnection();
    const recorded = await db.execute<{ request_id: number; n: number }[]>(
      `select request_id, count(*)::int as n from help_request_history where action = 'sla_breached' group by request_id order by request_id`,
    );
    expect(recorded).toEqual(ids.map((id) => ({ request_id: id, n: 1 })));

    // Looking again finds nothing more to claim.
    expect(await a.app.services.helpdesk.slaMonitor.check()).toBe(0);
    expect(await b.app.services.helpdesk.slaMonitor.check()).toBe(0);
    expect([...a.logs, ...b.logs].filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
