import type { EntityManager } from '@mikro-orm/postgresql';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Logger } from 'pino';
import type { ReceivedFile } from '../../helpdesk/attachments/service.js';
import { attachmentUrl } from '../../helpdesk/attachments/read-model.js';
import { addressKey } from '../../helpdesk/conversations/addresses.js';
import type { Helpdesk } from '../../helpdesk/module.js';
import { LIMITS } from '../../helpdesk/vocabulary.js';
import { ADMINISTRATOR_ROLE, type Actor } from '../../platform/auth/principal.js';
import type { Config } from '../../platform/config.js';
import { ServiceUnavailableError } from '../../platform/errors.js';
import { newHexId } from '../../platform/ids.js';
import type { MailService } from '../service.js';
import type { RecipientBook, MailRow } from '../outbox.js';
import { verifyMessageId } from '../tokens.js';
import { automatedBecause, bouncedMessageIds, isDeliveryReport } from './automated.js';
import { sanitizedHtml, trimmedText } from './content.js';
import { dmarcPassed } from './sender-trust.js';
import { measureMail } from './shape.js';
import { isRequestContact, threadOf } from './threading.js';

/** Why a mail is held rather than filed (the contract's causes, as stored). */
export type HeldCause =
  'LOOP' | 'RATE' | 'TOO_LARGE' | 'INFECTED' | 'BLOCKED_SENDER' | 'SPOOFED_SENDER' | 'UNPARSEABLE';

/** More than this many mails from one sender within RATE_WINDOW_MS are held. */
export const RATE_LIMIT = 20;
export const RATE_WINDOW_MS = 10 * 60_000;
/** At most this many acknowledgements to one contact within ACK_WINDOW_MS. */
export const ACK_LIMIT = 3;
export const ACK_WINDOW_MS = 3_600_000;
/** A mail whose processing failed unexpectedly this many times is held as UNPARSEABLE rather than tried forever. */
const MAX_ATTEMPTS = 5;
/**
 * What held mail says of those: the error itself (which may quote SQL) stays in the log and in last_error, which
 * no API serves.
 */
const REPEATED_FAILURE = `processing it failed ${MAX_ATTEMPTS} times: the log says why (inboundMailId)`;

interface ClaimedRow {
  id: string;
  raw: Buffer;
  envelope_from: string | null;
  envelope_to: string[];
  released_past: HeldCause | null;
  /** As the driver gives it: the platform reads timestamps as text. */
  received_at: Date | string;
  message_id: string;
}

/** How a mail settled. */
export type Settlement =
  | { state: 'held'; cause: HeldCause; detail: string }
  | { state: 'processed'; outcome: 'filed' | 'threaded'; requestId: number; helpMessageId?: number }
  | { state: 'processed'; outcome: 'bounce' | 'ignored'; detail: string };

interface Sender {
  address: string;
  key: string;
  name: string;
}

/**
 * Turns received mail into the help desk's: each row is claimed by one replica (FOR UPDATE SKIP LOCKED) and
 * processed in the transaction that settles it, so a mail becomes a request, a message or a held mail exactly once,
 * and a process that dies halfway leaves it received, for the next claim.
 */
export class InboundMailProcessor {
  constructor(
    private readonly config: Config['mail'],
    private readonly helpdesk: Pick<Helpdesk, 'helpRequestChanges' | 'conversations' | 'contacts' | 'attachments'>,
    private readonly mail: MailService,
    private readonly recipients: RecipientBook,
    private readonly now: () => Date,
    private readonly em: () => EntityManager,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
    private readonly counted: (settlement: Settlement) => void = () => undefined,
  ) {}

  /** Processes received mail until none is due; returns how many were settled. */
  async drain(): Promise<number> {
    let settled = 0;
    while (await this.processNext()) settled++;
    return settled;
  }

  /** Claims and settles the next due mail (or the one named); false when there was none to claim. */
  async processNext(id?: string): Promise<boolean> {
    let claimedId: string | undefined;
    // The files this attempt put in storage: a transaction that does not commit leaves them named by no row.
    const stored: ReceivedFile[] = [];
    try {
      return await this.em().transactional(async (tx) => {
        const [row] = await tx.execute<ClaimedRow[]>(
          `select id::text as id, raw, envelope_from, envelope_to, released_past, received_at, message_id
             from mail_inbound where state = 'received' and ${id ? 'id = ?' : 'next_attempt_at <= ?'}
            order by id limit 1 for update skip locked`,
          [id ?? this.now()],
        );
        if (!row) return false;
        claimedId = row.id;
        const settlement = await this.#settle(tx, row, stored);
        await this.#record(tx, row.id, settlement);
        this.counted(settlement);
        return true;
      });
    } catch (error) {
      await this.helpdesk.attachments.discardUncommitted(stored);
      if (claimedId === undefined) throw error;
      await this.#failed(claimedId, error);
      return true;
    }
  }

