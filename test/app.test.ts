import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('health and readiness', () => {
  for (const path of ['/api/health', '/api/v1/health']) {
    it(`answers ${path} with the legacy health body`, async () => {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'healthy', timestamp: expect.any(String), version: '1.0.0' });
      expect(new Date(res.body.timestamp).toISOString()).toBe(res.body.timestamp);
    });
  }

  it('reports ready while the database answers', async () => {
    expect(await t.request('/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('tags every response with a request id, reusing a well-formed one from the caller', async () => {
    const res = await t.request('/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const generated = await t.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tags error answers too, including those refused before any route runs', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, RequestInit, number]> = [
      ['/api/nothing-here', {}, 404],
      ['/api/help/requests/%zz', {}, 400],
      ['/graphql', { method: 'POST', body: '{"query":', headers: json }, 400],
      ['/graphql', { method: 'POST', body: '', headers: json }, 400],
      ['/api/auth/login', { method: 'POST', body: '{"username":"a","__proto__":{"x":1}}', headers: json }, 400],
    ];
    for (const [path, init, status] of cases) {
      const res = await t.request(path, {
        ...init,
        headers: { ...(init.headers as object), 'x-request-id': `case-${status}` },
      });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-request-id'), path).toBe(`case-${status}`);
    }
  });
});

describe('unknown paths and malformed requests', () => {
  it('answers an unknown /api path with 404 {error}', async () => {
    expect(await t.request('/api/nothing-here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
  it('answers an unknown /api/help path with 404 {message}', async () => {
    expect(await t.request('/api/help/nothing')).toMatchObject({
      status: 404,
      body: { message: 'Resource not found' },
    });
  });
  it('answers malformed JSON on log-in with 400 and the help-desk style body', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
  it('answers a URL the router cannot decode, or an overlong path id, in the error body of its API', async () => {
    // Refused by the router before any route runs, these once got Fastify's own {error, code, message, statusCode}.
    const cases: Array<[string, RequestInit, number, string]> = [
      ['/api/help/requests/%zz', {}, 400, 'message'],
      ['/api/help/faqs/%E0%A4%A', { method: 'DELETE' }, 400, 'message'],
      [`/api/help/requests/${'9'.repeat(200)}`, {}, 414, 'message'],
      ['/api/public/get_users%zz', { method: 'POST' }, 400, 'error_message'],
      ['/api/risk/%zz', {}, 400, 'error'],
    ];
    for (const [path, init, status, key] of cases) {
      const res = await t.request(path, init);
      expect(res.status, path).toBe(status);
      expect(Object.keys(res.body), path).toEqual([key]);
      expect(res.body[key], path).not.toMatch(/FST_/);
    }
  });
  it('answers malformed JSON sent to a path no route serves in the not-found body, not a GraphQL one', async () => {
    for (const path of ['//api/public/get_users', '/nothing-here']) {
      const res = await t.request(path, {
        method: 'POST',
        body: '{"api_key":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body), path).toEqual(['error']);
    }
  });
  it('answers malformed JSON on /graphql with 400 and a GraphQL error body', async () => {
    const res = await t.request('/graphql', {
      method: 'POST',
      body: '{"query":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Malformed/);
  });
});

describe('GraphQL transport', () => {
  it('serves queries over GET with the preflight header', async () => {
    const res = await t.request('/graphql?query=%7Bhealth%7Bstatus%7D%7D', {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res).toMatchObject({ status: 200, body: { data: { health: { status: 'healthy' } } } });
  });
  it('refuses a simple (CSRF-able) GET without the preflight header', async () => {
    const res = await t.request('/graphql?query=%7Bhealth%7Bstatus%7D%7D');
    expect(res.status).toBe(400);
  });
  it('refuses mutations over GET', async () => {
    const q = encodeURIComponent('mutation { login(username:"a", password:"b") { accessToken } }');
    const res = await t.request(`/graphql?query=${q}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(405);
  });
  it('refuses batched requests', async () => {
    const res = await t.request('/graphql', {
      method: 'POST',
      json: [{ query: '{health{status}}' }, { query: '{health{status}}' }],
    });
    expect(res.status).toBe(400);
  });
  it('allows introspection in development (NODE_ENV=development), and refuses it as deployed', async () => {
    const dev = await startTestApp({ NODE_ENV: 'development' });
    try {
      const res = await dev.gql('{ __schema { queryType { name } } }');
      expect(res.data.__schema.queryType.name).toBe('Query');
    } finally {
      await dev.stop();
    }
    const res = await t.gql('{ __schema { queryType { name } } }');
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
  });
  it('answers __typename as deployed', async () => {
    const res = await t.gql('{ __schema: __typename }');
    expect(res.data.__schema).toBe('Query');
  });
});
