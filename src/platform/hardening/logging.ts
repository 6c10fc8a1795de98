import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { traceFieldsOfCurrentSpan } from '../observability/tracing.js';

/** Field names whose values are credentials or derived from them, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'passwordHash',
  'password_hash',
  'secret',
  'secretHash',
  'secret_hash',
  'api_key_secret',
  'apiKeySecret',
  'token',
  'accessToken',
  'access_token',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'variables.*.*.password',
];

/**
 * Credentials by their shape, for text no field name guards: an ORM debug line with inlined parameters,
 * an error message quoting a header, a URL. JWTs, argon2 hashes, 64-hex digests (API-key secret hashes),
 * and whatever follows a Bearer or ApiKey scheme.
 */
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[^\s'",)}\]]*/g, '[redacted-hash]'],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[redacted-token]'],
  [/\b(bearer|apikey)\s+[^\s'",)}\]]+/gi, '$1 [redacted]'],
  [/\b[0-9a-f]{64}\b/gi, '[redacted-digest]'],
];

export function scrubSecrets(text: string): string {
  let out = text;
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
  return out;
}

/** Query parameters that may carry a credential, a signature, or a whole GraphQL document with one inlined. */
const SECRET_PARAMS = /pass|secret|token|key|auth|query|variables|extensions|signature|sig$/i;

/**
 * A URL fit for a log line, be it a request's path or an upstream's absolute URL: each known secret (as given and
 * URL-encoded; FIRMS puts its MAP_KEY in the path) and the value of each parameter whose name looks secret becomes
 * `mask`, credentials in userinfo are dropped, and credential-shaped text is scrubbed.
 */
export function redactUrl(url: string, secrets: readonly string[] = [], mask = '[redacted]'): string {
  let out = url;
  for (const secret of secrets) {
    if (!secret) continue;
    out = out.split(secret).join(mask);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(mask);
  }
  const q = out.indexOf('?');
  const base = scrubSecrets((q < 0 ? out : out.slice(0, q)).replace(/^([a-z][a-z\d+.-]*:\/\/)[^/?#]*@/i, '$1'));
  if (q < 0) return base;
  const params = new URLSearchParams(out.slice(q + 1));
  const shown = [...params.keys()].map((name) =>
    SECRET_PARAMS.test(name)
      ? `${encodeURIComponent(name)}=${mask}`
      : `${encodeURIComponent(name)}=${encodeURIComponent(params.get(name) ?? '')}`,
  );
  return base + '?' + [...new Set(shown)].join('&');
}

const serializers = {
  req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  err: (err: unknown) => {
    const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
    for (const key of ['message', 'stack'] as const) {
      if (typeof serialized[key] === 'string') serialized[key] = scrubSecrets(serialized[key]);
    }
    return serialized;
  },
};

/** What a line is written for: a request (by its id), or a piece of the process's own periodic work (by name). */
type LogScope = { requestId: string } | { work: string };

const scope = new AsyncLocalStorage<LogScope>();

/**
 * A line written while a request is handled carries its id even when the writer holds the root logger
 * (a service, the ORM, Apollo itself) rather than the request's child logger. Lines from the child logger
 * (or a child of it) already carry it as a binding and are left alone, so the key is never written twice.
 * A line written by the process's own periodic work (an outbox's drain, a purge) names that work in `work`, so
 * a line carries either the request or the work it was written for.
 * A line written inside a traced span carries its trace and span ids too, so a trace and its log lines join up;
 * the ids come from the OpenTelemetry context of the moment, which holds under ESM as under CommonJS.
 */
function logScopeMixin(_merge: object, _level: number, logger: Logger): object {
  const trace = traceFieldsOfCurrentSpan();
  const current = scope.getStore();
  if (!current || ('requestId' in current && 'requestId' in logger.bindings())) return trace ?? {};
  return trace ? { ...current, ...trace } : current;
}

/** Runs a piece of periodic work so that every line it writes, through any logger, says which work it was. */
export function inWorkScope<T>(work: string, run: () => Promise<T>): Promise<T> {
  return scope.run({ work }, run);
}

export function buildLogger(level: string, stream?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    mixin: logScopeMixin,
    hooks: {
      // Message strings are free text: scrub credential-shaped substrings before they are written.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubSecrets(a) : a)) as Parameters<typeof method>);
      },
    },
  };
  return pino(options, stream);
}

/**
 * Enters the request's scope once its body is parsed, for the rest of its handling (resolvers, services,
 * the ORM). Earlier phases log through request.log, which carries the id itself.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ requestId: request.id }, done);
  });
}
