import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/app.js';
import { startMainProcess } from '../helpers/main-process.js';

/**
 * `npm start` on a machine without DATABASE_URL: the real entry point starts its own PostgreSQL under DATA_DIR,
 * remembers its data across restarts, and on SIGTERM stops that cluster before it exits 0 (no server left behind).
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'trellis-start-'));
chmodSync(dataDir, 0o755); // as root, the cluster runs as the postgres user, which must reach its folder

afterAll(() => {
  try {
    execFileSync('pkill', ['-KILL', '-f', dataDir]);
  } catch {
    // nothing left running: the expected case
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const postgresRunning = () => {
  try {
    return execFileSync('pgrep', ['-f', path.join(dataDir, 'pg')]).toString().trim().length > 0;
  } catch {
    return false;
  }
};

async function runOnce(check: (base: string) => Promise<void>) {
  const app = await startMainProcess({ DATA_DIR: dataDir });
  try {
    await check(app.base);
    expect(postgresRunning()).toBe(true);
    app.child.kill('SIGTERM');
    expect((await app.exited).code, app.output()).toBe(0);
  } finally {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
  }
  return app.output();
}

describe('npm start without DATABASE_URL', () => {
  it('serves on its own PostgreSQL, keeps the data across a restart, and stops the cluster on SIGTERM', async () => {
    const first = await runOnce(async (base) => {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
    });
    expect(first).toMatch(/starting the embedded PostgreSQL/);
    expect(first).toMatch(/created the bootstrap administrator/);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(postgresRunning()).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // Second start on the same folder: the administrator from the first run is still there.
    const second = await runOnce(async (base) => {
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(200);
    });
    expect(second).not.toMatch(/created the bootstrap administrator/);
    expect(postgresRunning()).toBe(false);
  }, 240_000);
});
