import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/users/user.entity.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../helpers/app.js';

const SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
let t: TestApp;
let adminAuth: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp();
  adminAuth = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

const ME = '{ me { id username role } }';
const USER = 'query($id: ID!) { user(id: $id) { id username } }';

const sign = (
  claims: Record<string, unknown>,
  opts: { alg?: string; secret?: string; exp?: string | number | null; iss?: string; aud?: string } = {},
) => {
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setIssuedAt()
    .setSubject(alice.id);
  if (opts.iss !== '') jwt = jwt.setIssuer(opts.iss ?? 'trellis');
  if (opts.aud !== '') jwt = jwt.setAudience(opts.aud ?? 'trellis');
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? '1h');
  return jwt.sign(new TextEncoder().encode(opts.secret ?? SECRET));
};

describe('log-in', () => {
  it('issues a bearer token over REST that opens the GraphQL API', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'alice', password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const me = await t.gql(ME, {}, `Bearer ${res.body.access_token}`);
    expect(me.data?.me).toEqual({ id: alice.id, username: 'alice', role: 'USER' });
  });

  it('accepts the username in any letter case', async () => {
    await expect(t.login('ALICE', DEFAULT_PASSWORD)).resolves.toMatch(/^Bearer /);
  });

  it('logs in through the GraphQL login mutation', async () => {
    const res = await t.gql(
      'mutation { login(username: "alice", password: "Passw0rd!x") { accessToken tokenType expiresIn } }',
    );
    expect(res.data.login.tokenType).toBe('Bearer');
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const unknown = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'nobody', password: 'Whatever1!' },
    });
    const wrong = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'alice', password: 'Wrong-pass1' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses a locked or disabled account with 403', async () => {
    const bob = await t.createUser('bob');
    const em = t.app.orm.em.fork();
    await em.nativeUpdate(User, { id: bob.id }, { locked: true });
    const locked = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'bob', password: DEFAULT_PASSWORD },
    });
    expect(locked).toMatchObject({ status: 403, body: { message: 'Account is locked' } });
    await em.nativeUpdate(User, { id: bob.id }, { locked: false, disabled: true });
    const disabled = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'bob', password: DEFAULT_PASSWORD },
    });
    expect(disabled).toMatchObject({ status: 403, body: { message: 'Account is disabled' } });
  });

  it('answers a NUL character in the credentials with 400, not a database error', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'alice\u0000', password: DEFAULT_PASSWORD },
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'Text must not contain NUL characters' } });
    const gql = await t.gql('mutation($u: String!) { login(username: $u, password: "x") { accessToken } }', {
      u: '\u0000',
    });
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers a body without credentials with 400', async () => {
    const res = await t.request('/api/auth/login', { method: 'POST', json: { username: 'alice' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/required/);
  });

  it('stores passwords as argon2id with at least the OWASP parameters', async () => {
    const row = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`select password_hash from users where username = 'alice'`);
    const [, m, p, tc] = /^\$argon2id\$v=19\$m=(\d+),p=(\d+),t=(\d+)\$/.exec(row[0].password_hash) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(tc)).toBeGreaterThanOrEqual(2);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
  });
});

