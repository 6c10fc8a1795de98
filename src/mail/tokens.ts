import { createHmac, timingSafeEqual } from 'node:crypto';
import { addressKey } from '../helpdesk/conversations/addresses.js';

/*
 * What a mail carries that a reply brings back: its Message-ID and the reply address's token. Both are signed
 * with MAIL_SECRET, so mail coming in can trust the request they name only when the signature checks out: a
 * guessed or edited Message-ID or token names nothing. A reply token is also bound to the address it was sent
 * to, so a notification forwarded to someone else does not let them answer as its recipient.
 * Mail in reads these back with verifyMessageId and verifyReplyToken.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lowercase base32: survives MTAs that fold the case of local parts, and needs no quoting in an address. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Buffer | undefined {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toLowerCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const mac = (secret: string, purpose: string, ...parts: string[]) =>
  createHmac('sha256', secret)
    .update([purpose, ...parts].join('\n'))
    .digest();

/** How addresses are compared for a token's binding: as contacts are (the domain folded, the local part exact). */
const bindingOf = (address: string) => addressKey(address) ?? address;

const REPLY_MAC_BYTES = 10;

/** The token of a reply address: the request's number and a signature over it and the recipient's address. */
export function replyToken(secret: string, requestId: number, recipient: string): string {
  const id = Buffer.alloc(4);
  id.writeUInt32BE(requestId);
  const signature = mac(secret, 'reply', String(requestId), bindingOf(recipient)).subarray(0, REPLY_MAC_BYTES);
  return base32(Buffer.concat([id, signature]));
}

/**
 * The request a reply token names, when it was issued to `sender` under this secret; undefined for a token that
 * is forged, altered, or issued to someone else.
 */
export function verifyReplyToken(secret: string, token: string, sender: string): number | undefined {
  const bytes = unbase32(token);
  if (!bytes || bytes.length !== 4 + REPLY_MAC_BYTES) return undefined;
  const requestId = bytes.readUInt32BE(0);
  const expected = mac(secret, 'reply', String(requestId), bindingOf(sender)).subarray(0, REPLY_MAC_BYTES);
  return timingSafeEqual(expected, bytes.subarray(4)) ? requestId : undefined;
}

/** `<local>+r<token>@<domain>`: the address replies to a mail about `requestId` sent to `recipient` go to. */
export function replyAddress(
  secret: string,
  local: string,
  domain: string,
  requestId: number,
  recipient: string,
): string {
  return `${local}+r${replyToken(secret, requestId, recipient)}@${domain}`;
}

/** The reply token in an address of the form replyAddress makes, if any (unverified). */
export function tokenOfReplyAddress(address: string): string | undefined {
  return /\+r([a-z2-7]+)@/i.exec(address)?.[1];
}

/**
 * A Message-ID for mail `mailId` about `requestId`: `<h.<request>.<mail>.<signature>@<domain>>`, or, without a mail
 * id, the request's own thread root (which every mail about it references).
 */
export function messageId(secret: string, domain: string, requestId: number, mailId?: string): string {
  const tail = mailId === undefined ? `${requestId}` : `${requestId}.${mailId}`;
  const signature = base32(mac(secret, 'message-id', tail).subarray(0, 10));
  return `<h.${tail}.${signature}@${domain}>`;
}

/** The request a Message-ID (with or without its angle brackets) names, when this secret signed it. */
export function verifyMessageId(
  secret: string,
  domain: string,
  id: string,
): { requestId: number; mailId?: string } | undefined {
  const match = /^<?h\.(\d{1,10})(?:\.(\d{1,20}))?\.([a-z2-7]+)@([^>]+)>?$/i.exec(id.trim());
  if (!match || match[4].toLowerCase() !== domain.toLowerCase()) return undefined;
  const requestId = Number(match[1]);
  const mailId = match[2];
  const expected = messageId(secret, domain, requestId, mailId);
  const given = `<${id.trim().replace(/^<|>$/g, '')}>`;
  if (expected.length !== given.length) return undefined;
  if (!timingSafeEqual(Buffer.from(expected.toLowerCase()), Buffer.from(given.toLowerCase()))) return undefined;
  return mailId === undefined ? { requestId } : { requestId, mailId };
}
