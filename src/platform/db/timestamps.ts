import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * Timestamps as read models carry them: formatted once, as the API writes them. A page of help requests used to
 * parse every `timestamptz` of every row into a Date (about ten per request) and print the few it shows again with
 * `toISOString`; read models now keep PostgreSQL's text in the form `toISOString` writes, which the DateTime scalar
 * passes through, and code that computes with a time makes its Date when it needs one (`dateOf`).
 */

/** ISO 8601 in UTC with milliseconds, exactly as `Date#toISOString` writes it ("2026-11-28T04:51:49.123Z"). */
export type IsoTimestamp = string & { readonly __isoTimestamp: true };

/** The form `toISOString` writes for the years 0000–9999 (a wider year has a sign and six digits). */
const ISO_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** PostgreSQL's text of a `timestamptz` in a UTC session: "2026-11-28 04:51:49.123456+00", the fraction optional. */
const POSTGRES_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;

/**
 * A `timestamptz` column's text as the API writes it. The connection's session is in UTC (the ORM's
 * forceUtcTimezone), so PostgreSQL's text is the date and time in UTC: only its separator and fraction change
 * (the fraction cut to milliseconds, as a Date keeps it). Any other text (a BC date, a year past 9999, another
 * offset) is parsed by the ORM's platform and printed, as before.
 */
export function isoTimestamp(em: EntityManager, text: string): IsoTimestamp {
  if (POSTGRES_UTC.test(text)) {
    // The date, "T", the time to the second (19 characters), then the fraction's first three digits, or zeros.
    const fraction =
      text.length >= 26
        ? text.slice(19, 23)
        : text.length === 22
          ? '.000'
          : `${text.slice(19, text.length - 3)}00`.slice(0, 4);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}${fraction}Z` as IsoTimestamp;
  }
  return asIsoTimestamp(em.getPlatform().parseDate(text));
}

/** isoTimestamp, null kept. */
export function maybeIsoTimestamp(em: EntityManager, text: string | null): IsoTimestamp | null {
  return text === null ? null : isoTimestamp(em, text);
}

/** A Date as the API writes it. */
export function asIsoTimestamp(date: Date): IsoTimestamp {
  return date.toISOString() as IsoTimestamp;
}

/** asIsoTimestamp, null kept. */
export function maybeAsIsoTimestamp(date: Date | null | undefined): IsoTimestamp | null {
  return date ? asIsoTimestamp(date) : null;
}

/** The Date of a timestamp, for code that computes with it. */
export function dateOf(value: IsoTimestamp): Date;
export function dateOf(value: IsoTimestamp | null | undefined): Date | null;
export function dateOf(value: IsoTimestamp | null | undefined): Date | null {
  return value === null || value === undefined ? null : new Date(value);
}

/** Whether a string is already in the form `toISOString` writes (the DateTime scalar writes it as it is). */
export function isIsoForm(value: string): boolean {
  return ISO_FORM.test(value);
}
