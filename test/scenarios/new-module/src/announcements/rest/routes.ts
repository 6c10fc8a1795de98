import type { FastifyInstance } from 'fastify';
import { parse } from 'graphql';
import { z } from 'zod';
import type { RouteDeps } from '../../../../../../src/platform/module.js';
import { runOperation } from '../../../../../../src/platform/rest/bridge.js';
import { defineRoute } from '../../../../../../src/platform/rest/catalog.js';
import { sendLegacyError } from '../../../../../../src/platform/rest/errors.js';
import { announcementsApi } from './api.js';

// A real module writes its stored documents with graphql() from src/platform/rest/generated, which types them; this
// example's SDL is not in the repository's schema/, so codegen does not know it.
const ANNOUNCEMENTS = parse('query Announcements { announcements { id text publishedAt } }');

/** GET /api/announcements/:id, through the same schema and rules as GraphQL. */
export function registerAnnouncementRoutes(api: FastifyInstance, { runner }: RouteDeps): void {
  defineRoute(
    api,
    {
      method: 'GET',
      path: '/api/announcements/:id',
      summary: 'One announcement',
      api: announcementsApi,
      auth: 'none',
      params: z.object({ id: z.coerce.number().int().positive() }),
      responses: {
        200: { description: 'The announcement', schema: z.object({ id: z.number(), text: z.string() }) },
        404: { description: 'No such announcement' },
      },
    },
    async (request, reply) => {
      const result = await runOperation(runner, request, ANNOUNCEMENTS as never, {});
      if (result.errors?.length) return sendLegacyError(reply, announcementsApi, result.errors[0]);
      const found = (result.data as { announcements: Array<{ id: number; text: string }> }).announcements.find(
        (a) => a.id === request.params.id,
      );
      if (!found)
        return sendLegacyError(reply, announcementsApi, {
          message: 'No such announcement',
          extensions: { code: 'NOT_FOUND' },
        });
      return { id: found.id, text: found.text };
    },
  );
}
