import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParsedMail } from 'mailparser';
import type { Config } from '../../platform/config.js';
import { tokenOfReplyAddress, verifyMessageId, verifyReplyToken } from '../tokens.js';

/*
 * Which request a mail answers, in the contract's order: the reply address's token (signed, and bound to the
 * address it was sent to); a Message-ID Trellis signed in In-Reply-To or References; a Message-ID of a mail already
 * on a request; `[#<id>]` in the subject. Only the token proves who may write to the request by itself: the other
 * three are copied by anyone a mail is forwarded to, so they count only from the request's own contact (or its
 * requester's), and anyone else's mail files a request of its own.
 */

export type ThreadedBy = 'reply token' | 'signed reference' | 'stored reference' | 'subject';

const addressesOf = (field: ParsedMail['to']): string[] =>
  [field ?? []]
    .flat()
    .flatMap((group) => group.value.flatMap((a) => [a.address ?? '', ...(a.group ?? []).map((g) => g.address ?? '')]));

/** Whether the sender (`senderKey`, an address key) is the request's contact, or its requester's linked contact. */
export async function isRequestContact(em: EntityManager, requestId: number, senderKey: string): Promise<boolean> {
  const rows = await em.execute<{ found: number }[]>(
    `select 1 as found from help_request_threads t join help_contacts c on c.id = t.contact_id
      where t.request_id = ? and c.email_key = ?
     union all
     select 1 from help_requests r join help_contacts c on c.user_id = r.requester_id
      where r.id = ? and c.email_key = ?
     limit 1`,
    [requestId, senderKey, requestId, senderKey],
  );
  return rows.length > 0;
}

async function exists(em: EntityManager, requestId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(`select id from help_requests where id = ?`, [requestId]);
  return rows.length > 0;
}

export async function threadOf(
  em: EntityManager,
  config: Config['mail'],
  mail: ParsedMail,
  envelopeTo: readonly string[],
  sender: { address: string; key: string },
): Promise<{ requestId: number; by: ThreadedBy } | undefined> {
  const { secret, replyDomain } = config;
  if (secret && replyDomain) {
    const recipients = [
      ...envelopeTo,
      ...addressesOf(mail.to),
      ...addressesOf(mail.cc),
      ...[mail.headers.get('delivered-to'), mail.headers.get('x-original-to')]
        .flat()
        .map((v) => (typeof v === 'string' ? v : '')),
    ];
    for (const address of recipients) {
      if (!address.toLowerCase().endsWith(`@${replyDomain}`)) continue;
      const token = tokenOfReplyAddress(address);
      const requestId = token === undefined ? undefined : verifyReplyToken(secret, token, sender.address);
      if (requestId !== undefined && (await exists(em, requestId))) return { requestId, by: 'reply token' };
    }
  }
  const references = [...[mail.inReplyTo ?? []].flat(), ...[mail.references ?? []].flat()]
    .flatMap((value) => value.match(/<[^<>\s]{1,250}>/g) ?? [])
    .slice(0, 50);
  if (secret && replyDomain) {
    for (const id of references) {
      const named = verifyMessageId(secret, replyDomain, id);
      if (named && (await isRequestContact(em, named.requestId, sender.key)))
        return { requestId: named.requestId, by: 'signed reference' };
    }
  }
  if (references.length > 0) {
    const stored = await em.execute<{ request_id: number }[]>(
      `select request_id from mail_inbound where message_id in (?) and request_id is not null order by id desc`,
      [references],
    );
    for (const { request_id } of stored) {
      if (await isRequestContact(em, request_id, sender.key)) return { requestId: request_id, by: 'stored reference' };
    }
  }
  const subjectToken = /\[#(\d{1,9})\]/.exec(mail.subject ?? '');
  if (subjectToken) {
    const requestId = Number(subjectToken[1]);
    if (await isRequestContact(em, requestId, sender.key)) return { requestId, by: 'subject' };
  }
  return undefined;
}
