import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { AUTHSERV, compose, deliver, inboundRow, sql, startMailInApp } from './mail-in.js';

let t: TestApp;

beforeAll(async () => {
  t = await startMailInApp({ HELP_MAIL_MAX_BYTES: String(256 * 1024) });
  // An administrator whose notification address is known: mail from it claims to be theirs.
  const admin = await t.createUser('mailboss', { role: 'admin' });
  await t.gql(
    `mutation { updateHelpAgentNotifications(input: { email: "boss@corp.example", events: [ASSIGNED] }) { id } }`,
    {},
    admin.auth,
  );
});

afterAll(async () => {
  await t?.stop();
});

const requestCount = async () => (await sql<{ n: number }>(t, `select count(*)::int as n from help_requests`))[0].n;

/** A multipart mail with `parts` leaf parts, each nested `depth` multiparts deep, written by hand. */
function mimeBomb(parts: number, depth: number): string {
  let body = 'leaf';
  let type = 'text/plain';
  for (let level = 0; level < depth; level++) {
    const boundary = `b${level}`;
    const count = level === depth - 1 ? parts : 1;
    body = `${Array.from({ length: count }, () => `--${boundary}\r\nContent-Type: ${type}\r\n\r\n${body}\r\n`).join('')}--${boundary}--\r\n`;
    type = `multipart/mixed; boundary="${boundary}"`;
  }
  return `From: bomber@evil.test\r\nTo: help@example.test\r\nSubject: boom\r\nMIME-Version: 1.0\r\nContent-Type: ${type}\r\n\r\n${body}`;
}

