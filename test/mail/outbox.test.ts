import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { verifyMessageId, verifyReplyToken, tokenOfReplyAddress } from '../../src/mail/tokens.js';
import type { QueuedMail } from '../../src/mail/outbox.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.js';

const SECRET = 'mail-secret-for-tests-0123456789abcdef';
const DOMAIN = 'reply.example.test';
const MAIL_ENV = {
  MAIL_FROM: 'Trellis Help <help@example.test>',
  MAIL_REPLY_DOMAIN: DOMAIN,
  MAIL_SECRET: SECRET,
  // Each test drains the outbox itself, when it chooses.
  MAIL_POLL_SECONDS: '3600',
};

let peer: SmtpPeer;
let t: TestApp;
let clock = new Date();
let requestId: number;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await startTestApp({ SMTP_URL: peer.url, ...MAIL_ENV }, { now: () => clock });
  const user = await t.createUser('mailrequester');
  const created = await t.gql<{ createHelpRequest: { id: number } }>(
    'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
    { input: { title: 'Printer jams', description: 'On every page' } },
    user.auth,
  );
  requestId = created.data!.createHelpRequest.id;
});

afterAll(async () => {
  await t?.stop();
  await peer?.close();
});

beforeEach(async () => {
  peer.answer('accept');
  peer.received.length = 0;
  clock = new Date();
  await t.app.orm.em.fork().execute(`delete from mail_outbox`);
});

const mail = () => t.app.services.mail;
const em = (): EntityManager => t.app.orm.em.fork();

async function contact(address: string, name = 'Ana Lima') {
  return mail().contacts.findOrCreate(em(), address, { name });
}

async function queue(overrides: Partial<QueuedMail> & { address?: string; name?: string } = {}) {
  const { address = 'ana@example.org', name = 'Ana Lima', ...rest } = overrides;
  const c = await contact(address, name);
  return em().transactional((tx) =>
    mail().outbox.enqueue(tx, {
      to: { kind: 'contact', ref: String(c.id), address, name, locale: 'en' },
      template: 'agent-message',
      values: { requestId, title: 'Printer jams', body: 'Which printer?', authorName: 'Bo' },
      requestId,
      ...rest,
    }),
  );
}

async function row(id: string) {
  const [found] = await em().execute<
    { state: string; attempts: number; last_error: string | null; next_attempt_at: Date }[]
  >(`select state, attempts, last_error, next_attempt_at from mail_outbox where id = ?`, [id]);
  return found;
}

