import type pg from 'pg';

/**
 * Resolves once some session of the current database waits for a lock (the one `holder` holds, in the tests that
 * call it), looking every 25 ms for up to 10 s.
 */
export async function untilSomeoneWaitsForALock(holder: pg.Client): Promise<void> {
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    await holder.query('select pg_stat_clear_snapshot()'); // a transaction otherwise sees one snapshot of it
    const waiting = await holder.query(
      `select 1 from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock'`,
    );
    if (waiting.rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody came to wait for the lock within 10 s');
}
