import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * What `npm start` gives Node before the entry point (runtime flags, and the modules it imports first: tsx, and the
 * tracing module where the checkout has one), read from package.json so the bench runs what production runs.
 */
function startArgs(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.replace(/^exec\s+/, '').split(/\s+/).slice(1, -1);
  return words.includes('tsx') ? words : [...words, '--import', 'tsx'];
}

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts one of bench/servers/*.ts in its own Node process (through tsx, as `npm start` runs the gateway), so
 * the server never shares an event loop with autocannon. Resolves with the URL the server reports once it listens.
 * The environment is exactly `env` plus PATH and HOME: nothing leaks in from the shell that runs the bench.
 */
export async function startChild(
  name: 'gateway' | 'baseline' | 'ceiling' | 'postgraphile',
  env: Record<string, string>,
  options: { profileDir?: string; timeoutMs?: number; root?: string; label?: string } = {},
): Promise<Child> {
  // `root`: another checkout, whose own server file, start flags and dependencies are used (`--against`).
  const { profileDir, timeoutMs = 60_000, root = path.resolve(HERE, '..'), label = name } = options;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, label)}`] : [];
  const child: ChildProcess = fork(path.join(root, 'bench', 'servers', name === 'postgraphile' ? 'postgraphile.mjs' : `${name}.ts`), [], {
    execArgv: [...(name === 'gateway' ? startArgs(root) : ['--import', 'tsx']), ...profiling],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    child.on('message', (message: { kind?: string; url?: string }) => {
      if (message.kind === 'ready' && message.url) {
        clearTimeout(timer);
        resolve(message.url);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}
