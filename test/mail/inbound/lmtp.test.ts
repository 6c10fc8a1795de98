import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LmtpMailbox } from '../../../src/mail/inbound/lmtp.js';
import type { IncomingMail } from '../../../src/mail/inbound/received.js';
import type { TestApp } from '../../helpers/app.js';
import { compose, inboundRow, outboxTo, sql, startMailInApp } from './mail-in.js';

let t: TestApp;
let port: number;

/** What the LMTP client reports: an answer per recipient, each refusal with its code. */
type Answers = { accepted: string[]; rejectedErrors?: { responseCode?: number }[] };

const quiet = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  t = await startMailInApp({ HELP_LMTP_PORT: '0', HELP_MAIL_MAX_BYTES: String(64 * 1024) });
  port = (t.app.services.mail.inbound.mailboxes[0] as LmtpMailbox).port!;
});

afterAll(async () => {
  await t?.stop();
});

/** A real LMTP client (nodemailer's SMTP transport in LMTP mode), as an MTA delivering to the listener. */
function lmtpClient(to = port) {
  return nodemailer.createTransport({ host: '127.0.0.1', port: to, lmtp: true, ignoreTLS: true, secure: false });
}

async function processed() {
  await t.app.services.mail.inbound.settled();
  await t.app.services.mail.inbound.processor.drain();
}

describe('the LMTP listener', () => {
  it('stores a mail for two recipients once, answers each, files it once, and takes a redelivery without a second copy', async () => {
    const raw = await compose({
      from: 'lu@example.org',
      to: 'help@example.test',
      subject: 'Over LMTP',
      messageId: '<lmtp-1@example.org>',
      text: 'Hello',
    });
    const envelope = { from: 'lu@example.org', to: ['help@example.test', 'support@example.test'] };
    const client = lmtpClient();
    const info = await client.sendMail({ envelope, raw });
    expect(info.accepted).toEqual(['help@example.test', 'support@example.test']);
    expect(info.rejected).toEqual([]);
    expect((await client.sendMail({ envelope, raw })).accepted).toHaveLength(2);
    client.close();
    await processed();
    const rows = await sql<{ id: string; envelope_to: string[]; envelope_from: string }>(
      t,
      `select id::text as id, envelope_to, envelope_from from mail_inbound where message_id = '<lmtp-1@example.org>'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ envelope_from: 'lu@example.org', envelope_to: envelope.to });
    expect(await inboundRow(t, rows[0].id)).toMatchObject({ state: 'processed', outcome: 'filed' });
    expect(await outboxTo(t, 'lu@example.org')).toHaveLength(1);
  });

  it('threads a reply by the reply address in the envelope alone', async () => {
    const [ack] = await outboxTo(t, 'lu@example.org');
    const client = lmtpClient();
    const raw = await compose({
      from: 'lu@example.org',
      to: 'help@example.test',
      subject: 'A new subject',
      text: 'It works now, thanks.',
    });
    await client.sendMail({ envelope: { from: 'lu@example.org', to: [ack.reply_to!] }, raw });
    client.close();
    await processed();
    const [row] = await sql<{ id: string }>(t, `select id::text as id from mail_inbound order by id desc limit 1`);
    expect(await inboundRow(t, row.id)).toMatchObject({ outcome: 'threaded', request_id: ack.request_id });
  });

  it('refuses a mail over HELP_MAIL_MAX_BYTES with 552 and stores nothing', async () => {
    const before = (await sql<{ n: number }>(t, `select count(*)::int as n from mail_inbound`))[0].n;
    const client = lmtpClient();
    const raw = await compose({
      from: 'big@example.org',
      to: 'help@example.test',
      subject: 'Big',
      text: 'x'.repeat(100 * 1024),
    });
    const info = (await client.sendMail({
      envelope: { from: 'big@example.org', to: ['help@example.test'] },
      raw,
    })) as Answers;
    expect(info.accepted).toEqual([]);
    expect(info.rejectedErrors?.map((e) => e.responseCode)).toEqual([552]);
    client.close();
    expect((await sql<{ n: number }>(t, `select count(*)::int as n from mail_inbound`))[0].n).toBe(before);
  });

  it('takes a bounce from the null sender as automated: filed without an acknowledgement', async () => {
    const client = lmtpClient();
    const raw = await compose({
      from: 'mailer-daemon@mx.example.org',
      to: 'help@example.test',
      subject: 'Returned mail',
      text: 'Could not deliver.',
    });
    await client.sendMail({ envelope: { from: '', to: ['help@example.test'] }, raw });
    client.close();
    await processed();
    expect(await outboxTo(t, 'mailer-daemon@mx.example.org')).toHaveLength(0);
  });

  it('turns away hosts not in HELP_LMTP_CLIENTS, and answers 451 to each recipient when it cannot store the mail', async () => {
    const refusing = new LmtpMailbox(
      { port: 0, host: '127.0.0.1', clients: ['10.9.9.9'], maxBytes: 1024 * 1024 },
      () => Promise.resolve(),
      quiet,
    );
    await refusing.start();
    const raw = await compose({ from: 'a@example.org', to: 'help@example.test', subject: 'x', text: 'y' });
    await expect(
      lmtpClient(refusing.port).sendMail({ envelope: { from: 'a@example.org', to: ['help@example.test'] }, raw }),
    ).rejects.toMatchObject({
      responseCode: 554,
    });
    await refusing.stop();

    const received: IncomingMail[] = [];
    const failing = new LmtpMailbox(
      { port: 0, host: '127.0.0.1', clients: ['127.0.0.1'], maxBytes: 1024 * 1024 },
      (mail) => (received.push(mail), Promise.reject(new Error('database unavailable'))),
      quiet,
    );
    await failing.start();
    const client = lmtpClient(failing.port);
    const info = (await client.sendMail({
      envelope: { from: 'a@example.org', to: ['help@example.test', 'b@example.test'] },
      raw,
    })) as Answers;
    expect(info.accepted).toEqual([]);
    expect(info.rejectedErrors?.map((e) => e.responseCode)).toEqual([451, 451]);
    client.close();
    await failing.stop();
    expect(received).toHaveLength(1);
  });
});
