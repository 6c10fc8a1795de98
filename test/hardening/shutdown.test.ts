import { connect, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestDatabase } from '../helpers/app.js';
import { startMainProcess, type MainProcess } from '../helpers/main-process.js';
import { sleep } from './support.js';

/**
 * Graceful shutdown, as an operator sees it: the real entry point in its own process,
 * SIGTERM while a request is in flight. The request is held open by sending its body in two parts.
 */

let database: { url: string; drop: () => Promise<void> };
let app: MainProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startMainProcess({ DATABASE_URL: database.url, SHUTDOWN_GRACE_MS: '10000' });
}, 90_000);

afterAll(async () => {
  if (app && app.child.exitCode === null) app.child.kill('SIGKILL');
  await database?.drop();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, '127.0.0.1', () => resolve(socket));
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
    app.child.kill('SIGTERM');
    await sleep(1_000);

    // The listener is closed: a new client is refused outright.
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(app.child.exitCode, app.output()).toBeNull(); // still draining the in-flight request

    inFlight.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/"access_token":"/);

    const { code, at } = await app.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(app.output()).toMatch(/shutting down/);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rows[0].n).toBe(0);
  });
});
