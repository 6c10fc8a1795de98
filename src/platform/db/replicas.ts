import { PostgreSqlDriver, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Streaming replicas for reads. MikroORM opens them (its `replicas` option, each a read connection with its own
 * pool); which one serves a request is decided here, once per request, rather than at random per query: a replica
 * that is down, is no standby (promoted), lags more than the maximum, or has not replayed the caller's last commit
 * does not serve it, and the primary does.
 */

/** MikroORM's driver, showing the read connections it opened from `replicas` (kept protected by the base class). */
export class ReplicatedPostgreSqlDriver extends PostgreSqlDriver {
  readConnections(): readonly PostgreSqlConnection[] {
    return this.replicas;
  }
}

/** A position in the primary's write-ahead log (`16/B374D848`) as a number that compares. */
export function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Why a replica serves no reads right now. */
export type LeftOutBecause = 'unreachable' | 'lagging' | 'not a standby';

/** What /api/ready and the metrics say of a replica: named by its place in DATABASE_REPLICA_URLS, never its host. */
export interface ReplicaStatus {
  name: string;
  serving: boolean;
  /** How far behind the primary it was at the last check; null when it could not be asked. */
  lagSeconds: number | null;
  leftOutBecause?: LeftOutBecause;
}

export interface Replica {
  readonly name: string;
  readonly connection: PostgreSqlConnection;
  pool: Pool | undefined;
  serving: boolean;
  /** The last position it had replayed when checked: a caller whose last commit is past it reads elsewhere. */
  replayed: bigint;
  lagSeconds: number | null;
  leftOutBecause: LeftOutBecause | undefined;
}

/**
 * Each caller's last commit position, for as long as a replica may still be behind it. Redis when configured, so
 * every process of the deployment sees a write made through any of them; in process otherwise.
 */
export interface CommitPositions {
  get(caller: string): Promise<bigint | undefined>;
  /** Keeps the later of the known position and this one. */
  advance(caller: string, position: bigint): Promise<void>;
}

/** Positions are kept as zero-padded decimals, so Redis compares them as text in the order of the log. */
const padded = (position: bigint) => position.toString().padStart(20, '0');
const ADVANCE = `local known = redis.call('GET', KEYS[1])
if not known or known < ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1`;

export function commitPositions(options: { redis?: Redis; keyPrefix: string; ttlSeconds: number }): CommitPositions {
  const { redis, keyPrefix, ttlSeconds } = options;
  if (redis) {
    const key = (caller: string) => `${keyPrefix}commit:${caller}`;
    return {
      async get(caller) {
        const known = await redis.get(key(caller));
        return known ? BigInt(known) : undefined;
      },
      async advance(caller, position) {
        await redis.eval(ADVANCE, 1, key(caller), padded(position), String(ttlSeconds));
      },
    };
  }
  const known = new LRUCache<string, bigint>({ max: 100_000, ttl: ttlSeconds * 1000 });
  return {
    get: async (caller) => known.get(caller),
    advance: async (caller, position) => {
      const before = known.get(caller);
      if (before === undefined || before < position) known.set(caller, position);
    },
  };
}

export interface ReadReplicasOptions {
  maxLagSeconds: number;
  checkIntervalMs: number;
  positions: CommitPositions;
  log: Logger;
}

/** How long a replica may take to answer a check before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

export class ReadReplicas {
  readonly replicas: Replica[];
  readonly positions: CommitPositions;
  /**
   * The primary's position at each check where it moved, oldest first: a replica that has not replayed a position
   * seen at time t is at least now - t behind. Both clocks are this process's, so no clock on a server matters.
   */
  #seen: Array<{ position: bigint; at: number }> = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #next = 0;

  constructor(
    private readonly primary: () => Promise<Pool>,
    connections: readonly PostgreSqlConnection[],
    private readonly options: ReadReplicasOptions,
  ) {
    this.positions = options.positions;
    this.replicas = connections.map((connection, i) => ({
      name: `replica-${i + 1}`,
      connection,
      pool: undefined,
      serving: false,
      replayed: 0n,
      lagSeconds: null,
      leftOutBecause: 'unreachable',
    }));
  }

  /** The first check, before any request: a replica that does not answer leaves the primary serving, and says so. */
  async start(): Promise<void> {
    await this.check();
    for (const replica of this.replicas.filter((r) => !r.serving)) {
      this.options.log.warn(
        { replica: replica.name, because: replica.leftOutBecause },
        `read replica ${replica.name} is ${replica.leftOutBecause}: reads go to the primary until it catches up`,
      );
    }
    const tick = () => {
      this.#timer = setTimeout(() => {
        void this.check().finally(() => {
          if (!this.#stopped) tick();
        });
      }, this.options.checkIntervalMs);
      this.#timer.unref();
    };
    tick();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, serving, lagSeconds, leftOutBecause }) => ({
      name,
      serving,
      lagSeconds,
      ...(leftOutBecause ? { leftOutBecause } : {}),
    }));
  }

  /** A replica that may serve a caller whose last commit is at `position` (none known: any serving one), in turn. */
  pick(position: bigint | undefined): Replica | undefined {
    const count = this.replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.#next + i) % count];
      if (replica.serving && replica.pool && (position === undefined || replica.replayed >= position)) {
        this.#next = (this.#next + i + 1) % count;
        return replica;
      }
    }
    return undefined;
  }

  /** A read on the replica failed for want of the replica: it serves nothing until a check finds it back. */
  failed(replica: Replica, error: unknown): void {
    if (!isDatabaseUnavailable(error) || !replica.serving) return;
    this.#leaveOut(replica, 'unreachable', null);
  }

  /**
   * The primary's position now: what a caller's reads must see after its commit. The insert position, not the
   * written one: with synchronous_commit off a commit returns before its record is written out, and only the
   * insert position is sure to be past it.
   */
  async primaryPosition(): Promise<bigint> {
    const pool = await this.primary();
    const { rows } = await pool.query<{ lsn: string }>({
      name: 'trellis_wal_lsn',
      text: 'select pg_current_wal_insert_lsn()::text as lsn',
    });
    return lsnOf(rows[0].lsn);
  }

  async check(): Promise<void> {
    const now = Date.now();
    try {
      const position = await this.primaryPosition();
      const last = this.#seen.at(-1);
      if (!last || position > last.position) this.#seen.push({ position, at: now });
    } catch {
      // the primary's own outage is /api/ready's to report; the replicas are still asked how far they are
    }
    await Promise.all(this.replicas.map((replica) => this.#checkOne(replica, now)));
    // What every replica has replayed is no longer needed to measure anyone's lag.
    const slowest = this.replicas.reduce(
      (min, r) => (r.replayed < min ? r.replayed : min),
      this.#seen.at(-1)?.position ?? 0n,
    );
    while (this.#seen.length > 1 && this.#seen[0].position <= slowest) this.#seen.shift();
    if (this.#seen.length > 10_000) this.#seen.splice(0, this.#seen.length - 10_000);
  }

  async #checkOne(replica: Replica, now: number): Promise<void> {
    try {
      replica.pool ??= await replica.connection.getNativeClient();
      const { rows } = await replica.pool.query<{ standby: boolean; replayed: string | null }>({
        name: 'trellis_replay_lsn',
        text: 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
        query_timeout: CHECK_TIMEOUT_MS,
      } as { name: string; text: string });
      const { standby, replayed } = rows[0];
      // A promoted replica takes writes of its own and no longer follows the primary: what it shows may be older.
      if (!standby || !replayed) return this.#leaveOut(replica, 'not a standby', null);
      replica.replayed = lsnOf(replayed);
      const behind = this.#seen.find((seen) => seen.position > replica.replayed);
      const lagSeconds = behind ? Math.max(0, (now - behind.at) / 1000) : 0;
      if (lagSeconds > this.options.maxLagSeconds) return this.#leaveOut(replica, 'lagging', lagSeconds);
      replica.lagSeconds = lagSeconds;
      if (!replica.serving) {
        if (replica.leftOutBecause && this.#started)
          this.options.log.info(
            { replica: replica.name },
            `read replica ${replica.name} caught up: serving reads again`,
          );
        replica.serving = true;
        replica.leftOutBecause = undefined;
      }
    } catch {
      this.#leaveOut(replica, 'unreachable', null);
    }
  }

  get #started(): boolean {
    return this.#timer !== undefined;
  }

  #leaveOut(replica: Replica, because: LeftOutBecause, lagSeconds: number | null): void {
    replica.lagSeconds = lagSeconds;
    if (replica.serving && this.#started) {
      this.options.log.warn(
        { replica: replica.name, because, lagSeconds },
        `read replica ${replica.name} is ${because}: its reads go elsewhere until it catches up`,
      );
    }
    replica.serving = false;
    replica.leftOutBecause = because;
  }
}
