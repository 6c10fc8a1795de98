import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { parse, validate, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { DocumentRequest, TrustedDocuments } from '../platform/hardening/trusted-documents.js';

/**
 * The trusted-documents step of POST and GET /graphql, before the response cache and Apollo: an id becomes its
 * document, and a document the mode refuses is answered 400 here, so nothing after (the cache, Apollo's parsing,
 * a resolver) sees it. What Apollo receives is an ordinary request with its `query`: Apollo's automatic persisted
 * queries stay off, so no request can add a document to what the server runs by id.
 */
export function trustedDocumentsStep(trusted: TrustedDocuments) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (request.method === 'POST') return post(trusted, request, reply, done);
    if (request.method === 'GET' && request.headers.upgrade === undefined) return get(trusted, request, reply, done);
    done();
  };
}

type Body = DocumentRequest & Record<string, unknown>;

function post(
  trusted: TrustedDocuments,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const body = request.body;
  // A batch (refused by Apollo) or no JSON object at all: Apollo answers it.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return done();
  const resolution = trusted.resolve(body, request.log);
  if (resolution.kind === 'refused') return refuse(reply, request, resolution.error);
  if (resolution.kind === 'run' && needsRewrite(body as Body, resolution.query)) {
    const { documentId: _id, extensions, ...rest } = body as Body;
    const others = withoutPersistedQuery(extensions);
    request.body = { ...rest, query: resolution.query, ...(others ? { extensions: others } : {}) };
  }
  done();
}

function get(
  trusted: TrustedDocuments,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const search = request.url.indexOf('?');
  const params = new URLSearchParams(search === -1 ? '' : request.url.slice(search + 1));
  if (!params.has('query') && !params.has('documentId') && !params.has('extensions')) return done();
  let extensions: unknown;
  try {
    extensions = params.has('extensions') ? JSON.parse(params.get('extensions')!) : undefined;
  } catch {
    return done(); // Apollo answers malformed extensions with its 400
  }
  const resolution = trusted.resolve(
    {
      query: params.get('query') ?? undefined,
      documentId: params.get('documentId') ?? undefined,
      extensions,
      operationName: params.get('operationName'),
    },
    request.log,
  );
  if (resolution.kind === 'refused') return refuse(reply, request, resolution.error);
  if (resolution.kind === 'run') {
    // Apollo reads a GET request's parameters from the URL itself.
    params.set('query', resolution.query);
    params.delete('documentId');
    const others = withoutPersistedQuery(extensions);
    if (others) params.set('extensions', JSON.stringify(others));
    else params.delete('extensions');
    const path = request.raw.url!.split('?')[0];
    request.raw.url = `${path}?${params.toString()}`;
  }
  done();
}

/** Whether Apollo would see anything but the document to run: another text, an id, a persisted-query extension. */
function needsRewrite(body: Body, query: string): boolean {
  if (body.query !== query || body.documentId !== undefined) return true;
  const { extensions } = body;
  return extensions !== null && typeof extensions === 'object' && 'persistedQuery' in extensions;
}

/** The request's other extensions, which Apollo still reads; undefined when the persisted query was the only one. */
function withoutPersistedQuery(extensions: unknown): Record<string, unknown> | undefined {
  if (extensions === null || typeof extensions !== 'object' || Array.isArray(extensions)) return undefined;
  const { persistedQuery: _pq, ...others } = extensions as Record<string, unknown>;
  return Object.keys(others).length > 0 ? others : undefined;
}

/** 400 with a GraphQL error body, in the media type Apollo would have chosen for the same Accept header. */
function refuse(reply: FastifyReply, request: FastifyRequest, error: GraphQLError): void {
  const graphqlResponse = (request.headers.accept ?? '').includes('application/graphql-response+json');
  request.log.info({ codes: [error.extensions.code] }, 'operation refused or failed on client input');
  reply
    .code(400)
    .header(
      'content-type',
      `${graphqlResponse ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8`,
    )
    .header('cache-control', 'private, no-cache, must-revalidate')
    .send(JSON.stringify({ errors: [{ message: error.message, extensions: { code: error.extensions.code } }] }));
}

/**
 * Says at start-up what the manifest holds and which of its documents the schema no longer accepts (a frontend built
 * against an older schema): those would fail on every call, which is the frontend's to fix, not a reason not to start.
 */
export function describeManifest(
  trusted: TrustedDocuments,
  schema: GraphQLSchema,
  log: Pick<Logger, 'info' | 'warn'>,
): void {
  const { manifest, mode } = trusted;
  if (!manifest) return;
  const stale: string[] = [];
  for (const [id, text] of manifest.byId) {
    if (validate(schema, parse(text)).length > 0) stale.push(id);
  }
  log.info({ trustedDocuments: mode, documents: manifest.byId.size }, 'trusted documents loaded');
  if (stale.length > 0) {
    log.warn(
      { trustedDocuments: mode, invalidDocuments: stale.length, ids: stale.slice(0, 10) },
      'some trusted documents do not validate against this schema: calls to them will fail',
    );
  }
}
