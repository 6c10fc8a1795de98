import type { FastifyInstance } from 'fastify';
import { parse } from 'graphql';
import { allow } from 'graphql-shield';
import { z } from 'zod';
import type { AuditAction, AuditTargetType } from '../../../src/audit/actions.js';
import { ValidationError } from '../../../src/platform/errors.js';
import type { Context } from '../../../src/platform/graphql/context.js';
import type { Resolvers } from '../../../src/platform/graphql/generated/resolvers-types.js';
import { isAuthenticated } from '../../../src/platform/graphql/rules.js';
import { defineModule, type RouteDeps } from '../../../src/platform/module.js';
import { defineRestApi } from '../../../src/platform/rest/api.js';
import { runOperation } from '../../../src/platform/rest/bridge.js';
import { defineRoute } from '../../../src/platform/rest/catalog.js';
import { sendLegacyError } from '../../../src/platform/rest/errors.js';
import { Announcement } from './announcement.entity.js';

/**
 * A small domain written the way docs/architecture.md's "Adding a domain" says, to show that it takes this folder
 * (with its SDL file) and one line in a module list, and nothing else.
 */

/** Its REST API, with an error body of its own. */
export const announcementsApi = defineRestApi({
  name: 'announcements',
  tag: 'announcements',
  description: 'Announcements (`/api/announcements/*`). Errors: `{problem}`.',
  paths: ['/api/announcements'],
  errorField: 'problem',
  errorSchema: { id: 'AnnouncementsError', description: 'Error body of /api/announcements/*' },
  notFound: 'No such announcement',
  errorFor: ({ code }) => (code === 'NOT_FOUND' ? { status: 404, message: 'No such announcement' } : undefined),
});

const ANNOUNCEMENTS = parse('query Announcements { announcements { id text publishedAt } }');

const view = (a: Announcement) => ({ id: a.id, text: a.text, publishedAt: a.publishedAt });

const resolvers = {
  Query: {
    announcements: async (_p: unknown, _a: unknown, ctx: Context) =>
      (await ctx.em.find(Announcement, {}, { orderBy: { id: 'asc' } })).map(view),
  },
  Mutation: {
    publishAnnouncement: async (_p: unknown, { text }: { text: string }, ctx: Context) => {
      const trimmed = text.trim();
      if (!trimmed || trimmed.length > 280) throw new ValidationError('text must be 1 to 280 characters', 'text');
      return ctx.em.transactional(async (tx) => {
        const announcement = tx.create(Announcement, { text: trimmed, publishedAt: ctx.services.now() });
        await tx.flush();
        // Its SDL (beside it, not in schema/) declares these values; codegen types only schema/'s, hence the casts.
        ctx.services.audit.recorder.record(tx, ctx.actor, {
          action: 'announcement.publish' as AuditAction,
          target: { type: 'announcement' as AuditTargetType, id: announcement.id, name: trimmed },
        });
        return view(announcement);
      });
    },
  },
};

function registerRoutes(api: FastifyInstance, { runner }: RouteDeps): void {
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

export const announcementsModule = defineModule({
  name: 'announcements',
  requires: ['audit'],
  typeDefs: [new URL('./announcements.graphql', import.meta.url)],
  entities: [Announcement],
  migrations: new URL('./migrations/', import.meta.url),
  // Its SDL is not in schema/, so codegen gives it no resolver types.
  resolvers: resolvers as Resolvers,
  // Anyone reads them; publishing takes a signed-in user (isAuthenticated: users, not API keys).
  rules: { Query: { announcements: allow }, Mutation: { publishAnnouncement: isAuthenticated } },
  routes: registerRoutes,
  restApi: announcementsApi,
});