describe('roles', () => {
  it('lets an administrator read an admin-only field and refuses a user with FORBIDDEN', async () => {
    const asAdmin = await t.gql(USER, { id: alice.id }, adminAuth);
    expect(asAdmin.data?.user).toEqual({ id: alice.id, username: 'alice' });
    const asUser = await t.gql(USER, { id: alice.id }, alice.auth);
    expect(asUser.data?.user ?? null).toBeNull();
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers an anonymous caller with UNAUTHENTICATED', async () => {
    const res = await t.gql(ME);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accepts an API key in the Authorization header as a workspace administrator', async () => {
    const res = await t.gql(USER, { id: alice.id }, `ApiKey ${API_KEY}:${API_KEY_SECRET}`);
    expect(res.data?.user?.username).toBe('alice');
    const wrong = await t.gql(USER, { id: alice.id }, `ApiKey ${API_KEY}:not-the-secret`);
    expect(wrong.status).toBe(401);
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stops accepting the token of a user who is locked, at once', async () => {
    const carol = await t.createUser('carol');
    expect((await t.gql(ME, {}, carol.auth)).data?.me.username).toBe('carol');
    // Written behind the app's back, as an operator in psql would: the process hears of it through PostgreSQL's
    // notification of the commit, so the loop only waits for its delivery.
    await t.app.orm.em.fork().nativeUpdate(User, { username: 'carol' }, { locked: true });
    let res = await t.gql(ME, {}, carol.auth);
    for (let attempt = 0; res.status !== 401 && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await t.gql(ME, {}, carol.auth);
    }
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.message).toBe('Account is locked');
  });

  it('stops accepting the token of a deleted user', async () => {
    const dave = await t.createUser('dave');
    await t.app.orm.em.fork().nativeDelete(User, { id: dave.id });
    expect((await t.gql(ME, {}, dave.auth)).status).toBe(401);
  });

  it('takes the role from the database, so a demoted admin loses admin fields at once', async () => {
    const erin = await t.createUser('erin', { role: 'admin' });
    expect((await t.gql(USER, { id: alice.id }, erin.auth)).data?.user).toBeTruthy();
    await t.app.orm.em.fork().nativeUpdate(User, { id: erin.id }, { role: 'user' });
    // As above: a write behind the app's back reaches it with PostgreSQL's notification.
    let res = await t.gql(USER, { id: alice.id }, erin.auth);
    for (let attempt = 0; !res.errors && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await t.gql(USER, { id: alice.id }, erin.auth);
    }
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('token attacks', () => {
  const rejects = async (token: string) => {
    const res = await t.gql(ME, {}, `Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.data?.me).toBeUndefined();
  };

  it('accepts a correctly signed token (the control case)', async () => {
    const res = await t.gql(ME, {}, `Bearer ${await sign({ role: 'user', ver: 0 })}`);
    expect(res.data?.me?.id).toBe(alice.id);
  });

  it('rejects an unsigned alg:none token', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    await rejects(
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: alice.id, role: 'admin', iss: 'trellis', aud: 'trellis', iat: now, exp: now + 600 })}.`,
    );
  });

  it('rejects an expired token', async () =>
    rejects(await sign({ role: 'user' }, { exp: Math.floor(Date.now() / 1000) - 60 })));
  it('rejects a token signed with another secret', async () =>
    rejects(await sign({ role: 'admin' }, { secret: 'some-other-secret-that-is-long-enough-000000' })));
  it('rejects a token without exp', async () => rejects(await sign({ role: 'user' }, { exp: null })));
  it('rejects a token from another issuer', async () => rejects(await sign({ role: 'user' }, { iss: 'evil' })));
  it('rejects a token for another audience', async () => rejects(await sign({ role: 'user' }, { aud: 'elsewhere' })));
  it('rejects a token with another algorithm', async () => rejects(await sign({ role: 'user' }, { alg: 'HS512' })));
  it('rejects HS384 with the same secret', async () => rejects(await sign({ role: 'user', ver: 0 }, { alg: 'HS384' })));
  it('rejects a token that claims RS256 but is an HMAC of the shared secret (algorithm confusion)', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    for (const alg of ['RS256', 'ES256', 'PS256']) {
      const input = `${b64({ alg, typ: 'JWT' })}.${b64({ sub: alice.id, role: 'admin', ver: 0, iss: 'trellis', aud: 'trellis', iat: now, exp: now + 600 })}`;
      await rejects(`${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`);
    }
  });
  it('rejects "none" in any letter case, with or without a signature', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = b64({
      sub: alice.id,
      role: 'admin',
      ver: 0,
      iss: 'trellis',
      aud: 'trellis',
      iat: now,
      exp: now + 600,
    });
    for (const alg of ['None', 'NONE', 'nOnE']) {
      const input = `${b64({ alg, typ: 'JWT' })}.${claims}`;
      await rejects(`${input}.`);
      await rejects(`${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`);
    }
  });
  it('rejects a token with a flipped signature byte', async () => {
    const token = await sign({ role: 'user' });
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    await rejects(token.slice(0, -2) + last + token.at(-1));
  });
  it('rejects a 12 KB token without trying it', async () => rejects('a'.repeat(12 * 1024)));
  it('rejects a token issued before the user logged out (older token version)', async () =>
    rejects(await sign({ role: 'user', ver: -1 })));
  it("stops accepting a token once the user's password changes, and after a log-out through the platform API", async () => {
    const frank = await t.createUser('frank');
    expect((await t.gql(ME, {}, frank.auth)).data?.me.username).toBe('frank');
    await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { password: "An0ther-Passw0rd!" }) { id } }',
      { id: frank.id },
      adminAuth,
    );
    const afterChange = await t.gql(ME, {}, frank.auth);
    expect(afterChange.status).toBe(401);
    expect(afterChange.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const fresh = await t.login('frank', 'An0ther-Passw0rd!');
    expect((await t.gql(ME, {}, fresh)).data?.me.username).toBe('frank');
    const out = await t.request('/api/public/logout_user', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: frank.id } },
    });
    expect(out.status).toBe(200);
    expect((await t.gql(ME, {}, fresh)).status).toBe(401);
    expect((await t.request('/api/help/requests', { headers: { authorization: fresh } })).status).toBe(401);
  });

  it('stops accepting the token of a user locked or deleted through the API, on GraphQL and REST alike', async () => {
    const grace = await t.createUser('grace');
    const heidi = await t.createUser('heidi');
    await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { id } }',
      { id: grace.id },
      adminAuth,
    );
    await t.gql('mutation($id: ID!) { deleteUser(id: $id) }', { id: heidi.id }, adminAuth);
    for (const auth of [grace.auth, heidi.auth]) {
      expect((await t.gql(ME, {}, auth)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(await t.request('/api/help/requests', { headers: { authorization: auth } })).toMatchObject({
        status: 401,
        body: { message: 'Authentication required' },
      });
    }
  });

  it('ignores a token in the query string', async () => {
    const token = await sign({ role: 'user', ver: 0 });
    const res = await t.request(`/graphql?access_token=${token}`, { method: 'POST', json: { query: ME } });
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
