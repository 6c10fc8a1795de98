import type { ApolloServer } from '@apollo/server';
import type { FastifyRequest } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import type { Credentials } from '../auth/authenticate.js';
import type { Context } from '../graphql/context.js';
import { formatError } from '../graphql/errors.js';

export interface OperationResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

export interface Gateway {
  apollo: ApolloServer<Context>;
  /** Builds the same per-request context /graphql builds; throws a DomainError when the credentials are refused. */
  contextFor(request: FastifyRequest, credentials: Credentials): Promise<Context>;
  /** A request's own credentials: its Authorization header, else its session cookie. */
  credentialsOf(request: FastifyRequest): Credentials;
}

/**
 * Runs a stored GraphQL document for a legacy REST route, through the same schema, shield rules, limits and
 * error masking as /graphql. A REST route never calls a service itself, so it cannot skip a rule.
 */
export async function runOperation<T = Record<string, unknown>>(
  gateway: Gateway,
  request: FastifyRequest,
  document: string,
  variables: Record<string, unknown>,
  credentials: Credentials = gateway.credentialsOf(request),
): Promise<OperationResult<T>> {
  let contextValue: Context;
  try {
    contextValue = await gateway.contextFor(request, credentials);
  } catch (error) {
    return { errors: [formatError({ message: String((error as Error).message) }, error)] };
  }
  const response = await gateway.apollo.executeOperation({ query: document, variables }, { contextValue });
  if (response.body.kind !== 'single') throw new Error('REST operations never stream');
  const { data, errors } = response.body.singleResult;
  return { data: data as T | null | undefined, errors };
}

/** The first error's code, which decides the legacy status. */
export const firstCode = (result: OperationResult): string | undefined =>
  result.errors?.[0]?.extensions?.code as string | undefined;
