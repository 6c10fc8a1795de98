import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/platform/db/embedded.js';
import { ADMIN_PASSWORD } from './app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface MainProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far (JSON log lines). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: string | null; at: number }>;
}

/** What `npm start` runs after `exec node`: its runtime flags, the tsx loader and src/main.ts. */
const START_ARGS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .replace(/^exec\s+/, '')
  .split(/\s+/)
  .slice(1);

/**
 * The real entry point (src/main.ts) in its own process, in production mode, as an operator starts it: one Node
 * process with tsx as a loader, so signals reach the app itself. Resolves once it logs that it is listening.
 */
export async function startMainProcess(
  extraEnv: Record<string, string>,
  startTimeoutMs = 90_000,
): Promise<MainProcess> {
  const { child, port, output, exited } = await spawnMain(extraEnv);
  const started = Date.now();
  while (!/Trellis listening/.test(output())) {
    if (child.exitCode !== null || Date.now() - started > startTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the app did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, base: `http://127.0.0.1:${port}`, output, exited };
}

/** Runs the real entry point until it exits by itself (a start-up that fails), and returns its exit code and output. */
export async function runMainProcessToExit(
  extraEnv: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, output, exited } = await spawnMain(extraEnv);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code } = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

async function spawnMain(extraEnv: Record<string, string>) {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'main-process-test-secret-long-enough-0123',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...extraEnv,
  };
  const child = spawn(process.execPath, START_ARGS, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, port, output: () => output, exited };
}
