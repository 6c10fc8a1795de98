import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, API_KEY_SECRET, ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/**
 * A request a legacy route's schema refuses is answered in that API's own status and body, worded as the API always
 * worded it, and never logged as an error.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
  t.request(path, {
    method: 'POST',
    body,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });

describe('refused requests keep each API’s answer', () => {
  it.each([
    ['{}', 'an empty object'],
    ['[]', 'an array'],
    ['null', 'null'],
    [undefined, 'no body'],
  ])('POST /api/auth/login with %s (%s): 400 {message}', async (body: string | undefined, _what: string) => {
    expect(await post('/api/auth/login', body)).toMatchObject({
      status: 400,
      body: { message: 'username and password are required' },
    });
  });

  it.each([['{}'], ['{"uid":"admin"}'], ['[1]'], [undefined]])(
    'POST /api/authenticate with %s: 401 {message}',
    async (body) => {
      expect(await post('/api/authenticate', body)).toMatchObject({
        status: 401,
        body: { message: 'uid and password are required' },
      });
    },
  );

  it('help desk: credentials first, then the first problem in the legacy field names; a bad id names no resource', async () => {
    expect(await post('/api/help/requests', '{"title":1}')).toMatchObject({
      status: 401,
      body: { message: 'Authentication required' },
    });
    const auth = { authorization: admin };
    expect(await post('/api/help/requests', '{"title":1}', auth)).toMatchObject({
      status: 400,
      body: { message: 'title must be a string' },
    });
    expect(await post('/api/help/requests', '{}', auth)).toMatchObject({
      status: 400,
      body: { message: 'title is required' },
    });
    expect(await post('/api/help/requests', '[]', auth)).toMatchObject({
      status: 400,
      body: { message: 'Request body must be a JSON object' },
    });
    expect(await post('/api/help/requests', 'x', { ...auth, 'content-type': 'text/plain' })).toMatchObject({
      status: 415,
      body: { message: 'Unsupported content type' },
    });
    expect(await t.request('/api/help/requests?page=x', { headers: auth })).toMatchObject({
      status: 400,
      body: { message: 'page must be an integer' },
    });
    expect(await t.request('/api/help/requests?status=nope', { headers: auth })).toMatchObject({
      status: 400,
      body: { message: 'status must be one of: open, in_progress, on_hold, resolved, closed' },
    });
    for (const id of ['abc', '0', '-1', '1.5', '9999999999']) {
      expect(await t.request(`/api/help/requests/${id}`, { headers: auth }), id).toMatchObject({
        status: 404,
        body: { message: 'Resource not found' },
      });
    }
  });

  it('risk: {error} with the legacy wording', async () => {
    expect(await t.request('/api/risk/wildfire')).toMatchObject({
      status: 400,
      body: { error: 'ZIP code parameter is required' },
    });
    expect(await t.request('/api/v1/risk/earthquake?zip=')).toMatchObject({
      status: 400,
      body: { error: 'ZIP code parameter is required' },
    });
  });

  it('workspace platform: the key is checked before the parameters, which are named as the caller sent them', async () => {
    const key = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };
    const call = (name: string, body: unknown) => post(`/api/public/${name}`, JSON.stringify(body));
    expect(await call('get_user', { target_user: {} })).toMatchObject({
      status: 400,
      body: { error_message: 'Invalid Request' },
    });
    expect(await call('get_user', { ...key, api_key_secret: 'wrong-secret', target_user: {} })).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });
    expect(await call('get_user', { ...key, target_user: {} })).toMatchObject({
      status: 400,
      body: { error_message: 'Missing parameter: target_user.user_id' },
    });
    expect(await call('get_users', { ...key, limit: 'ten' })).toMatchObject({
      status: 400,
      body: { error_message: 'Invalid parameter: limit' },
    });
    expect(await call('add_user_group', { ...key, target_user: { user_id: 'u' } })).toMatchObject({
      status: 400,
      body: { error_message: 'Missing parameter: target_group' },
    });
  });

  it('logs none of these at error level', () => {
    expect(t.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
