import type { Redis } from 'ioredis';

export interface QuotaResult {
  allowed: boolean;
  /** Units spent in the current window, after this call when allowed. */
  used: number;
}

/**
 * Spends `amount` units of a budget of `limit` per fixed window of `windowSeconds` (aligned to the Unix epoch,
 * so a 86,400 s window is a UTC day). Check and spend are one atomic step in every implementation: concurrent
 * callers can never push the total past the limit, which is what keeps a paid or rate-limited upstream safe.
 */
export interface QuotaStore {
  tryConsume(key: string, amount: number, limit: number, windowSeconds: number): Promise<QuotaResult>;
}

type Clock = () => number;

export const windowStartMs = (nowMs: number, windowSeconds: number): number =>
  Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;

/** For a single replica: JavaScript runs the check and the spend without interleaving. */
export class MemoryQuotaStore implements QuotaStore {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly now: Clock = Date.now) {}

  async tryConsume(key: string, amount: number, limit: number, windowSeconds: number): Promise<QuotaResult> {
    const start = windowStartMs(this.now(), windowSeconds);
    const current = this.windows.get(key);
    const used = current && current.start === start ? current.used : 0;
    if (used + amount > limit) return { allowed: false, used };
    this.windows.set(key, { start, used: used + amount });
    return { allowed: true, used: used + amount };
  }
}

// Runs inside Redis, so no other client can slip between the read and the increment.
const CONSUME_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = tonumber(ARGV[1])
if used + amount > tonumber(ARGV[2]) then
  return {0, used}
end
used = redis.call('INCRBY', KEYS[1], amount)
if redis.call('TTL', KEYS[1]) < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
end
return {1, used}
`;

/** Shared by every replica; one counter per key and window, expiring shortly after its window ends. */
export class RedisQuotaStore implements QuotaStore {
  private readonly prefix: string;
  private readonly now: Clock;

  constructor(
    private readonly redis: Redis,
    options: { prefix?: string; now?: Clock } = {},
  ) {
    this.prefix = options.prefix ?? 'trellis:quota:';
    this.now = options.now ?? Date.now;
  }

  async tryConsume(key: string, amount: number, limit: number, windowSeconds: number): Promise<QuotaResult> {
    const start = windowStartMs(this.now(), windowSeconds);
    const counter = `${this.prefix}${key}:${start}`;
    // Kept one extra window so a replica with a slightly slow clock still finds the counter.
    const ttl = windowSeconds * 2;
    const [allowed, used] = (await this.redis.eval(CONSUME_SCRIPT, 1, counter, amount, limit, ttl)) as [number, number];
    return { allowed: allowed === 1, used: Number(used) };
  }
}

export type SqlQuery = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

// One statement: the row lock taken by ON CONFLICT makes concurrent spends queue, and the WHERE re-checks
// the limit against the latest committed total. No row back means the spend was refused.
const CONSUME_SQL = `
insert into quota_usage (key, window_start, used)
select $1, $2, $3::integer where $3::integer <= $4::integer
on conflict (key, window_start) do update
  set used = quota_usage.used + excluded.used
  where quota_usage.used + excluded.used <= $4::integer
returning used`;

const USED_SQL = `select used from quota_usage where key = $1 and window_start = $2`;

/**
 * Survives restarts without Redis (the contract: a restart must not reset the FIRMS budget). Table from
 * Migration20261122000300_risk_quota; old windows are left behind as a small audit trail of upstream spend.
 */
export class PostgresQuotaStore implements QuotaStore {
  constructor(
    private readonly query: SqlQuery,
    private readonly now: Clock = Date.now,
  ) {}

  async tryConsume(key: string, amount: number, limit: number, windowSeconds: number): Promise<QuotaResult> {
    const windowStart = new Date(windowStartMs(this.now(), windowSeconds));
    const spent = await this.query(CONSUME_SQL, [key, windowStart, amount, limit]);
    if (spent.length > 0) return { allowed: true, used: Number(spent[0].used) };
    // Refused: read the total only to report it; it plays no part in the decision.
    const current = await this.query(USED_SQL, [key, windowStart]);
    return { allowed: false, used: current.length > 0 ? Number(current[0].used) : 0 };
  }
}
