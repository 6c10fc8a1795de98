import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { parsePermissions, type ApiKeyPermission } from './auth/api-key-permissions.js';
import {
  loadTrustedManifest,
  TRUSTED_DOCUMENTS_MODES,
  type TrustedDocumentsMode,
  type TrustedManifest,
} from './hardening/trusted-documents.js';

/**
 * Every environment variable the gateway reads, parsed once. Nothing else in the codebase reads
 * process.env: the parsed object is passed down, so tests build the app with their own values.
 */

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), {
        message: `must be a ${protocols.source} URL`,
      })
      .optional(),
  );
const httpUrl = optionalUrl(/^https?:$/);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);
const csv = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string()),
);

/**
 * What decides whether the process traces. The OpenTelemetry SDK reads the rest of the standard OTEL_* variables
 * itself (sampler, protocol, headers, compression, propagators, batching), as operators expect of any service.
 */
const TRACE_EXPORTERS = ['otlp', 'console', 'none'] as const;
const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
const otlpProtocol = z.preprocess(
  emptyAsUndefined,
  z.enum(OTLP_PROTOCOLS, { message: `must be one of ${OTLP_PROTOCOLS.join(', ')}` }).optional(),
);
const tracingFields = {
  OTEL_SDK_DISABLED: bool.default(false),
  OTEL_TRACES_EXPORTER: csv
    .refine((names) => names.every((n) => (TRACE_EXPORTERS as readonly string[]).includes(n)), {
      message: `must list ${TRACE_EXPORTERS.join(', ')}`,
    })
    .optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  OTEL_BSP_SCHEDULE_DELAY: z.preprocess(emptyAsUndefined, int(0, 60_000).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl,
  OTEL_SERVICE_NAME: optionalString,
  OTEL_RESOURCE_ATTRIBUTES: optionalString,
};
const TracingEnv = z.object(tracingFields);

export interface TracingConfig {
  /** An exporter is named (other than `none`) or an OTLP endpoint is set, and OTEL_SDK_DISABLED is not true. */
  enabled: boolean;
  /** `trellis` unless OTEL_SERVICE_NAME or a `service.name` in OTEL_RESOURCE_ATTRIBUTES says otherwise (the SDK reads those). */
  serviceName: string | undefined;
  /** Where spans go: OTLP over HTTP (the default), and/or the console. */
  exporters: Array<'otlp' | 'console'>;
  protocol: (typeof OTLP_PROTOCOLS)[number];
  /**
   * How long a finished span waits in the batch: 1 s unless OTEL_BSP_SCHEDULE_DELAY says otherwise (the SDK's own
   * 5 s would leave an operator looking at a slow page waiting for its trace).
   */
  batchDelayMs: number;
  /** Credentials that upstream URLs carry in their path, masked in the URLs client spans record. */
  urlSecrets: string[];
}

const TRACING_OFF: TracingConfig = {
  enabled: false,
  serviceName: undefined,
  exporters: [],
  protocol: 'http/protobuf',
  batchDelayMs: 1000,
  urlSecrets: [],
};

function tracingOf(e: z.infer<typeof TracingEnv>, fireApiToken: string | undefined): TracingConfig {
  const exporters = (e.OTEL_TRACES_EXPORTER ?? []).filter((name) => name !== 'none');
  const named = e.OTEL_TRACES_EXPORTER?.includes('none') ? false : exporters.length > 0;
  const endpoint =
    Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
    !e.OTEL_TRACES_EXPORTER?.includes('none');
  const namedByResource = /(^|,)\s*service\.name\s*=/.test(e.OTEL_RESOURCE_ATTRIBUTES ?? '');
  return {
    enabled: !e.OTEL_SDK_DISABLED && (named || endpoint),
    serviceName: e.OTEL_SERVICE_NAME || namedByResource ? undefined : 'trellis',
    exporters: exporters.length > 0 ? (exporters as Array<'otlp' | 'console'>) : ['otlp'],
    protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    batchDelayMs: e.OTEL_BSP_SCHEDULE_DELAY ?? 1000,
    urlSecrets: fireApiToken ? [fireApiToken] : [],
  };
}

/**
 * The tracing decision alone, for the module Node imports before the app (`--import`): it must not refuse to start
 * over a variable the app itself reports, so the rest of the environment is left to loadConfig.
 */
export function loadTracingConfig(source: Record<string, string | undefined> = process.env): TracingConfig {
  const parsed = TracingEnv.safeParse(source);
  const token = emptyAsUndefined(source.FIRE_API_TOKEN);
  return parsed.success ? tracingOf(parsed.data, typeof token === 'string' ? token : undefined) : TRACING_OFF;
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(0, 65535).default(4000),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    CORS_ORIGINS: csv
      .refine((list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o), {
        message: 'must list origins such as https://app.example.com (scheme, host and port; no wildcard, no path)',
      })
      .optional(),
    SESSION_COOKIE_NAME: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . -')
      .default('trellis_session'),
    SESSION_COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
    SESSION_COOKIE_SECURE: bool.optional(),
    BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
    SHUTDOWN_GRACE_MS: int(0, 120_000).default(10_000),
    HTTP_HEADERS_TIMEOUT_MS: int(1000, 120_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: int(1000, 600_000).default(30_000),

    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/),
    DATA_DIR: z.string().min(1).default('./.data'),
    DB_POOL_MAX: int(1, 200).default(10),
    DATABASE_REPLICA_URLS: z.preprocess(emptyAsUndefined, csv.optional()),
    DATABASE_REPLICA_MAX_LAG_SECONDS: int(1, 3600).default(10),
    REDIS_URL: optionalUrl(/^rediss?:$/),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')
      .default('trellis:'),

    JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
    JWT_EXPIRES_IN_SECONDS: int(60, 7 * 24 * 3600).default(3600),
    JWT_ISSUER: z.string().min(1).default('trellis'),
    JWT_AUDIENCE: z.string().min(1).default('trellis'),
    JWT_JWKS_URL: httpUrl,

    BOOTSTRAP_ADMIN_USERNAME: z.string().min(1).default('admin'),
    BOOTSTRAP_ADMIN_PASSWORD: optionalString,
    BOOTSTRAP_API_KEY: optionalString,
    BOOTSTRAP_API_KEY_SECRET: optionalString,
    BOOTSTRAP_API_KEY_PERMISSIONS: csv.optional(),

    PLATFORM_VERSION: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/, 'must look like 1.16.0')
      .default('1.16.0'),

    SEISMIC_API_URL: httpUrl.default('https://earthquake.usgs.gov/fdsnws/event/1/query'),
    FIRE_API_URL: httpUrl.default('https://firms.modaps.eosdis.nasa.gov/api/area/csv'),
    FIRE_API_TOKEN: optionalString,
    FIRE_DAILY_QUOTA: int(1, 100_000).default(1000),
    ZIP_GEOCODER_URL: httpUrl,
    UPSTREAM_TIMEOUT_MS: int(50, 60_000).default(5000),
    RESPONSE_CACHE_TTL_SECONDS: int(0, 3600).default(60),
    HELP_SLA_CHECK_SECONDS: int(1, 3600).default(15),
    HELP_AUTOMATION_SECONDS: z.coerce.number().min(0.05).max(86_400).default(300),
    WEBHOOK_SECRETS_KEY: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters',
    ),
    WEBHOOK_ALLOWED_HOSTS: csv.default([]),
    WEBHOOK_TIMEOUT_MS: int(100, 60_000).default(10_000),
    WEBHOOK_RETRY_SECONDS: csv
      .refine((list) => list.length > 0 && list.every((v) => /^\d+(\.\d+)?$/.test(v)), {
        message: 'must list numbers of seconds, such as 5,300,1800',
      })
      .default(['5', '300', '1800', '7200', '18000', '36000', '36000']),
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().min(0).max(8760).default(120),
    WEBHOOK_MAX_PENDING: int(1, 10_000_000).default(10_000),
    WEBHOOK_POLL_MS: int(10, 600_000).default(1000),

    RATE_LIMIT_MAX: int(1, 1_000_000).default(600),
    RATE_LIMIT_WINDOW_SECONDS: int(1, 3600).default(60),
    LOGIN_RATE_LIMIT_MAX: int(1, 10_000).default(10),
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400).default(60),

    AUDIT_RETENTION_DAYS: int(1, 36_500).default(400),

    ATTACHMENT_MAX_BYTES: int(1, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
    ATTACHMENT_MAX_PER_REQUEST_BYTES: int(1, 16 * 1024 * 1024 * 1024).default(50 * 1024 * 1024),
    ATTACHMENT_STORAGE: z.enum(['postgres', 's3']).default('postgres'),
    S3_ENDPOINT: httpUrl,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: bool.default(false),
    CLAMAV_HOST: optionalString,
    CLAMAV_PORT: int(1, 65535).default(3310),

    SMTP_URL: optionalUrl(/^smtps?:$/),
    MAIL_FROM: optionalString,
    MAIL_REPLY_DOMAIN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i,
          'must be a domain name',
        )
        .optional(),
    ),
    MAIL_SECRET: optionalString,
    MAIL_POLL_SECONDS: int(1, 3600).default(5),
    MAIL_LINK_BASE_URL: httpUrl,
    MAIL_AUTHSERV_ID: optionalString,
    HELP_IMAP_URLS: z.preprocess(emptyAsUndefined, csv.optional()),
    HELP_IMAP_POLL_SECONDS: int(5, 3600).default(60),
    HELP_LMTP_PORT: z.preprocess(emptyAsUndefined, int(0, 65535).optional()),
    HELP_LMTP_HOST: z.string().min(1).default('127.0.0.1'),
    HELP_LMTP_CLIENTS: csv.default(['127.0.0.1', '::1']),
    HELP_MAIL_MAX_BYTES: int(1024, 1024 * 1024 * 1024).default(25 * 1024 * 1024),

    APOLLO_KEY: optionalString,
    APOLLO_GRAPH_REF: optionalString,
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
    METRICS_PORT: z.preprocess(emptyAsUndefined, int(0, 65535).optional()),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),

    TRUSTED_DOCUMENTS: z.enum(TRUSTED_DOCUMENTS_MODES).default('off'),
    TRUSTED_DOCUMENTS_FILE: optionalString,

    TRELLIS_MODULES: z.preprocess(emptyAsUndefined, csv.optional()),
    GRAPHQL_FEDERATION: z.enum(['off', 'subgraph']).default('off'),
    FEDERATION_HMAC_SECRET: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters',
    ),

    OTEL_SDK_DISABLED: tracingFields.OTEL_SDK_DISABLED,
    OTEL_TRACES_EXPORTER: tracingFields.OTEL_TRACES_EXPORTER,
    OTEL_EXPORTER_OTLP_PROTOCOL: tracingFields.OTEL_EXPORTER_OTLP_PROTOCOL,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: tracingFields.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
    OTEL_BSP_SCHEDULE_DELAY: tracingFields.OTEL_BSP_SCHEDULE_DELAY,
    OTEL_EXPORTER_OTLP_ENDPOINT: tracingFields.OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: tracingFields.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
    OTEL_SERVICE_NAME: tracingFields.OTEL_SERVICE_NAME,
    OTEL_RESOURCE_ATTRIBUTES: tracingFields.OTEL_RESOURCE_ATTRIBUTES,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET && !env.JWT_JWKS_URL) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.SESSION_COOKIE_SAMESITE === 'none' && env.SESSION_COOKIE_SECURE === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_COOKIE_SECURE'],
        message: 'browsers refuse SameSite=None without Secure',
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    if (!!env.BOOTSTRAP_API_KEY !== !!env.BOOTSTRAP_API_KEY_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_API_KEY_SECRET'],
        message: 'BOOTSTRAP_API_KEY and BOOTSTRAP_API_KEY_SECRET go together',
      });
    }
    const unknownPermissions = parsePermissions(env.BOOTSTRAP_API_KEY_PERMISSIONS ?? []).unknown;
    if (unknownPermissions.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_API_KEY_PERMISSIONS'],
        message: `unknown permission ${unknownPermissions.join(', ')}`,
      });
    }
    if (env.BOOTSTRAP_API_KEY_SECRET && env.BOOTSTRAP_API_KEY_SECRET.length < 24) {
      ctx.addIssue({ code: 'custom', path: ['BOOTSTRAP_API_KEY_SECRET'], message: 'must be at least 24 characters' });
    }
    if (env.ATTACHMENT_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when ATTACHMENT_STORAGE=s3' });
    }
    if (env.ATTACHMENT_MAX_BYTES > env.ATTACHMENT_MAX_PER_REQUEST_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['ATTACHMENT_MAX_BYTES'],
        message: 'must not exceed ATTACHMENT_MAX_PER_REQUEST_BYTES',
      });
    }
    if (env.MAIL_SECRET !== undefined && env.MAIL_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_SECRET'], message: 'must be at least 32 characters' });
    }
    if (env.SMTP_URL) {
      for (const name of ['MAIL_FROM', 'MAIL_REPLY_DOMAIN', 'MAIL_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with SMTP_URL' });
      }
    }
    // An entry is named by its place, never echoed: a mailbox's URL carries its password.
    (env.HELP_IMAP_URLS ?? []).forEach((url, i) => {
      if (!URL.canParse(url) || !/^imaps?:$/.test(new URL(url).protocol) || !new URL(url).username)
        ctx.addIssue({
          code: 'custom',
          path: ['HELP_IMAP_URLS'],
          message: `entry ${i + 1} must be an imap:// or imaps:// URL with a user (imaps://user:password@host:993/INBOX)`,
        });
    });
    const notHosts = env.HELP_LMTP_CLIENTS.filter((client) => isIP(client) === 0);
    if (notHosts.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['HELP_LMTP_CLIENTS'],
        message: `must be IP addresses (${notHosts.join(', ')} is not)`,
      });
    }
    if (env.HELP_IMAP_URLS?.length || env.HELP_LMTP_PORT !== undefined) {
      // Mail in reads back the reply addresses and Message-IDs mail out signs, and holds mail from its own address.
      for (const name of ['MAIL_FROM', 'MAIL_REPLY_DOMAIN', 'MAIL_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required with HELP_IMAP_URLS or HELP_LMTP_PORT' });
      }
    }
    if (env.MAIL_FROM !== undefined && !mailboxOf(env.MAIL_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'must be an address, optionally with a name: Help desk <help@example.com>',
      });
    }
    if (env.FEDERATION_HMAC_SECRET && env.GRAPHQL_FEDERATION !== 'subgraph') {
      ctx.addIssue({
        code: 'custom',
        path: ['FEDERATION_HMAC_SECRET'],
        message: 'applies only with GRAPHQL_FEDERATION=subgraph',
      });
    }
    // An entry is named by its place, never echoed: a replica's URL carries its password.
    (env.DATABASE_REPLICA_URLS ?? []).forEach((url, i) => {
      if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol))
        ctx.addIssue({
          code: 'custom',
          path: ['DATABASE_REPLICA_URLS'],
          message: `entry ${i + 1} must be a postgres:// URL`,
        });
    });
    if (env.DATABASE_REPLICA_URLS?.length && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URLS'],
        message: 'needs DATABASE_URL (the primary they replicate)',
      });
    }
    if (env.TRUSTED_DOCUMENTS !== 'off' && !env.TRUSTED_DOCUMENTS_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_DOCUMENTS_FILE'],
        message: `is required when TRUSTED_DOCUMENTS=${env.TRUSTED_DOCUMENTS} (the persisted-documents.json codegen's client preset writes)`,
      });
    }
  });

