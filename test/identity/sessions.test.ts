import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../helpers/app.js';
import { PAGE, pageHeaders, signInAsPage } from '../helpers/page-session.js';
import { connect, untilListening } from '../helpers/subscriptions.js';

/*
 * Server-side sessions, in production mode, on two replicas of one deployment (two apps on one database): every
 * sign-in opens a session its tokens name; signing out ends it, and its cookie and bearer tokens answer 401 on
 * REST, GraphQL and WebSocket, on both replicas, whose subscriptions end too. Waits below are for PostgreSQL's
 * notification to travel over loopback, never for a timer.
 */

let a: TestApp;
let b: TestApp;
let admin: string;

beforeAll(async () => {
  a = await startTestApp({ CORS_ORIGINS: PAGE });
  b = await startTestApp({ CORS_ORIGINS: PAGE }, { replicaOf: a });
  admin = await a.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const signInWithCookie = (app: TestApp, uid: string, password = DEFAULT_PASSWORD) => signInAsPage(app, uid, password);

/** How a credential fares on each door: GET /api/user, POST /graphql and the WebSocket. */
async function restStatus(app: TestApp, headers: Record<string, string>): Promise<number> {
  return (await app.request('/api/user', { headers })).status;
}

async function graphqlMe(
  app: TestApp,
  headers: Record<string, string>,
): Promise<{ status: number; code?: unknown; username?: string }> {
  const res = await app.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: '{ me { username } }' }),
  });
  return { status: res.status, code: res.body.errors?.[0]?.extensions?.code, username: res.body.data?.me?.username };
}

/** Opens a graphql-ws connection with the page's cookie and subscribes; resolves with the first thing heard. */
async function subscribeWithCookie(app: TestApp, cookie: string): Promise<{ closedCode?: number; error?: unknown }> {
  class PageSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin: PAGE } });
    }
  }
  let closedCode: number | undefined;
  const client = createClient({
    url: app.url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: PageSocket,
    retryAttempts: 0,
    on: { closed: (event) => (closedCode = (event as { code: number }).code) },
  });
  try {
    const error = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: 'subscription { helpRequestChanged { requestId } }' },
        { next: (value) => resolve(value), error: resolve, complete: () => resolve(undefined) },
      );
    });
    return { closedCode, error };
  } finally {
    await client.dispose();
  }
}

