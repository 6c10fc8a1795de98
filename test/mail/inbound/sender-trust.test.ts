import { describe, expect, it } from 'vitest';
import { dmarcPassed } from '../../../src/mail/inbound/sender-trust.js';

const ID = 'mx.example.com';
const mail = (...results: string[]) =>
  Buffer.from(
    `${results.map((r) => `Authentication-Results: ${r}\r\n`).join('')}From: boss@corp.example\r\nSubject: s\r\n\r\nbody\r\n`,
  );

describe('sender trust', () => {
  it('believes the receiving MTA’s dmarc=pass for the From’s domain', () => {
    expect(
      dmarcPassed(
        mail(
          `${ID}; spf=pass smtp.mailfrom=corp.example; dkim=pass header.d=corp.example; dmarc=pass (p=REJECT) header.from=corp.example`,
        ),
        ID,
        'corp.example',
      ),
    ).toBe(true);
    expect(dmarcPassed(mail(`MX.Example.COM;\r\n  dmarc=pass header.from=corp.example`), ID, 'corp.example')).toBe(
      true,
    );
  });

  it.each([
    ['another authserv-id', mail(`mx.evil.test; dmarc=pass header.from=corp.example`)],
    ['dmarc=fail', mail(`${ID}; dmarc=fail header.from=corp.example`)],
    ['a pass for another domain', mail(`${ID}; dmarc=pass header.from=evil.test`)],
    ['a pass without the domain', mail(`${ID}; dmarc=pass`)],
    [
      'a forged pass below the MTA’s own',
      mail(`${ID}; dmarc=fail header.from=corp.example`, `${ID}; dmarc=pass header.from=corp.example`),
    ],
    ['a pass in a comment', mail(`${ID}; dmarc=none (dmarc=pass) header.from=corp.example`)],
    ['no Authentication-Results at all', mail()],
  ])('does not believe %s', (_what, raw) => {
    expect(dmarcPassed(raw, ID, 'corp.example')).toBe(false);
  });

  it('believes nothing without MAIL_AUTHSERV_ID', () => {
    expect(dmarcPassed(mail(`${ID}; dmarc=pass header.from=corp.example`), undefined, 'corp.example')).toBe(false);
  });
});
