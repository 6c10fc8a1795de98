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
    return { command: text.slice(open + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * CPU used while something runs, read from /proc (Linux; elsewhere every reading is null): by one process (a
 * bench server), and by every PostgreSQL process of this machine (the server's backends come and go with
 * connections, so each is counted from its reading before, or from zero when it started in between). CPU per
 * request drifts far less than requests per second when the machine speeds up or slows down.
 */
export class CpuMeter {
  #server = 0 as number | null;
  #database = 0 as number | null;
  #before: { server: number | null; database: Map<string, number> } | null = null;

  constructor(private readonly pid: number) {}

  start(): void {
    this.#before = { server: stat(this.pid)?.seconds ?? null, database: postgresProcesses() };
  }

  stop(): void {
    const before = this.#before;
    if (!before) return;
    this.#before = null;
    const server = stat(this.pid)?.seconds ?? null;
    this.#server = this.#server === null || server === null || before.server === null ? null : this.#server + server - before.server;
    const after = postgresProcesses();
    let used = 0;
    for (const [pid, seconds] of after) used += seconds - (before.database.get(pid) ?? 0);
    this.#database = this.#database === null || after.size === 0 ? null : this.#database + used;
  }

  /** CPU seconds of the server process over every start–stop stretch; null when it could not be read. */
  get serverSeconds(): number | null {
    return this.#server;
  }

  /** CPU seconds of local PostgreSQL processes over the same stretches; null when none could be seen. */
  get databaseSeconds(): number | null {
    return this.#database;
  }
}

function postgresProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const pid of pids) {
    const s = stat(pid);
    if (s && (s.command === 'postgres' || s.command === 'postmaster')) found.set(pid, s.seconds);
  }
  return found;
}
