import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { defaultFieldResolver, Kind, type GraphQLFieldResolver, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Metrics } from '../observability/metrics.js';
import { routePattern } from '../shared/route-pattern.js';
import type { Context } from './context.js';

/**
 * Root fields whose answers are the same for every anonymous caller, each with the test a resolved value must
 * pass before the answer may be replayed to others: a risk score built from cached upstream data, say, but not
 * one computed from a live call or with a source missing.
 */
export type ReplayPolicy = Record<string, (value: never) => boolean>;

/** What one /graphql request may contribute to the cache: its key, and how many root fields passed the policy. */
export interface ResponseCacheSlot {
  key: CacheKey;
  replayableFields: number;
  storeForSeconds: number;
}

/** The request's Accept header (it picks the answer's format) and its body's text. */
interface CacheKey {
  accept: string;
  body: string;
}

interface Entry {
  body: string;
  contentType: string;
  operationName: string | null;
  expiresAt: number;
  /** The request body the answer was made for, parsed and frozen: what the same text parses to. */
  request: object;
}

const MAX_ENTRIES = 10_000;
/** Distinct Accept headers the cache keeps answers for; requests with any other go to Apollo. */
const MAX_ACCEPT_VARIANTS = 16;
const MAX_BODY_BYTES = 256 * 1024;
const MAX_KEY_LENGTH = 16 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    responseCacheSlot?: ResponseCacheSlot;
    /** The stored answer found for this request's body text before it was parsed. */
    responseCacheHit?: Entry;
    /** The text of a JSON body, as received. */
    rawJsonBody?: string;
  }
}

/**
 * Parses JSON bodies exactly as Fastify does (same limit, same prototype-poisoning refusal, same errors) and keeps
 * their text on the request: the cache keys on it rather than re-serialising the parsed body. A body whose text
 * has a stored answer is not parsed at all: `recall` gives what that text parsed to when the answer was stored.
 */
export function keepRawJsonBodies(fastify: FastifyInstance, recall?: (request: FastifyRequest, text: string) => object | undefined): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  // Declared up front (as the cache's own fields are, in ResponseCache.declare): every request keeps one shape.
  fastify.decorateRequest('rawJsonBody', undefined);
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Pages send their JSON headers on every call, a bodiless DELETE included: no body is no body, not an error.
    if (text === '') return done(null, undefined);
    request.rawJsonBody = text;
    const known = recall?.(request, text);
    if (known !== undefined) done(null, known);
    else parse(request, text, done);
  });
}

/**
 * A public response cache in front of Apollo, for anonymous queries made only of root fields the policy names.
 *
 * A hit is answered before GraphQL runs at all, so it can only ever replay what Apollo itself answered to the
 * same document, variables and Accept header within the TTL: the document passed parsing, validation and every
 * limit then, and only answers without errors are stored. Anything carrying credentials, any other content
 * type (CSRF prevention stays Apollo's), and anything the policy does not name goes to Apollo as usual.
 * The rate limit runs before the hit, so replays are budgeted like any request.
 */
export class ResponseCache {
  /**
   * Answers by Accept header, then by body text. Two lookups rather than one on the two joined: a Map hashes
   * every character of a new key string, and joining them would also copy the body, on every request.
   */
  readonly #byAccept = new Map<string, Map<string, Entry>>();
  #size = 0;

  constructor(
    /** The route the cache answers (POST); the JSON parser asks `recall` about bodies sent to it. */
    private readonly path: string,
    private readonly ttlSeconds: number,
    private readonly policy: ReplayPolicy,
    private readonly metrics: Metrics,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  /** Declares the cache's fields on every request up front, so a hit, a miss and any other request share one shape. */
  declare(fastify: FastifyInstance): void {
    fastify.decorateRequest('responseCacheSlot', undefined);
    fastify.decorateRequest('responseCacheHit', undefined);
  }

  /** Wraps the policy's root resolvers so each counts, on its request's slot, a value it may replay. */
  track(schema: GraphQLSchema): GraphQLSchema {
    const fields = schema.getQueryType()?.getFields() ?? {};
    for (const [name, mayReplay] of Object.entries(this.policy)) {
      const field = fields[name];
      if (!field) throw new Error(`The response cache policy names Query.${name}, which the schema lacks`);
      const resolve: GraphQLFieldResolver<unknown, Context> = field.resolve ?? defaultFieldResolver;
      field.resolve = async (source, args, context, info) => {
        const value = await resolve(source, args, context, info);
        // Shield hands a resolver's error back as a value rather than throwing it; such an answer is never replayed.
        if (value === null || typeof value !== 'object' || value instanceof Error) return value;
        if (context.responseCache && info.parentType === info.schema.getQueryType() && mayReplay(value as never)) {
          context.responseCache.replayableFields++;
        }
        return value;
      };
    }
    return schema;
  }

  /**
   * Asked by the JSON parser before it parses a body: when the text has a fresh answer, the request is marked as
   * a hit and gets, as its body, what the same text parsed to when the answer was stored; nothing is parsed.
   */
  readonly recall = (request: FastifyRequest, text: string): object | undefined => {
    if (routePattern(request) !== this.path) return undefined;
    const accept = this.acceptOf(request, text);
    if (accept === undefined) return undefined;
    const entries = this.#byAccept.get(accept);
    const entry = entries?.get(text);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      entries!.delete(text);
      this.#size--;
      return undefined;
    }
    request.responseCacheHit = entry;
    return entry.request;
  };

