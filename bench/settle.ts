import pg from 'pg';

/*
 * A database as it stands after a seed is not the one a live help desk has: the seed's dead row versions, hint bits
 * not yet set on most heap pages, dirty buffers the checkpointer has yet to write, statistics older than the rows, and
 * (where autovacuum is on) a worker about to pass over every table it wrote. Each of those spends PostgreSQL CPU in
 * the middle of a measurement, more the larger the seed, and reads as if a request had grown dearer with the data.
 * The bench settles the database first, so what it measures is the cost of the request.
 */

export interface Settled {
  /** Seconds the VACUUM (ANALYZE) took. */
  vacuumSeconds: number;
  /** Small tables a bulk load had spread over many pages, rewritten compact (VACUUM FULL). */
  compacted: string[];
  /** Whether the CHECKPOINT ran (it needs a superuser or the pg_checkpoint role). */
  checkpoint: boolean;
  /** Seconds spent waiting for autovacuum workers on the database to finish. */
  autovacuumWaitSeconds: number;
}

/** How long to wait for autovacuum workers on the database before measuring anyway (and saying so). */
const AUTOVACUUM_WAIT_MS = 10 * 60_000;

/**
 * Vacuums and analyzes the database (dead row versions gone, hint bits and the visibility map set, fresh
 * statistics), rewrites compact the small tables a bulk load left spread over many pages, writes a checkpoint (so the seed's dirty pages are not flushed during the load), and waits until no
 * autovacuum worker runs on it.
 */
export async function settle(url: string, log: (message: string) => void): Promise<Settled> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('vacuum (analyze)');
    // A kept-count table of a few rows, rewritten once per seed batch with no autovacuum in between, ends the seed
    // spread over a hundred pages and more (10 rows in 35 pages at a million requests) that every read of it then
    // walks; a live database, vacuumed as it goes, keeps such a table in a page or two. Those, and only those, are
    // rewritten compact: fewer than 10,000 rows, fewer than 4 to a page (a row wider than 2 kB goes to TOAST), more
    // than 8 pages.
    const { rows: churned } = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
          and c.reltuples >= 0 and c.reltuples < 10000 and c.relpages > 8 and c.reltuples < 4 * c.relpages order by 1`,
    );
    for (const { name } of churned) await client.query(`vacuum (full, analyze) ${name}`);
    const vacuumSeconds = (performance.now() - started) / 1000;
    const checkpoint = await client.query('checkpoint').then(
      () => true,
      (error: Error) => (
        log(`settling: no CHECKPOINT (${error.message}); the seed's dirty pages may be written during the load`),
        false
      ),
    );
    const waitStarted = performance.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'autovacuum worker'`,
      );
      if (rows[0].n === 0) break;
      if (performance.now() - waitStarted > AUTOVACUUM_WAIT_MS) {
        log(
          `settling: ${rows[0].n} autovacuum worker(s) still at work on the database after ${AUTOVACUUM_WAIT_MS / 60_000} min; measuring anyway`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    return {
      vacuumSeconds: round(vacuumSeconds),
      compacted: churned.map(({ name }) => name),
      checkpoint,
      autovacuumWaitSeconds: round((performance.now() - waitStarted) / 1000),
    };
  } finally {
    await client.end();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
