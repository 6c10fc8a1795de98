import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReceived } from '../../../src/mail/inbound/received.js';
import type { TestApp } from '../../helpers/app.js';
import { compose, deliver, inboundRow, sql, startMailInApp } from './mail-in.js';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startMailInApp();
  // A second replica of the same deployment, on the same database.
  b = await startMailInApp({}, { replicaOf: a });
});

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('mail in: processing', () => {
  it('processes each received mail exactly once while two replicas drain at the same time', async () => {
    const raws = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        compose({ from: `sender${i}@example.org`, to: 'help@example.test', subject: `Parallel ${i}`, text: `n${i}` }),
      ),
    );
    // Stored without waking either replica's worker, then drained by both at once.
    const em = a.app.orm.em.fork();
    for (const raw of raws) await storeReceived(em, { mailbox: 'test', raw }, new Date());
    const [fromA, fromB] = await Promise.all([
      a.app.services.mail.inbound.processor.drain(),
      b.app.services.mail.inbound.processor.drain(),
    ]);
    expect(fromA + fromB).toBe(30);
    const [{ requests, titles }] = await sql<{ requests: number; titles: number }>(
      a,
      `select count(*)::int as requests, count(distinct title)::int as titles from help_requests where title like 'Parallel %'`,
    );
    expect({ requests, titles }).toEqual({ requests: 30, titles: 30 });
    const [{ acks }] = await sql<{ acks: number }>(
      a,
      `select count(*)::int as acks from mail_outbox where template = 'received'`,
    );
    expect(acks).toBe(30);
  });

  it('files a mail carrying NUL characters in its subject, sender name, text and file name, without them', async () => {
    const id = await deliver(
      a,
      await compose({
        from: { name: 'Nul\u0000 Sender', address: 'nul@example.org' },
        to: 'help@example.test',
        subject: 'Broken\u0000 client',
        text: 'First\u0000 line\nsecond line',
        attachments: [{ filename: 'notes\u0000.txt', content: 'a file', contentType: 'text/plain' }],
      }),
    );
    expect(await inboundRow(a, id)).toMatchObject({ state: 'processed', cause: null });
    const [request] = await sql<{ title: string; description: string }>(
      a,
      `select r.title, r.description from help_requests r join mail_inbound m on m.request_id = r.id where m.id = ?`,
      [id],
    );
    expect(request).toEqual({ title: 'Broken client', description: 'First line\nsecond line' });
    const [file] = await sql<{ filename: string }>(
      a,
      `select filename from help_attachments a join mail_inbound m on m.request_id = a.request_id where m.id = ?`,
      [id],
    );
    expect(file?.filename).toBe('notes.txt');
    expect(a.logs.some((l) => l.inboundMailId === id && (l.level as number) >= 50)).toBe(false);
  });

  it('leaves a mail whose processing fails received, writes nothing of it, and holds it as UNPARSEABLE after five tries', async () => {
    const failing = a.app.services.mail.inbound.processor;
    // A help desk that refuses every new request, as a database fault halfway through would.
    const changes = a.app.services.helpdesk.helpRequestChanges;
    const original = changes.fileInTransaction.bind(changes);
    changes.fileInTransaction = async (em, input, options) => {
      await original(em, input, options);
      throw new Error('the connection was lost');
    };
    try {
      const id = await deliver(
        a,
        await compose({ from: 'unlucky@example.org', to: 'help@example.test', subject: 'Unlucky', text: 'x' }),
      );
      expect(await inboundRow(a, id)).toMatchObject({ state: 'received', request_id: null });
      const [{ n }] = await sql<{ n: number }>(
        a,
        `select count(*)::int as n from help_requests where title = 'Unlucky'`,
      );
      expect(n).toBe(0);
      // Each later try waits longer (next_attempt_at); asked for by id, it is tried now.
      for (let i = 0; i < 4; i++) {
        await failing.processNext(id);
      }
      const row = await inboundRow(a, id);
      expect(row).toMatchObject({ state: 'held', cause: 'UNPARSEABLE' });
      // What went wrong is the log's (and last_error's), never held mail's, which an API serves.
      expect(row.detail).not.toMatch(/the connection was lost/);
      expect(row.detail).toMatch(/failed 5 times/);
      const [{ last_error }] = await sql<{ last_error: string }>(
        a,
        `select last_error from mail_inbound where id = ?`,
        [id],
      );
      expect(last_error).toMatch(/the connection was lost/);
      expect(a.logs.some((l) => l.inboundMailId === id && l.msg === 'processing a received mail failed')).toBe(true);
    } finally {
      changes.fileInTransaction = original;
    }
  });
});
