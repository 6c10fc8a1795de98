import type { FastifyInstance } from 'fastify';
import { buildASTSchema, printSchema } from 'graphql';
import { mergeTypeDefs } from '@graphql-tools/merge';
import type { Config } from '../platform/config.js';
import { loadTypeDefs } from './schema.js';

export const SDL_PATH = '/graphql/schema.graphql';

/**
 * The merged SDL the server runs, for frontend tooling pointed at a development server. Off in production,
 * where it would undo turning introspection off; frontends build against src/graphql/generated/schema.graphql.
 */
export function registerSchemaDownload(fastify: FastifyInstance, config: Config): void {
  if (config.isProduction) return;
  let sdl: string | undefined;
  fastify.get(SDL_PATH, async (_request, reply) => {
    sdl ??= printSchema(buildASTSchema(mergeTypeDefs(loadTypeDefs())));
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(sdl);
  });
}