describe('mail out', () => {
  it('sends a queued mail once over STARTTLS, threaded, with a signed Message-ID and a reply address bound to its recipient', async () => {
    const first = await queue();
    expect(await mail().outbox.worker.drain()).toBe(1);
    const second = await queue();
    await mail().outbox.worker.drain();
    expect(await mail().outbox.worker.drain()).toBe(0);
    const [a, b] = await peer.waitFor(2);
    expect(peer.received).toHaveLength(2);

    expect(a.secure).toBe(true);
    expect(a.envelope).toEqual({ from: 'help@example.test', to: ['ana@example.org'] });
    expect(a.parsed.subject).toBe(`[#${requestId}] Re: Printer jams`);
    expect(a.parsed.from?.value[0]).toMatchObject({ address: 'help@example.test', name: 'Trellis Help' });
    expect(a.parsed.text).toContain('Which printer?');
    expect(a.parsed.html).toContain('<p>Which printer?</p>');
    expect(a.parsed.headers.get('auto-submitted')).toBe('auto-generated');

    const idA = a.parsed.messageId!;
    expect(idA).toMatch(new RegExp(`@${DOMAIN.replace(/\./g, '\\.')}>$`));
    expect(verifyMessageId(SECRET, DOMAIN, idA)).toEqual({ requestId, mailId: first });
    expect(verifyMessageId(SECRET, DOMAIN, idA.replace(`.${first}.`, `.${Number(first) + 1}.`))).toBeUndefined();
    expect(verifyMessageId('another-secret-0123456789abcdefghijkl', DOMAIN, idA)).toBeUndefined();

    const root = `<${/^<(.*)>$/.exec(idA)![1].replace(`.${first}.`, '.')}>`;
    const refsA = a.parsed.references;
    expect([refsA].flat()[0]).toMatch(/^<h\.\d+\.[a-z2-7]+@reply\.example\.test>$/);
    expect(verifyMessageId(SECRET, DOMAIN, [refsA].flat()[0]!)).toEqual({ requestId });
    expect(root).toBeDefined();
    expect([b.parsed.references].flat()).toEqual([[refsA].flat()[0], idA]);
    expect(b.parsed.inReplyTo).toBe(idA);
    expect(verifyMessageId(SECRET, DOMAIN, b.parsed.messageId!)).toEqual({ requestId, mailId: second });

    const replyTo = a.parsed.replyTo!.value[0].address!;
    expect(replyTo).toMatch(new RegExp(`^help\\+r[a-z2-7]+@${DOMAIN.replace(/\./g, '\\.')}$`));
    const token = tokenOfReplyAddress(replyTo)!;
    expect(verifyReplyToken(SECRET, token, 'ana@example.org')).toBe(requestId);
    expect(verifyReplyToken(SECRET, token, 'ana@EXAMPLE.org')).toBe(requestId);
    // Forwarded to someone else, the address does not let them answer as Ana.
    expect(verifyReplyToken(SECRET, token, 'eve@example.org')).toBeUndefined();
    expect(verifyReplyToken(SECRET, token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a'), 'ana@example.org')).toBe(
      undefined,
    );
  });

  it('never lets a CR or LF in a name or subject make a second header or recipient', async () => {
    await queue({
      address: 'crlf@example.org',
      name: 'Eve\r\nBcc: victim@evil.test',
      values: { requestId, title: 'Hi\r\nBcc: victim@evil.test\nX-Injected: yes', body: 'x', authorName: 'Bo' },
    });
    await mail().outbox.worker.drain();
    const [received] = await peer.waitFor(1);
    expect(received.envelope.to).toEqual(['crlf@example.org']);
    expect(received.headerBlock).not.toMatch(/^(bcc|x-injected):/im);
    expect(received.parsed.headers.has('bcc')).toBe(false);
    expect(received.parsed.subject).toBe(`[#${requestId}] Re: Hi Bcc: victim@evil.test X-Injected: yes`);
    expect(received.parsed.to).toMatchObject({ value: [{ address: 'crlf@example.org' }] });
  });

  it('refuses an address with a line break or that is not an address, naming the field', async () => {
    for (const bad of ['ana@example.org\r\nBcc: victim@evil.test', 'not-an-address', 'a@b', 'a b@example.org']) {
      await expect(contact(bad)).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
    }
  });

  it('retries a temporary failure (4xx or a dropped connection) later, and sends it once the server takes it', async () => {
    peer.answer('temporary');
    const id = await queue();
    await mail().outbox.worker.drain();
    let state = await row(id);
    expect(state).toMatchObject({ state: 'pending', attempts: 1 });
    expect(state.last_error).toMatch(/451/);
    expect(peer.received).toHaveLength(0);

    peer.answer('drop');
    clock = new Date(state.next_attempt_at);
    await mail().outbox.worker.drain();
    state = await row(id);
    expect(state).toMatchObject({ state: 'pending', attempts: 2 });

    peer.answer('accept');
    await mail().outbox.worker.drain();
    expect(peer.received).toHaveLength(0); // not due yet
    clock = new Date(state.next_attempt_at);
    await mail().outbox.worker.drain();
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(peer.received).toHaveLength(1);
  });

  it('records a permanent failure, and stops mailing an address that keeps failing until an administrator resets it', async () => {
    peer.answer('permanent');
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await queue({ address: 'gone@example.org' }));
      await mail().outbox.worker.drain();
    }
    for (const id of ids) expect((await row(id)).state).toBe('failed');
    expect((await row(ids[0])).last_error).toMatch(/550/);
    const gone = await contact('gone@example.org');
    expect(gone.deliverable).toBe(false);

    peer.answer('accept');
    const afterwards = await queue({ address: 'gone@example.org' });
    await mail().outbox.worker.drain();
    expect(await row(afterwards)).toMatchObject({ state: 'skipped' });
    expect((await row(afterwards)).last_error).toMatch(/undeliverable/);
    expect(peer.received).toHaveLength(0);
  });

  it('never mails a blocked contact, even a mail queued before the block', async () => {
    const id = await queue({ address: 'blocked@example.org' });
    const c = await contact('blocked@example.org');
    await em().execute(`update help_contacts set blocked = true where id = ?`, [c.id]);
    await mail().outbox.worker.drain();
    expect(await row(id)).toMatchObject({ state: 'skipped', last_error: 'not mailed: the contact is blocked' });
    expect(peer.received).toHaveLength(0);
  });

  it('sends an acknowledgement with Auto-Submitted: auto-replied and an empty envelope sender', async () => {
    await queue({ autoReply: true });
    await mail().outbox.worker.drain();
    const [ack] = await peer.waitFor(1);
    expect(ack.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(ack.envelope.from).toBe('');
  });

  it('gives up a temporary failure after 24 hours and records it', async () => {
    peer.answer('temporary');
    const id = await queue();
    for (let i = 0; i < 60 && (await row(id)).state === 'pending'; i++) {
      clock = new Date((await row(id)).next_attempt_at);
      await mail().outbox.worker.drain();
    }
    const final = await row(id);
    expect(final.state).toBe('failed');
    expect(final.last_error).toMatch(/^gave up after \d+ attempts: .*451/);
  });
});

