import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';

/*
 * Uploads scanned by a real clamd (Debian's clamav-daemon), started here with its own configuration and a one-line
 * signature database for the EICAR test file, since signature downloads are not reachable from test machines.
 */

const CLAMD = '/usr/sbin/clamd';
// The EICAR anti-virus test file: harmless, and detected by every scanner by design.
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once clamd answers PING on `port`. */
async function untilReady(port: number, child: ChildProcess, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`clamd exited with ${child.exitCode}`);
    const pong = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => socket.end('zPING\0'));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', () => resolve(''));
    });
    if (pong.startsWith('PONG')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('clamd did not start in time');
}

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

describe.skipIf(!existsSync(CLAMD))('uploads scanned by clamd', () => {
  let dir: string;
  let clamd: ChildProcess;
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'trellis-clamd-'));
    writeFileSync(path.join(dir, 'eicar.hdb'), `${'44d88612fea8a8f36de82e1278abb02f'}:68:Trellis-Test-EICAR\n`);
    const port = await freePort();
    writeFileSync(
      path.join(dir, 'clamd.conf'),
      [
        `DatabaseDirectory ${dir}`,
        `TCPSocket ${port}`,
        'TCPAddr 127.0.0.1',
        'Foreground yes',
        `LogFile ${path.join(dir, 'clamd.log')}`,
        'StreamMaxLength 20M',
      ].join('\n') + '\n',
    );
    clamd = spawn(CLAMD, ['--config-file', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
    await untilReady(port, clamd);
    t = await startTestApp({ CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(port) });
    auth = (await t.createUser('scanned')).auth;
  }, 90_000);

  afterAll(async () => {
    await t?.stop();
    clamd?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the EICAR test file with 422 and stores nothing', async () => {
    const res = await upload(t, auth, EICAR, 'eicar.com');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/virus scanner found Trellis-Test-EICAR/);
    expect(await storedUploads(t)).toBe(0);
  });

  it('accepts a clean file once clamd has scanned it', async () => {
    const res = await upload(t, auth, 'just a log line\n', 'app.log');
    expect(res.status).toBe(201);
    expect(await storedUploads(t)).toBe(1);
  });
});

if (!existsSync(CLAMD))
  console.warn(`skipping the clamd scanning tests: ${CLAMD} is absent (apt-get install clamav-daemon)`);

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
