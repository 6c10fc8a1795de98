import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import type { SessionCookies } from '../platform/auth/session.js';
import { DomainError } from '../platform/errors.js';
import { TrustedDocuments } from '../platform/hardening/trusted-documents.js';
import type { Authentication, Module, ReplayPolicy } from '../platform/module.js';
import { observabilityPlugins } from '../platform/observability/index.js';
import type { OperationRunner } from '../platform/rest/bridge.js';
import type { AppServices } from '../platform/services.js';
import { createApollo } from './apollo.js';
import { contextBuilder } from './context.js';
import { buildFederatedSchema } from './federation.js';
import { withGraphiQL } from './ide.js';
import { routerSignatureStep } from './router-signature.js';
import { createPipeline } from './pipeline.js';
import { createResponseCache } from './response-cache.js';
import { buildSchema, mergedTypeDefs } from './schema.js';
import { registerSchemaDownload } from './sdl.js';
import { refuseSubscriptionsOverHttp, registerSubscriptions } from './subscriptions.js';
import { describeManifest, trustedDocumentsStep } from './trusted-documents.js';

export interface GraphqlDeps {
  modules: readonly Module[];
  services: AppServices;
  session: SessionCookies;
  authentication: Authentication;
}

/**
 * GraphQL at /graphql: POST (and GET) through Apollo behind the public response cache, subscriptions over
 * WebSocket on GET, both through one pipeline. Returns what the REST routes run their stored operations through.
 */
export async function registerGraphql(fastify: FastifyInstance, deps: GraphqlDeps): Promise<OperationRunner> {
  const { modules, services, session } = deps;
  const { config } = services;
  const contextFor = contextBuilder(modules, services, deps.authentication);
  const policy = modules.reduce<ReplayPolicy>((all, module) => ({ ...all, ...module.replayable }), {});
  const responseCache = createResponseCache({
    ttlSeconds: config.responseCacheTtlSeconds,
    policy,
    metrics: services.metrics,
  });
  const typeDefs = mergedTypeDefs(modules);
  const trustedDocuments = new TrustedDocuments({
    mode: config.trustedDocuments.mode,
    manifest: config.trustedDocuments.manifest,
    count: (outcome) => services.metrics.untrustedDocument(outcome),
    log: services.log,
  });
  const schema =
    config.federation.mode === 'subgraph' ? buildFederatedSchema(modules, typeDefs) : buildSchema(modules, typeDefs);
  const pipeline = createPipeline(config, responseCache.track(schema), trustedDocuments);
  describeManifest(trustedDocuments, pipeline.schema, services.log);
  const apollo = createApollo(config, pipeline, {
    plugins: [
      fastifyApolloDrainPlugin(fastify),
      refuseSubscriptionsOverHttp,
      ...observabilityPlugins(config, services.metrics),
      responseCache.apolloPlugin(),
    ],
    log: services.log,
  });
  await apollo.start();

  const handler = fastifyApolloHandler(apollo, {
    context: async (request) => {
      try {
        return await contextFor(request, session.credentialsOf(request));
      } catch (error) {
        // Apollo answers a context failure with this status (401, 403, 503) rather than 500.
        if (error instanceof DomainError) error.extensions.http = { status: error.status };
        throw error;
      }
    },
  });
  const listening = Promise.all(modules.map((module) => module.ready?.(services) ?? Promise.resolve())).then(
    () => undefined,
  );
  const subscriptions = await registerSubscriptions(fastify, {
    config,
    pipeline,
    contextFor,
    session,
    listening,
    routerSecret: config.federation.hmacSecret,
    federated: config.federation.mode === 'subgraph',
    onAccountChange: deps.authentication.onAccountChange?.bind(deps.authentication),
  });
  await fastify.register(responseCache.plugin, { path: '/graphql' });
  // Before the response cache's lookup (which the cache appends), so a stored answer never skips the judgement.
  // The router's signature first: an unsigned request is refused before any other step looks at it.
  const signature = config.federation.hmacSecret ? [routerSignatureStep(config.federation.hmacSecret)] : [];
  const preValidation = [...signature, ...(trustedDocuments.manifest ? [trustedDocumentsStep(trustedDocuments)] : [])];
  fastify.route({ url: '/graphql', method: ['POST', 'OPTIONS'], handler, preValidation });
  // GET answers queries over HTTP and, on a WebSocket upgrade, serves subscriptions.
  fastify.route({
    url: '/graphql',
    method: 'GET',
    handler: subscriptions.handler(withGraphiQL(handler, !config.isProduction)),
    preValidation,
  });

  registerSchemaDownload(fastify, config, typeDefs);

  return { apollo, schema: pipeline.schema, credentialsOf: (request) => session.credentialsOf(request), contextFor };
}
