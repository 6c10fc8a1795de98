import { describe, expect, it } from 'vitest';
import { measureMail } from '../../../src/mail/inbound/shape.js';

const multipart = (boundary: string, parts: string[]) =>
  `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`;

describe('a mail’s shape, measured before parsing', () => {
  it('counts the parts and the depth of an ordinary mail', () => {
    const raw = `From: a@example.org\r\nSubject: s\r\n${multipart('o', [
      'Content-Type: text/plain\r\n\r\nhello',
      multipart('i', ['Content-Type: text/plain\r\n\r\nx', 'Content-Type: text/html\r\n\r\n<p>x</p>']),
      'Content-Type: message/rfc822\r\n\r\nFrom: b@example.org\r\nSubject: inner\r\n\r\nforwarded',
    ])}`;
    expect(measureMail(Buffer.from(raw), 1 << 20)).toEqual({ ok: true, parts: 7, depth: 2 });
  });

  it('refuses a mail over the byte limit without reading it', () => {
    expect(measureMail(Buffer.alloc(2048, 'a'), 1024)).toMatchObject({ ok: false, cause: 'TOO_LARGE' });
  });

  it('stops at the 101st part and at the 11th level, however many the mail claims', () => {
    const wide = `From: a@example.org\r\n${multipart(
      'w',
      Array.from({ length: 5000 }, () => 'Content-Type: text/plain\r\n\r\nx'),
    )}`;
    expect(measureMail(Buffer.from(wide), 1 << 24)).toEqual({
      ok: false,
      cause: 'TOO_LARGE',
      detail: 'more than 100 MIME parts',
    });
    let deep = 'Content-Type: text/plain\r\n\r\nleaf';
    for (let i = 0; i < 50; i++) deep = multipart(`d${i}`, [deep]);
    const measured = measureMail(Buffer.from(`From: a@example.org\r\n${deep}`), 1 << 24);
    expect(measured).toMatchObject({ ok: false, cause: 'TOO_LARGE' });
  });

  it('takes a part with no headers (an empty line first), and calls a multipart without a boundary broken', () => {
    expect(
      measureMail(Buffer.from(`From: a@example.org\r\n${multipart('e', ['\r\nbare body'])}`), 1 << 20),
    ).toMatchObject({
      ok: true,
    });
    expect(
      measureMail(Buffer.from('From: a@example.org\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\n'), 1 << 20),
    ).toMatchObject({ ok: false, cause: 'UNPARSEABLE' });
  });
});
