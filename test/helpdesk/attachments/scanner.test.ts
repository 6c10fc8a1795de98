import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { clamdMissing, EICAR, EICAR_SIGNATURE, freePort, startClamd, type Clamd } from './clamd.js';

/*
 * Uploads scanned by a real clamd (Debian's clamav-daemon), started by ./clamd.ts with its own test signature.
 */

async function upload(t: TestApp, auth: string, bytes: string, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  return t.request('/api/help/uploads', { method: 'POST', body: form, headers: { authorization: auth } });
}

async function storedUploads(t: TestApp): Promise<number> {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    return (await db.query('select count(*)::int as n from help_attachments')).rows[0].n;
  } finally {
    await db.end();
  }
}

describe.skipIf(clamdMissing !== undefined)('uploads scanned by clamd', () => {
  let clamd: Clamd;
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    clamd = await startClamd();
    t = await startTestApp(clamd.env);
    auth = (await t.createUser('scanned')).auth;
  }, 90_000);

  afterAll(async () => {
    await t?.stop();
    await clamd?.close();
  });

  it('refuses the EICAR test file with 422 and stores nothing', async () => {
    const res = await upload(t, auth, EICAR, 'eicar.com');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(`virus scanner found ${EICAR_SIGNATURE}`);
    expect(await storedUploads(t)).toBe(0);
  });

  it('accepts a clean file once clamd has scanned it', async () => {
    const res = await upload(t, auth, 'just a log line\n', 'app.log');
    expect(res.status).toBe(201);
    expect(await storedUploads(t)).toBe(1);
  });
});

if (clamdMissing) console.warn(`skipping the clamd scanning tests: ${clamdMissing}`);

describe('uploads when clamd cannot be reached', () => {
  it('are refused with 503 (fail closed) and nothing is stored', async () => {
    const t = await startTestApp({ CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(await freePort()) });
    try {
      const { auth } = await t.createUser('unscanned');
      const res = await upload(t, auth, 'anything', 'a.txt');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'The virus scanner is unavailable; try again later' });
      expect(await storedUploads(t)).toBe(0);
      expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
