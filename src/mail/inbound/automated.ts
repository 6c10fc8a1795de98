import type { HeaderValue, ParsedMail } from 'mailparser';

/*
 * Mail no person wrote: RFC 3834 auto-replies, lists and bulk mail, bounces. Answering it is how mail loops start,
 * so it is never acknowledged, never reopens a request and never moves a request's clock.
 */

const text = (value: HeaderValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => text(v as HeaderValue)).join(' ');
  if (typeof value === 'object' && 'value' in value) {
    const v = (value as { value: unknown }).value;
    return typeof v === 'string' ? v : '';
  }
  return '';
};

/** Why a mail is automated (its header says so), or undefined for one a person sent. */
export function automatedBecause(mail: ParsedMail, envelopeFrom: string | null): string | undefined {
  const header = (name: string) => text(mail.headers.get(name)).trim().toLowerCase();
  const auto = header('auto-submitted');
  if (auto && auto.split(';')[0].trim() !== 'no') return `Auto-Submitted: ${auto}`;
  if (mail.headers.has('x-autoreply')) return 'X-Autoreply';
  if (mail.headers.has('x-autorespond')) return 'X-Autorespond';
  const precedence = header('precedence');
  if (['bulk', 'junk', 'list'].includes(precedence)) return `Precedence: ${precedence}`;
  if (mail.headers.has('list-id')) return 'List-Id';
  if (isDeliveryReport(mail)) return 'a delivery status notification';
  // The envelope sender an MTA handed over (LMTP), or the Return-Path it wrote from it (IMAP).
  if (envelopeFrom === '') return 'an empty envelope sender';
  const returnPath = (mail.headers.get('return-path') as { text?: string } | string | undefined) ?? undefined;
  const path = typeof returnPath === 'string' ? returnPath : (returnPath?.text ?? undefined);
  if (path !== undefined && /^\s*<?\s*>?\s*$/.test(path)) return 'an empty Return-Path';
  return undefined;
}

/** RFC 3464: `multipart/report; report-type=delivery-status`. */
export function isDeliveryReport(mail: ParsedMail): boolean {
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}

/** The Message-IDs a bounce quotes (the returned mail's headers) and the status it gives, from its raw text. */
export function bouncedMessageIds(raw: Buffer): { messageIds: string[]; status: string } {
  const source = raw.toString('latin1');
  const headerEnd = source.search(/\r?\n\r?\n/);
  const body = headerEnd < 0 ? '' : source.slice(headerEnd);
  const messageIds = [...body.matchAll(/^message-id:[ \t]*(<[^>\r\n]{1,250}>)/gim)].map((m) => m[1]);
  const status = /^status:[ \t]*([245]\.\d{1,3}\.\d{1,3})/im.exec(body)?.[1];
  const diagnostic = /^diagnostic-code:[ \t]*([^\r\n]{1,300})/im.exec(body)?.[1];
  return {
    messageIds: [...new Set(messageIds)],
    status: ['bounced', status, diagnostic].filter(Boolean).join(': '),
  };
}
