/*
 * A replica that claims the outbox's due rows and then hangs mid-send, until the test kills it (SIGKILL): what a
 * process that dies between its claim and its send leaves behind.
 */
import { openOrm } from '../../../src/platform/db/orm.js';
import { exponentialBackoff } from '../../../src/platform/outbox/backoff.js';
import { OutboxWorker } from '../../../src/platform/outbox/worker.js';

const [url, table, leaseMs] = process.argv.slice(2) as [string, string, string];
const orm = await openOrm(url, { poolMax: 2 });
const worker = new OutboxWorker({
  table,
  em: () => orm.em.fork(),
  now: () => new Date(),
  backoff: exponentialBackoff({ firstMs: 1_000, maxMs: 60_000 }),
  retryForMs: 86_400_000,
  leaseMs: Number(leaseMs),
  pollMs: 60_000,
  log: console,
  send: (row) => {
    process.stdout.write(`sending ${row.id}\n`);
    return new Promise(() => undefined);
  },
});
void worker.drain();
