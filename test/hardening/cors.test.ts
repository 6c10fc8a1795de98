import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

/** Browsers: which origins may call the API, in development, with an allowlist, and in production without one. */
let dev: TestApp;
let listed: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, listed, prod] = await Promise.all([
    startTestApp({ NODE_ENV: 'development' }),
    startTestApp({ NODE_ENV: 'production', CORS_ORIGINS: 'https://app.example.com,https://admin.example.com' }),
    startTestApp({ NODE_ENV: 'production' }),
  ]);
});
afterAll(() => Promise.all([dev?.stop(), listed?.stop(), prod?.stop()]));

const QUERY = { query: '{ health { status } }' };
const preflight = (app: TestApp, origin: string) =>
  app.request('/graphql', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  });

describe('CORS', () => {
  it('lets any origin call in development (NODE_ENV=development), preflight included', async () => {
    const res = await dev.request('/graphql', {
      method: 'POST',
      json: QUERY,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const pre = await preflight(dev, 'http://localhost:5173');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('lets only the listed origins call when CORS_ORIGINS is set', async () => {
    const allowed = await listed.request('/api/health', { headers: { origin: 'https://admin.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    const other = await listed.request('/api/health', { headers: { origin: 'https://evil.example.net' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(listed, 'https://app.example.com')).headers.get('access-control-allow-origin')).toBe(
      'https://app.example.com',
    );
    expect((await preflight(listed, 'https://evil.example.net')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets no browser origin call in production without an allowlist', async () => {
    const res = await prod.request('/graphql', {
      method: 'POST',
      json: QUERY,
      headers: { origin: 'https://app.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of ['/graphql', '/api/help/requests']) {
      const pre = await prod.request(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
      });
      expect(pre.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(pre.headers.get('access-control-allow-methods'), path).toBeNull();
    }
  });
});
