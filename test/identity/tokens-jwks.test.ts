import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey, type JWK } from 'jose';
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

/**
 * An external identity provider: its JWKS served over real HTTP, the app started with JWT_JWKS_URL, and tokens
 * from that provider sent over HTTP to GraphQL and to a REST route. The provider's `sub` is a Trellis user id.
 */

const ISSUER = 'https://idp.example.test/';
const AUDIENCE = 'trellis-api';
const ME = '{ me { id username role } }';

let t: TestApp;
let jwksServer: Server;
let jwksRequests = 0;
let rsa: { privateKey: CryptoKey; publicKey: CryptoKey };
let ec: { privateKey: CryptoKey; publicKey: CryptoKey };
let rogue: { privateKey: CryptoKey; publicKey: CryptoKey };
let rsaJwk: JWK;
let alice: { id: string };

beforeAll(async () => {
  rsa = await generateKeyPair('RS256', { extractable: true });
  ec = await generateKeyPair('ES256', { extractable: true });
  rogue = await generateKeyPair('RS256', { extractable: true });
  rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' };
  const jwks = JSON.stringify({
    keys: [rsaJwk, { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' }],
  });
  jwksServer = createServer((req, res) => {
    jwksRequests += 1;
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await startTestApp({
    JWT_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: AUDIENCE,
  });
  alice = await t.createUser('alice');
});
afterAll(async () => {
  await t?.stop();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

interface SignOptions {
  alg?: 'RS256' | 'ES256';
  key?: CryptoKey;
  kid?: string;
  sub?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  /** null: no exp claim at all. */
  exp?: number | string | null;
  claims?: Record<string, unknown>;
}

/** A token as the external provider would issue it; each option spoils one part of it. */
function external(opts: SignOptions = {}): Promise<string> {
  const alg = opts.alg ?? 'RS256';
  const key = opts.key ?? (alg === 'ES256' ? ec.privateKey : rsa.privateKey);
  let jwt = new SignJWT({ role: 'user', ...opts.claims })
    .setProtectedHeader({ alg, kid: opts.kid ?? (alg === 'ES256' ? 'ec-1' : 'rsa-1'), typ: 'JWT' })
    .setSubject(opts.sub ?? alice.id)
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt(opts.iat);
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? '10m');
  return jwt.sign(key);
}

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const standardClaims = () => ({
  sub: alice.id,
  role: 'admin',
  iss: ISSUER,
  aud: AUDIENCE,
  iat: now(),
  exp: now() + 600,
});

const helpRequests = (token: string) =>
  t.request('/api/help/requests', { headers: { authorization: `Bearer ${token}` } });

async function accepted(token: string, userId = alice.id) {
  const me = await t.gql(ME, {}, `Bearer ${token}`);
  expect(me.errors).toBeUndefined();
  expect(me.data?.me?.id).toBe(userId);
  expect((await helpRequests(token)).status).toBe(200);
}

async function refused(token: string) {
  const me = await t.gql(ME, {}, `Bearer ${token}`);
  expect(me.status).toBe(401);
  expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect(me.data?.me).toBeUndefined();
  expect(await helpRequests(token)).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
}

describe('tokens from the JWKS issuer', () => {
  it('accepts an RS256 token signed with a key the JWKS publishes, on GraphQL and REST', async () => {
    await accepted(await external({ alg: 'RS256' }));
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('accepts an ES256 token signed with a key the JWKS publishes', async () => {
    await accepted(await external({ alg: 'ES256' }));
  });

  it("takes the role from the user's row, not from the provider's claim", async () => {
    const me = await t.gql(ME, {}, `Bearer ${await external({ claims: { role: 'admin' } })}`);
    expect(me.data?.me).toEqual({ id: alice.id, username: 'alice', role: 'USER' });
  });

  it("ties no Trellis session to a provider's token, even one carrying the provider's own sid: signing out ends nothing", async () => {
    const token = await external({ claims: { sid: 'f'.repeat(32) } });
    await accepted(token);
    expect((await t.gql('mutation { logout }', {}, `Bearer ${token}`)).data).toEqual({ logout: false });
    await accepted(token);
  });

  it("still accepts Trellis' own HS256 tokens next to the provider's", async () => {
    const auth = await t.login('alice', DEFAULT_PASSWORD);
    expect((await t.gql(ME, {}, auth)).data?.me?.id).toBe(alice.id);
  });
});

describe('tokens refused with 401 / UNAUTHENTICATED', () => {
  it('signed by a key the JWKS does not publish, under a published kid or an unknown one', async () => {
    await refused(await external({ key: rogue.privateKey, kid: 'rsa-1' }));
    await refused(await external({ key: rogue.privateKey, kid: 'rogue-1' }));
  });

  it('signed by the RSA key but naming the EC key (and the other way round)', async () => {
    await refused(await external({ alg: 'RS256', kid: 'ec-1' }));
    await refused(await external({ alg: 'ES256', kid: 'rsa-1' }));
  });

  it('from another issuer', async () => refused(await external({ iss: 'https://evil.example.test/' })));
  it('for another audience', async () => refused(await external({ aud: 'someone-else' })));
  it('expired', async () => refused(await external({ iat: now() - 3600, exp: now() - 60 })));
  it('without exp', async () => refused(await external({ exp: null })));
  it('not valid before a time still to come (nbf)', async () =>
    refused(await external({ claims: { nbf: now() + 600 } })));
  it('larger than any real token, however well signed', async () =>
    refused(await external({ claims: { padding: 'x'.repeat(7 * 1024) } })));
  it('issued in the future, which would outlive every revocation', async () =>
    refused(await external({ iat: now() + 3600, exp: now() + 7200 })));

  it('unsigned (alg none), with or without a signature part', async () => {
    for (const alg of ['none', 'None']) {
      const input = `${b64({ alg, typ: 'JWT' })}.${b64(standardClaims())}`;
      await refused(`${input}.`);
      await refused(input);
    }
  });

  it("HS256 with the RSA public key's PEM or JWK bytes as the HMAC secret (algorithm confusion)", async () => {
    const pem = await exportSPKI(rsa.publicKey);
    const secrets = [pem, pem.trim(), JSON.stringify(rsaJwk), JSON.stringify(await exportJWK(rsa.publicKey))];
    for (const secret of secrets) {
      for (const alg of ['HS256', 'RS256']) {
        const input = `${b64({ alg, kid: 'rsa-1', typ: 'JWT' })}.${b64(standardClaims())}`;
        await refused(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`);
      }
    }
  });

  it('whose sub is no Trellis user', async () => {
    await refused(await external({ sub: 'f'.repeat(32) }));
    await refused(await external({ sub: 'not-a-user-id' }));
  });
});

describe('the account behind an external token', () => {
  it("stops accepting a locked user's external token at once, although the token itself is still valid", async () => {
    const bob = await t.createUser('bob');
    const token = await external({ sub: bob.id });
    await accepted(token, bob.id);
    // Written behind the app's back, as an operator in psql would: the process hears of it through PostgreSQL's
    // notification of the commit, so the loop only waits for its delivery.
    await t.app.orm.em.fork().nativeUpdate(User, { id: bob.id }, { locked: true });
    let me = await t.gql(ME, {}, `Bearer ${token}`);
    for (let attempt = 0; me.status !== 401 && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      me = await t.gql(ME, {}, `Bearer ${token}`);
    }
    expect(me.status).toBe(401);
    expect(me.errors?.[0]?.message).toBe('Account is locked');
    await refused(token);
  });
});

describe('revoking external tokens, which carry no token version', () => {
  /** `iat` counts whole seconds: a token issued after a revocation is one whose second starts after it. */
  const untilTheNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)));

  it('refuses a token issued before logout_user, and accepts one issued after it', async () => {
    const carol = await t.createUser('carol');
    const before = await external({ sub: carol.id });
    await accepted(before, carol.id);
    const out = await t.request('/api/public/logout_user', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: carol.id } },
    });
    expect(out.status).toBe(200);
    await refused(before);
    expect((await t.gql(ME, {}, `Bearer ${before}`)).errors?.[0]?.message).toBe('Token has been revoked');

    await untilTheNextSecond();
    const after = await external({ sub: carol.id });
    await accepted(after, carol.id);
    await refused(before);
  });

  it('refuses a token issued before a password or role change made through the API', async () => {
    const adminAuth = await t.login('admin', ADMIN_PASSWORD);
    const dave = await t.createUser('dave');
    for (const input of [{ password: 'An0ther-Passw0rd!' }, { role: 'ADMIN' }]) {
      await untilTheNextSecond();
      const token = await external({ sub: dave.id });
      await accepted(token, dave.id);
      const updated = await t.gql(
        'mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id } }',
        { id: dave.id, input },
        adminAuth,
      );
      expect(updated.errors).toBeUndefined();
      await refused(token);
    }
  });

  it('leaves external tokens alone when nothing revoked them: a profile edit is not a log-out', async () => {
    const adminAuth = await t.login('admin', ADMIN_PASSWORD);
    const erin = await t.createUser('erin');
    const token = await external({ sub: erin.id });
    await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Erin" }) { id } }',
      { id: erin.id },
      adminAuth,
    );
    await accepted(token, erin.id);
    const row = await t.app.orm.em.fork().findOneOrFail(User, { id: erin.id });
    expect(row.tokensRevokedAt).toBeNull();
  });
});
