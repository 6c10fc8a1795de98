import { ValidationError } from '../platform/errors.js';
import { isZip } from '../risk/zip.js';
import { LIMITS, MAX_PER_PAGE } from './vocabulary.js';

/*
 * Input rules shared by GraphQL and the REST routes (which reach them through GraphQL). Messages name the
 * legacy snake_case field, since that is what REST callers sent and GraphQL callers can map it either way.
 */

/**
 * Length in characters (code points), as PostgreSQL's varchar(n) counts them and as limits are stated; a
 * string's own length counts UTF-16 units, so an emoji would count twice.
 */
export const characters = (text: string): number => [...text].length;

/** Trims and checks a required text: 1..max characters once trimmed. */
export function requiredText(value: string | null | undefined, field: string, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new ValidationError(`${field} is required`, field);
  if (characters(text) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return text;
}

/** Optional text: null/blank clears it. */
export function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (characters(text) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return text || null;
}

// Deliberately plain: one @, no spaces, a dot in the domain. Deliverability is the mail server's business.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function contactEmail(value: string | null | undefined): string | null {
  const email = optionalText(value, 'contact_email', LIMITS.email);
  if (email !== null && !EMAIL.test(email))
    throw new ValidationError('contact_email must be a valid email address', 'contact_email');
  return email;
}

export function paging(page: number | null | undefined, perPage: number | null | undefined, defaultPerPage: number) {
  const p = page ?? 1;
  const pp = perPage ?? defaultPerPage;
  if (!Number.isInteger(p) || p < 1) throw new ValidationError('page must be an integer of at least 1', 'page');
  if (!Number.isInteger(pp) || pp < 1 || pp > MAX_PER_PAGE) {
    throw new ValidationError(`per_page must be an integer from 1 to ${MAX_PER_PAGE}`, 'per_page');
  }
  return { page: p, perPage: pp };
}

/**
 * Tags as the legacy API stores them: comma-separated. Each is trimmed; empties and case-insensitive
 * duplicates are dropped (the first spelling wins); a tag cannot contain a comma, since it would split.
 */
export function normaliseTags(tags: readonly string[] | null | undefined): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags ?? []) {
    for (const part of raw.split(',')) {
      const tag = part.trim();
      if (!tag || seen.has(tag.toLowerCase())) continue;
      if (characters(tag) > LIMITS.tag)
        throw new ValidationError(`each tag must be at most ${LIMITS.tag} characters`, 'tags');
      seen.add(tag.toLowerCase());
      kept.push(tag);
    }
  }
  if (kept.length > LIMITS.tags) throw new ValidationError(`at most ${LIMITS.tags} tags`, 'tags');
  return kept.join(',');
}

export const tagList = (stored: string): string[] => (stored ? stored.split(',') : []);

export function displayOrder(value: number | null | undefined): number {
  const order = value ?? 0;
  if (!Number.isInteger(order) || order < 0 || order > 1_000_000) {
    throw new ValidationError('display_order must be an integer from 0 to 1000000', 'display_order');
  }
  return order;
}

export function searchTerm(value: string | null | undefined, field: string): string {
  const term = requiredText(value, field, LIMITS.searchTerm);
  return term;
}

/** A ZIP code as the risk queries take it (five digits), so the request's area can be scored; absent or null is none. */
export function zipCode(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (!isZip(value)) throw new ValidationError('zip must be a five-digit ZIP code', 'zip');
  return value;
}

/**
 * A help request's tags, normalised as FAQ tags are (trimmed, split at commas, empties and duplicates dropped)
 * and lower-cased, so that filtering and counting see one tag however it was typed: at most 10, of at most 30
 * characters each.
 */
export function requestTags(tags: readonly string[] | null | undefined): string[] {
  const kept = new Set<string>();
  for (const raw of tags ?? []) {
    for (const part of raw.split(',')) {
      const tag = part.trim().toLowerCase();
      if (!tag) continue;
      if (characters(tag) > LIMITS.requestTag)
        throw new ValidationError(`each tag must be at most ${LIMITS.requestTag} characters`, 'tags');
      kept.add(tag);
    }
  }
  if (kept.size > LIMITS.requestTags) throw new ValidationError(`at most ${LIMITS.requestTags} tags`, 'tags');
  return [...kept];
}

/** One tag to filter by, normalised as requestTags stores it. */
export function requestTag(value: string): string {
  const tag = value.trim().toLowerCase();
  if (!tag || tag.includes(',') || characters(tag) > LIMITS.requestTag) {
    throw new ValidationError(`tag must be 1 to ${LIMITS.requestTag} characters, without a comma`, 'tag');
  }
  return tag;
}

/** A satisfaction score: a whole number from 1 to 5. */
export function satisfactionScore(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 5)
    throw new ValidationError('score must be a whole number from 1 to 5', 'score');
  return value;
}
