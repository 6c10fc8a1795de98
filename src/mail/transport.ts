import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { SendOutcome } from '../platform/outbox/worker.js';
import { oneLine } from './templates.js';

/** One mail as it goes out: every header value already ours or folded onto one line. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
  /** An automatic answer: `Auto-Submitted: auto-replied` and an empty envelope sender, so it cannot start a loop. */
  autoReply?: boolean | undefined;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** Bounds on each step of a send, all well inside the outbox's lease, so a slow server never gets a mail twice. */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * SMTP through nodemailer, from SMTP_URL. A plain smtp:// URL must upgrade with STARTTLS (requireTLS), so a
 * server, or someone between, that does not offer it gets no mail in the clear; the URL may say otherwise
 * (`?requireTLS=false`, or smtps:// for TLS from the start).
 */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const saysOtherwise = parsed.searchParams.has('requireTLS') || parsed.searchParams.has('ignoreTLS');
  const transporter = nodemailer.createTransport({
    url,
    ...(parsed.protocol === 'smtp:' && !saysOtherwise ? { requireTLS: true } : {}),
    ...TIMEOUTS,
  } as SMTPTransport.Options);
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: { name: oneLine(mail.from.name), address: mail.from.address },
          to: { name: oneLine(mail.to.name), address: mail.to.address },
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: oneLine(mail.subject),
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
          ...(mail.references?.length ? { references: mail.references } : {}),
          envelope: { from: mail.autoReply ? '' : mail.from.address, to: [mail.to.address] },
          headers: mail.autoReply ? { 'Auto-Submitted': 'auto-replied' } : { 'Auto-Submitted': 'auto-generated' },
          // Nothing from the message may name a file or URL for nodemailer to read.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { state: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * A 5xx answer to the envelope or the message is the server's final word about this mail (no such mailbox,
 * refused): failed, and counted against the address. A 4xx answer, a dropped or refused connection, a timeout,
 * or a server that will not do STARTTLS or take our login (our configuration, not the recipient's fault) may
 * pass: tried again later.
 */
export function outcomeOf(error: unknown): SendOutcome {
  const { responseCode, message, code } = error as { responseCode?: number; message?: string; code?: string };
  const text = oneLine(message ?? String(error)).slice(0, 500);
  const aboutThisMail = code === 'EENVELOPE' || code === 'EMESSAGE';
  if (aboutThisMail && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return { state: 'failed', error: text };
  }
  return { state: 'retry', error: text };
}

/** Without SMTP_URL: every mail is settled as not sent, saying why, so deliveries tell the truth. */
export const noTransport: MailTransport = {
  send: () => Promise.resolve({ state: 'skipped', error: 'not mailed: no SMTP server is configured (SMTP_URL)' }),
  close: () => undefined,
};
