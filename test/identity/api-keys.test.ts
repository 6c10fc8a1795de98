import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys, revokeApiKey } from '../../src/identity/api-keys.js';
import { API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';

/*
 * API keys on the workspace platform's developer API: sent as HTTP Basic, as the platform's newer API sends them,
 * beside the JSON body; and when each was last used, kept to the minute without slowing or failing a request.
 */

let t: TestApp;
/** The app's clock: tests move it on to see a new minute. */
let clock = new Date();

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t?.stop());

const basic = (value: string) => `Basic ${Buffer.from(value, 'utf8').toString('base64')}`;

async function call(route: string, options: { body?: Record<string, unknown>; authorization?: string } = {}) {
  const res = await t.request(`/api/public/${route}`, {
    method: 'POST',
    json: options.body ?? {},
    headers: options.authorization ? { authorization: options.authorization } : {},
  });
  expect(JSON.stringify(res.body ?? '')).not.toContain(API_KEY_SECRET);
  return res;
}

const KEY = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };

describe('the API key as HTTP Basic on /api/public', () => {
  it('answers a call whose only credentials are Basic, as it answers the same key in the body', async () => {
    expect(await call('validate_credentials', { authorization: basic(`${API_KEY}:${API_KEY_SECRET}`) })).toMatchObject({
      status: 200,
      body: {},
    });
    const created = await call('create_user', {
      authorization: basic(`${API_KEY}:${API_KEY_SECRET}`),
      body: { target_user: { username: 'basil' } },
    });
    expect(created).toMatchObject({ status: 200, body: { user: { username: 'basil' } } });
    const byBody = await call('get_user', { body: { ...KEY, target_user: { username: 'basil' } } });
    const byBasic = await call('get_user', {
      authorization: basic(`${API_KEY}:${API_KEY_SECRET}`),
      body: { target_user: { username: 'basil' } },
    });
    expect(byBasic).toMatchObject({ status: 200, body: byBody.body });
    // Case and spacing of the scheme as clients write it.
    const spaced = `basic   ${Buffer.from(`${API_KEY}:${API_KEY_SECRET}`).toString('base64')}`;
    expect((await call('validate_credentials', { authorization: spaced })).status).toBe(200);
  });

  it('accepts the same pair in the body and as Basic, and refuses a call whose two disagree, changing nothing', async () => {
    const agree = await call('get_user', {
      authorization: basic(`${API_KEY}:${API_KEY_SECRET}`),
      body: { ...KEY, target_user: { username: 'basil' } },
    });
    expect(agree.status).toBe(200);
    const id = agree.body.user.user_id as string;

    const other = await createApiKey(t.app.orm.em.fork(), { name: 'other' });
    const disagreements = [
      {
        authorization: basic(`${API_KEY}:${API_KEY_SECRET}`),
        body: { api_key: other.apiKey.key, api_key_secret: other.secret },
      },
      {
        authorization: basic(`${API_KEY}:${API_KEY_SECRET}`),
        body: { api_key: API_KEY, api_key_secret: 'not-the-secret' },
      },
      { authorization: basic(`${other.apiKey.key}:${other.secret}`), body: KEY },
      // Half a pair in the body beside Basic: not the same pair either.
      { authorization: basic(`${API_KEY}:${API_KEY_SECRET}`), body: { api_key: API_KEY } },
    ];
    for (const { authorization, body } of disagreements) {
      const res = await call('update_user', {
        authorization,
        body: { ...body, target_user: { user_id: id, first_name: 'Changed' } },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error_message:
          'Invalid Request: the api_key and api_key_secret in the body differ from the Authorization header',
      });
    }
    const after = await call('get_user', { body: { ...KEY, target_user: { user_id: id } } });
    expect(after.body.user.first_name).toBeNull();
  });

  it('answers malformed Basic credentials with 400 Invalid Request, before reading anything', async () => {
    const malformed = [
      'Basic',
      'Basic ',
      'Basic !!!not-base64!!!',
      'Basic YWJj', // "abc": no colon
      basic(`${API_KEY}`),
      basic(`:${API_KEY_SECRET}`),
      basic(`${API_KEY}:`),
      `Basic ${Buffer.from(`${API_KEY}:${API_KEY_SECRET}`).toString('base64').replace(/=+$/, '')}=`,
    ];
    for (const authorization of malformed) {
      const res = await call('validate_credentials', { authorization });
      expect(res.status, authorization).toBe(400);
      expect(res.body).toEqual({ error_message: 'Invalid Request' });
    }
    // Even beside good body credentials: a broken header is not silently ignored.
    expect((await call('validate_credentials', { authorization: 'Basic', body: KEY })).status).toBe(400);
  });

  it('answers a wrong or revoked key sent as Basic as it answers one in the body', async () => {
    expect(
      await call('validate_credentials', {
        authorization: basic(`${API_KEY}:wrong-secret-0123456789-abcdefghijklmno`),
      }),
    ).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });
    const { apiKey, secret } = await createApiKey(t.app.orm.em.fork(), { name: 'soon revoked' });
    await revokeApiKey(t.app.orm.em.fork(), apiKey.key);
    expect(await call('validate_credentials', { authorization: basic(`${apiKey.key}:${secret}`) })).toMatchObject({
      status: 401,
      body: { error_message: 'Access has expired' },
    });
    // The body alone still works as it always has; an Authorization of another scheme is not this API's and is left alone.
    expect((await call('validate_credentials', { body: KEY })).status).toBe(200);
    expect((await call('validate_credentials', { body: KEY, authorization: 'Bearer something' })).status).toBe(200);
    expect(t.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});

describe('when an API key was last used', () => {
  const lastUsed = async (key: string) =>
    (await listApiKeys(t.app.orm.em.fork())).find((k) => k.api_key === key)!.last_used_at;
  const minute = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const stamps = () => t.app.services.identity.apiKeysUsed;

  it('is written once a minute at most, to the minute, and shown by list-api-keys', async () => {
    const { apiKey, secret } = await createApiKey(t.app.orm.em.fork(), { name: 'stamped' });
    const body = { api_key: apiKey.key, api_key_secret: secret };
    expect(await lastUsed(apiKey.key)).toBeNull();

    clock = new Date();
    expect((await call('validate_credentials', { body })).status).toBe(200);
    await stamps().flush();
    expect(await lastUsed(apiKey.key)).toEqual(minute(clock));

    // More calls in the same minute, by body and by Basic: not one more write.
    const { all: statements } = await t.countQueries(async () => {
      for (let i = 0; i < 5; i++)
        await call('validate_credentials', i % 2 ? { body } : { authorization: basic(`${apiKey.key}:${secret}`) });
      await stamps().flush();
    });
    expect(statements.filter((s) => /update "api_keys"/.test(s))).toEqual([]);

    clock = new Date(clock.getTime() + 61_000);
    expect((await call('validate_credentials', { authorization: basic(`${apiKey.key}:${secret}`) })).status).toBe(200);
    await stamps().flush();
    expect(await lastUsed(apiKey.key)).toEqual(minute(clock));
    clock = new Date();
  });

  it('is written off the request path: a write held up by a lock does not hold up the call', async () => {
    const { apiKey, secret } = await createApiKey(t.app.orm.em.fork(), { name: 'locked out' });
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      // SHARE lets reads (the key check) through and holds every update of the table until it ends.
      await holder.query('lock table api_keys in share mode');
      expect(
        (await call('validate_credentials', { body: { api_key: apiKey.key, api_key_secret: secret } })).status,
      ).toBe(200);
      const written = stamps().flush();
      expect(
        (await call('validate_credentials', { body: { api_key: apiKey.key, api_key_secret: secret } })).status,
      ).toBe(200);
      await holder.query('commit');
      await written;
    } finally {
      await holder.end();
    }
    expect(await lastUsed(apiKey.key)).toEqual(minute(clock));
  });

  it('never fails a call when it cannot be written, and logs that as a warning, not an error', async () => {
    const { apiKey, secret } = await createApiKey(t.app.orm.em.fork(), { name: 'unwritable' });
    const sql = t.app.orm.em.fork().getConnection();
    await sql.execute(
      `create function refuse_api_key_updates() returns trigger language plpgsql as $$ begin raise exception 'api_keys is read-only here'; end $$`,
    );
    await sql.execute(
      `create trigger refuse_api_key_updates before update on api_keys for each row execute function refuse_api_key_updates()`,
    );
    try {
      const res = await call('get_groups', { body: { api_key: apiKey.key, api_key_secret: secret } });
      expect(res.status).toBe(200);
      await stamps().flush();
      expect(await lastUsed(apiKey.key)).toBeNull();
    } finally {
      await sql.execute('drop trigger refuse_api_key_updates on api_keys');
      await sql.execute('drop function refuse_api_key_updates()');
    }
    expect(t.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(t.logs.some((line) => line.level === 40 && /last_used_at/.test(String(line.msg)))).toBe(true);
    // Once writing works again, the next call records it.
    expect((await call('get_groups', { body: { api_key: apiKey.key, api_key_secret: secret } })).status).toBe(200);
    await stamps().flush();
    expect(await lastUsed(apiKey.key)).toEqual(minute(clock));
  });
});
