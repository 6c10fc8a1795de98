import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Module, RouteDeps } from '../platform/module.js';
import type { RestApi } from '../platform/rest/api.js';
import type { RestRoute } from '../platform/rest/catalog.js';
import { registerApiDocs } from '../platform/rest/docs.js';

/**
 * The legacy REST APIs under /api, each module's, and their OpenAPI document. The routes live in a scope of their
 * own, where zod schemas validate requests; responses are written as plain JSON, their schemas only document them.
 * Returns the routes declared, this app's catalog.
 */
export async function registerRestApi(
  fastify: FastifyInstance,
  modules: readonly Module[],
  deps: RouteDeps,
): Promise<readonly RestRoute[]> {
  await registerApiDocs(fastify, restApisOf(modules));
  const catalog: RestRoute[] = [];
  await fastify.register(async (api) => {
    api.decorate('restCatalog', catalog);
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(() => (data) => JSON.stringify(data));
    for (const module of modules) module.routes?.(api, deps);
  });
  return catalog;
}

/** The REST APIs the modules declare, in the modules' order; two with one name or tag stop the build. */
export function restApisOf(modules: readonly Module[]): RestApi[] {
  const apis = modules.flatMap((module) => (module.restApi ? [module.restApi] : []));
  for (const [i, api] of apis.entries()) {
    const twin = apis.slice(0, i).find((other) => other.name === api.name || other.tag === api.tag);
    if (twin) throw new Error(`Two REST APIs are named ${api.name === twin.name ? api.name : api.tag}`);
  }
  return apis;
}
