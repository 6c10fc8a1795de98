import type { AuditAction, AuditTargetType } from '../../../../../src/audit/actions.js';
import { ValidationError } from '../../../../../src/platform/errors.js';
import type { Context } from '../../../../../src/platform/graphql/context.js';
import type { Resolvers } from '../../../../../src/platform/graphql/generated/resolvers-types.js';
import { Announcement } from './announcement.entity.js';

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
        // Its SDL declares these values; codegen types only the repository's schema/, hence the casts.
        ctx.services.audit.recorder.record(tx, ctx.actor, {
          action: 'announcement.publish' as AuditAction,
          target: { type: 'announcement' as AuditTargetType, id: announcement.id, name: trimmed },
        });
        return view(announcement);
      });
    },
  },
};

// Its SDL is not in the repository's schema/, so codegen gives it no resolver types.
export const announcementsResolvers = resolvers as Resolvers;
