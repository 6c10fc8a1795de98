import type { FastifyInstance } from 'fastify';
import { buildASTSchema, lexicographicSortSchema, printSchema, type DocumentNode } from 'graphql';
import type { Config } from '../platform/config.js';

export const SDL_PATH = '/graphql/schema.graphql';

/** The merged SDL sorted by name, so a change shows as the lines it changes: what schema.published.graphql holds. */
export const printSdl = (typeDefs: DocumentNode): string =>
  `${printSchema(lexicographicSortSchema(buildASTSchema(typeDefs)))}\n`;

/**
 * The merged SDL the server runs, for frontend tooling pointed at a development server. Off in production,
 * where it would undo turning introspection off; frontends build against src/platform/graphql/generated/schema.graphql.
 */
export function registerSchemaDownload(fastify: FastifyInstance, config: Config, typeDefs: DocumentNode): void {
  if (config.isProduction) return;
  let sdl: string | undefined;
  fastify.get(SDL_PATH, async (_request, reply) => {
    sdl ??= printSchema(buildASTSchema(typeDefs));
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(sdl);
  });
}
