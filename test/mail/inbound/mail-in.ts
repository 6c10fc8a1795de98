import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { IncomingMail } from '../../../src/mail/inbound/received.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';

export const SECRET = 'mail-secret-for-tests-0123456789abcdef';
export const DOMAIN = 'reply.example.test';
export const AUTHSERV = 'mx.example.test';

/** Mail settings as a deployment with mail in has them; each test processes mail when it chooses. */
export const MAIL_IN_ENV = {
  MAIL_FROM: 'Trellis Help <help@example.test>',
  MAIL_REPLY_DOMAIN: DOMAIN,
  MAIL_SECRET: SECRET,
  MAIL_AUTHSERV_ID: AUTHSERV,
  MAIL_POLL_SECONDS: '3600',
};

export function startMailInApp(env: Record<string, string> = {}, deps: Parameters<typeof startTestApp>[1] = {}) {
  return startTestApp({ ...MAIL_IN_ENV, ...env }, deps);
}

/** A mail as a mail client writes it (nodemailer's composer: real MIME, real headers). */
export async function compose(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ date: new Date(), ...options }).compile().build();
}

/** Hands a mail over as a mailbox would, then processes whatever is due; returns the stored row's id. */
export async function deliver(t: TestApp, raw: Buffer | string, mail: Partial<IncomingMail> = {}): Promise<string> {
  const inbound = t.app.services.mail.inbound;
  const stored = await inbound.receive({ mailbox: 'test', raw: Buffer.from(raw), ...mail });
  await inbound.settled();
  await inbound.processor.drain();
  return stored.id;
}

export interface InboundRow {
  state: string;
  outcome: string | null;
  cause: string | null;
  detail: string | null;
  request_id: number | null;
  help_message_id: number | null;
}

export async function inboundRow(t: TestApp, id: string): Promise<InboundRow> {
  const [row] = await t.app.orm.em
    .fork()
    .execute<InboundRow[]>(
      `select state, outcome, cause, detail, request_id, help_message_id from mail_inbound where id = ?`,
      [id],
    );
  return row;
}

export async function sql<T>(t: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().execute<T[]>(query, params);
}

/** The mails queued to an address, oldest first. */
export function outboxTo(t: TestApp, address: string) {
  return sql<{
    id: string;
    template: string;
    message_id: string;
    reply_to: string | null;
    auto_reply: boolean;
    request_id: number | null;
    subject: string;
  }>(
    t,
    `select id::text as id, template, message_id, reply_to, auto_reply, request_id, subject from mail_outbox
      where to_address = ? order by id`,
    [address],
  );
}
