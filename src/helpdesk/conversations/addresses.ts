import { domainToASCII } from 'node:url';

/*
 * Mail addresses as people give them. One address is one contact: the domain is compared case-insensitively and
 * in its IDNA (ASCII) form, so `Ana@BÜCHER.example` and `Ana@xn--bcher-kva.example` are one person; the local part
 * is compared exactly, as RFC 5321 leaves it to the receiving server.
 */

/** An addr-spec without quoting, comments or control characters: what a header can carry without escaping. */
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~\u0080-\uffff-]{1,64}$/;

/** The address's key (local part exact, domain as lowercase ASCII), or undefined when it is not an address. */
export function addressKey(address: string): string | undefined {
  if (address.length > 254 || /[\s\u0000-\u001f\u007f\u0085\u2028\u2029<>()[\]\\,;:"]/.test(address)) {
    return undefined;
  }
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  const local = address.slice(0, at);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return undefined;
  const domain = domainToASCII(address.slice(at + 1).toLowerCase());
  if (!domain || !domain.includes('.') || domain.length > 253) return undefined;
  if (!domain.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return undefined;
  return `${local}@${domain}`;
}

export const isAddress = (address: string): boolean => addressKey(address) !== undefined;