  /**
   * preValidation of POST /graphql (the body is parsed; the request scope and GraphQL have not started): answers
   * a hit the parser found, or opens a slot the answer may be stored in. Callback style: a request the cache does
   * not concern costs no promise.
   */
  readonly preValidation = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const hit = request.responseCacheHit;
    if (hit) return this.replay(reply, hit); // not calling done: the request is answered, GraphQL does not run
    // The parser found no fresh answer for this text (and dropped an expired one): GraphQL answers, maybe to be stored.
    const key = this.keyOf(request);
    if (key === undefined) return done();
    this.metrics.cacheLookup('graphql_response', false);
    request.responseCacheSlot = { key, replayableFields: 0, storeForSeconds: 0 };
    done();
  };

  private replay(reply: FastifyReply, entry: Entry): void {
    const started = performance.now();
    this.metrics.cacheLookup('graphql_response', true);
    reply
      .header('content-type', entry.contentType)
      .header('cache-control', `public, max-age=${Math.max(0, Math.floor((entry.expiresAt - this.now()) / 1000))}`)
      .send(entry.body);
    this.metrics.graphqlOperation(entry.operationName, 'query', 'ok', (performance.now() - started) / 1000);
  }

  /** onSend of /graphql: stores an answer the plugin found replayable. */
  readonly onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void => {
    this.store(request, reply, payload);
    done(null, payload);
  };

  private store(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const slot = request.responseCacheSlot;
    if (!slot || slot.storeForSeconds <= 0 || reply.statusCode !== 200 || typeof payload !== 'string') return;
    if (payload.length > MAX_BODY_BYTES) return;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return;
    const { accept, body } = slot.key;
    let entries = this.#byAccept.get(accept);
    if (!entries) {
      if (this.#byAccept.size >= MAX_ACCEPT_VARIANTS) return;
      entries = new Map();
      this.#byAccept.set(accept, entries);
    }
    if (!entries.has(body)) {
      if (this.#size >= MAX_ENTRIES) this.evictOldest(entries);
      this.#size++;
    }
    const parsed = request.body as { operationName?: string | null };
    entries.set(body, {
      body: payload,
      contentType,
      operationName: parsed.operationName ?? null,
      expiresAt: this.now() + slot.storeForSeconds * 1000,
      request: deepFreeze(structuredClone(parsed)),
    });
    reply.header('cache-control', `public, max-age=${slot.storeForSeconds}`);
  }

  /** Makes room: the oldest answer for the same Accept header, else the oldest of another. */
  private evictOldest(preferred: Map<string, Entry>): void {
    for (const entries of [preferred, ...this.#byAccept.values()]) {
      const oldest = entries.keys().next();
      if (!oldest.done) {
        entries.delete(oldest.value);
        this.#size--;
        return;
      }
    }
  }

  /** Decides, once the answer is known, whether the slot's request may be replayed to others. */
  plugin(): ApolloServerPlugin<Context> {
    const ttl = this.ttlSeconds;
    return {
      async requestDidStart() {
        return {
          async willSendResponse({ contextValue, response, operation }) {
            const slot = contextValue.responseCache;
            if (!slot || !operation || response.body.kind !== 'single' || response.body.singleResult.errors) return;
            const roots = rootFieldCount(operation);
            if (roots !== undefined && roots > 0 && slot.replayableFields === roots) slot.storeForSeconds = ttl;
          },
        };
      },
    };
  }

  private keyOf(request: FastifyRequest): CacheKey | undefined {
    const raw = request.rawJsonBody;
    const accept = this.acceptOf(request, raw);
    if (accept === undefined || raw === undefined) return undefined;
    const body = request.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.query !== 'string' || body.extensions !== undefined) {
      return undefined;
    }
    // The body's own text, parsed into the query, operation name and variables Apollo saw; Accept picks the format.
    return { accept, body: raw };
  }

  /** The Accept header of a request the cache may answer, judged by its headers and body text; else undefined. */
  private acceptOf(request: FastifyRequest, raw: string | undefined): string | undefined {
    if (!this.enabled || request.method !== 'POST' || raw === undefined || raw.length > MAX_KEY_LENGTH) return undefined;
    const { headers } = request;
    if (headers.authorization !== undefined || headers.cookie !== undefined) return undefined;
    if (!/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) return undefined;
    return headers.accept ?? '';
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The number of root fields a query selects, not counting __typename; undefined when it is not a plain list of fields. */
function rootFieldCount(operation: OperationDefinitionNode): number | undefined {
  if (operation.operation !== 'query') return undefined;
  let count = 0;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return undefined;
    if (selection.name.value !== '__typename') count++;
  }
  return count;
}
