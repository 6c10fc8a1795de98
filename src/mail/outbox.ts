import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import { exponentialBackoff } from '../platform/outbox/backoff.js';
import { OutboxWorker, type OutboxRow, type SendOutcome } from '../platform/outbox/worker.js';
import type { MailTemplates } from './templates.js';
import { oneLine } from './templates.js';
import { messageId, replyAddress } from './tokens.js';
import type { MailTransport } from './transport.js';

/** Who a mail is for: a help-desk contact, an agent (by user id) at their confirmed address, or a bare address. */
export interface MailRecipient {
  kind: 'contact' | 'agent' | 'address';
  ref: string | null;
  address: string;
  name: string;
  locale: string | null;
}

export interface QueuedMail {
  to: MailRecipient;
  template: string;
  values: Record<string, string | number>;
  /** The help request it is about: threads it (Message-ID, References, `[#id]`) and gives it a reply address. */
  requestId?: number;
  /** The thread message it carries, whose deliveries it shows in. */
  helpMessageId?: number;
  event?: string;
  byRule?: string;
  autoReply?: boolean;
}

export interface MailRow extends OutboxRow {
  request_id: number | null;
  help_message_id: number | null;
  recipient_kind: MailRecipient['kind'];
  recipient_ref: string | null;
  to_address: string;
  to_name: string;
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  in_reply_to: string | null;
  refs: string | null;
  reply_to: string | null;
  auto_reply: boolean;
}

const RETRY_FOR_MS = 24 * 3_600_000;
/** How many earlier mails of a thread a mail's References name (the root and the latest ones). */
const REFERENCES_KEPT = 10;

/**
 * Whether a recipient may still be mailed when its mail's turn comes (blocked or undeliverable meanwhile: not),
 * and what a settled attempt means for the address's record. The help desk's contacts and the agents'
 * notification addresses keep these.
 */
export interface RecipientBook {
  mayMail(em: EntityManager, row: MailRow): Promise<string | undefined>;
  delivered(em: EntityManager, row: MailRow, ok: boolean): Promise<void>;
}

/**
 * The mail outbox: rendering and threading a mail into a row in the caller's transaction, and the worker every
 * replica runs to send the rows.
 */
export class MailOutbox {
  readonly worker: OutboxWorker<MailRow>;

  constructor(
    private readonly config: Config['mail'],
    private readonly templates: MailTemplates,
    private readonly transport: MailTransport,
    private readonly recipients: RecipientBook,
    private readonly now: () => Date,
    em: () => EntityManager,
    log: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.worker = new OutboxWorker<MailRow>({
      table: 'mail_outbox',
      em,
      now,
      log,
      pollMs: config.pollSeconds * 1000,
      leaseMs: 5 * 60_000,
      retryForMs: RETRY_FOR_MS,
      backoff: exponentialBackoff({ firstMs: 60_000, maxMs: 3_600_000 }),
      send: (row) => this.#send(em(), row),
      settled: async (tx, row, outcome) => {
        if (outcome.state === 'sent') await this.recipients.delivered(tx, row, true);
        if (outcome.state === 'failed') await this.recipients.delivered(tx, row, false);
      },
    });
  }

  /** Renders, threads and queues a mail in `em`'s transaction: it is sent after commit, or never if that rolls back. */
  async enqueue(em: EntityManager, mail: QueuedMail): Promise<string> {
    const [{ id } = { id: '' }] = await em.execute<{ id: string }[]>(
      `select nextval('mail_outbox_id_seq')::text as id`,
    );
    const { secret, replyDomain, from } = this.config;
    const rendered = this.templates.render(mail.template, mail.to.locale, mail.values);
    let subject = rendered.subject;
    let references: string[] = [];
    let replyTo: string | null = null;
    // Without a secret (no SMTP_URL: nothing is sent) the identifiers are unsigned placeholders.
    const id_ = secret && replyDomain ? messageId(secret, replyDomain, mail.requestId ?? 0, id) : `<m.${id}@invalid>`;
    if (mail.requestId !== undefined) {
      if (!subject.includes(`[#${mail.requestId}]`)) subject = `[#${mail.requestId}] ${subject}`;
      const earlier = await em.execute<{ message_id: string }[]>(
        `select message_id from mail_outbox where request_id = ? and to_address = ? and id < ? order by id desc limit ?`,
        [mail.requestId, mail.to.address, id, REFERENCES_KEPT - 1],
      );
      if (secret && replyDomain) {
        references = [messageId(secret, replyDomain, mail.requestId), ...earlier.map((r) => r.message_id).reverse()];
        const local = from?.address.slice(0, from.address.lastIndexOf('@')) ?? 'help';
        replyTo = replyAddress(secret, local, replyDomain, mail.requestId, mail.to.address);
      }
    }
    const at = this.now();
    await em.execute(
      `insert into mail_outbox (id, next_attempt_at, created_at, request_id, help_message_id, recipient_kind,
         recipient_ref, to_address, to_name, template, event, by_rule, subject, text_body, html_body, message_id,
         in_reply_to, refs, reply_to, auto_reply)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        at,
        at,
        mail.requestId ?? null,
        mail.helpMessageId ?? null,
        mail.to.kind,
        mail.to.ref,
        mail.to.address,
        oneLine(mail.to.name),
        mail.template,
        mail.event ?? null,
        mail.byRule ?? null,
        subject,
        rendered.text,
        rendered.html,
        id_,
        references.at(-1) ?? null,
        references.length ? references.join(' ') : null,
        replyTo,
        mail.autoReply ?? false,
      ],
    );
    return id;
  }

  async #send(em: EntityManager, row: MailRow): Promise<SendOutcome> {
    const refused = await this.recipients.mayMail(em, row);
    if (refused) return { state: 'skipped', error: refused };
    const from = this.config.from ?? { name: '', address: 'help@invalid' };
    return this.transport.send({
      from,
      to: { name: row.to_name, address: row.to_address },
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: row.message_id,
      inReplyTo: row.in_reply_to ?? undefined,
      references: row.refs ? row.refs.split(' ') : undefined,
      autoReply: row.auto_reply,
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport.close();
  }
}
