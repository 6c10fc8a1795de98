import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/app.js';
import { LISTENING } from '../helpers/main-process.js';

/**
 * How the gateway is started for real: `npm start` under a supervisor that signals npm's pid, and the compiled
 * JavaScript the Docker image runs (`npm run build`, then `node dist/main.js`, no TypeScript loader).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let db: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/**
 * Starts the gateway with `PORT=0`, so the system gives it a port as it binds (no other test can take it between a
 * pick and the bind), and resolves with the base URL its listening line names.
 */
async function launch(command: string, args: string[]) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      PORT: '0',
      JWT_SECRET: 'entry-point-test-secret-long-enough-0123',
      DATABASE_URL: db.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so a failed test can clean up whatever npm started.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let listening: RegExpExecArray | null;
  for (const until = Date.now() + 90_000; !(listening = LISTENING.exec(output));) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base: listening[1], exited, output: () => output };
}

const stopped = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the whole group has exited: the expected case
  }
};

describe('npm start', () => {
  it("stops the server when a supervisor sends SIGTERM to npm's pid only", async () => {
    const npm = await launch('npm', ['start', '--silent']);
    try {
      expect((await fetch(`${npm.base}/api/health`)).status).toBe(200);
      process.kill(npm.child.pid!, 'SIGTERM');
      expect(await npm.exited).toBe(0);
      expect(npm.output()).toMatch(/shutting down: finishing in-flight requests/);
      await expect(fetch(`${npm.base}/api/health`)).rejects.toThrow();
    } finally {
      stopped(npm.child);
    }
  }, 120_000);
});

describe('the compiled entry point', () => {
  it('builds into dist/ and starts there with plain node, without tsx', async () => {
    await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: ROOT });
    const node = await launch(process.execPath, ['--experimental-async-context-frame', 'dist/main.js']);
    try {
      expect(await (await fetch(`${node.base}/api/health`)).json()).toMatchObject({
        status: 'healthy',
        version: '1.0.0',
      });
      expect((await fetch(`${node.base}/api/risk/wildfire?zip=abc`)).status).toBe(400);
      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
    } finally {
      stopped(node.child);
    }
  }, 180_000);
});
