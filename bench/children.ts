import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/platform/db/embedded.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * What `npm start` gives Node before the entry point (runtime flags, and the modules it imports first: tsx, and the
 * tracing module where the checkout has one), read from package.json so the bench runs what production runs.
 */
function startArgs(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start
    .replace(/^exec\s+/, '')
    .split(/\s+/)
    .slice(1, -1);
  return words.includes('tsx') ? words : [...words, '--import', 'tsx'];
}

/** Which gateway the bench runs: the compiled JavaScript the Docker image ships, or the TypeScript through tsx. */
export type GatewayBuild = 'compiled' | 'source';

/**
 * The image's command line, read from the exec form of the Dockerfile's CMD (`["node", ...flags, "dist/main.js"]`):
 * the Node flags and the modules it imports first, and the entry point, so the bench starts what the image starts.
 */
export function imageCommand(root: string): { execArgv: string[]; entry: string } {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile);
  const words: unknown = cmd ? JSON.parse(cmd[1]) : null;
  if (!Array.isArray(words) || words[0] !== 'node' || words.length < 2 || !words.every((w) => typeof w === 'string')) {
    throw new Error(`${root}/Dockerfile has no CMD ["node", ..., "<entry>.js"] to start the compiled build from`);
  }
  return { execArgv: words.slice(1, -1), entry: words.at(-1) as string };
}

/** Compiles the checkout as the image's build stage does (`npm run build`, incremental: quick when nothing changed). */
export function buildGateway(root: string): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** How the gateway is started, for the report: the command line, with the entry point. */
export function gatewayCommand(root: string, build: GatewayBuild): string {
  if (build === 'source') return ['node', ...startArgs(root), 'bench/servers/gateway.ts'].join(' ');
  const { execArgv, entry } = imageCommand(root);
  return ['node', ...execArgv, entry].join(' ');
}

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts one of bench/servers/*.ts in its own Node process (through tsx; the gateway so only with `build: 'source'`,
 * as `npm start` runs it, and otherwise compiled, as the image runs it), so the server never shares an event loop
 * with autocannon. Resolves with the URL the server reports once it listens.
 * The environment is exactly `env` plus PATH and HOME: nothing leaks in from the shell that runs the bench.
 */
export async function startChild(
  name: 'gateway' | 'baseline' | 'ceiling' | 'postgraphile',
  env: Record<string, string>,
  options: { profileDir?: string; timeoutMs?: number; root?: string; label?: string; build?: GatewayBuild } = {},
): Promise<Child> {
  // `root`: another checkout, whose own server file, start flags and dependencies are used (`--against`).
  const { profileDir, timeoutMs = 60_000, root = path.resolve(HERE, '..'), label = name, build = 'source' } = options;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, label)}`] : [];
  if (name === 'gateway' && build === 'compiled') return startCompiledGateway(root, env, profiling, timeoutMs, label);
  const child: ChildProcess = fork(
    path.join(root, 'bench', 'servers', name === 'postgraphile' ? 'postgraphile.mjs' : `${name}.ts`),
    [],
    {
      execArgv: [...(name === 'gateway' ? startArgs(root) : ['--import', 'tsx']), ...profiling],
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
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
  return stoppable(child, url);
}

function stoppable(child: ChildProcess, url: string): Child {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
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

/**
 * The compiled gateway, started as the image starts it: `dist/main.js` itself with the CMD's flags, on a port
 * chosen here, ready once `/api/ready` answers 200. The one module added, bench/servers/leash.mjs, stops it
 * (SIGTERM, as `docker stop` does) if the runner goes away, so no gateway outlives a run.
 */
async function startCompiledGateway(
  root: string,
  env: Record<string, string>,
  profiling: string[],
  timeoutMs: number,
  label: string,
): Promise<Child> {
  const { execArgv, entry } = imageCommand(root);
  const port = await freePort();
  const host = env.HOST ?? '127.0.0.1';
  const child: ChildProcess = fork(path.join(root, entry), [], {
    execArgv: [...execArgv, '--import', path.join(HERE, 'servers', 'leash.mjs'), ...profiling],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = `http://${host}:${port}`;
  const started = stoppable(child, url);
  for (const until = Date.now() + timeoutMs; ;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    if (Date.now() > until) {
      await started.stop();
      throw new Error(`${label} did not start within ${timeoutMs / 1000} s`);
    }
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
