import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE, pageHeaders, signInAsPage } from '../../helpers/page-session.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../../helpers/app.js';

/**
 * Browser pages on an allowlisted origin, signed in with the session cookie, in production: CORS with credentials,
 * the cookie as a credential everywhere a bearer token is, its end, and cross-site writes refused.
 */
const HOSTILE = 'http://localhost:8666';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production', CORS_ORIGINS: PAGE });
});
afterAll(() => t?.stop());

const signIn = (uid: string, password: string) => signInAsPage(t, uid, password);

describe('CORS for the allowlisted page', () => {
  it('answers a preflight for every method and header the page uses, with credentials', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const res = await t.request('/api/help/requests/1/status', {
        method: 'OPTIONS',
        headers: {
          origin: PAGE,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type,authorization,x-origin,x-request-id,apollo-require-preflight',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain(method);
      for (const header of ['content-type', 'authorization', 'x-origin', 'x-request-id', 'apollo-require-preflight']) {
        expect(res.headers.get('access-control-allow-headers')).toContain(header);
      }
    }
  });

  it('gives another origin no Access-Control-Allow-Origin, so its page cannot read answers nor send credentialed calls', async () => {
    const res = await t.request('/api/help/faqs', {
      method: 'OPTIONS',
      headers: {
        origin: HOSTILE,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('Signing in with the session cookie', () => {
  it('answers POST /api/authenticate with a short text and an HttpOnly, Secure, SameSite=Lax cookie for an hour', async () => {
    const res = await t.request('/api/authenticate', {
      method: 'POST',
      json: { uid: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe('string');
    expect(res.body.length).toBeLessThan(40);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^trellis_session=eyJ[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('answers 401 {message} and sets no cookie for a wrong or missing uid or password', async () => {
    for (const json of [
      { uid: 'admin', password: 'wrong-Passw0rd!' },
      { uid: 'nobody', password: 'x' },
      { uid: 'admin' },
      {},
    ]) {
      const res = await t.request('/api/authenticate', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(401);
      expect(typeof res.body.message).toBe('string');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('sets the same cookie on POST /api/auth/login, beside the bearer token', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain(`trellis_session=${res.body.access_token};`);
  });

  it('answers GET /api/user and /api/id with the signed-in person, and 401 {message} for nobody', async () => {
    await t.createUser('dora', {});
    const admin = await signIn('admin', ADMIN_PASSWORD);
    const dora = await signIn('dora', DEFAULT_PASSWORD);
    for (const path of ['/api/user', '/api/id']) {
      const a = await t.request(path, { headers: pageHeaders(admin) });
      expect(a).toMatchObject({ status: 200, body: { uid: 'admin', name: 'admin', role: 'Admin', email: null } });
      expect(a.body.id).toMatch(/^[0-9a-f]{32}$/);
      expect(a.headers.get('access-control-allow-credentials')).toBe('true');
      expect((await t.request(path, { headers: pageHeaders(dora) })).body).toMatchObject({ uid: 'dora', role: 'User' });
      const nobody = await t.request(path, { headers: { origin: PAGE } });
      expect(nobody).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    }
  });

  it('accepts the cookie on the help desk routes and on /graphql, where a bearer token is accepted', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    const filed = await t.request('/api/help/requests', {
      method: 'POST',
      headers: pageHeaders(cookie),
      body: JSON.stringify({ title: 'Badge', description: 'Lost it' }),
    });
    expect(filed.status).toBe(201);
    const listed = await t.request('/api/help/requests', { headers: pageHeaders(cookie) });
    expect(listed.body.requests.map((r: { title: string }) => r.title)).toContain('Badge');
    const me = await t.request('/graphql', {
      method: 'POST',
      headers: pageHeaders(cookie),
      body: JSON.stringify({ query: '{ me { username } }' }),
    });
    expect(me.body).toEqual({ data: { me: { username: 'admin' } } });
  });

  it('accepts the cookie on the WebSocket upgrade from the allowlisted page, and not from another origin', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    const subscribeFrom = async (origin: string) => {
      class PageSocket extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { cookie, origin } });
        }
      }
      const client = createClient({
        url: t.url.replace(/^http/, 'ws') + '/graphql',
        webSocketImpl: PageSocket,
        retryAttempts: 0,
      });
      try {
        let filing: NodeJS.Timeout | undefined;
        const first = await new Promise<unknown>((resolve) => {
          const stop = client.subscribe(
            { query: 'subscription { helpRequestChanged { requestId } }' },
            { next: (value) => (resolve(value), stop()), error: (error) => resolve({ error }), complete: () => {} },
          );
          // An accepted subscription stays silent until a change: keep filing requests until one is heard of.
          filing = setInterval(() => {
            void t.request('/api/help/requests', {
              method: 'POST',
              headers: pageHeaders(cookie),
              body: JSON.stringify({ title: 'WS', description: 'ping' }),
            });
          }, 300);
        }).finally(() => clearInterval(filing));
        return first;
      } finally {
        await client.dispose();
      }
    };
    expect(await subscribeFrom(PAGE)).toMatchObject({
      data: { helpRequestChanged: { requestId: expect.any(Number) } },
    });
    const hostile = (await subscribeFrom(HOSTILE)) as { error?: unknown; data?: unknown };
    expect(hostile.data).toBeUndefined();
    expect(JSON.stringify(hostile)).toContain('UNAUTHENTICATED');
  });

  it('ends the session on DELETE /api/authenticate sent with a JSON content type and no body', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    const res = await t.request('/api/authenticate', { method: 'DELETE', headers: pageHeaders(cookie) });
    expect(res.status).toBe(200);
    const cleared = res.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^trellis_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it('stops accepting the cookie once the user is logged out, locked or changes password', async () => {
    const erin = await t.createUser('erin', {});
    const check = (cookie: string) => t.request('/api/user', { headers: pageHeaders(cookie) });
    const update = (target_user: Record<string, unknown>) =>
      t.request('/api/public/update_user', {
        method: 'POST',
        json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: erin.id, ...target_user } },
      });

    let cookie = await signIn('erin', DEFAULT_PASSWORD);
    expect((await check(cookie)).status).toBe(200);
    await t.request('/api/public/logout_user', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: erin.id } },
    });
    expect((await check(cookie)).status).toBe(401);

    cookie = await signIn('erin', DEFAULT_PASSWORD);
    expect((await update({ locked: true })).status).toBe(200);
    expect((await check(cookie)).status).toBe(401);
    expect((await update({ locked: false })).status).toBe(200);

    cookie = await signIn('erin', DEFAULT_PASSWORD);
    expect((await update({ password: 'N3w-Passw0rd!' })).status).toBe(200);
    expect((await check(cookie)).status).toBe(401);
  });
});

describe('Cross-site request forgery', () => {
  const countRequests = async () => {
    const [row] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from help_requests');
    return row.n;
  };

  it('refuses a cross-site form POST carrying the session cookie, and writes nothing', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    const before = await countRequests();
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'title=Pwned&description=csrf'],
      ['text/plain', '{"title":"Pwned","description":"csrf"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nPwned\r\n--x--\r\n',
      ],
    ]) {
      const res = await t.request('/api/help/requests', {
        method: 'POST',
        headers: { cookie, origin: HOSTILE, 'content-type': contentType },
        body,
      });
      expect(res.status, contentType).toBe(403);
      expect(res.body).toEqual({ message: 'Cross-site request refused' });
    }
    // No Origin at all (some browsers drop it), no content type, on GraphQL: refused too.
    const graphql = await t.request('/graphql', {
      method: 'POST',
      headers: { cookie },
      body: '{"query":"mutation { logoutUser(id: \\"x\\") { id } }"}',
    });
    expect(graphql.status).toBe(403);
    expect(await countRequests()).toBe(before);
  });

  it('lets the same write through from the allowlisted page, or with a header a cross-site form cannot send', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    const body = 'title=Fine&description=ok';
    const fromPage = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { cookie, origin: PAGE, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Fine', description: 'ok' }),
    });
    expect(fromPage.status).toBe(201);
    // A JSON body from any origin: a browser would have asked first, and been refused.
    const json = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { cookie, origin: HOSTILE, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Fine', description: 'ok' }),
    });
    expect(json.status).toBe(201);
    // A bearer token is never attached by a browser on its own: no check applies.
    const bearer = await t.login('admin', ADMIN_PASSWORD);
    const form = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: bearer, origin: HOSTILE, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(form.status).not.toBe(403);
  });
});