  /** An unexpected failure: tried again later, and held once it has failed too often to be a passing fault. */
  async #failed(id: string, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const at = this.now();
    if (error instanceof ServiceUnavailableError) {
      // Something the mail needs is away (the virus scanner): it waits, however long, and is never taken unscanned.
      this.log.warn({ err: error, inboundMailId: id }, 'a received mail waits: ' + message);
      await this.em().execute(
        `update mail_inbound set last_error = ?, next_attempt_at = ?::timestamptz + interval '1 minute' where id = ?`,
        [message, at, id],
      );
      return;
    }
    this.log.error({ err: error, inboundMailId: id }, 'processing a received mail failed');
    await this.em().execute(
      `update mail_inbound set attempts = attempts + 1, last_error = ?,
         next_attempt_at = ?::timestamptz + (interval '1 minute' * power(2, attempts)),
         state = case when attempts + 1 >= ? then 'held' else state end,
         cause = case when attempts + 1 >= ? then 'UNPARSEABLE' else cause end,
         detail = case when attempts + 1 >= ? then ? else detail end
       where id = ? and state = 'received'`,
      [message, at, MAX_ATTEMPTS, MAX_ATTEMPTS, MAX_ATTEMPTS, REPEATED_FAILURE, id],
    );
  }

  async #record(tx: EntityManager, id: string, settlement: Settlement): Promise<void> {
    const at = this.now();
    if (settlement.state === 'held') {
      await tx.execute(`update mail_inbound set state = 'held', cause = ?, detail = ?, processed_at = ? where id = ?`, [
        settlement.cause,
        settlement.detail.slice(0, 500),
        at,
        id,
      ]);
      return;
    }
    await tx.execute(
      `update mail_inbound set state = 'processed', outcome = ?, cause = null, detail = ?, request_id = ?,
         help_message_id = ?, processed_at = ? where id = ?`,
      [
        settlement.outcome,
        'detail' in settlement ? settlement.detail.slice(0, 500) : null,
        'requestId' in settlement ? settlement.requestId : null,
        'helpMessageId' in settlement ? (settlement.helpMessageId ?? null) : null,
        at,
        id,
      ],
    );
  }

  async #settle(tx: EntityManager, row: ClaimedRow, stored: ReceivedFile[]): Promise<Settlement> {
    const past = row.released_past;
    const hold = (cause: HeldCause, detail: string): Settlement | undefined =>
      cause === past ? undefined : { state: 'held', cause, detail };

    // The limits are checked on the bytes, before a parser spends anything on them.
    const shape = measureMail(row.raw, this.config.inbound.maxBytes);
    if (!shape.ok) {
      const held = hold(shape.cause, shape.detail);
      if (held) return held;
    }
    let parsed: ParsedMail;
    try {
      parsed = await simpleParser(row.raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
    } catch (error) {
      return { state: 'held', cause: 'UNPARSEABLE', detail: `the MIME does not parse: ${String(error)}` };
    }
    withoutNulCharacters(parsed);
    const from = parsed.from?.value[0];
    const key = from?.address ? addressKey(from.address) : undefined;
    if (!from?.address || !key) return { state: 'held', cause: 'UNPARSEABLE', detail: 'no sender address (From)' };
    const sender: Sender = { address: from.address, key, name: from.name ?? '' };
    const subject = (parsed.subject ?? '').replace(/\s+/g, ' ').trim().slice(0, LIMITS.title);
    await tx.execute(`update mail_inbound set sender_key = ?, sender = ?, subject = ? where id = ?`, [
      key,
      from.address,
      subject,
      row.id,
    ]);

    const loop = this.#loop(sender, row.message_id);
    if (loop) {
      const held = hold('LOOP', loop);
      if (held) return held;
    }
    const [known] = await tx.execute<{ blocked: boolean }[]>(`select blocked from help_contacts where email_key = ?`, [
      key,
    ]);
    if (known?.blocked) {
      const held = hold('BLOCKED_SENDER', `${from.address} is a blocked contact`);
      if (held) return held;
    }
    const [{ count } = { count: 0 }] = await tx.execute<{ count: number }[]>(
      `select count(*)::int as count from mail_inbound where sender_key = ? and id <> ? and received_at > ?`,
      [key, row.id, new Date(new Date(row.received_at).getTime() - RATE_WINDOW_MS)],
    );
    if (count >= RATE_LIMIT) {
      const held = hold('RATE', `more than ${RATE_LIMIT} mails from ${from.address} in 10 minutes`);
      if (held) return held;
    }
    // Mail from an administrator's address is theirs only when the receiving MTA vouched for it; released past
    // SPOOFED_SENDER, it goes on as a stranger's would, never as theirs.
    let agent: Actor | undefined;
    if (await this.#isAgentAddress(tx, key)) {
      const domain = key.slice(key.lastIndexOf('@') + 1);
      if (dmarcPassed(row.raw, this.config.inbound.authservId, domain)) agent = await this.#agentOf(tx, key);
      else {
        const held = hold(
          'SPOOFED_SENDER',
          `${from.address} is an administrator's address, and the receiving MTA did not vouch for it (dmarc=pass)`,
        );
        if (held) return held;
      }
    }

    const automated = automatedBecause(parsed, row.envelope_from);
    if (isDeliveryReport(parsed)) return this.#bounce(tx, row.raw);

    const thread = await threadOf(tx, this.config, parsed, row.envelope_to, sender);
    // An agent answers a request by its reply address; on a request whose contact they are, they write as its contact.
    const answering =
      agent && thread && !(await isRequestContact(tx, thread.requestId, key)) ? { agent, thread } : undefined;
    if (answering && automated !== undefined) {
      // An agent's out-of-office answering a notification is no answer to the request's contact.
      return {
        state: 'processed',
        outcome: 'ignored',
        detail: `automated mail (${automated}) from ${from.address}, an agent's address: not an answer`,
      };
    }
    // Its files, `cid:` images among them, follow the attachment rules; a mail breaking them is held whole.
    const files: (ReceivedFile & { contentId?: string })[] = parsed.attachments
      .filter((a) => a.content.length > 0)
      .map((a) => ({ id: newHexId(), filename: a.filename, bytes: a.content, ...(a.cid ? { contentId: a.cid } : {}) }));
    const refused = await this.helpdesk.attachments.screenReceived(tx, files, thread?.requestId);
    if (refused) {
      const held = hold(refused.cause, refused.detail);
      if (held) return held;
    }
    const store = async (target: { requestId: number; messageId?: number; responseId?: number }) => {
      stored.push(...files);
      await this.helpdesk.attachments.storeReceived(tx, files, target);
    };

    const text = parsed.text ?? '';
    const body = trimmedText(text) || '(no text)';
    const fullBody = text.trim() || body;
    // A `cid:` image shows the part it names from where that part is stored as an attachment.
    const images = new Map(files.flatMap((f) => (f.contentId ? [[f.contentId, attachmentUrl(f.id)] as const] : [])));
    const html = typeof parsed.html === 'string' ? sanitizedHtml(parsed.html, images) : null;
    const at = this.now();

    if (answering) {
      const { message, request, responseId } = await this.helpdesk.conversations.receiveFromAgent(
        tx,
        answering.thread.requestId,
        answering.agent,
        { body, fullBody, html },
        at,
      );
      await store({ requestId: request.id, responseId });
      return { state: 'processed', outcome: 'threaded', requestId: request.id, helpMessageId: message.id };
    }

    const contact = await this.helpdesk.contacts.findOrCreate(tx, sender.address, { name: sender.name || null });
    if (thread) {
      const { message, request } = await this.helpdesk.conversations.receiveFromContact(
        tx,
        thread.requestId,
        contact,
        { body, fullBody, html, title: subject, automated: automated !== undefined },
        at,
      );
      await store({ requestId: request.id, messageId: message.id });
      return { state: 'processed', outcome: 'threaded', requestId: request.id, helpMessageId: message.id };
    }
    const request = await this.helpdesk.helpRequestChanges.fileInTransaction(
      tx,
      { title: subject || '(no subject)', description: body.slice(0, LIMITS.description), contactEmail: contact.email },
      { at },
    );
    await store({ requestId: request.id });
    if (!automated && (await this.#mayAcknowledge(tx, contact.id, at))) {
      await this.mail.enqueueTemplate(tx, {
        requestId: request.id,
        to: 'contact',
        template: 'received',
        autoReply: true,
      });
    }
    return { state: 'processed', outcome: 'filed', requestId: request.id };
  }

  /** Why a mail is the help desk's own coming back, if it is. */
  #loop(sender: Sender, messageId: string): string | undefined {
    const { from, replyDomain, secret } = this.config;
    if (from && addressKey(from.address) === sender.key) return `from the help desk's own address ${sender.address}`;
    if (replyDomain && sender.key.endsWith(`@${replyDomain}`))
      return `from the help desk's reply domain ${replyDomain}`;
    if (secret && replyDomain && verifyMessageId(secret, replyDomain, messageId))
      return 'a mail the help desk sent, come back';
    return undefined;
  }

  async #isAgentAddress(tx: EntityManager, key: string): Promise<boolean> {
    const rows = await tx.execute<{ found: number }[]>(
      `select 1 as found from mail_agent_notifications n join users u on u.id = n.user_id
        where n.email_key = ? and u.role = ?
       union all
       select 1 from help_contacts c join users u on u.id = c.user_id where c.email_key = ? and u.role = ?
       limit 1`,
      [key, ADMINISTRATOR_ROLE, key, ADMINISTRATOR_ROLE],
    );
    return rows.length > 0;
  }

  /**
   * The administrator whose mail this address's is: the one its contact is linked to, else the one who confirmed it
   * as their notification address (an address two administrators share is nobody's). A locked or disabled account
   * answers nothing.
   */
  async #agentOf(tx: EntityManager, key: string): Promise<Actor | undefined> {
    const rows = await tx.execute<{ id: string; username: string }[]>(
      `select u.id, u.username from help_contacts c join users u on u.id = c.user_id
        where c.email_key = ? and u.role = ? and not u.locked and not u.disabled
       union
       select u.id, u.username from mail_agent_notifications n join users u on u.id = n.user_id
        where n.email_key = ? and n.confirmed_at is not null and u.role = ? and not u.locked and not u.disabled
          and not exists (select 1 from help_contacts c join users cu on cu.id = c.user_id
                           where c.email_key = ? and cu.role = ?)`,
      [key, ADMINISTRATOR_ROLE, key, ADMINISTRATOR_ROLE, key, ADMINISTRATOR_ROLE],
    );
    if (rows.length !== 1) return undefined;
    const [{ id, username }] = rows;
    return { kind: 'user', userId: id, username, role: ADMINISTRATOR_ROLE, requestId: null, clientAddress: null };
  }

  async #mayAcknowledge(tx: EntityManager, contactId: number, at: Date): Promise<boolean> {
    const [{ count } = { count: 0 }] = await tx.execute<{ count: number }[]>(
      `select count(*)::int as count from mail_outbox
        where template = 'received' and recipient_kind = 'contact' and recipient_ref = ? and created_at > ?`,
      [String(contactId), new Date(at.getTime() - ACK_WINDOW_MS)],
    );
    return count < ACK_LIMIT;
  }

  /** A bounce of a mail the help desk sent marks that mail failed, as a refusal from its server would. */
  async #bounce(tx: EntityManager, raw: Buffer): Promise<Settlement> {
    const { secret, replyDomain } = this.config;
    const { messageIds, status } = bouncedMessageIds(raw);
    const ours =
      secret && replyDomain ? messageIds.filter((id) => verifyMessageId(secret, replyDomain, id)?.mailId) : [];
    if (ours.length === 0)
      return { state: 'processed', outcome: 'ignored', detail: 'a bounce of no mail the help desk sent' };
    const rows = await tx.execute<MailRow[]>(
      `update mail_outbox set state = 'failed', last_error = ?, settled_at = ?
        where message_id in (?) and state <> 'failed' returning *`,
      [status.slice(0, 500), this.now(), ours],
    );
    for (const row of rows) await this.recipients.delivered(tx, row, false);
    return { state: 'processed', outcome: 'bounce', detail: `${rows.length} sent mail marked failed: ${status}` };
  }
}

/**
 * A mail may carry NUL characters (a broken client, or a hostile one) that PostgreSQL's text cannot hold: they are
 * dropped from everything of the mail that is stored as text, so the mail is filed rather than failing every try.
 * The raw mail keeps them (it is stored as bytes).
 */
function withoutNulCharacters(parsed: ParsedMail): void {
  const clean = (text: string) => text.replaceAll('\u0000', '');
  if (parsed.subject !== undefined) parsed.subject = clean(parsed.subject);
  if (parsed.text !== undefined) parsed.text = clean(parsed.text);
  if (typeof parsed.html === 'string') parsed.html = clean(parsed.html);
  for (const address of parsed.from?.value ?? []) {
    address.address = address.address === undefined ? undefined : clean(address.address);
    address.name = clean(address.name);
  }
  for (const attachment of parsed.attachments) {
    if (attachment.filename !== undefined) attachment.filename = clean(attachment.filename);
  }
}
