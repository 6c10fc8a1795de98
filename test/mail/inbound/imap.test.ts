import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapMailbox } from '../../../src/mail/inbound/imap.js';
import type { TestApp } from '../../helpers/app.js';
import { dovecotMissing, startDovecot, type Dovecot } from './dovecot.js';
import { compose, sql, startMailInApp } from './mail-in.js';

let dovecot: Dovecot;
let t: TestApp;

/** The test's own IMAP client: puts mail in with APPEND and reads flags, as another mail client would. */
async function imap<T>(user: string, work: (client: ImapFlow) => Promise<T>, host = '127.0.0.1'): Promise<T> {
  const client = new ImapFlow({
    host,
    port: dovecot.port,
    secure: false,
    auth: { user, pass: 'secret' },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

const append = (user: string, raw: Buffer, folder = 'INBOX') => imap(user, (c) => c.append(folder, raw));

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The settled row of the mail with this Message-ID, once it has been stored and processed. */
const settledRow = (messageId: string, app = t, ms?: number) =>
  until(
    `mail ${messageId}`,
    async () => {
      const rows = await sql<{ id: string; state: string; outcome: string | null; cause: string | null; uid: string }>(
        app,
        `select id::text as id, state, outcome, cause, uid::text as uid from mail_inbound where message_id = ?`,
        [messageId],
      );
      return rows.length === 1 && rows[0].state !== 'received' ? rows[0] : undefined;
    },
    ms,
  );

const seen = (user: string, folder = 'INBOX') =>
  imap(user, async (c) => {
    const lock = await c.getMailboxLock(folder);
    try {
      const flagged: Record<string, boolean> = {};
      for await (const m of c.fetch('1:*', { flags: true, envelope: true })) {
        flagged[m.envelope?.messageId ?? ''] = m.flags?.has('\\Seen') ?? false;
      }
      return flagged;
    } finally {
      lock.release();
    }
  });

const mailbox = (app = t) => app.app.services.mail.inbound.mailboxes[0] as ImapMailbox;

describe.skipIf(dovecotMissing !== undefined)(
  `mail in from IMAP (Dovecot)${dovecotMissing ? `: skipped, ${dovecotMissing}` : ''}`,
  () => {
    beforeAll(async () => {
      dovecot = await startDovecot();
      // Create the folder, so the app finds it on its first look.
      await imap('desk', (c) => c.mailboxCreate('Support').then(() => undefined));
      t = await startMailInApp({
        HELP_IMAP_URLS: dovecot.url('desk', 'Support'),
        HELP_IMAP_POLL_SECONDS: '30',
        HELP_MAIL_MAX_BYTES: String(64 * 1024),
        // The processor runs after each mail; the poll is for what other replicas left.
        MAIL_POLL_SECONDS: '1',
      });
    });

    afterAll(async () => {
      await t?.stop();
      await dovecot?.close();
    });

    it('files mail put in the mailbox, told by IDLE, and flags it \\Seen once stored', async () => {
      await until('the mailbox to connect', async () => (mailbox().status().state === 'up' ? true : undefined));
      await append(
        'desk',
        await compose({
          from: 'ola@example.org',
          to: 'desk@example.test',
          subject: 'By IMAP',
          messageId: '<imap-1@example.org>',
          text: 'Hello over IMAP',
        }),
        'Support',
      );
      const row = await settledRow('<imap-1@example.org>');
      expect(row).toMatchObject({ state: 'processed', outcome: 'filed' });
      await until('the \\Seen flag', async () =>
        (await seen('desk', 'Support'))['<imap-1@example.org>'] ? true : undefined,
      );
      const [request] = await sql<{ title: string }>(t, `select title from help_requests order by id desc limit 1`);
      expect(request.title).toBe('By IMAP');
    });

    it('stores nothing twice when a mail stored before is unseen again (a stop between the commit and the flag)', async () => {
      await imap('desk', async (c) => {
        const lock = await c.getMailboxLock('Support');
        try {
          await c.messageFlagsRemove('1:*', ['\\Seen']);
        } finally {
          lock.release();
        }
      });
      mailbox().poke();
      await until('the \\Seen flag again', async () =>
        (await seen('desk', 'Support'))['<imap-1@example.org>'] ? true : undefined,
      );
      const [{ n }] = await sql<{ n: number }>(
        t,
        `select count(*)::int as n from mail_inbound where message_id = '<imap-1@example.org>'`,
      );
      expect(n).toBe(1);
      const [{ requests }] = await sql<{ requests: number }>(
        t,
        `select count(*)::int as requests from help_requests where title = 'By IMAP'`,
      );
      expect(requests).toBe(1);
    });

    it('holds a mail over HELP_MAIL_MAX_BYTES as TOO_LARGE without downloading it, keeping its headers', async () => {
      await append(
        'desk',
        await compose({
          from: 'big@example.org',
          to: 'desk@example.test',
          subject: 'Huge',
          messageId: '<imap-big@example.org>',
          text: 'x'.repeat(100 * 1024),
        }),
        'Support',
      );
      const row = await settledRow('<imap-big@example.org>');
      expect(row).toMatchObject({ state: 'held', cause: 'TOO_LARGE' });
      const [{ size }] = await sql<{ size: number }>(t, `select length(raw) as size from mail_inbound where id = ?`, [
        row.id,
      ]);
      expect(size).toBeLessThan(4096);
    });

    it('neither duplicates nor misses a mail when the folder’s UIDVALIDITY changes', async () => {
      const before = (await sql<{ v: string }>(t, `select max(uid_validity)::text as v from mail_inbound`))[0].v;
      const again = await compose({
        from: 'ola@example.org',
        to: 'desk@example.test',
        subject: 'By IMAP',
        messageId: '<imap-1@example.org>',
        text: 'Hello over IMAP',
      });
      // The folder is deleted and made again (new UIDVALIDITY), holding an old mail and a new one, both unseen.
      await imap('desk', async (c) => {
        await c.mailboxDelete('Support');
        await c.mailboxCreate('Support');
        await c.append('Support', again);
        await c.append(
          'Support',
          await compose({
            from: 'pia@example.org',
            to: 'desk@example.test',
            subject: 'After the change',
            messageId: '<imap-2@example.org>',
            text: 'New',
          }),
        );
      });
      mailbox().poke();
      const row = await settledRow('<imap-2@example.org>');
      expect(row.outcome).toBe('filed');
      const [{ n }] = await sql<{ n: number }>(
        t,
        `select count(*)::int as n from mail_inbound where message_id = '<imap-1@example.org>'`,
      );
      expect(n).toBe(1);
      const after = (
        await sql<{ v: string }>(t, `select uid_validity::text as v from mail_inbound where id = ?`, [row.id])
      )[0].v;
      expect(after).not.toBe(before);
      await until('both flagged', async () => {
        const flags = await seen('desk', 'Support');
        return flags['<imap-1@example.org>'] && flags['<imap-2@example.org>'] ? true : undefined;
      });
    });

    it('shows the mailbox down while Dovecot is stopped, reconnects when it is back, and loses nothing sent meanwhile', async () => {
      await dovecot.stop();
      await until('the mailbox to show down', async () => (mailbox().status().state === 'down' ? true : undefined));
      const ready = await t.request('/api/ready');
      expect(ready.body.mailboxes).toEqual([expect.objectContaining({ kind: 'imap', state: 'down' })]);
      expect(JSON.stringify(ready.body)).not.toContain('secret');
      await dovecot.start();
      // Put in while the app is still waiting to retry: found on its first look after reconnecting.
      await append(
        'desk',
        await compose({
          from: 'quinn@example.org',
          to: 'desk@example.test',
          subject: 'While down',
          messageId: '<imap-3@example.org>',
          text: 'Did you get this?',
        }),
        'Support',
      );
      const row = await settledRow('<imap-3@example.org>');
      expect(row.outcome).toBe('filed');
      expect(mailbox().status().state).toBe('up');
      const metrics = await t.app.services.metrics.render();
      expect(metrics.body).toMatch(/trellis_mailbox_up\{mailbox="desk@127\.0\.0\.1\/Support",kind="imap"\} 1/);
    });

    describe('from a server that offers no IDLE', () => {
      let polled: TestApp;

      beforeAll(async () => {
        polled = await startMailInApp({
          HELP_IMAP_URLS: dovecot.noIdleUrl('plain'),
          HELP_IMAP_POLL_SECONDS: '5',
          MAIL_POLL_SECONDS: '1',
        });
      });

      afterAll(async () => {
        await polled?.stop();
      });

      it('looks every HELP_IMAP_POLL_SECONDS, and files what was put in between two looks', async () => {
        // Nothing tells of new mail there: no IDLE, and the client's own keep-alive is minutes apart.
        expect(await imap('plain', async (c) => c.capabilities.has('IDLE'), dovecot.noIdleHost)).toBe(false);
        await until('the mailbox to connect', async () => (mailbox(polled).status().state === 'up' ? true : undefined));
        const mail = (n: number) =>
          compose({
            from: 'rui@example.org',
            to: 'plain@example.test',
            subject: `Polled ${n}`,
            messageId: `<imap-poll-${n}@example.org>`,
            text: 'Found by looking',
          });
        await imap('plain', (c) => mail(1).then((raw) => c.append('INBOX', raw)), dovecot.noIdleHost);
        expect((await settledRow('<imap-poll-1@example.org>', polled, 15_000)).outcome).toBe('filed');
        // Put in after a look that found the first: only the next look can find it.
        await imap('plain', (c) => mail(2).then((raw) => c.append('INBOX', raw)), dovecot.noIdleHost);
        const since = Date.now();
        expect((await settledRow('<imap-poll-2@example.org>', polled, 15_000)).outcome).toBe('filed');
        expect(Date.now() - since).toBeLessThan(12_000);
      }, 40_000);
    });
  },
);