/** Polls until the credential is refused on the app (a few tries: the notification's delivery). */
async function refusedOn(app: TestApp, headers: Record<string, string>): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if ((await restStatus(app, headers)) === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

const MY_SESSIONS = '{ mySessions { id createdAt lastSeenAt expiresAt userAgent current } }';

describe('signing out ends the session on the server', () => {
  it('refuses a signed-out cookie on REST, GraphQL and the WebSocket, on both replicas, after both had accepted it', async () => {
    await a.createUser('sally');
    const cookie = await signInWithCookie(a, 'sally');
    for (const app of [a, b]) {
      expect(await restStatus(app, pageHeaders(cookie))).toBe(200);
      expect((await graphqlMe(app, pageHeaders(cookie))).username).toBe('sally');
    }

    const out = await a.request('/api/authenticate', { method: 'DELETE', headers: pageHeaders(cookie) });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^trellis_session=;/);

    // The browser forgot the cookie; someone who kept a copy replays it.
    for (const app of [a, b]) {
      expect(await refusedOn(app, pageHeaders(cookie))).toBe(true);
      const replay = await app.request('/api/user', { headers: pageHeaders(cookie) });
      expect(replay).toMatchObject({ status: 401, body: { message: 'Session has ended' } });
      expect(await graphqlMe(app, pageHeaders(cookie))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      const ws = await subscribeWithCookie(app, cookie);
      expect(ws.closedCode).toBe(4403);
    }
    // Signing out again, with the dead cookie or none, is still a plain success for the page.
    expect((await a.request('/api/authenticate', { method: 'DELETE', headers: pageHeaders(cookie) })).status).toBe(200);
    expect((await a.request('/api/authenticate', { method: 'DELETE' })).status).toBe(200);
    expect(a.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('refuses a bearer token signed out with POST /api/auth/logout, and its cookie twin, everywhere', async () => {
    await a.createUser('bert');
    const login = await a.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'bert', password: DEFAULT_PASSWORD },
    });
    const bearer = { authorization: `Bearer ${login.body.access_token}` };
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect(await restStatus(b, bearer)).toBe(200);
    expect(await restStatus(b, pageHeaders(cookie))).toBe(200);

    const out = await a.request('/api/auth/logout', { method: 'POST', headers: bearer });
    expect(out).toMatchObject({ status: 200, body: { message: 'Signed out' } });

    for (const app of [b, a]) {
      // The cookie held the same session's token: it ends with it.
      for (const headers of [bearer, pageHeaders(cookie)]) expect(await refusedOn(app, headers)).toBe(true);
      expect(await graphqlMe(app, bearer)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      const ws = connect(app.url, bearer.authorization);
      await ws.subscribe('subscription { helpRequestChanged { requestId } }').take();
      expect(await ws.closed).toMatchObject({ code: 4403, reason: 'Session has ended' });
      await ws.dispose();
    }
    // A second sign-out of the same token is refused as any use of it is.
    expect(await a.request('/api/auth/logout', { method: 'POST', headers: bearer })).toMatchObject({
      status: 401,
      body: { message: 'Session has ended' },
    });
    expect(await a.request('/api/auth/logout', { method: 'POST' })).toMatchObject({
      status: 401,
      body: { message: 'Authentication required' },
    });
  });

  it('ends only the session signed out of with GraphQL logout: the same user signed in elsewhere stays signed in', async () => {
    await a.createUser('gina');
    const phone = await a.login('gina', DEFAULT_PASSWORD);
    const laptop = await a.login('gina', DEFAULT_PASSWORD);
    expect((await b.gql('{ me { username } }', {}, phone)).data).toEqual({ me: { username: 'gina' } });

    const out = await a.gql<{ logout: boolean }>('mutation { logout }', {}, phone);
    expect(out.data).toEqual({ logout: true });

    expect(await refusedOn(b, { authorization: phone })).toBe(true);
    const replay = await a.gql('{ me { username } }', {}, phone);
    expect(replay).toMatchObject({
      status: 401,
      errors: [{ message: 'Session has ended', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    for (const app of [a, b])
      expect((await app.gql('{ me { username } }', {}, laptop)).data).toEqual({ me: { username: 'gina' } });
  });

  it('ends the subscriptions of a signed-out session on the other replica, without waiting for a change', async () => {
    await a.createUser('sid');
    const token = await a.login('sid', DEFAULT_PASSWORD);
    const other = await a.login('sid', DEFAULT_PASSWORD);
    const connection = connect(b.url, token);
    const changes = connection.subscribe('subscription { helpRequestChanged { requestId } }');
    const stays = connect(b.url, other);
    const staying = stays.subscribe('subscription { helpRequestChanged { requestId } }');
    await untilListening(b.app, 2);

    expect((await a.gql('mutation { logout }', {}, token)).data).toEqual({ logout: true });

    const ended = await changes.take();
    expect(ended).toMatchObject({
      type: 'next',
      result: { errors: [{ message: 'Session has ended', extensions: { code: 'UNAUTHENTICATED' } }] },
    });
    expect(await changes.take()).toEqual({ type: 'complete' });
    // The same user's other session still hears of changes.
    await b.request('/api/help/requests', {
      method: 'POST',
      json: { title: 'After', description: 'ping' },
      headers: { authorization: other },
    });
    expect(await staying.take()).toMatchObject({
      type: 'next',
      result: { data: { helpRequestChanged: { requestId: expect.any(Number) } } },
    });
    await connection.dispose();
    await stays.dispose();
  });

  it('answers logout for an API key with UNAUTHENTICATED: a key has no session', async () => {
    const res = await a.gql('mutation { logout }', {}, `ApiKey ${API_KEY}:${API_KEY_SECRET}`);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('mySessions and revokeSession', () => {
  it("lists the caller's open sessions with their user agent, never a token, and marks the current one", async () => {
    await a.createUser('lena');
    const desk = await a.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'lena', password: DEFAULT_PASSWORD },
      headers: { 'user-agent': 'Desk/1.0' },
    });
    const phone = await a.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'lena', password: DEFAULT_PASSWORD },
      headers: { 'user-agent': 'Phone/2.0' },
    });
    const deskAuth = `Bearer ${desk.body.access_token}`;

    const listed = await b.gql<{ mySessions: Array<Record<string, unknown>> }>(MY_SESSIONS, {}, deskAuth);
    expect(listed.errors).toBeUndefined();
    const sessions = listed.data!.mySessions;
    // Besides these two, the sign-in createUser made (with fetch's own user agent).
    expect(sessions.map((s) => s.userAgent).sort()).toEqual(['Desk/1.0', 'Phone/2.0', 'node']);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Desk/1.0']);
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      // Last seen to the minute.
      expect(new Date(s.lastSeenAt as string).getUTCSeconds()).toBe(0);
      expect(new Date(s.lastSeenAt as string).getUTCMilliseconds()).toBe(0);
      expect(new Date(s.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    }
    expect(JSON.stringify(listed.data)).not.toContain(desk.body.access_token);
    expect(JSON.stringify(listed.data)).not.toContain(phone.body.access_token);
  });

  it('opens a session for a GraphQL login too, which logout ends', async () => {
    await a.createUser('quinn');
    const res = await a.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'GraphQL-App/3' },
      body: JSON.stringify({
        query: `mutation { login(username: "quinn", password: "${DEFAULT_PASSWORD}") { accessToken } }`,
      }),
    });
    const auth = `Bearer ${res.body.data.login.accessToken}`;
    const listed = await b.gql<{ mySessions: Array<{ userAgent: string; current: boolean }> }>(MY_SESSIONS, {}, auth);
    expect(listed.data!.mySessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ userAgent: 'GraphQL-App/3' }),
    ]);
    expect((await b.gql('mutation { logout }', {}, auth)).data).toEqual({ logout: true });
    expect(await refusedOn(a, { authorization: auth })).toBe(true);
  });

  it('ends one of my sessions by id: its token answers 401, mine goes on', async () => {
    await a.createUser('rita');
    const mine = await a.login('rita', DEFAULT_PASSWORD);
    const lost = await a.login('rita', DEFAULT_PASSWORD);
    expect(await restStatus(b, { authorization: lost })).toBe(200);
    const listed = await a.gql<{ mySessions: Array<{ id: string; current: boolean }> }>(MY_SESSIONS, {}, mine);
    const lostId = listed.data!.mySessions.find((s) => !s.current)!.id;

    expect((await a.gql('mutation($id: ID!) { revokeSession(id: $id) }', { id: lostId }, mine)).data).toEqual({
      revokeSession: true,
    });

    expect(await refusedOn(b, { authorization: lost })).toBe(true);
    expect(await restStatus(a, { authorization: lost })).toBe(401);
    expect(await restStatus(b, { authorization: mine })).toBe(200);
    const after = await b.gql<{ mySessions: Array<{ id: string }> }>(MY_SESSIONS, {}, mine);
    expect(after.data!.mySessions.map((s) => s.id)).not.toContain(lostId);
    // Revoking it again: it is no longer open.
    const again = await a.gql('mutation($id: ID!) { revokeSession(id: $id) }', { id: lostId }, mine);
    expect(again.errors?.[0]).toMatchObject({ message: 'No such session', extensions: { code: 'NOT_FOUND' } });
  });

  it("never shows nor ends another user's session: a foreign id answers exactly as an unknown one", async () => {
    await a.createUser('olga');
    await a.createUser('mallory');
    const olga = await a.login('olga', DEFAULT_PASSWORD);
    const mallory = await a.login('mallory', DEFAULT_PASSWORD);
    const olgaSessions = (await a.gql<{ mySessions: Array<{ id: string }> }>(MY_SESSIONS, {}, olga)).data!.mySessions;
    const malloryIds = (
      await a.gql<{ mySessions: Array<{ id: string }> }>(MY_SESSIONS, {}, mallory)
    ).data!.mySessions.map((s) => s.id);
    expect(malloryIds).not.toContain(olgaSessions[0].id);

    const revoke = (id: string) => a.gql('mutation($id: ID!) { revokeSession(id: $id) }', { id }, mallory);
    const foreign = await revoke(olgaSessions[0].id);
    const unknown = await revoke('0'.repeat(32));
    const malformed = await revoke("x' or 1=1 --");
    for (const answer of [foreign, unknown, malformed]) {
      expect(answer.status).toBe(200);
      expect(answer.data ?? null).toBeNull();
      expect(answer.errors).toEqual([
        expect.objectContaining({ message: 'No such session', extensions: { code: 'NOT_FOUND', field: 'id' } }),
      ]);
    }
    expect(await restStatus(a, { authorization: olga })).toBe(200);
    // Even an administrator ends someone else's sessions only all at once, with logoutUser.
    expect(
      (await a.gql('mutation($id: ID!) { revokeSession(id: $id) }', { id: olgaSessions[0].id }, admin)).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect(await restStatus(a, { authorization: olga })).toBe(200);
  });

  it('answers mySessions and revokeSession with UNAUTHENTICATED for anonymous callers and API keys', async () => {
    for (const auth of [undefined, `ApiKey ${API_KEY}:${API_KEY_SECRET}`]) {
      expect((await a.gql(MY_SESSIONS, {}, auth)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await a.gql('mutation { revokeSession(id: "0") }', {}, auth)).errors?.[0]?.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
    }
  });
});

describe('what ends sessions besides signing out', () => {
  const update = (id: string, input: Record<string, unknown>, auth: string) =>
    a.gql(
      'mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id } }',
      { id, input },
      auth,
    );

  it('ends every other session of a user who changes their own password, and keeps the one they changed it from', async () => {
    const boss = await a.createUser('boss', { role: 'admin' });
    const here = await a.login('boss', DEFAULT_PASSWORD);
    const elsewhere = await a.login('boss', DEFAULT_PASSWORD);
    const cookie = await signInWithCookie(a, 'boss');
    for (const headers of [{ authorization: here }, { authorization: elsewhere }, pageHeaders(cookie)])
      expect(await restStatus(b, headers)).toBe(200);

    expect((await update(boss.id, { password: 'N3w-Passw0rd!' }, here)).errors).toBeUndefined();

    for (const headers of [{ authorization: elsewhere }, pageHeaders(cookie)])
      expect(await refusedOn(b, headers)).toBe(true);
    for (const app of [a, b])
      expect((await app.gql('{ me { username } }', {}, here)).data).toEqual({ me: { username: 'boss' } });
    const left = await b.gql<{ mySessions: Array<{ current: boolean }> }>(MY_SESSIONS, {}, here);
    expect(left.data!.mySessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('ends every session of a user whose password someone else changes', async () => {
    const user = await a.createUser('pat');
    const first = user.auth;
    const second = await a.login('pat', DEFAULT_PASSWORD);
    expect((await update(user.id, { password: 'An0ther-Passw0rd!' }, admin)).errors).toBeUndefined();
    for (const auth of [first, second]) expect(await refusedOn(b, { authorization: auth })).toBe(true);
    expect(await restStatus(b, { authorization: admin })).toBe(200);
  });

  it('ends every session with logout_user and with a lock, and a new sign-in lists only itself', async () => {
    const user = await a.createUser('lou');
    const cookie = await signInWithCookie(a, 'lou');
    const bearer = await a.login('lou', DEFAULT_PASSWORD);
    const logoutUser = await a.request('/api/public/logout_user', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: user.id } },
    });
    expect(logoutUser.status).toBe(200);
    for (const headers of [pageHeaders(cookie), { authorization: bearer }, { authorization: user.auth }])
      expect(await refusedOn(b, headers)).toBe(true);

    const again = await a.login('lou', DEFAULT_PASSWORD);
    const more = await a.login('lou', DEFAULT_PASSWORD);
    expect((await update(user.id, { locked: true }, admin)).errors).toBeUndefined();
    for (const auth of [again, more]) expect(await refusedOn(b, { authorization: auth })).toBe(true);
    expect((await update(user.id, { locked: false }, admin)).errors).toBeUndefined();
    // Unlocking gives no session back.
    for (const auth of [again, more]) expect(await restStatus(a, { authorization: auth })).toBe(401);
    const fresh = await a.login('lou', DEFAULT_PASSWORD);
    expect((await b.gql<{ mySessions: unknown[] }>(MY_SESSIONS, {}, fresh)).data!.mySessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });
});

describe('cost and housekeeping', () => {
  it('reads an account and its session in one statement, once, while nothing about them changes', async () => {
    const user = await a.createUser('steady');
    const selects = (statements: string[]) => statements.filter((s) => /\bselect\b/i.test(s));
    const first = await b.countQueries(() => b.gql('{ __typename }', {}, user.auth));
    const second = await b.countQueries(() => b.gql('{ __typename }', {}, user.auth));
    expect(first.result.data).toEqual({ __typename: 'Query' });
    expect(second.result.data).toEqual({ __typename: 'Query' });
    expect(selects(first.statements)).toEqual([
      expect.stringMatching(/from sessions s where s\.id = \?[\s\S]*from users where id = \?/),
    ]);
    expect(selects(second.statements)).toEqual([]);

    // A second session of a user already cached costs one read of that session alone, then none.
    const another = await a.login('steady', DEFAULT_PASSWORD);
    const third = await b.countQueries(() => b.gql('{ __typename }', {}, another));
    const fourth = await b.countQueries(() => b.gql('{ __typename }', {}, another));
    expect(selects(third.statements)).toEqual([expect.stringMatching(/from sessions where id = \?/)]);
    expect(selects(fourth.statements)).toEqual([]);
  });

  it('purges sessions that expired a while ago, by itself at start-up and every hour', async () => {
    const user = await a.createUser('gone');
    const sql = a.app.orm.em.fork().getConnection();
    await sql.execute(`update sessions set expires_at = now() - interval '2 hours' where user_id = ?`, [user.id]);
    const count = async () =>
      (await sql.execute<{ n: number }[]>(`select count(*)::int as n from sessions where user_id = ?`, [user.id]))[0].n;
    expect(await count()).toBe(1);
    expect(await refusedOn(a, { authorization: user.auth })).toBe(true);

    // A replica starting up purges without being asked.
    const c = await startTestApp({}, { replicaOf: a });
    try {
      for (let attempt = 0; attempt < 100 && (await count()) > 0; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await count()).toBe(0);
    } finally {
      await c.stop();
    }
    // And purging again finds nothing left to do.
    expect(await a.app.services.identity.sessions.purgeExpired(a.app.orm.em.fork())).toBe(0);
  });
});
