import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { ADMIN_PASSWORD } from '../helpers/app.js';

/**
 * `npm start` on a machine without DATABASE_URL: the real entry point starts its own PostgreSQL under DATA_DIR,
 * remembers its data across restarts, and on SIGTERM stops that cluster before it exits 0 (no server left behind).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

async function runOnce(check: (base: string, output: () => string) => Promise<void>) {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    JWT_SECRET: 'embedded-start-test-secret-long-enough-0123',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const started = Date.now();
    while (!/Trellis listening/.test(output)) {
      if (child.exitCode !== null || Date.now() - started > 90_000) throw new Error(`the app did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await check(`http://127.0.0.1:${port}`, () => output);
    expect(postgresRunning()).toBe(true);
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  return output;
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
