import { fileTypeFromBuffer } from 'file-type';

/** The most bytes a stored file name may take (UTF-8), as most file systems allow. */
export const MAX_FILENAME_BYTES = 255;

/**
 * A client's file name made safe to store and to hand back in a header: only its last path segment (a name such as
 * `../../etc/passwd` or `C:\boot.ini` names no place here), without control or format characters (CR/LF would split
 * a header; bidirectional overrides disguise an extension), without leading dots, cut to 255 UTF-8 bytes on a
 * character boundary. What is left of nothing is `attachment`.
 */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim()
    .replace(/^\.+/, '');
  let result = '';
  let bytes = 0;
  for (const char of cleaned) {
    const size = Buffer.byteLength(char);
    if (bytes + size > MAX_FILENAME_BYTES) break;
    result += char;
    bytes += size;
  }
  result = result.trim();
  return result === '' ? 'attachment' : result;
}

/**
 * The content type a file's bytes show, never the one its sender claimed: a known signature (file-type reads the
 * magic numbers), else text when the bytes are UTF-8 without NUL, else opaque bytes. Text-like types that a browser
 * would render (HTML, SVG, XML) are only ever served as downloads with `nosniff`, so naming them is harmless.
 */
export async function sniffContentType(bytes: Buffer): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.mime;
  if (!bytes.includes(0) && isUtf8(bytes)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

const isUtf8 = (bytes: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * `Content-Disposition: attachment` with the name in both forms RFC 6266 gives: an ASCII fallback in `filename`
 * (quotes, backslashes and non-ASCII replaced) and the exact name in `filename*` (RFC 5987, UTF-8, percent-encoded).
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A single `Range: bytes=…` of a file of `size` bytes: the inclusive span, 'unsatisfiable', or undefined to send it all. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or a unit other than bytes: the whole file is a valid answer (RFC 9110 §14.2).
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
