import { ValidationError } from '../platform/errors.js';

/**
 * Field rules of the workspace-user domain, as pure functions: each returns the value to store or throws a
 * ValidationError naming the field, so a request with one bad field is refused before anything is written.
 */

// Control characters (NUL, escapes, line breaks) have no place in a name, and some break logs or terminals.
const CONTROL = /\p{Cc}/u;

export const PHONE_PATTERN = /^[0-9]+(-[0-9]+)*$/;
export const PHONE_MAX_LENGTH = 32;

/** Optional one-line text: trimmed, empty means "none", bounded length, no control characters. */
export function optionalText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if ([...trimmed].length > max) throw new ValidationError(`${label} must be at most ${max} characters`, field);
  if (CONTROL.test(trimmed)) throw new ValidationError(`${label} must not contain control characters`, field);
  return trimmed;
}

/** Required one-line text: like optionalText, but it must not be empty. */
export function requiredText(value: string | null | undefined, field: string, label: string, max: number): string {
  const text = optionalText(value, field, label, max);
  if (text === null) throw new ValidationError(`${label} is required`, field);
  return text;
}

export function phoneNumber(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const phone = value.trim();
  if (phone.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(phone)) {
    throw new ValidationError(
      `Phone must be digits separated by single hyphens, at most ${PHONE_MAX_LENGTH} characters`,
      'phone',
    );
  }
  return phone;
}

/** A field whose type allows null in GraphQL but whose value cannot be "nothing" (a username, a flag). */
export function notNull<T>(value: T | null, field: string): T {
  if (value === null) throw new ValidationError(`${field} cannot be null`, field);
  return value;
}

export function integerIn(value: number, min: number, max: number, field: string, label: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(`${label} must be an integer from ${min} to ${max}`, field);
  }
  return value;
}

/** An absolute POSIX path without `..` segments, so a mapping cannot be aimed outside where it says. */
export function absolutePath(value: string, field: string, label: string, max = 1024): string {
  const path = requiredText(value, field, label, max);
  if (!path.startsWith('/')) throw new ValidationError(`${label} must be an absolute path`, field);
  if (path.split('/').includes('..')) throw new ValidationError(`${label} must not contain ".." segments`, field);
  return path;
}

export const PROFILE_PLACEHOLDER = '{username}';

/** Each user's profile must land in their own folder, so the path has to name the user. */
export function profilePath(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const path = requiredText(value, 'persistentProfilePath', 'Persistent profile path', 1024);
  if (!path.includes(PROFILE_PLACEHOLDER)) {
    throw new ValidationError(`Persistent profile path must contain ${PROFILE_PLACEHOLDER}`, 'persistentProfilePath');
  }
  return path;
}

/** LIKE pattern for "contains", with the caller's % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
