import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../platform/auth/session.js';
import type { Config } from '../platform/config.js';
import type { Orm } from '../platform/db/orm.js';
import type { Gateway } from '../platform/rest/bridge.js';
import { registerCoreRoutes } from '../identity/rest.js';
import { registerApiDocs } from '../platform/rest/docs.js';
import { registerHelpRoutes } from '../helpdesk/rest/routes.js';
import { registerPublicRoutes } from '../users/rest/routes.js';
import { registerRiskRoutes } from '../risk/rest.js';

/**
 * The legacy REST APIs under /api and their OpenAPI document. The routes live in a scope of their own, where zod
 * schemas validate requests; responses are written as plain JSON, their schemas only document them.
 */
export async function registerRestApi(fastify: FastifyInstance, gateway: Gateway, orm: Orm, session: SessionCookies, config: Config): Promise<void> {
  await registerApiDocs(fastify);
  await fastify.register(async (api) => {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerCoreRoutes(api, gateway, orm, session, config);
    registerPublicRoutes(api, gateway);
    registerHelpRoutes(api, gateway);
    registerRiskRoutes(api, gateway);
  });
}
