import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('the mail configuration', () => {
  it('requires MAIL_FROM, MAIL_REPLY_DOMAIN and MAIL_SECRET with SMTP_URL, reporting all at once', () => {
    const problems = problemsOf({ SMTP_URL: 'smtp://mail.example.test:587' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^MAIL_FROM: is required with SMTP_URL/),
        expect.stringMatching(/^MAIL_REPLY_DOMAIN: is required with SMTP_URL/),
        expect.stringMatching(/^MAIL_SECRET: is required with SMTP_URL/),
      ]),
    );
  });

  it('refuses a short secret, a sender with a line break, a reply domain that is not one and a URL that is not SMTP', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://mail.example.test',
      MAIL_FROM: 'Help <help@example.test>\r\nBcc: x@evil.test',
      MAIL_REPLY_DOMAIN: 'not a domain',
      MAIL_SECRET: 'short',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'MAIL_REPLY_DOMAIN', 'MAIL_SECRET']),
    );
  });

  it('reads a complete configuration, and none at all as mail not sent', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example.test:587',
      MAIL_FROM: 'Help desk <help@example.test>',
      MAIL_REPLY_DOMAIN: 'Reply.Example.test',
      MAIL_SECRET: 's'.repeat(32),
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtp://mail.example.test:587',
      from: { name: 'Help desk', address: 'help@example.test' },
      replyDomain: 'reply.example.test',
    });
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).mail.smtpUrl).toBeUndefined();
  });
});