describe('mail in: hostile mail', () => {
  it('holds a mail with more than 100 parts, or nested deeper than 10, as TOO_LARGE, and takes one just inside', async () => {
    const wide = await deliver(t, mimeBomb(150, 1));
    expect(await inboundRow(t, wide)).toMatchObject({
      state: 'held',
      cause: 'TOO_LARGE',
      detail: 'more than 100 MIME parts',
    });
    const deep = await deliver(t, mimeBomb(1, 12));
    expect(await inboundRow(t, deep)).toMatchObject({ state: 'held', cause: 'TOO_LARGE' });
    expect((await inboundRow(t, deep)).detail).toMatch(/deeper than 10/);
    const fine = await deliver(t, mimeBomb(20, 3));
    expect(await inboundRow(t, fine)).toMatchObject({ state: 'processed', outcome: 'filed' });
  });

  it('holds a mail over HELP_MAIL_MAX_BYTES as TOO_LARGE, files nothing, and keeps its bytes', async () => {
    const before = await requestCount();
    const big = await compose({
      from: 'big@example.org',
      to: 'help@example.test',
      subject: 'Big',
      text: 'x'.repeat(300 * 1024),
    });
    const id = await deliver(t, big);
    expect(await inboundRow(t, id)).toMatchObject({ state: 'held', cause: 'TOO_LARGE' });
    expect(await requestCount()).toBe(before);
    const [{ size }] = await sql<{ size: number }>(t, `select length(raw) as size from mail_inbound where id = ?`, [
      id,
    ]);
    expect(size).toBe(big.length);
  });

  it('holds mail without a sender, or with a multipart that has no boundary, as UNPARSEABLE', async () => {
    const noFrom = await deliver(t, 'To: help@example.test\r\nSubject: who?\r\n\r\nanonymous\r\n');
    expect(await inboundRow(t, noFrom)).toMatchObject({ state: 'held', cause: 'UNPARSEABLE' });
    const broken = await deliver(
      t,
      'From: x@example.org\r\nSubject: broken\r\nContent-Type: multipart/mixed\r\n\r\n--nothing\r\n',
    );
    expect(await inboundRow(t, broken)).toMatchObject({ state: 'held', cause: 'UNPARSEABLE' });
    const garbage = await deliver(t, Buffer.from([0, 1, 2, 3, 255, 254, 10, 13]));
    expect((await inboundRow(t, garbage)).state).toBe('held');
  });

  it('never keeps script, styles, event handlers, forms, frames, remote images or a cid: naming no part from HTML; keeps links (rel)', async () => {
    const html = [
      '<p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script><style>p{color:red}</style>',
      '<a href="https://example.org/x" onmouseover="x()">link</a><a href="javascript:alert(1)">js</a>',
      '<img src="https://tracker.example/pixel.gif"><img src="cid:logo@example.org" alt="logo">',
      '<form action="https://evil.test"><input name="p"></form><iframe src="https://evil.test"></iframe>',
      '<table><tr><td>cell</td></tr></table><ul><li>item</li></ul>',
    ].join('');
    const id = await deliver(
      t,
      await compose({ from: 'html@example.org', to: 'help@example.test', subject: 'HTML', html }),
    );
    const { request_id } = await inboundRow(t, id);
    // The mail filed a request; its reply on the thread carries the HTML.
    const reply = await deliver(
      t,
      await compose({ from: 'html@example.org', to: 'help@example.test', subject: `Re: [#${request_id}] HTML`, html }),
    );
    const [message] = await sql<{ html: string; body: string }>(
      t,
      `select html, body from help_messages where id = ?`,
      [(await inboundRow(t, reply)).help_message_id],
    );
    expect(message.html).not.toMatch(
      /script|alert|style|onclick|onmouseover|javascript:|<form|<input|<iframe|tracker\.example|<img|cid:/i,
    );
    expect(message.html).toContain('<b>there</b>');
    expect(message.html).toContain(
      '<a href="https://example.org/x" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    );
    expect(message.html).toContain('<td>cell</td>');
    expect(message.body).toContain('Hello');
  });

  it('holds mail from an administrator’s address without the receiving MTA’s dmarc=pass (SPOOFED_SENDER), and never as theirs', async () => {
    const plain = await deliver(
      t,
      await compose({ from: 'Boss <boss@corp.example>', to: 'help@example.test', subject: 'Wire money', text: 'now' }),
    );
    expect(await inboundRow(t, plain)).toMatchObject({ state: 'held', cause: 'SPOOFED_SENDER' });
    const forged = await deliver(
      t,
      await compose({
        from: 'boss@corp.example',
        to: 'help@example.test',
        subject: 'Wire money',
        headers: { 'Authentication-Results': 'mx.evil.test; dmarc=pass header.from=corp.example' },
        text: 'now',
      }),
    );
    expect(await inboundRow(t, forged)).toMatchObject({ state: 'held', cause: 'SPOOFED_SENDER' });
    const failed = await deliver(
      t,
      await compose({
        from: 'boss@corp.example',
        to: 'help@example.test',
        subject: 'Wire money',
        headers: { 'Authentication-Results': `${AUTHSERV}; dmarc=fail header.from=corp.example` },
        text: 'now',
      }),
    );
    expect(await inboundRow(t, failed)).toMatchObject({ state: 'held', cause: 'SPOOFED_SENDER' });
    // A display name or a homograph domain is another address: a contact's, never the administrator's.
    const lookalike = await deliver(
      t,
      await compose({
        from: '"boss@corp.example" <boss@corp-example.test>',
        to: 'help@example.test',
        subject: 'Hi',
        text: 'x',
      }),
    );
    expect(await inboundRow(t, lookalike)).toMatchObject({ state: 'processed', outcome: 'filed' });
    const homograph = await deliver(
      t,
      await compose({ from: 'boss@c\u043erp.example', to: 'help@example.test', subject: 'Hi', text: 'x' }),
    );
    expect((await inboundRow(t, homograph)).cause).not.toBe('SPOOFED_SENDER');
    const vouched = await deliver(
      t,
      await compose({
        from: 'boss@corp.example',
        to: 'help@example.test',
        subject: 'Printer',
        headers: {
          'Authentication-Results': `${AUTHSERV}; spf=pass; dkim=pass; dmarc=pass (p=reject) header.from=corp.example`,
        },
        text: 'Jammed',
      }),
    );
    const row = await inboundRow(t, vouched);
    expect(row).toMatchObject({ state: 'processed', outcome: 'filed' });
    const [{ requester_id }] = await sql<{ requester_id: string | null }>(
      t,
      `select requester_id from help_requests where id = ?`,
      [row.request_id],
    );
    expect(requester_id).toBeNull();
  });

  it('marks a mail Trellis sent as failed when a delivery status notification names it, and files nothing', async () => {
    const first = await deliver(
      t,
      await compose({ from: 'kim@example.org', to: 'help@example.test', subject: 'Hello', text: 'x' }),
    );
    const [ack] = await sql<{ id: string; message_id: string }>(
      t,
      `select id::text as id, message_id from mail_outbox where request_id = ? and template = 'received'`,
      [(await inboundRow(t, first)).request_id],
    );
    const before = await requestCount();
    const dsn = [
      'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
      'To: help@example.test',
      'Subject: Undelivered Mail Returned to Sender',
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
      '',
      '--R',
      'Content-Type: text/plain',
      '',
      'I could not deliver your message to kim@example.org.',
      '--R',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.org',
      '',
      'Final-Recipient: rfc822; kim@example.org',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <kim@example.org>: Recipient address rejected: User unknown',
      '--R',
      'Content-Type: text/rfc822-headers',
      '',
      'From: Trellis Help <help@example.test>',
      'To: kim@example.org',
      `Message-ID: ${ack.message_id}`,
      'Subject: Received',
      '--R--',
      '',
    ].join('\r\n');
    const id = await deliver(t, dsn, { envelopeFrom: '' });
    expect(await inboundRow(t, id)).toMatchObject({ state: 'processed', outcome: 'bounce' });
    expect(await requestCount()).toBe(before);
    const [sent] = await sql<{ state: string; last_error: string }>(
      t,
      `select state, last_error from mail_outbox where id = ?`,
      [ack.id],
    );
    expect(sent.state).toBe('failed');
    expect(sent.last_error).toMatch(/5\.1\.1/);
    const [contact] = await sql<{ failed_deliveries: number }>(
      t,
      `select failed_deliveries from help_contacts where email_key = 'kim@example.org'`,
    );
    expect(contact.failed_deliveries).toBe(1);
  });
});
