import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** The origin the help desk's page is served from in these tests (the apps list it in CORS_ORIGINS). */
export const PAGE = 'http://localhost:8600';

/** Signs in as the help desk page does and returns the `name=value` cookie pair a browser would send back. */
export async function signInAsPage(app: TestApp, uid: string, password: string): Promise<string> {
  const res = await app.request('/api/authenticate', {
    method: 'POST',
    json: { uid, password },
    headers: { origin: PAGE },
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

/** What the page sends on every call. */
export const pageHeaders = (cookie: string) => ({
  cookie,
  origin: PAGE,
  'content-type': 'application/json',
  'x-origin': 'client',
});
