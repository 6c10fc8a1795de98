import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { rawHeaders } from './sender-trust.js';

/** A mail as a mailbox hands it over: its bytes, and what the mailbox knows of it. */
export interface IncomingMail {
  /** Which mailbox: `lmtp`, or an IMAP mailbox's `user@host/folder`. */
  mailbox: string;
  raw: Buffer;
  /** The envelope sender an MTA gave (LMTP; '' for the null sender), when known. */
  envelopeFrom?: string | null;
  /** The envelope recipients (LMTP), which may carry a reply address's token. */
  envelopeTo?: readonly string[];
  uidValidity?: number | bigint;
  uid?: number;
  /** Held on arrival: a mail the mailbox would not hand over whole (over the size limit), its headers stored. */
  heldAs?: { cause: 'TOO_LARGE'; detail: string };
}

/**
 * The mail's Message-ID as its sender wrote it, or, without a usable one, one made from its bytes: the same bytes
 * handed over twice are the same mail.
 */
export function messageIdOf(raw: Buffer): string {
  const given = /<[^<>\s]{1,250}>/.exec(rawHeaders(raw, 'message-id')[0] ?? '')?.[0];
  return given ?? `<sha256.${createHash('sha256').update(raw).digest('hex')}@trellis.invalid>`;
}

/**
 * Stores a mail as received, once per mailbox and Message-ID, in its own statement: once this returns the mail is
 * the database's, and the mailbox may be told so. A mail stored before is not stored again (`duplicate`).
 */
export async function storeReceived(
  em: EntityManager,
  mail: IncomingMail,
  at: Date,
): Promise<{ id: string; duplicate: boolean }> {
  const messageId = messageIdOf(mail.raw);
  const [inserted] = await em.execute<{ id: string }[]>(
    `insert into mail_inbound (mailbox, message_id, uid_validity, uid, envelope_from, envelope_to, raw, size,
       received_at, next_attempt_at, state, cause, detail, processed_at)
     values (?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict on constraint mail_inbound_once do nothing
     returning id::text as id`,
    [
      mail.mailbox,
      messageId,
      mail.uidValidity === undefined ? null : String(mail.uidValidity),
      mail.uid ?? null,
      mail.envelopeFrom ?? null,
      `{${(mail.envelopeTo ?? []).map((a) => `"${a.replace(/["\\]/g, '')}"`).join(',')}}`,
      mail.raw,
      mail.raw.length,
      at,
      at,
      mail.heldAs ? 'held' : 'received',
      mail.heldAs?.cause ?? null,
      mail.heldAs?.detail ?? null,
      mail.heldAs ? at : null,
    ],
  );
  if (inserted) return { id: inserted.id, duplicate: false };
  const [existing] = await em.execute<{ id: string }[]>(
    `select id::text as id from mail_inbound where mailbox = ? and message_id = ?`,
    [mail.mailbox, messageId],
  );
  return { id: existing?.id ?? '', duplicate: true };
}
