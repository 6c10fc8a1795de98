import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../auth/session.js';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { Gateway } from './bridge.js';
import { registerCoreRoutes } from './core.js';
import { registerApiDocs } from './docs.js';
import { registerHelpRoutes } from './help/routes.js';
import { registerPublicRoutes } from './public/routes.js';
import { registerRiskRoutes } from './risk.js';

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
