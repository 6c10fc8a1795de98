import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { ADMIN_PASSWORD, createTestDatabase } from '../helpers/app.js';
import { sleep } from './support.js';

/**
 * Graceful shutdown (item 25, A22), as an operator sees it: the real entry point in its own process,
 * SIGTERM while a request is in flight. The request is held open by sending its body in two parts.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let database: { url: string; drop: () => Promise<void> };
let child: ChildProcess;
let port: number;
let output = '';
let exit: Promise<{ code: number | null; signal: string | null; at: number }>;

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    JWT_SECRET: 'shutdown-test-secret-that-is-long-enough-0123',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SHUTDOWN_GRACE_MS: '10000',
  };
  // The same Node as this test (the project's Node 22), with tsx as a loader: one process, so the signal
  // reaches the app itself rather than a wrapper.
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const started = Date.now();
  while (!/Trellis listening/.test(output)) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the app did not start:\n${output}`);
    await sleep(100);
  }
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('SIGTERM with a request in flight', () => {
  it('finishes the request, refuses new connections, exits 0 within the grace period and leaves no database session', async () => {
    const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
    const inFlight = await open();
    let answer = '';
    inFlight.on('data', (chunk) => (answer += chunk));
    const answered = new Promise<void>((resolve) => inFlight.on('close', () => resolve()));
    inFlight.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await sleep(1_000);

    // The listener is closed: a new client is refused outright.
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(child.exitCode, output).toBeNull(); // still draining the in-flight request

    inFlight.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/"access_token":"/);

    const { code, at } = await exit;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(output).toMatch(/shutting down/);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
    expect(rows[0].n).toBe(0);
  });
});
