import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { automatedBecause, bouncedMessageIds, isDeliveryReport } from '../../../src/mail/inbound/automated.js';

const mail = (headers: string, body = 'text') =>
  simpleParser(`From: a@example.org\r\nTo: help@example.test\r\nSubject: s\r\n${headers}\r\n\r\n${body}\r\n`);

/* The headers real senders write: Exchange's out-of-office, Gmail's vacation reply, list servers, bulk senders. */
const AUTOMATED: [sender: string, headers: string][] = [
  [
    'Exchange out of office',
    'Auto-Submitted: auto-replied\r\nX-Auto-Response-Suppress: All\r\nX-MS-Exchange-Inbox-Rules-Loop: a@example.org',
  ],
  ['Gmail vacation reply', 'Auto-Submitted: auto-replied\r\nPrecedence: bulk\r\nX-Autoreply: yes'],
  ['a generated notice', 'Auto-Submitted: auto-generated'],
  ['an X-Autorespond responder', 'X-Autorespond: Out of office'],
  ['a mailing list', 'List-Id: <announce.lists.example.org>\r\nPrecedence: list'],
  ['a newsletter', 'Precedence: bulk\r\nList-Unsubscribe: <mailto:u@news.example>'],
  ['junk', 'Precedence: junk'],
  ['a null Return-Path', 'Return-Path: <>'],
];

describe('automated mail', () => {
  it.each(AUTOMATED)('recognises %s', async (_sender, headers) => {
    expect(automatedBecause(await mail(headers), 'a@example.org')).toBeDefined();
  });

  it('takes a person’s mail, and Auto-Submitted: no, as a person’s', async () => {
    expect(automatedBecause(await mail('X-Mailer: Apple Mail'), 'a@example.org')).toBeUndefined();
    expect(automatedBecause(await mail('Auto-Submitted: no'), 'a@example.org')).toBeUndefined();
  });

  it('takes the null envelope sender an MTA gave as automated', async () => {
    expect(automatedBecause(await mail(''), '')).toBe('an empty envelope sender');
  });

  it('recognises a delivery status notification and reads the Message-IDs and status it quotes', async () => {
    const raw = [
      'From: MAILER-DAEMON@mx.example.org',
      'To: help@example.test',
      'Subject: Delivery Status Notification (Failure)',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Address not found',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; gone@example.org',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
      '--b',
      'Content-Type: message/rfc822',
      '',
      'Message-ID: <h.7.12.abc@reply.example.test>',
      'Subject: [#7] Received',
      '',
      'We received your mail.',
      '--b--',
      '',
    ].join('\r\n');
    const parsed = await simpleParser(raw);
    expect(isDeliveryReport(parsed)).toBe(true);
    expect(automatedBecause(parsed, 'x@example.org')).toBe('a delivery status notification');
    expect(bouncedMessageIds(Buffer.from(raw))).toEqual({
      messageIds: ['<h.7.12.abc@reply.example.test>'],
      status: 'bounced: 5.1.1: smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
    });
  });
});
