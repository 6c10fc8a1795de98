import type { ApolloServer } from '@apollo/server';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyRequest } from 'fastify';
import { print, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Credentials } from '../auth/principal.js';
import { readsAsOneCall } from '../db/read.js';
import type { Context } from '../graphql/context.js';
import { formatError } from '../graphql/errors.js';
import { enumEdgeOf } from './enum-edge.js';

export interface OperationResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

/**
 * What a REST route runs its stored GraphQL operation through: the schema Apollo runs, and the context /graphql
 * builds for a request. Built once by the GraphQL endpoint (src/server/graphql.ts) and handed to every module's routes.
 */
export interface OperationRunner {
  apollo: ApolloServer<Context>;
  /** The schema Apollo runs: its enum definitions map the routes' legacy spellings to GraphQL's names and back. */
  schema: GraphQLSchema;
  /** Builds the same per-request context /graphql builds; throws a DomainError when the credentials are refused. */
  contextFor(request: FastifyRequest, credentials: Credentials): Promise<Context>;
  /** A request's own credentials: its Authorization header, else its session cookie. */
  credentialsOf(request: FastifyRequest): Credentials;
}

/** Drops the fields not given: GraphQL reads an undefined variable or input field as null, which clears a value. */
export const defined = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;

// Apollo prints a DocumentNode it is given on every call; a stored document is printed once.
const sources = new WeakMap<DocumentNode, string>();
const sourceOf = (document: DocumentNode) => {
  let source = sources.get(document);
  if (source === undefined) sources.set(document, (source = print(document)));
  return source;
};

/**
 * Runs a stored GraphQL document (a typed document node from src/platform/rest/generated) for a legacy REST route, through
 * the same schema, shield rules, limits and error masking as /graphql. A REST route never calls a service itself,
 * so it cannot skip a rule. The document is the server's own, not a caller's: it runs whatever TRUSTED_DOCUMENTS says
 * (the trusted-documents step guards /graphql's routes, which this call does not pass through). Enum values go in and
 * come out in their internal spelling (open, created_date), the legacy bodies' own, translated here and nowhere else.
 */
export async function runOperation<T, V extends Record<string, unknown>>(
  runner: OperationRunner,
  request: FastifyRequest,
  document: TypedDocumentNode<T, V>,
  variables: V,
  credentials: Credentials = runner.credentialsOf(request),
): Promise<OperationResult<T>> {
  let contextValue: Context;
  try {
    contextValue = await runner.contextFor(request, credentials);
  } catch (error) {
    return { errors: [formatError({ message: String((error as Error).message) }, error)] };
  }
  // The operations one request runs read from one place: a route's later reads never see an older state.
  readsAsOneCall(contextValue.em, request);
  const edge = enumEdgeOf(runner.schema, document);
  const response = await runner.apollo.executeOperation(
    { query: sourceOf(document), variables: edge.variables(variables) },
    { contextValue },
  );
  if (response.body.kind !== 'single') throw new Error('REST operations never stream');
  const { data, errors } = response.body.singleResult;
  return { data: edge.data(data) as T | null | undefined, errors };
}
