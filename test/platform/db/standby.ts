import { execFile as execFileCb } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../src/platform/db/embedded.js';

const execFile = promisify(execFileCb);

/**
 * A primary of the test's own and a streaming standby of it (`pg_basebackup -R`), started with the system's
 * PostgreSQL binaries in a temporary folder: the test may pause the standby's replay, stop and start it, without
 * touching the server the rest of the suite uses (whose pg_hba.conf need not allow replication).
 */
export interface ReplicaPair {
  primaryUrl(database: string): string;
  standbyUrl(database: string): string;
  /** Runs one statement on the standby as its superuser. */
  standbyQuery<R extends pg.QueryResultRow>(sql: string): Promise<R[]>;
  primaryQuery<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopStandby(mode?: 'fast' | 'immediate'): Promise<void>;
  startStandby(): Promise<void>;
  /** Makes and starts one more standby of the primary, stopped with the pair. */
  addStandby(): Promise<Standby>;
  stop(): Promise<void>;
}

/** A further standby of a pair's primary. */
export interface Standby {
  url(database: string): string;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  caughtUp(): Promise<void>;
}

/** The newest PostgreSQL the system has with what a standby needs, or undefined (the tests that need one skip). */
export function systemPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (['postgres', 'pg_ctl', 'initdb', 'pg_basebackup'].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return undefined;
}

export async function startReplicaPair(bin: string): Promise<ReplicaPair> {
  const isRoot = userInfo().uid === 0;
  const base = mkdtempSync(path.join(tmpdir(), 'trellis-replica-'));
  chmodSync(base, 0o755);
  if (isRoot) {
    // PostgreSQL refuses to run as root: as root, the servers run as the postgres system user, which owns the folder.
    const { stdout: uid } = await execFile('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFile('id', ['-g', 'postgres']);
    chownSync(base, Number(uid.trim()), Number(gid.trim()));
  }
  const run = (tool: string, args: string[]) =>
    isRoot
      ? execFile('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: base })
      : execFile(path.join(bin, tool), args, { cwd: base });
  const primaryDir = path.join(base, 'primary');
  const standbyDir = path.join(base, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      '-c unix_socket_directories=',
      '-c wal_level=replica',
      '-c max_wal_senders=5',
      '-c hot_standby=on',
      '-c fsync=off',
      '-c shared_buffers=16MB',
    ].join(' ');
  const start = (dir: string, port: number) =>
    run('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-w', '-t', '60', '-o', settings(port), 'start']);
  const stopServer = (dir: string, mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']).catch(() => undefined);

  // initdb's pg_hba.conf with trust allows replication connections from loopback.
  await run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  await start(primaryDir, primaryPort);
  const makeStandby = async (dir: string, port: number) => {
    await run('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', dir],
      ...['-R', '-X', 'stream', '--no-sync'],
    ]);
    await start(dir, port);
  };
  await makeStandby(standbyDir, standbyPort);
  const added: string[] = [];

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <R extends pg.QueryResultRow>(port: number, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  const caughtUp = async (port: number) => {
    const [{ lsn }] = await query<{ lsn: string }>(primaryPort, 'select pg_current_wal_insert_lsn()::text as lsn');
    for (;;) {
      const [{ done }] = await query<{ done: boolean }>(
        port,
        `select coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) as done`,
      );
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const controls = (port: number) => ({
    pauseReplay: () => query(port, 'select pg_wal_replay_pause()').then(() => undefined),
    resumeReplay: () => query(port, 'select pg_wal_replay_resume()').then(() => undefined),
    caughtUp: () => caughtUp(port),
  });
  const pair: ReplicaPair = {
    primaryUrl: (database) => url(primaryPort, database),
    standbyUrl: (database) => url(standbyPort, database),
    standbyQuery: (sql) => query(standbyPort, sql),
    primaryQuery: (sql, params) => query(primaryPort, sql, params),
    ...controls(standbyPort),
    stopStandby: (mode) => stopServer(standbyDir, mode).then(() => undefined),
    startStandby: () => start(standbyDir, standbyPort).then(() => undefined),
    async addStandby() {
      const dir = path.join(base, `standby-${added.length + 2}`);
      const port = await freePort();
      await makeStandby(dir, port);
      added.push(dir);
      return { url: (database) => url(port, database), ...controls(port) };
    },
    async stop() {
      for (const dir of added) await stopServer(dir, 'immediate');
      await stopServer(standbyDir, 'immediate');
      await stopServer(primaryDir, 'immediate');
      rmSync(base, { recursive: true, force: true });
    },
  };
  return pair;
}
