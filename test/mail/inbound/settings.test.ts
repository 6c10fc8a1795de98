import { describe, expect, it } from 'vitest';
import { imapAccountOf } from '../../../src/mail/inbound/imap.js';
import { ConfigError, loadConfig } from '../../../src/platform/config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

const SECRET = {
  MAIL_SECRET: 'mail-secret-for-tests-0123456789abcdef',
  MAIL_FROM: 'help@example.test',
  MAIL_REPLY_DOMAIN: 'reply.example.test',
};

describe('mail in settings', () => {
  it('reads the mailboxes, the listener and the limits, with their defaults', () => {
    const config = loadConfig({
      ...SECRET,
      HELP_IMAP_URLS: 'imaps://help%40example.com:p%40ss@imap.example.com/Support,imap://desk:x@127.0.0.1:1143',
      HELP_LMTP_PORT: '2424',
      MAIL_AUTHSERV_ID: 'MX.Example.com',
    });
    expect(config.mail.inbound).toEqual({
      imapUrls: ['imaps://help%40example.com:p%40ss@imap.example.com/Support', 'imap://desk:x@127.0.0.1:1143'],
      imapPollSeconds: 60,
      lmtp: { port: 2424, host: '127.0.0.1', clients: ['127.0.0.1', '::1'] },
      maxBytes: 25 * 1024 * 1024,
      authservId: 'mx.example.com',
    });
    expect(loadConfig({}).mail.inbound.lmtp).toBeUndefined();
  });

  it('names a bad mailbox by its place in the list, never echoing its password', () => {
    const problems = problemsOf({
      ...SECRET,
      HELP_IMAP_URLS: 'imap://ok:pw@host/INBOX,https://u:hunter2@host,imaps://host',
    });
    const text = problems.join('\n');
    expect(text).toContain('HELP_IMAP_URLS: entry 2');
    expect(text).toContain('HELP_IMAP_URLS: entry 3');
    expect(text).not.toContain('entry 1');
    expect(text).not.toContain('hunter2');
  });

  it('needs mail out’s sender, reply domain and secret to take mail in, and bounds the numbers', () => {
    const missing = problemsOf({ HELP_LMTP_PORT: '2424' }).join('\n');
    for (const name of ['MAIL_FROM', 'MAIL_REPLY_DOMAIN', 'MAIL_SECRET']) expect(missing).toContain(name);
    expect(problemsOf({ HELP_IMAP_URLS: 'imap://a:b@host/INBOX' }).join('\n')).toMatch(/MAIL_SECRET/);
    const text = problemsOf({
      ...SECRET,
      HELP_LMTP_PORT: '70000',
      HELP_IMAP_POLL_SECONDS: '1',
      HELP_MAIL_MAX_BYTES: '10',
    }).join('\n');
    for (const name of ['HELP_LMTP_PORT', 'HELP_IMAP_POLL_SECONDS', 'HELP_MAIL_MAX_BYTES'])
      expect(text).toContain(name);
  });

  it('reads an IMAP URL into an account whose name carries no password', () => {
    const account = imapAccountOf(
      'imaps://help%40example.com:p%40ss@imap.example.com/Support?tls.rejectUnauthorized=false',
    );
    expect(account).toMatchObject({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      user: 'help@example.com',
      password: 'p@ss',
      folder: 'Support',
      rejectUnauthorized: false,
      name: 'help@example.com@imap.example.com/Support',
    });
    expect(imapAccountOf('imap://desk:x@127.0.0.1').port).toBe(143);
    expect(imapAccountOf('imap://desk:x@127.0.0.1').folder).toBe('INBOX');
  });
});