describe('mail out across replicas and restarts', () => {
  it('sends each mail once when two replicas drain one outbox together', async () => {
    const replica = await startTestApp({ SMTP_URL: peer.url, ...MAIL_ENV }, { replicaOf: t, now: () => clock });
    try {
      const ids = [];
      for (let i = 0; i < 24; i++) ids.push(await queue({ address: `many${i}@example.org` }));
      await Promise.all([mail().outbox.worker.drain(), replica.app.services.mail.outbox.worker.drain()]);
      const received = await peer.waitFor(24);
      const recipients = received.map((m) => m.envelope.to[0]);
      expect(new Set(recipients).size).toBe(24);
      expect(received).toHaveLength(24);
    } finally {
      await replica.stop();
    }
  });

  it('sends once, after a restart, a mail queued by a process that stopped before sending it', async () => {
    const stopped = await startTestApp({ SMTP_URL: peer.url, ...MAIL_ENV }, { replicaOf: t, now: () => clock });
    // Its look for due mail at start-up has ended (a drain joins the one under way): it sends nothing after this.
    await stopped.app.services.mail.outbox.worker.drain();
    const c = await contact('restart@example.org');
    const id = await stopped.app.orm.em.fork().transactional((tx) =>
      stopped.app.services.mail.outbox.enqueue(tx, {
        to: { kind: 'contact', ref: String(c.id), address: 'restart@example.org', name: '', locale: null },
        template: 'resolved',
        values: { requestId, title: 'Printer jams' },
        requestId,
      }),
    );
    await stopped.stop();
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 0 });
    await mail().outbox.worker.drain();
    await mail().outbox.worker.drain();
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(peer.received.filter((m) => m.envelope.to[0] === 'restart@example.org')).toHaveLength(1);
  });
});

describe('mail out without an SMTP server', () => {
  it('sends nothing and records on each mail that no SMTP server is configured', async () => {
    const quiet = await startTestApp({ MAIL_POLL_SECONDS: '3600' });
    try {
      const c = await quiet.app.services.mail.contacts.findOrCreate(quiet.app.orm.em.fork(), 'ana@example.org');
      const id = await quiet.app.orm.em.fork().transactional((tx) =>
        quiet.app.services.mail.outbox.enqueue(tx, {
          to: { kind: 'contact', ref: String(c.id), address: 'ana@example.org', name: '', locale: null },
          template: 'resolved',
          values: { requestId: 1, title: 'x' },
        }),
      );
      await quiet.app.services.mail.outbox.worker.drain();
      const [state] = await quiet.app.orm.em
        .fork()
        .execute<{ state: string; last_error: string }[]>(`select state, last_error from mail_outbox where id = ?`, [
          id,
        ]);
      expect(state).toEqual({ state: 'skipped', last_error: expect.stringMatching(/SMTP_URL/) });
      expect(peer.received).toHaveLength(0);
    } finally {
      await quiet.stop();
    }
  });

  it('refuses to send in the clear to a server that does not offer STARTTLS', async () => {
    const plain = await startSmtpPeer({ disabledCommands: ['AUTH', 'STARTTLS'] });
    const strict = await startTestApp({ SMTP_URL: plain.url, ...MAIL_ENV }, { replicaOf: t, now: () => clock });
    try {
      const id = await queue();
      await strict.app.services.mail.outbox.worker.drain();
      expect(await row(id)).toMatchObject({ state: 'pending', attempts: 1 });
      expect(plain.received).toHaveLength(0);
    } finally {
      await strict.stop();
      await plain.close();
    }
  });
});
