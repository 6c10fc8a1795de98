/*
 * Whether the receiving MTA vouched for a mail's From: its Authentication-Results (RFC 8601) under MAIL_AUTHSERV_ID
 * saying dmarc=pass for the From's domain. Anyone can write an Authentication-Results header into a mail, so only
 * the topmost one counts (the receiving MTA prepends its own above whatever the mail brought, and removes forged
 * ones bearing its id), and only when it bears our MTA's authserv-id.
 */

/** The raw header lines named `name`, unfolded, in the order they appear (topmost first). */
export function rawHeaders(raw: Buffer, name: string): string[] {
  const source = raw.toString('latin1');
  const end = source.search(/\r?\n\r?\n/);
  const block = (end < 0 ? source : source.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}:`;
  return block
    .split(/\r?\n/)
    .filter((line) => line.toLowerCase().startsWith(prefix))
    .map((line) => line.slice(prefix.length).trim());
}

const withoutComments = (value: string) => value.replace(/\([^()]*\)/g, ' ');

/** Whether the receiving MTA (`authservId`) found dmarc=pass for the From's domain. */
export function dmarcPassed(raw: Buffer, authservId: string | undefined, fromDomain: string): boolean {
  if (!authservId) return false;
  const [topmost] = rawHeaders(raw, 'authentication-results');
  if (topmost === undefined) return false;
  const [id, ...results] = withoutComments(topmost).split(';');
  if (id.trim().split(/\s+/)[0]?.toLowerCase() !== authservId) return false;
  return results.some((result) => {
    const words = result.trim().toLowerCase().split(/\s+/);
    if (words[0] !== 'dmarc=pass') return false;
    const from = words.find((word) => word.startsWith('header.from='))?.slice('header.from='.length);
    return from === fromDomain.toLowerCase();
  });
}
