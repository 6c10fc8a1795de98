import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GraphQLError, Kind, parse, print, visit, type DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

/**
 * Trusted documents (also called persisted documents or a safelist): the documents a deployment's own frontends
 * send, listed at build time by graphql-codegen's client preset (`persistedDocuments`), so that a production server
 * need not run whatever a stranger composes. `off` runs any document; `log` runs any but reports each one outside
 * the manifest once; `enforce` runs only the manifest's.
 */
export type TrustedDocumentsMode = 'off' | 'log' | 'enforce';
export const TRUSTED_DOCUMENTS_MODES = ['off', 'log', 'enforce'] as const;

/** A manifest's documents by id (a `sha256:` prefix dropped), and the ids by exact document text. */
export interface TrustedManifest {
  readonly byId: ReadonlyMap<string, string>;
  readonly byText: ReadonlyMap<string, string>;
}

const SHA256_ID = /^(?:sha256:)?([0-9a-f]{64})$/i;
/** Problems listed at start-up before the rest are summarised: enough to see what went wrong. */
const MAX_PROBLEMS = 10;

/** An id as clients send it: codegen writes `sha256:<hex>`, Apollo Client's link sends what it is given. */
export function normalizeDocumentId(id: string): string {
  const sha = SHA256_ID.exec(id);
  return sha ? sha[1].toLowerCase() : id;
}

/**
 * Reads a manifest in the format codegen's client preset writes (`persisted-documents.json`: `{ "<id>": "<document>" }`).
 * Every entry must be a document that parses, and an id that names a SHA-256 must be that of its document, so a
 * hand-edited or truncated manifest stops the start rather than trusting a document its id does not describe.
 */
export function loadTrustedManifest(file: string): { manifest: TrustedManifest } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { problems: [`cannot read ${file} as JSON (${reason})`] };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return {
      problems: [`${file} must hold a JSON object of document id → document, as codegen's client preset writes it`],
    };
  }
  const problems: string[] = [];
  const byId = new Map<string, string>();
  const byText = new Map<string, string>();
  for (const [key, document] of Object.entries(json)) {
    const problem = entryProblem(key, document);
    if (problem) {
      problems.push(`${file}: ${JSON.stringify(key.slice(0, 80))} ${problem}`);
      continue;
    }
    const id = normalizeDocumentId(key);
    byId.set(id, document as string);
    byText.set(document as string, id);
  }
  if (problems.length > 0) {
    const more = problems.length > MAX_PROBLEMS ? [`… and ${problems.length - MAX_PROBLEMS} more`] : [];
    return { problems: [...problems.slice(0, MAX_PROBLEMS), ...more] };
  }
  if (byId.size === 0) return { problems: [`${file} lists no document`] };
  return { manifest: { byId, byText } };
}

