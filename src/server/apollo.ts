import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
  ApolloServerPluginSchemaReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import { availabilityPlugin } from '../platform/hardening/availability.js';
import type { Context } from '../platform/graphql/context.js';
import { errorLoggingPlugin } from '../platform/graphql/errors.js';
import { compiledExecution } from './executor.js';
import { pipelinePlugin, type GraphqlPipeline } from './pipeline.js';

export interface ApolloOptions {
  plugins?: ApolloServerPlugin<Context>[];
  log?: Logger;
}

/**
 * Apollo Server with production defaults made explicit: no introspection, field suggestions or landing page
 * in production; CSRF prevention on; no HTTP batching; automatic persisted queries off (they are a cache,
 * not an allowlist: a client could register any document; trusted documents, trusted-documents.ts, resolve ids to
 * the manifest's documents before Apollo); stack traces never sent. Parsing, validation, the document limits and error formatting are
 * the pipeline's, which subscriptions share.
 */
export function createApollo(config: Config, pipeline: GraphqlPipeline, options: ApolloOptions = {}) {
  const { plugins = [] } = options;
  const reporting = config.apollo.key && config.apollo.graphRef;
  return new ApolloServer<Context>({
    gateway: compiledExecution(pipeline.schema),
    nodeEnv: config.env,
    introspection: pipeline.introspection,
    hideSchemaDetailsFromClientErrors: config.isProduction,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP, then stops Apollo, then closes the pool. Apollo's own
    // handler would stop the schema under in-flight requests and re-raise the signal, killing the process.
    stopOnTerminationSignals: false,
    parseOptions: pipeline.parseOptions,
    maxRecursiveSelections: pipeline.maxRecursiveSelections,
    formatError: pipeline.formatError,
    ...(options.log ? { logger: options.log } : {}),
    ...(reporting ? { apollo: { key: config.apollo.key, graphRef: config.apollo.graphRef } } : {}),
    plugins: [
      errorLoggingPlugin,
      pipelinePlugin<Context>(pipeline),
      availabilityPlugin,
      // The development IDE is GraphiQL, served by the GET /graphql route itself (src/server/ide.ts): Apollo's
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
