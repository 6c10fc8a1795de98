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
  /** Whether the CHECKPOINT ran (it needs a superuser or the pg_checkpoint role). */
  checkpoint: boolean;
  /** Seconds spent waiting for autovacuum workers on the database to finish. */
  autovacuumWaitSeconds: number;
}

/** How long to wait for autovacuum workers on the database before measuring anyway (and saying so). */
const AUTOVACUUM_WAIT_MS = 10 * 60_000;

/**
 * Vacuums and analyzes the database (dead row versions gone, hint bits and the visibility map set, fresh
 * statistics), writes a checkpoint (so the seed's dirty pages are not flushed during the load), and waits until no
 * autovacuum worker runs on it.
 */
export async function settle(url: string, log: (message: string) => void): Promise<Settled> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('vacuum (analyze)');
    const vacuumSeconds = (performance.now() - started) / 1000;
    const checkpoint = await client.query('checkpoint').then(
      () => true,
      (error: Error) => (log(`settling: no CHECKPOINT (${error.message}); the seed's dirty pages may be written during the load`), false),
    );
    const waitStarted = performance.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'autovacuum worker'`,
      );
      if (rows[0]!.n === 0) break;
      if (performance.now() - waitStarted > AUTOVACUUM_WAIT_MS) {
        log(`settling: ${rows[0]!.n} autovacuum worker(s) still at work on the database after ${AUTOVACUUM_WAIT_MS / 60_000} min; measuring anyway`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    return { vacuumSeconds: round(vacuumSeconds), checkpoint, autovacuumWaitSeconds: round((performance.now() - waitStarted) / 1000) };
  } finally {
    await client.end();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
