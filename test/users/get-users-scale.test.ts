import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { insertUsers } from '../helpers/users.js';

/** get_users at 100,000 users: every one of them, written out page by page rather than gathered first. */
const USERS = 100_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  await insertUsers(t.databaseUrl, { count: USERS, prefix: 'person', width: 6, withFirstName: true });
  // Written behind the app's back: with replicas, read once they have them (the test's own fetch does not wait).
  await t.replicasCaughtUp();
}, 120_000);
afterAll(() => t?.stop());

describe('get_users at 100,000 users', () => {
  it('answers every user, streaming the body as it reads pages', async () => {
    const res = await fetch(`${t.url}/api/public/get_users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: API_KEY, api_key_secret: API_KEY_SECRET }),
    });
    expect(res.status).toBe(200);
    // No Content-Length: the server did not build the whole body before sending it.
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(body.users).toHaveLength(USERS + 1);
    expect(body.total).toBe(USERS + 1);
    expect(new Set(body.users.map((u: { user_id: string }) => u.user_id)).size).toBe(USERS + 1);
    expect(body.users.at(-1).username).toBe('person100000');
    // Written page by page as each is read, so the body arrives in many pieces rather than as one built whole.
    expect(chunks.length).toBeGreaterThan(1);
  }, 120_000);
});
