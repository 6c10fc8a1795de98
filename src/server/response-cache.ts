import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import {
  defaultFieldResolver,
  Kind,
  OperationTypeNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ReplayPolicy } from '../platform/module.js';
import type { Metrics } from '../platform/observability/metrics.js';

/**
 * Root fields whose answers are the same for every anonymous caller, each with the test a resolved value must
 * pass before the answer may be replayed to others (the modules' `replayable`): a risk score built from cached
 * upstream data, say, but not one computed from a live call or with a source missing.
 */
export type { ReplayPolicy };

export interface ResponseCacheOptions {
  ttlSeconds: number;
  policy: ReplayPolicy;
  metrics: Metrics;
  now?: () => number;
}

/** What one request may contribute to the cache: its key, and what GraphQL found replayable in its answer. */
interface Slot {
  key: string;
  replayableFields: number;
  storeForSeconds: number;
}

interface Entry {
  body: string;
  contentType: string;
  operationName: string | null;
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;
const MAX_BODY_BYTES = 256 * 1024;
const MAX_REQUEST_BYTES = 16 * 1024;

/**
 * A public cache for anonymous POST /graphql queries made only of root fields the policy names: it replays, before
 * GraphQL runs, what Apollo answered without errors to the same Accept header, document, variables and operation
 * name within the TTL. Credentials or another content type (CSRF prevention stays Apollo's) skip it; the rate
 * limit runs onRequest, before the lookup.
 *
 * `plugin` (Fastify) looks up and stores on the POST route, `track` wraps the policy's resolvers and `apolloPlugin`
 * judges an answer. Request state lives in WeakMaps keyed by the parsed body (Apollo's Fastify integration passes
 * it on as `http.body`) and by the context (Apollo hands each operation a shallow copy of the handler's).
 */
export function createResponseCache(options: ResponseCacheOptions) {
  const { ttlSeconds, policy, metrics, now = Date.now } = options;
  // The least recently used answer goes first past the cap. Expiry stays in each entry: replay derives max-age from it.
  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  const byBody = new WeakMap<object, Slot>();
  const byContext = new WeakMap<object, Slot>();

  function replay(reply: FastifyReply, entry: Entry): void {
    const started = performance.now();
    metrics.cacheLookup('graphql_response', true);
    reply
      .header('content-type', entry.contentType)
      .header('cache-control', `public, max-age=${Math.max(0, Math.floor((entry.expiresAt - now()) / 1000))}`)
      .send(entry.body);
    metrics.graphqlOperation(entry.operationName, 'query', 'ok', (performance.now() - started) / 1000);
  }

  function store(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const slot = byBody.get(request.body as object);
    if (!slot || slot.storeForSeconds <= 0 || reply.statusCode !== 200 || typeof payload !== 'string') return;
    if (payload.length > MAX_BODY_BYTES) return;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return;
    const { operationName } = request.body as { operationName?: string | null };
    entries.set(slot.key, {
      body: payload,
      contentType,
      operationName: operationName ?? null,
      expiresAt: now() + slot.storeForSeconds * 1000,
    });
    reply.header('cache-control', `public, max-age=${slot.storeForSeconds}`);
  }

  const lookUp = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const key = keyOf(request);
    if (key === undefined) return done();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return replay(reply, entry); // answered: GraphQL does not run
    if (entry) entries.delete(key);
    metrics.cacheLookup('graphql_response', false);
    byBody.set(request.body as object, { key, replayableFields: 0, storeForSeconds: 0 });
    done();
  };
  const keep = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    store(request, reply, payload);
    done(null, payload);
  };

  /** Adds the lookup (once the body is parsed) and the store (onSend) to the POST route at `path`, and to no other. */
  const plugin = fp<{ path: string }>(
    async (fastify, { path }) => {
      if (ttlSeconds <= 0) return;
      fastify.addHook('onRoute', (route) => {
        if (route.url !== path || !([] as string[]).concat(route.method).includes('POST')) return;
        route.preValidation = [...asList(route.preValidation), lookUp];
        route.onSend = [...asList(route.onSend), keep];
      });
    },
    { name: 'trellis-response-cache', fastify: '5.x' },
  );

  return {
    plugin,

    /** Wraps the policy's root resolvers so each counts, on its request's slot, a value it may replay. */
    track(schema: GraphQLSchema): GraphQLSchema {
      const fields = schema.getQueryType()?.getFields() ?? {};
      for (const [name, mayReplay] of Object.entries(policy)) {
        const field = fields[name];
        if (!field) throw new Error(`The response cache policy names Query.${name}, which the schema lacks`);
        const resolve: GraphQLFieldResolver<unknown, object, Record<string, unknown>> = field.resolve ??
        defaultFieldResolver;
        field.resolve = async (source: unknown, args: Record<string, unknown>, context: object, info) => {
          const value = await resolve(source, args, context, info);
          // Shield hands a resolver's error back as a value rather than throwing it; such an answer is never replayed.
          if (value === null || typeof value !== 'object' || value instanceof Error) return value;
          const slot = byContext.get(context);
          if (slot && info.parentType === info.schema.getQueryType() && mayReplay(value as never))
            slot.replayableFields++;
          return value;
        };
      }
      return schema;
    },

    /** Decides, once the answer is known, whether it may be replayed: no errors, and every root field replayable. */
    apolloPlugin(): ApolloServerPlugin<object> {
      return {
        async requestDidStart({ request, contextValue }) {
          const body = request.http?.body;
          const slot = body !== null && typeof body === 'object' ? byBody.get(body) : undefined;
          if (!slot) return;
          byContext.set(contextValue, slot);
          return {
            async willSendResponse({ response, operation }) {
              if (!operation || response.body.kind !== 'single' || response.body.singleResult.errors) return;
              const roots = rootFieldCount(operation);
              if (roots !== undefined && roots > 0 && slot.replayableFields === roots)
                slot.storeForSeconds = ttlSeconds;
            },
          };
        },
      };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([] as T[]).concat(hooks));

/** The key of a request the cache may answer: Accept (it picks the format), document, operation name, variables. */
function keyOf(request: FastifyRequest): string | undefined {
  const { headers } = request;
  if (request.method !== 'POST' || headers.authorization !== undefined || headers.cookie !== undefined)
    return undefined;
  if (!/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) return undefined;
  if (!(Number(headers['content-length']) <= MAX_REQUEST_BYTES)) return undefined;
  const body = request.body as {
    query?: unknown;
    operationName?: unknown;
    variables?: unknown;
    extensions?: unknown;
  } | null;
  if (
    !body ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    typeof body.query !== 'string' ||
    body.extensions !== undefined
  ) {
    return undefined;
  }
  try {
    // Neither a header nor JSON text holds a raw line break, so the document can follow the other parts unquoted.
    return `${headers.accept ?? ''}\n${JSON.stringify(body.operationName ?? null)}\n${JSON.stringify(body.variables ?? null)}\n${body.query}`;
  } catch {
    return undefined; // nested past what JSON.stringify recurses into: not worth caching
  }
}

/** The number of root fields a query selects, not counting __typename; undefined when it is not a plain list of fields. */
function rootFieldCount(operation: OperationDefinitionNode): number | undefined {
  if (operation.operation !== OperationTypeNode.QUERY) return undefined;
  let count = 0;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return undefined;
    if (selection.name.value !== '__typename') count++;
  }
  return count;
}
