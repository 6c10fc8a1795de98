import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in these ticks, 100 a second on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** The command name and user + system CPU seconds of a process, from /proc/<pid>/stat; null when unreadable. */
function stat(pid: number | string): { command: string; seconds: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    // The fields after the command name (which may hold spaces and parentheses), from field 3: utime is 14, stime 15.
    const fields = text.slice(close + 2).split(' ');
    return {
      command: text.slice(open + 1, close),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** The process title PostgreSQL gives a backend: `postgres: [cluster: ]<user> <database> <host>(<port>) <state>`. */
function argv(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * CPU used while something runs, read from /proc (Linux; elsewhere every reading is null): by one process (a
 * bench server), and by the PostgreSQL processes serving its database (the sessions, which come and go with
 * connections, so each is counted from its reading before, or from zero when it started in between, and the
 * parallel workers they start). Every other PostgreSQL process of this machine (checkpointer, background writer,
 * autovacuum, other databases' sessions) is counted apart, as `otherDatabaseSeconds`: on a settled database and a
 * quiet machine it stays near zero, and when it does not, it shows what disturbed the run rather than passing for
 * the cost of a request. CPU per request drifts far less than requests per second when the machine speeds up or
 * slows down.
 */
export class CpuMeter {
  #server = 0 as number | null;
  #database = 0 as number | null;
  #other = 0 as number | null;
  #before: { server: number | null; database: Map<string, Postgres> } | null = null;

  /** `database`: the name of the database the server reads; without it every PostgreSQL process counts as its. */
  constructor(
    private readonly pid: number,
    private readonly database?: string,
  ) {}

  start(): void {
    this.#before = { server: stat(this.pid)?.seconds ?? null, database: postgresProcesses(this.database) };
  }

  stop(): void {
    const before = this.#before;
    if (!before) return;
    this.#before = null;
    const server = stat(this.pid)?.seconds ?? null;
    this.#server =
      this.#server === null || server === null || before.server === null ? null : this.#server + server - before.server;
    const after = postgresProcesses(this.database);
    let [used, other] = [0, 0];
    for (const [pid, { seconds, ours }] of after) {
      const spent = seconds - (before.database.get(pid)?.seconds ?? 0);
      if (ours || before.database.get(pid)?.ours) used += spent;
      else other += spent;
    }
    this.#database = this.#database === null || after.size === 0 ? null : this.#database + used;
    this.#other = this.#other === null || after.size === 0 ? null : this.#other + other;
  }

  /** CPU seconds of the server process over every start–stop stretch; null when it could not be read. */
  get serverSeconds(): number | null {
    return this.#server;
  }

  /** CPU seconds of the local PostgreSQL processes serving the database over the same stretches; null when none could be seen. */
  get databaseSeconds(): number | null {
    return this.#database;
  }

  /** CPU seconds of every other local PostgreSQL process over the same stretches; null when none could be seen. */
  get otherDatabaseSeconds(): number | null {
    return this.#other;
  }
}

interface Postgres {
  seconds: number;
  /** Whether it serves the database measured: one of its sessions, or a parallel worker of one. */
  ours: boolean;
}

/** The name of the database a PostgreSQL URL points at. */
export const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function postgresProcesses(database?: string): Map<string, Postgres> {
  const found = new Map<string, Postgres>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  const session = database === undefined ? null : new RegExp(`\\s${escape(database)}\\s(\\S+\\(\\d+\\)|\\[local\\])`);
  const workers: Array<[string, number, string]> = [];
  for (const pid of pids) {
    const s = stat(pid);
    if (!s || (s.command !== 'postgres' && s.command !== 'postmaster')) continue;
    if (session === null) {
      found.set(pid, { seconds: s.seconds, ours: true });
      continue;
    }
    const title = argv(pid);
    const leader = /parallel worker for PID (\d+)/.exec(title);
    if (leader) workers.push([pid, s.seconds, leader[1]]);
    else found.set(pid, { seconds: s.seconds, ours: session.test(title) });
  }
  for (const [pid, seconds, leader] of workers) found.set(pid, { seconds, ours: found.get(leader)?.ours ?? false });
  return found;
}
