/*
 * A mail's shape, measured before it is parsed: a MIME bomb (thousands of parts, or parts nested hundreds deep) costs
 * a full parser memory and time in proportion to what it claims, so the limits are checked on the bytes first, by
 * a scan that only looks for boundaries and stops at the first limit passed.
 */

export const MAX_PARTS = 100;
export const MAX_DEPTH = 10;

export type MailShape =
  { ok: true; parts: number; depth: number } | { ok: false; cause: 'TOO_LARGE' | 'UNPARSEABLE'; detail: string };

/** The header block of an entity (unfolded), and where its body starts; undefined without a blank line. */
function split(text: string, from: number, to: number): { headers: string; body: number } | undefined {
  const empty = /^\r?\n/.exec(text.slice(from, from + 2));
  if (empty) return { headers: '', body: from + empty[0].length };
  const end = /\r?\n\r?\n/g;
  end.lastIndex = from;
  const match = end.exec(text);
  if (!match || match.index >= to) {
    // A part may be headers only (an empty body), ending where the part does.
    const headers = text.slice(from, to);
    return headers.trim() === '' || /^[\x21-\x39\x3b-\x7e]+:/.test(headers) ? { headers, body: to } : undefined;
  }
  return { headers: text.slice(from, match.index).replace(/\r?\n[ \t]+/g, ' '), body: match.index + match[0].length };
}

function contentType(headers: string): { type: string; boundary: string | undefined } {
  const line = /^content-type:[ \t]*([^\r\n]*)/im.exec(headers)?.[1] ?? 'text/plain';
  const type = line.split(';')[0].trim().toLowerCase();
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i.exec(line);
  return { type, boundary: boundary?.[1] ?? boundary?.[2] };
}

/** Measures the whole mail (latin1 keeps one character per byte, so offsets are byte offsets). */
export function measureMail(raw: Buffer, maxBytes: number): MailShape {
  if (raw.length > maxBytes) return { ok: false, cause: 'TOO_LARGE', detail: `${raw.length} bytes, over ${maxBytes}` };
  const text = raw.toString('latin1');
  let parts = 0;
  let deepest = 0;
  const walk = (from: number, to: number, depth: number): MailShape | undefined => {
    parts++;
    deepest = Math.max(deepest, depth);
    if (parts > MAX_PARTS) return { ok: false, cause: 'TOO_LARGE', detail: `more than ${MAX_PARTS} MIME parts` };
    if (depth > MAX_DEPTH)
      return { ok: false, cause: 'TOO_LARGE', detail: `MIME parts nested deeper than ${MAX_DEPTH}` };
    const entity = split(text, from, to);
    if (!entity) return depth === 0 ? { ok: false, cause: 'UNPARSEABLE', detail: 'no header block' } : undefined;
    const { type, boundary } = contentType(entity.headers);
    if (type === 'message/rfc822' || type === 'message/global') return walk(entity.body, to, depth + 1);
    if (!type.startsWith('multipart/')) return undefined;
    if (!boundary) return { ok: false, cause: 'UNPARSEABLE', detail: `${type} without a boundary` };
    const delimiter = `--${boundary}`;
    let at = text.indexOf(delimiter, entity.body);
    if (at < 0 || at >= to) return { ok: false, cause: 'UNPARSEABLE', detail: `${type} without its parts` };
    for (;;) {
      const afterDelimiter = at + delimiter.length;
      if (text.startsWith('--', afterDelimiter)) return undefined; // the closing delimiter
      const lineEnd = text.indexOf('\n', afterDelimiter);
      if (lineEnd < 0 || lineEnd >= to) return undefined; // no closing delimiter: what came is all there is
      let next = text.indexOf(`\n${delimiter}`, lineEnd);
      if (next < 0 || next >= to) next = to;
      const inner = walk(lineEnd + 1, next, depth + 1);
      if (inner) return inner;
      if (next === to) return undefined;
      at = next + 1;
    }
  };
  return walk(0, text.length, 0) ?? { ok: true, parts, depth: deepest };
}