function entryProblem(key: string, document: unknown): string | undefined {
  if (typeof document !== 'string' || document.trim() === '') return 'is not a document';
  if (key.trim() === '') return 'is an empty id';
  try {
    parse(document);
  } catch (error) {
    return `does not parse: ${(error as Error).message}`;
  }
  const sha = SHA256_ID.exec(key);
  if (sha && sha256(document) !== sha[1].toLowerCase()) return 'is not the SHA-256 of its document';
  return undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a request asks for, in the GraphQL-over-HTTP fields a persisted-document client uses. */
export interface DocumentRequest {
  query?: unknown;
  documentId?: unknown;
  extensions?: unknown;
  operationName?: unknown;
}

export type Resolution =
  /** Run this document. `trusted` says whether it came from the manifest. */
  | { kind: 'run'; query: string; trusted: boolean }
  /** Leave the request as it is (no manifest, or nothing to look up): the usual steps judge it. */
  | { kind: 'pass' }
  | { kind: 'refused'; error: GraphQLError };

export interface TrustedDocumentsOptions {
  mode: TrustedDocumentsMode;
  manifest: TrustedManifest | undefined;
  /** Counts each document outside the manifest: served (`log`) or refused (`enforce`). */
  count?: (outcome: 'served' | 'refused') => void;
  /** Where `log` reports when the caller has no request logger to offer. */
  log?: Pick<Logger, 'warn'>;
}

/** How many distinct untrusted documents `log` remembers having reported, so each is reported once. */
const REMEMBERED_DOCUMENTS = 2_000;
/** How much of an untrusted document a log line shows. */
const LOGGED_DOCUMENT_CHARS = 2_000;

const ONLY_TRUSTED = "only trusted documents are accepted: send the id of a document in this server's manifest";

/**
 * Resolves a request to the document to run, and judges it by the mode. One per app; both doors use it: POST and
 * GET /graphql before the response cache and Apollo, and graphql-ws before subscribing. The REST routes' stored
 * documents never pass here: they are the server's own.
 */
export class TrustedDocuments {
  readonly mode: TrustedDocumentsMode;
  readonly manifest: TrustedManifest | undefined;
  readonly #count: TrustedDocumentsOptions['count'];
  readonly #log: TrustedDocumentsOptions['log'];
  /** Hashes of the untrusted documents already reported, least recently seen first out. */
  readonly #reported = new LRUCache<string, true>({ max: REMEMBERED_DOCUMENTS });
  // Made once: a refusal is the cheap path an attacker can drive, and an error's stack trace is most of its cost.
  readonly #notFound: GraphQLError;
  readonly #untrusted = untrusted();

  constructor(options: TrustedDocumentsOptions) {
    this.mode = options.mode;
    this.manifest = options.manifest;
    this.#count = options.count;
    this.#log = options.log;
    if (this.mode !== 'off' && !this.manifest) throw new Error(`TRUSTED_DOCUMENTS=${this.mode} needs a manifest`);
    this.#notFound = notFound(this.mode === 'enforce');
  }

  /**
   * A known id runs the manifest's document, whatever text came with it: a client cannot attach another document to a
   * trusted id. Without one, the text runs if the mode lets it; an exact copy of a manifest document counts as trusted.
   */
  resolve(request: DocumentRequest, log: Pick<Logger, 'warn'> | undefined = this.#log): Resolution {
    if (!this.manifest) return { kind: 'pass' };
    const id = idOf(request);
    if (id instanceof GraphQLError) return { kind: 'refused', error: id };
    if (id !== undefined) {
      const document = this.manifest.byId.get(normalizeDocumentId(id));
      if (document !== undefined) return { kind: 'run', query: document, trusted: true };
      // An unknown id with its text is a persisted-query client's second try (Apollo's link sends both after a miss).
      if (typeof request.query !== 'string' || request.query === '') {
        return { kind: 'refused', error: this.#notFound };
      }
    }
    const { query } = request;
    if (typeof query !== 'string' || query === '') return { kind: 'pass' };
    if (this.manifest.byText.has(query)) return { kind: 'run', query, trusted: true };
    if (this.mode === 'off') return { kind: 'run', query, trusted: false };
    if (this.mode === 'enforce') {
      this.#count?.('refused');
      return { kind: 'refused', error: this.#untrusted };
    }
    this.#count?.('served');
    this.#report(query, request.operationName, log);
    return { kind: 'run', query, trusted: false };
  }

  /** One warning per distinct document (while remembered): what it is, without the literals it carries. */
  #report(query: string, operationName: unknown, log: Pick<Logger, 'warn'> | undefined): void {
    if (!log) return;
    const hash = sha256(query);
    if (this.#reported.has(hash)) return;
    this.#reported.set(hash, true);
    log.warn(
      {
        trustedDocuments: 'log',
        documentHash: `sha256:${hash}`,
        operationName: typeof operationName === 'string' ? operationName.slice(0, 100) : null,
        document: withoutLiterals(query),
      },
      'a document outside the trusted-documents manifest was run (TRUSTED_DOCUMENTS=enforce would refuse it)',
    );
  }
}

/** The id a request names: `documentId`, else Apollo's `extensions.persistedQuery.sha256Hash`; an error when malformed. */
function idOf(request: DocumentRequest): string | undefined | GraphQLError {
  const { documentId, extensions } = request;
  if (documentId !== undefined && documentId !== null) {
    return typeof documentId === 'string' && documentId !== ''
      ? documentId
      : badRequest('documentId must be a non-empty string');
  }
  const persisted =
    extensions !== null && typeof extensions === 'object'
      ? (extensions as { persistedQuery?: unknown }).persistedQuery
      : undefined;
  if (persisted === undefined || persisted === null) return undefined;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  if (version !== 1) return badRequest('Unsupported persisted query version: send extensions.persistedQuery.version 1');
  if (typeof sha256Hash !== 'string' || sha256Hash === '')
    return badRequest('extensions.persistedQuery.sha256Hash must be a non-empty string');
  return sha256Hash;
}

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

/**
 * An id the manifest lacks. The code (and Apollo's message name, in the text) are what persisted-query links look for
 * before sending the document itself, which `log` and `off` then run.
 */
function notFound(enforced: boolean): GraphQLError {
  const message = enforced
    ? `PersistedQueryNotFound: no trusted document has this id; ${ONLY_TRUSTED}`
    : 'PersistedQueryNotFound: no trusted document has this id; send the document itself';
  return new GraphQLError(message, { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
}

function untrusted(): GraphQLError {
  const message = `This document is not in the trusted-documents manifest: ${ONLY_TRUSTED} (extensions.persistedQuery.sha256Hash or documentId)`;
  return new GraphQLError(message, { extensions: { code: 'UNTRUSTED_DOCUMENT' } });
}

/**
 * The document with every string and number literal blanked (a password written inline must not reach the log),
 * cut to a readable length; unparsable text is not shown at all.
 */
function withoutLiterals(query: string): string | null {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 5_000 });
  } catch {
    return null;
  }
  const blanked = visit(document, {
    [Kind.STRING]: (node) => ({ ...node, value: '', block: false }),
    [Kind.INT]: (node) => ({ ...node, value: '0' }),
    [Kind.FLOAT]: (node) => ({ ...node, value: '0' }),
  });
  const text = print(blanked);
  return text.length > LOGGED_DOCUMENT_CHARS ? `${text.slice(0, LOGGED_DOCUMENT_CHARS)}…` : text;
}
