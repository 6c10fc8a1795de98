import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../platform/errors.js';

/*
 * A webhook makes the gateway send requests to an address an administrator typed: without a guard, that is a way to
 * reach what only the gateway can (the cloud's metadata service at 169.254.169.254, a database on 10/8, the admin
 * port on loopback). So a webhook's URL is https, names a host (not an IP literal), and every address that host
 * resolves to is public unicast; the check runs when the webhook is made and again before each delivery, after
 * DNS, and the connection is pinned to the address that was checked (a name that resolves to a public address for
 * the check and a private one for the connection, DNS rebinding, reaches nothing). Hosts WEBHOOK_ALLOWED_HOSTS
 * names (tests, receivers inside the deployment) skip the guard and may be plain http.
 */

export const MAX_URL = 2_000;

export class UnsafeAddressError extends Error {}

/** Whether an address is public unicast: every other range ipaddr.js knows (private, loopback, link-local, ...) is refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(address).range() === 'unicast';
}

const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));

/** A host as WEBHOOK_ALLOWED_HOSTS lists it: lower-case, IPv6 without brackets. */
const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Checks a webhook's URL as it is saved; returns it normalised. A refusal is BAD_USER_INPUT on `url`, saying why. */
export function checkWebhookUrl(input: string, allowedHosts: readonly string[]): URL {
  const text = input.trim();
  const refuse = (why: string) => new ValidationError(`url: ${why}`, 'url');
  if (!text || text.length > MAX_URL || !URL.canParse(text)) throw refuse('must be an absolute https URL');
  const url = new URL(text);
  if (url.username || url.password) throw refuse('must not carry a user name or password');
  const allowed = allowedHosts.includes(hostOf(url));
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) throw refuse('must be an https URL');
  if (!allowed && isIpLiteral(url.hostname)) throw refuse('must name a host, not an IP address');
  url.hash = '';
  return url;
}

/** Refuses the URL at creation when its host resolves to an address that is not public (the same check as at delivery). */
export async function checkWebhookHost(url: URL, allowedHosts: readonly string[]): Promise<void> {
  try {
    await resolveForDelivery(url, allowedHosts);
  } catch (error) {
    if (error instanceof UnsafeAddressError) throw new ValidationError(`url: ${error.message}`, 'url');
    throw new ValidationError(`url: its host ${url.hostname} could not be resolved`, 'url');
  }
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The address a delivery connects to: the host's addresses, every one public (a name with one private address among
 * public ones is refused whole, since which one a client picks is not ours to know), the first one pinned. An
 * allowed host resolves as it would anywhere.
 */
export async function resolveForDelivery(
  url: URL,
  allowedHosts: readonly string[],
  lookup: (host: string) => Promise<PinnedAddress[]> = systemLookup,
): Promise<PinnedAddress> {
  const host = hostOf(url);
  const allowed = allowedHosts.includes(host);
  if (isIpLiteral(host)) {
    if (!allowed) throw new UnsafeAddressError('an IP address is not a webhook host');
    return { address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 };
  }
  const addresses = await lookup(host);
  if (addresses.length === 0) throw new UnsafeAddressError(`${host} has no address`);
  if (!allowed) {
    const unsafe = addresses.find((a) => !isPublicAddress(a.address));
    if (unsafe) throw new UnsafeAddressError(`${host} resolves to ${unsafe.address}, which is not a public address`);
  }
  return addresses[0];
}

async function systemLookup(host: string): Promise<PinnedAddress[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** A lookup for the connection that answers only the checked address, whatever DNS says by then. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: PinnedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
