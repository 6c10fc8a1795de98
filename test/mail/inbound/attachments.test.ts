import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { clamdMissing, EICAR, EICAR_SIGNATURE, startClamd, type Clamd } from '../../helpdesk/attachments/clamd.js';
import { startS3Store, type S3Store } from '../../helpdesk/s3-store.js';
import { compose, deliver, inboundRow, sql, startMailInApp } from './mail-in.js';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A stand-in for clamd speaking its INSTREAM protocol (a real clamd is test/helpdesk/attachments/scanner.test.ts's):
 * it finds EICAR in what it is sent, as clamd's signature would. `down` refuses connections.
 */
async function fakeClamd() {
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (data) => {
      chunks.push(data);
      const all = Buffer.concat(chunks);
      if (all.length >= 14 && all.subarray(-4).equals(Buffer.alloc(4))) {
        socket.end(
          all.includes(Buffer.from('EICAR-STANDARD')) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0',
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

let t: TestApp;
let clamd: Awaited<ReturnType<typeof fakeClamd>>;
let store: S3Store;
let admin: string;

beforeAll(async () => {
  clamd = await fakeClamd();
  // Files in an S3-protocol store, whose objects live outside the database's transactions.
  store = await startS3Store();
  t = await startMailInApp({
    ...store.config,
    CLAMAV_HOST: '127.0.0.1',
    CLAMAV_PORT: String(clamd.port),
    ATTACHMENT_MAX_BYTES: String(32 * 1024),
  });
  admin = (await t.createUser('filesadmin', { role: 'admin' })).auth;
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await clamd?.close();
  await store?.close();
});

/** An invoice with a clean file beside EICAR's test string. */
const invoiceWithEicar = (cleanFile: string) =>
  compose({
    from: 'wes@example.org',
    to: 'help@example.test',
    subject: 'Invoice',
    text: 'See attached',
    attachments: [
      { filename: cleanFile, content: 'clean' },
      { filename: 'eicar.com', content: EICAR },
    ],
  });

const attachmentsOf = (requestId: number) =>
  sql<{ filename: string; content_type: string; size: string; message_id: number | null }>(
    t,
    `select filename, content_type, size::text as size, message_id from help_attachments where request_id = ? order by filename`,
    [requestId],
  );
const allAttachments = async () =>
  (await sql<{ n: number }>(t, `select count(*)::int as n from help_attachments`))[0].n;

describe('mail in: attachments', () => {
  it('stores a mail’s files and cid: images on the request it files, sniffed, and a reply’s on its message', async () => {
    const id = await deliver(
      t,
      await compose({
        from: 'vera@example.org',
        to: 'help@example.test',
        subject: 'Screenshot',
        html: '<p>See <img src="cid:shot@example.org"></p>',
        attachments: [
          { filename: 'shot.png', content: PNG, cid: 'shot@example.org' },
          { filename: 'notes.exe', content: Buffer.from('just text, whatever its name says') },
        ],
      }),
    );
    const { request_id } = await inboundRow(t, id);
    expect(await attachmentsOf(request_id!)).toEqual([
      { filename: 'notes.exe', content_type: 'text/plain; charset=utf-8', size: '33', message_id: null },
      { filename: 'shot.png', content_type: 'image/png', size: String(PNG.length), message_id: null },
    ]);
    const shown = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { attachments { filename contentType } } }`,
      { id: request_id },
      admin,
    );
    expect(shown.data.helpRequest.attachments).toHaveLength(2);

    const reply = await deliver(
      t,
      await compose({
        from: 'vera@example.org',
        to: 'help@example.test',
        subject: `Re: [#${request_id}] Screenshot`,
        text: 'Another one',
        attachments: [{ filename: 'second.png', content: PNG }],
      }),
    );
    const { help_message_id } = await inboundRow(t, reply);
    expect((await attachmentsOf(request_id!)).find((a) => a.filename === 'second.png')?.message_id).toBe(
      help_message_id,
    );
  });

  it('holds a mail carrying EICAR as INFECTED, storing none of it', async () => {
    const before = await allAttachments();
    const id = await deliver(t, await invoiceWithEicar('invoice.pdf'));
    expect(await inboundRow(t, id)).toMatchObject({ state: 'held', cause: 'INFECTED', request_id: null });
    expect((await inboundRow(t, id)).detail).toMatch(/Eicar-Test-Signature/);
    expect(await allAttachments()).toBe(before);
    expect(await store.count()).toBe(before);
    const [{ n }] = await sql<{ n: number }>(t, `select count(*)::int as n from help_requests where title = 'Invoice'`);
    expect(n).toBe(0);
  });

  it('holds a mail with a file over ATTACHMENT_MAX_BYTES, or more than 10 files, as TOO_LARGE, storing none of it', async () => {
    const before = await allAttachments();
    const big = await deliver(
      t,
      await compose({
        from: 'xia@example.org',
        to: 'help@example.test',
        subject: 'Big file',
        text: 'x',
        attachments: [{ filename: 'big.bin', content: Buffer.alloc(40 * 1024, 1) }],
      }),
    );
    expect(await inboundRow(t, big)).toMatchObject({ state: 'held', cause: 'TOO_LARGE' });
    const many = await deliver(
      t,
      await compose({
        from: 'xia@example.org',
        to: 'help@example.test',
        subject: 'Many files',
        text: 'x',
        attachments: Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, content: `file ${i}` })),
      }),
    );
    expect(await inboundRow(t, many)).toMatchObject({ state: 'held', cause: 'TOO_LARGE' });
    expect(await allAttachments()).toBe(before);
  });

  it('shows a reply’s cid: image from the attachment it is stored as, and drops a cid: naming no part of the mail', async () => {
    const first = await deliver(
      t,
      await compose({ from: 'zoe@example.org', to: 'help@example.test', subject: 'Chart', text: 'See below' }),
    );
    const { request_id } = await inboundRow(t, first);
    await deliver(
      t,
      await compose({
        from: 'zoe@example.org',
        to: 'help@example.test',
        subject: `Re: [#${request_id}] Chart`,
        text: 'Here: [chart]',
        html: '<p>Here:</p><img src="cid:chart@example.org" alt="chart"><img src="cid:lost@example.org" alt="lost">',
        attachments: [{ filename: 'chart.png', content: PNG, cid: 'chart@example.org' }],
      }),
    );
    const shown = await t.gql<{
      helpRequest: {
        messages: { edges: { node: { html: string; attachments: { filename: string; url: string }[] } }[] };
      };
    }>(
      `query($id: Int!) { helpRequest(id: $id) { messages { edges { node { html attachments { filename url } } } } } }`,
      { id: request_id },
      admin,
    );
    const [reply] = shown.data!.helpRequest.messages.edges.map((e) => e.node);
    expect(reply.attachments).toEqual([
      { filename: 'chart.png', url: expect.stringMatching(/^\/api\/help\/attachments\/[0-9a-f]+$/) },
    ]);
    const { url } = reply.attachments[0];
    expect(reply.html).toBe(`<p>Here:</p><img alt="chart" src="${url}" />`);
    // The link serves the image, from the store, to whoever may read the request.
    const image = await fetch(`${t.url}${url}`, { headers: { authorization: admin } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it('leaves no object in the store when the mail’s transaction fails after its files went in, and stores them once when tried again', async () => {
    // The database refuses the commit itself, after every write of the mail and every object put in the store.
    await sql(
      t,
      `create function refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`,
    );
    await sql(
      t,
      `create constraint trigger refuse_commit after insert on help_attachments
         deferrable initially deferred for each row execute function refuse_commit()`,
    );
    const [rowsBefore, objectsBefore] = [await allAttachments(), await store.count()];
    let id: string;
    try {
      id = await deliver(
        t,
        await compose({
          from: 'abe@example.org',
          to: 'help@example.test',
          subject: 'Crash report',
          text: 'Both attached',
          attachments: [
            { filename: 'trace.txt', content: 'a stack trace' },
            { filename: 'shot.png', content: PNG },
          ],
        }),
      );
      expect(await inboundRow(t, id)).toMatchObject({ state: 'received', request_id: null });
      expect(await allAttachments()).toBe(rowsBefore);
      expect(await store.count()).toBe(objectsBefore);
    } finally {
      await sql(t, `drop trigger refuse_commit on help_attachments`);
      await sql(t, `drop function refuse_commit()`);
    }
    await t.app.services.mail.inbound.processor.processNext(id);
    const { state, request_id } = await inboundRow(t, id);
    expect(state).toBe('processed');
    expect((await attachmentsOf(request_id!)).map((a) => a.filename)).toEqual(['shot.png', 'trace.txt']);
    expect(await store.count()).toBe(objectsBefore + 2);
  });

  it('keeps a mail waiting, never taken unscanned, while the virus scanner is away', async () => {
    await clamd.close();
    const id = await deliver(
      t,
      await compose({
        from: 'yan@example.org',
        to: 'help@example.test',
        subject: 'While away',
        text: 'x',
        attachments: [{ filename: 'a.txt', content: 'a' }],
      }),
    );
    const row = await inboundRow(t, id);
    expect(row).toMatchObject({ state: 'received', request_id: null });
    const [{ attempts }] = await sql<{ attempts: number }>(t, `select attempts from mail_inbound where id = ?`, [id]);
    expect(attempts).toBe(0);
  });
});

describe.skipIf(clamdMissing !== undefined)(
  `mail in scanned by Debian’s clamd${clamdMissing ? `: skipped, ${clamdMissing}` : ''}`,
  () => {
    let real: Clamd;
    let scanned: TestApp;

    beforeAll(async () => {
      real = await startClamd();
      scanned = await startMailInApp(real.env);
    }, 90_000);

    afterAll(async () => {
      await scanned?.stop();
      await real?.close();
    });

    it('holds a mail carrying EICAR as INFECTED, naming clamd’s signature, and files a clean one', async () => {
      const infected = await deliver(scanned, await invoiceWithEicar('invoice.txt'));
      const held = await inboundRow(scanned, infected);
      expect(held).toMatchObject({ state: 'held', cause: 'INFECTED', request_id: null });
      expect(held.detail).toMatch(`the virus scanner found ${EICAR_SIGNATURE}`);
      const clean = await deliver(
        scanned,
        await compose({
          from: 'wes@example.org',
          to: 'help@example.test',
          subject: 'Invoice, again',
          text: 'Only the invoice',
          attachments: [{ filename: 'invoice.txt', content: 'clean' }],
        }),
      );
      expect(await inboundRow(scanned, clean)).toMatchObject({ state: 'processed', outcome: 'filed' });
      expect(await sql<{ filename: string }>(scanned, `select filename from help_attachments`)).toEqual([
        { filename: 'invoice.txt' },
      ]);
    });
  },
);
