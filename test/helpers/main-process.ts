import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageCommand } from '../../bench/children.js';
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

/**
 * What the Docker image runs, the compiled build with the CMD's Node flags, as arguments to node. The global setup
 * builds dist/ (`npm run build`) before any test runs.
 */
export function compiledGateway(): string[] {
  const { execArgv, entry } = imageCommand(ROOT);
  return [...execArgv, entry];
}

/**
 * The real entry point in its own process, in production mode, as the image starts it: the compiled build in one
 * Node process, so signals reach the app itself (`npm start`, through tsx, has a test of its own in
 * test/tools/entry-points.test.ts). Resolves once it logs that it is listening, with the port it was given: `PORT=0`
 * unless the test sets one, so the system picks a port at the moment the app binds it and no other test's server can
 * take it in between.
 */
export async function startMainProcess(
  extraEnv: Record<string, string>,
  startTimeoutMs = 90_000,
): Promise<MainProcess> {
  const { child, output, exited } = await spawnMain(extraEnv);
  const started = Date.now();
  let listening: RegExpExecArray | null;
  while (!(listening = LISTENING.exec(output()))) {
    if (child.exitCode !== null || Date.now() - started > startTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the app did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const base = listening[1];
  return { child, port: Number(new URL(base).port), base, output, exited };
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

/** The line src/main.ts logs once the app listens, with the base URL it listens on. */
export const LISTENING = /Trellis listening: GraphQL at (http:\/\/[^\s"]+)\/graphql/;

async function spawnMain(extraEnv: Record<string, string>) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'main-process-test-secret-long-enough-0123',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...extraEnv,
  };
  const child = spawn(process.execPath, compiledGateway(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}
