import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
  ApolloServerPluginSchemaReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { GRAPHQL_LIMITS, graphqlLimitsPlugin } from '../hardening/graphql-limits.js';
import { availabilityPlugin } from '../hardening/rate-limit.js';
import { nulTextGuardPlugin } from '../hardening/text-input.js';
import type { Context } from './context.js';
import { errorFormatter, errorLoggingPlugin } from './errors.js';

export interface ApolloOptions {
  plugins?: ApolloServerPlugin<Context>[];
  /** Contexts of the REST layer's stored documents, which the document-size limits do not apply to. */
  isTrustedContext?: (context: Context) => boolean;
  log?: Logger;
}

/**
 * Apollo Server with production defaults made explicit: no introspection, field suggestions or landing page
 * in production; CSRF prevention on; no HTTP batching; automatic persisted queries off (they are a cache,
 * not an allowlist); stack traces never sent. Documents are bounded (tokens, depth, aliases, directives,
 * cost, recursive selections) so a single request cannot buy unbounded parsing, validation or execution.
 */
export function createApollo(config: Config, schema: GraphQLSchema, options: ApolloOptions = {}) {
  const { plugins = [], isTrustedContext = () => false } = options;
  const reporting = config.apollo.key && config.apollo.graphRef;
  return new ApolloServer<Context>({
    schema,
    nodeEnv: config.env,
    introspection: !config.isProduction,
    hideSchemaDetailsFromClientErrors: config.isProduction,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP, then stops Apollo, then closes the pool. Apollo's own
    // handler would stop the schema under in-flight requests and re-raise the signal, killing the process.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    maxRecursiveSelections: GRAPHQL_LIMITS.maxRecursiveSelections,
    formatError: errorFormatter({ hideSuggestions: config.isProduction }),
    ...(options.log ? { logger: options.log } : {}),
    ...(reporting ? { apollo: { key: config.apollo.key, graphRef: config.apollo.graphRef } } : {}),
    plugins: [
      errorLoggingPlugin,
      graphqlLimitsPlugin<Context>(isTrustedContext),
      availabilityPlugin as ApolloServerPlugin<Context>,
      nulTextGuardPlugin as ApolloServerPlugin<Context>,
      // The development IDE is GraphiQL, served by the GET /graphql route itself (src/graphql/ide.ts): Apollo's
      // Sandbox loads from a CDN and is blank offline.
      ApolloServerPluginLandingPageDisabled(),
      // The schema declares no cache hints and nothing reads a cache policy. Left on, Apollo's cache-control plugin
      // wraps every field resolver to compute one, a cost paid on each field of each row of every list.
      ApolloServerPluginCacheControlDisabled(),
      ...(reporting ? [] : [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled()]),
      ...plugins,
    ],
  });
}
