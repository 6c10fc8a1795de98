import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { compose, deliver, inboundRow, sql, startMailInApp } from './mail-in.js';

// The EICAR anti-virus test file: harmless, and detected by every scanner by design.
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
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
let admin: string;

beforeAll(async () => {
  clamd = await fakeClamd();
  t = await startMailInApp({
    CLAMAV_HOST: '127.0.0.1',
    CLAMAV_PORT: String(clamd.port),
    ATTACHMENT_MAX_BYTES: String(32 * 1024),
  });
  admin = (await t.createUser('filesadmin', { role: 'admin' })).auth;
});

afterAll(async () => {
  await t?.stop();
  await clamd?.close();
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
    const id = await deliver(
      t,
      await compose({
        from: 'wes@example.org',
        to: 'help@example.test',
        subject: 'Invoice',
        text: 'See attached',
        attachments: [
          { filename: 'invoice.pdf', content: 'clean' },
          { filename: 'eicar.com', content: EICAR },
        ],
      }),
    );
    expect(await inboundRow(t, id)).toMatchObject({ state: 'held', cause: 'INFECTED', request_id: null });
    expect((await inboundRow(t, id)).detail).toMatch(/Eicar-Test-Signature/);
    expect(await allAttachments()).toBe(before);
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
