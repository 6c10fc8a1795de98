import type { Config } from './config.js';
import { EmbeddedDatabaseError } from './db/embedded.js';
import { isDatabaseUnavailable } from './db/unavailable.js';

/**
 * What an operator reads when the process cannot start: what failed and what to do about it, in two lines.
 * Whatever was thrown (even nothing, as some libraries reject with) becomes words, never `undefined`.
 */
export function describeStartupFailure(error: unknown, config: Config): string {
  const { problem, remedy, unknown } = classify(error, config);
  const trace = unknown && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `Trellis could not start: ${problem}\n  What to do: ${remedy}${trace}`;
}

function classify(error: unknown, config: Config): { problem: string; remedy: string; unknown?: boolean } {
  if (error instanceof EmbeddedDatabaseError) return { problem: error.message, remedy: error.remedy };
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'EADDRINUSE') {
    return {
      problem: `${config.http.host}:${config.http.port} is already in use`,
      remedy: 'stop the process listening there, or set PORT (or HOST) to a free one',
    };
  }
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    return {
      problem: `cannot listen on ${config.http.host}:${config.http.port} (${code})`,
      remedy: 'set HOST to an address of this machine and PORT to one this user may open (1024 or above)',
    };
  }
  if (config.db.url && isDatabaseUnavailable(error)) {
    const { host, pathname } = new URL(config.db.url);
    return {
      problem: `the database at ${host}${pathname} does not answer (${describe(error)})`,
      remedy: 'check DATABASE_URL and that the PostgreSQL server is running and reachable from here',
    };
  }
  if (config.db.url && /password authentication|does not exist|no pg_hba\.conf entry|SASL/i.test(message ?? '')) {
    return {
      problem: `the database refused the connection: ${message}`,
      remedy: 'check the user, password and database name in DATABASE_URL',
    };
  }
  return {
    problem: describe(error),
    remedy: 'this is not a known start-up problem: keep this output (with the trace below) if you report it',
    unknown: true,
  };
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(describe).join('; ');
  if (error instanceof Error)
    return [error.message || error.name, (error as { code?: string }).code].filter(Boolean).join(' ');
  if (error === undefined || error === null) return 'an unknown error (nothing was thrown with it)';
  // Whatever else was thrown (a string, a number, a plain object): its own string form is all there is to say.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return String(error);
}
