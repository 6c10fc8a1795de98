import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Module, RouteDeps } from '../platform/module.js';
import { registerApiDocs } from '../platform/rest/docs.js';

/**
 * The legacy REST APIs under /api, each module's, and their OpenAPI document. The routes live in a scope of their
 * own, where zod schemas validate requests; responses are written as plain JSON, their schemas only document them.
 */
export async function registerRestApi(fastify: FastifyInstance, modules: readonly Module[], deps: RouteDeps): Promise<void> {
  await registerApiDocs(fastify);
  await fastify.register(async (api) => {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(() => (data) => JSON.stringify(data));
    for (const module of modules) module.routes?.(api, deps);
  });
}