/**
 * MAIL_FROM as a name and an address (`Help desk <help@example.com>` or a bare address). Control characters are
 * refused outright: the value becomes a header of every mail.
 */
export function mailboxOf(value: string): { name: string; address: string } | undefined {
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return undefined;
  return { name: (match?.[1] ?? '').trim(), address };
}

/** The manifest named by TRUSTED_DOCUMENTS_FILE, read once at start-up; its problems, prefixed with the variable. */
function trustedManifestOf(file: string | undefined): { manifest?: TrustedManifest; problems: string[] } {
  if (!file) return { problems: [] };
  const loaded = loadTrustedManifest(file);
  if ('problems' in loaded) return { problems: loaded.problems.map((p) => `TRUSTED_DOCUMENTS_FILE: ${p}`) };
  return { manifest: loaded.manifest, problems: [] };
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  http: {
    port: number;
    host: string;
    trustProxy: boolean;
    corsOrigins: string[] | undefined;
    bodyLimitBytes: number;
    shutdownGraceMs: number;
    /** Slow-client bounds: all headers within the first, the whole request within the second. */
    headersTimeoutMs: number;
    requestTimeoutMs: number;
  };
  /** The browser session cookie that holds an access token, beside the Authorization header. */
  session: { cookieName: string; sameSite: 'lax' | 'strict' | 'none'; secure: boolean };
  logLevel: Env['LOG_LEVEL'];
  db: {
    url: string | undefined;
    dataDir: string;
    poolMax: number;
    /** Streaming replicas that serve queries' reads; empty: the primary serves every read. */
    replicaUrls: string[];
    /** A replica further behind the primary than this is left out until it catches up. */
    replicaMaxLagSeconds: number;
  };
  redisUrl: string | undefined;
  /** How often each replica looks for help requests whose service-level due time passed unmet. */
  helpSlaCheckSeconds: number;
  /** Triggers, automations and webhooks over the help desk's events (src/automation). */
  automation: {
    /** How often each replica runs the timed rules (automations). */
    automationSeconds: number;
    webhooks: {
      /** The key that seals webhook secrets; required once a webhook exists. */
      secretsKey: string | undefined;
      /** Hosts (lower-case) a webhook may name without the public-address guard, over http too. */
      allowedHosts: string[];
      timeoutMs: number;
      /** The wait before each retry after a failed attempt, in seconds (jittered); then the delivery has failed. */
      retrySeconds: number[];
      /** A webhook whose deliveries have failed for this long is turned off. */
      disableAfterSeconds: number;
      /** The most deliveries one webhook may have waiting; past it, new events are dropped and counted. */
      maxPending: number;
      /** How often each replica looks for deliveries that are due. */
      pollMs: number;
    };
  };
  /** Starts every Redis key and channel name, so deployments (or test runs) can share one Redis without colliding. */
  redisKeyPrefix: string;
  jwt: {
    /** HS256 key; a random per-process key outside production, so tokens do not outlive a dev server. */
    secret: Uint8Array;
    secretIsEphemeral: boolean;
    expiresInSeconds: number;
    issuer: string;
    audience: string;
    jwksUrl: string | undefined;
  };
  bootstrap: {
    adminUsername: string;
    adminPassword: string | undefined;
    apiKey: string | undefined;
    apiKeySecret: string | undefined;
    /** What the bootstrap key may do: the ordinary set unless BOOTSTRAP_API_KEY_PERMISSIONS names another. */
    apiKeyPermissions: ApiKeyPermission[] | undefined;
  };
  platformVersion: string;
  risk: {
    seismicApiUrl: string;
    fireApiUrl: string;
    fireApiToken: string | undefined;
    fireDailyQuota: number;
    zipGeocoderUrl: string | undefined;
    upstreamTimeoutMs: number;
  };
  /** How long anonymous risk answers built from cached data are replayed before GraphQL runs; 0 turns it off. */
  responseCacheTtlSeconds: number;
  rateLimit: { max: number; windowSeconds: number; loginMax: number; loginWindowSeconds: number };
  apollo: { key: string | undefined; graphRef: string | undefined };
  /** Audit events older than this many days are pruned. */
  audit: { retentionDays: number };
  /**
   * Files on help requests and responses: size bounds, where the bytes live (PostgreSQL, or an S3-protocol store
   * whose credentials the AWS SDK reads from its own variables), and the clamd that scans each upload, if any.
   */
  attachments: {
    maxBytes: number;
    maxPerRequestBytes: number;
    storage: 'postgres' | 's3';
    s3: { endpoint: string | undefined; bucket: string | undefined; region: string; forcePathStyle: boolean };
    clamav: { host: string; port: number } | undefined;
  };
  /**
   * Mail out: the SMTP server (none: nothing is mailed, and deliveries say so), the sender, the domain of
   * Message-IDs and reply addresses, and the key that signs them; how often each replica looks at the outbox.
   */
  mail: {
    smtpUrl: string | undefined;
    from: { name: string; address: string } | undefined;
    replyDomain: string | undefined;
    secret: string | undefined;
    pollSeconds: number;
    /** Where links in mail point (the gateway as its readers reach it); without it, http://HOST:PORT. */
    linkBaseUrl: string;
    /**
     * Mail in: the IMAP mailboxes read, the LMTP listener an MTA delivers to (and the hosts it takes connections
     * from), the largest mail taken, and the receiving MTA's authserv-id, whose Authentication-Results alone are
     * believed.
     */
    inbound: {
      imapUrls: string[];
      imapPollSeconds: number;
      lmtp: { port: number; host: string; clients: string[] } | undefined;
      maxBytes: number;
      authservId: string | undefined;
    };
  };
  /**
   * /metrics on the public port needs the bearer token; without one it is served there only outside production.
   * A port of its own (loopback by default) serves it without a token, for a scraper on the same host or network.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * Which documents /graphql runs: any (`off`), any but reporting those outside the manifest (`log`), or only the
   * manifest's (`enforce`). A manifest, when given, also serves its documents by id in every mode.
   */
  trustedDocuments: { mode: TrustedDocumentsMode; file: string | undefined; manifest: TrustedManifest | undefined };
  /**
   * The modules this process serves, by name (TRELLIS_MODULES), or undefined for all of them. Only names here:
   * src/modules.ts turns them into modules and refuses an unknown one or a missing requirement.
   */
  modules: string[] | undefined;
  /** `subgraph`: /graphql is an Apollo Federation 2 subgraph (docs/federation.md); `off`: the gateway's own graph. */
  federation: { mode: 'off' | 'subgraph'; hmacSecret: string | undefined };
  /** OpenTelemetry tracing: started before the app by src/platform/observability/register.ts when enabled. */
  tracing: TracingConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  // The manifest is read even when another variable is wrong, so one start-up reports every problem.
  const fileSource = emptyAsUndefined(source.TRUSTED_DOCUMENTS_FILE);
  const trusted = trustedManifestOf(typeof fileSource === 'string' ? fileSource : undefined);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...trusted.problems,
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    http: {
      port: e.PORT,
      host: e.HOST,
      trustProxy: e.TRUST_PROXY,
      corsOrigins: e.CORS_ORIGINS,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
    session: {
      cookieName: e.SESSION_COOKIE_NAME,
      sameSite: e.SESSION_COOKIE_SAMESITE,
      secure: e.SESSION_COOKIE_SECURE ?? (e.NODE_ENV === 'production' || e.SESSION_COOKIE_SAMESITE === 'none'),
    },
    logLevel: e.LOG_LEVEL,
    db: {
      url: e.DATABASE_URL,
      dataDir: e.DATA_DIR,
      poolMax: e.DB_POOL_MAX,
      replicaUrls: e.DATABASE_REPLICA_URLS ?? [],
      replicaMaxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    helpSlaCheckSeconds: e.HELP_SLA_CHECK_SECONDS,
    automation: {
      automationSeconds: e.HELP_AUTOMATION_SECONDS,
      webhooks: {
        secretsKey: e.WEBHOOK_SECRETS_KEY,
        allowedHosts: e.WEBHOOK_ALLOWED_HOSTS.map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')),
        timeoutMs: e.WEBHOOK_TIMEOUT_MS,
        retrySeconds: e.WEBHOOK_RETRY_SECONDS.map(Number),
        disableAfterSeconds: e.WEBHOOK_DISABLE_AFTER_HOURS * 3600,
        maxPending: e.WEBHOOK_MAX_PENDING,
        pollMs: e.WEBHOOK_POLL_MS,
      },
    },
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwt: {
      secret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : randomBytes(32),
      secretIsEphemeral: !e.JWT_SECRET,
      expiresInSeconds: e.JWT_EXPIRES_IN_SECONDS,
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
      jwksUrl: e.JWT_JWKS_URL,
    },
    bootstrap: {
      adminUsername: e.BOOTSTRAP_ADMIN_USERNAME,
      adminPassword: e.BOOTSTRAP_ADMIN_PASSWORD,
      apiKey: e.BOOTSTRAP_API_KEY,
      apiKeySecret: e.BOOTSTRAP_API_KEY_SECRET,
      apiKeyPermissions: e.BOOTSTRAP_API_KEY_PERMISSIONS?.length
        ? parsePermissions(e.BOOTSTRAP_API_KEY_PERMISSIONS).permissions
        : undefined,
    },
    platformVersion: e.PLATFORM_VERSION,
    risk: {
      seismicApiUrl: e.SEISMIC_API_URL,
      fireApiUrl: e.FIRE_API_URL,
      fireApiToken: e.FIRE_API_TOKEN,
      fireDailyQuota: e.FIRE_DAILY_QUOTA,
      zipGeocoderUrl: e.ZIP_GEOCODER_URL,
      upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    },
    responseCacheTtlSeconds: e.RESPONSE_CACHE_TTL_SECONDS,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      loginMax: e.LOGIN_RATE_LIMIT_MAX,
      loginWindowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    apollo: { key: e.APOLLO_KEY, graphRef: e.APOLLO_GRAPH_REF },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    attachments: {
      maxBytes: e.ATTACHMENT_MAX_BYTES,
      maxPerRequestBytes: e.ATTACHMENT_MAX_PER_REQUEST_BYTES,
      storage: e.ATTACHMENT_STORAGE,
      s3: { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE },
      clamav: e.CLAMAV_HOST ? { host: e.CLAMAV_HOST, port: e.CLAMAV_PORT } : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ? mailboxOf(e.MAIL_FROM) : undefined,
      replyDomain: e.MAIL_REPLY_DOMAIN?.toLowerCase(),
      secret: e.MAIL_SECRET,
      pollSeconds: e.MAIL_POLL_SECONDS,
      linkBaseUrl: (e.MAIL_LINK_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
      inbound: {
        imapUrls: e.HELP_IMAP_URLS ?? [],
        imapPollSeconds: e.HELP_IMAP_POLL_SECONDS,
        lmtp:
          e.HELP_LMTP_PORT === undefined
            ? undefined
            : { port: e.HELP_LMTP_PORT, host: e.HELP_LMTP_HOST, clients: e.HELP_LMTP_CLIENTS },
        maxBytes: e.HELP_MAIL_MAX_BYTES,
        authservId: e.MAIL_AUTHSERV_ID?.toLowerCase(),
      },
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    trustedDocuments: { mode: e.TRUSTED_DOCUMENTS, file: e.TRUSTED_DOCUMENTS_FILE, manifest: trusted.manifest },
    modules: e.TRELLIS_MODULES,
    federation: { mode: e.GRAPHQL_FEDERATION, hmacSecret: e.FEDERATION_HMAC_SECRET },
    tracing: tracingOf(e, e.FIRE_API_TOKEN),
  };
}
