// Apollo's option for a custom executor is called its "gateway"; here it is only that: how a document is executed.
import type {
  GatewayExecutor as ApolloExecutor,
  GatewayInterface as ApolloExecution,
} from '@apollo/server-gateway-interface';
import {
  execute,
  getVariableValues,
  GraphQLError,
  OperationTypeNode,
  printSchema,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { Principal } from '../platform/auth/principal.js';
import { readsFromReplicas, rememberCommits } from '../platform/db/read.js';
import type { Context } from '../platform/graphql/context.js';
import { inOperationSpan } from '../platform/observability/operation-span.js';
import { tracingActive } from '../platform/observability/tracing.js';

/** Compiled operations kept; the least recently used goes first past this many (Apollo keeps as many parsed documents). */
const MAX_COMPILED = 1000;

/**
 * Queries run as functions graphql-jit compiled once per document (what it buys: docs/performance.md). Apollo takes it as
 * the executor of this one local schema, so it still parses, validates, runs the plugins and formats errors;
 * mutations, and any document graphql-jit cannot compile, run on graphql-js.
 */
export function compiledExecution(schema: GraphQLSchema): ApolloExecution {
  // false marks a document graphql-jit cannot compile, so it is not tried again (lru-cache holds no null).
  const compiled = new LRUCache<string, CompiledQuery | false>({ max: MAX_COMPILED });

  const compile = (
    document: DocumentNode,
    operationName: string | null | undefined,
    key: string,
  ): CompiledQuery | null => {
    const found = compiled.get(key);
    if (found !== undefined) return found || null;
    const result = compileQuery(schema, document, operationName ?? undefined);
    const query = isCompiledQuery(result) ? result : null;
    compiled.set(key, query ?? false);
    return query;
  };

  const run: ApolloExecutor = async ({ document, request, context, queryHash, operation }) => {
    // What the client asked for: an unknown name must fail here as it would in graphql-js, not pick the only operation.
    const { operationName } = request;
    const variables = request.variables ?? {};
    // The gateway's own context; a schema run without one (the executor's own tests) has no database to route.
    const ctx = context as Partial<Context>;
    // Mutations stay with graphql-js, whose serial execution stops at the first field that fails for good. They read
    // and write on the primary, and their caller's next reads wait for a replica that has replayed what they committed.
    if (operation?.operation !== OperationTypeNode.QUERY)
      return afterCommits(
        ctx,
        execute({ schema, document, contextValue: context, variableValues: variables, operationName }),
      );
    // A query may read from a replica that has its caller's last commit.
    if (ctx.em && ctx.principal) readsFromReplicas(ctx.em, callerOf(ctx.principal));
    const query = compile(document, operationName, `${queryHash}:${operationName ?? ''}`);
    if (!query) return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
    // graphql-js checks the variables first, so a bad one gets its error, which Apollo answers with 400 BAD_USER_INPUT.
    const coercion = getVariableValues(schema, operation?.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coercion.errors) return { errors: coercion.errors };
    const result = await query.query(undefined, context, variables);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
  // Every execution passes here: /graphql's queries and mutations, and each REST route's stored operation.
  const executor: ApolloExecutor = (requestContext) =>
    tracingActive()
      ? inOperationSpan(requestContext.document, requestContext.operation, () => run(requestContext))
      : run(requestContext);

  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}

/** Who a caller is, for its commit position: a user, whichever of its sessions, or an API key; anonymous: none. */
function callerOf(principal: Principal): string | undefined {
  if (principal.kind === 'user') return `u:${principal.userId}`;
  if (principal.kind === 'apiKey') return `k:${principal.keyId}`;
  return undefined;
}

async function afterCommits<T>(ctx: Partial<Context>, result: T | Promise<T>): Promise<T> {
  const done = await result;
  if (!ctx.em || !ctx.principal) return done;
  // What was committed stays committed: a position that cannot be kept leaves the caller's next reads to a replica's
  // luck, which is logged, but does not turn a done change into an error.
  await rememberCommits(ctx.em, callerOf(ctx.principal)).catch((error: unknown) =>
    ctx.log?.warn({ err: error }, 'could not keep the commit position of a change: its next reads may miss it'),
  );
  return done;
}

/** graphql-jit's errors have read-only fields that plugins rewrite: each becomes graphql-js's own GraphQLError. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const originalError = error.originalError ?? undefined;
  const copy = new GraphQLError(error.message, {
    path: error.path,
    originalError,
    extensions: error.extensions,
  });
  // graphql-js derives locations from nodes, which graphql-jit does not keep; its own are the same positions.
  if (error.locations) (copy as { locations?: GraphQLError['locations'] }).locations = error.locations;
  return copy;
}
