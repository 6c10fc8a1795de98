import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../helpers/app.js';
import { runMainProcessToExit, startMainProcess } from '../../helpers/main-process.js';

/**
 * `npm start` on a machine without DATABASE_URL: the real entry point starts its own PostgreSQL under DATA_DIR,
 * remembers its data across restarts, and on SIGTERM stops that cluster before it exits 0 (no server left behind).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
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
    return (
      execFileSync('pgrep', ['-f', path.join(dataDir, 'pg')])
        .toString()
        .trim().length > 0
    );
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

describe('npm start after a crash', () => {
  it('finds the PostgreSQL a SIGKILLed gateway left on its data folder, stops it, and starts normally on the same data', async () => {
    const killed = await startMainProcess({ DATA_DIR: dataDir });
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The crash leaves the cluster running, holding the folder's lock: what the next start must deal with.
    expect(postgresRunning()).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const output = await runOnce(async (base) => {
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
    });
    expect(output).toMatch(/still running on .*left by an earlier process: stopping it/);
    expect(output).not.toMatch(/created the bootstrap administrator/);
    expect(output).not.toMatch(/"level":50/);
    expect(postgresRunning()).toBe(false);
  }, 240_000);

  it('starts over a stale lock file naming a process that is gone', async () => {
    writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `999999\n${path.join(dataDir, 'pg')}\n0\n5432\n`);
    await runOnce(async (base) => expect((await fetch(`${base}/api/ready`)).status).toBe(200));
    expect(postgresRunning()).toBe(false);
  }, 240_000);
});

describe('a start-up that fails', () => {
  const expectExplained = (result: { code: number | null; output: string }, what: RegExp, todo: RegExp) => {
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(/Trellis could not start: /);
    expect(result.output).toMatch(what);
    expect(result.output).toMatch(/What to do: /);
    expect(result.output).toMatch(todo);
    expect(result.output).not.toMatch(/\bundefined\b/);
  };

  it('says which database does not answer and to check DATABASE_URL', async () => {
    const result = await runMainProcessToExit({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/trellis' });
    expectExplained(result, /database at 127\.0\.0\.1:1\/trellis does not answer/, /check DATABASE_URL/);
  }, 60_000);

  it('says the port is taken and to set PORT, and leaves no embedded PostgreSQL behind', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as { port: number };
      const result = await runMainProcessToExit({ DATA_DIR: dataDir, PORT: String(port) }, 120_000);
      expectExplained(result, new RegExp(`127\\.0\\.0\\.1:${port} is already in use`), /set PORT/);
      expect(postgresRunning()).toBe(false);
    } finally {
      taken.close();
    }
  }, 150_000);

  it('says what PostgreSQL said when the embedded server cannot start on its folder', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'trellis-broken-'));
    chmodSync(broken, 0o755);
    try {
      // A data folder that claims to be a cluster but is not one.
      execFileSync('mkdir', ['-p', path.join(broken, 'pg')]);
      writeFileSync(path.join(broken, 'pg', 'PG_VERSION'), '18\n');
      const result = await runMainProcessToExit({ DATA_DIR: broken });
      expectExplained(result, /the embedded PostgreSQL on .* exited while starting: \S/, /set DATABASE_URL/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a process that starts an embedded PostgreSQL', () => {
  it('keeps the exit code it set: a test run that fails on the embedded database still fails', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'trellis-exitcode-'));
    chmodSync(folder, 0o755);
    const script = `
      const { startEmbeddedPostgres } = await import('./src/platform/db/embedded.ts');
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(path.join(folder, 'pg'))}, persistent: false });
      await db.stop();
      process.exitCode = 3;
    `;
    try {
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: ROOT,
          stdio: 'ignore',
        });
        child.on('exit', (exitCode) => resolve(exitCode));
      });
      expect(code).toBe(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
