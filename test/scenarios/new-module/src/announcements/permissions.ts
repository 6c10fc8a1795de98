import { allow, rule } from 'graphql-shield';
import { UnauthenticatedError } from '../../../../../src/platform/errors.js';
import type { Context } from '../../../../../src/platform/graphql/context.js';
import { mayPublish } from './access.js';

const mayPublishRule = rule('mayPublishAnnouncement', { cache: 'contextual' })((_p, _a, ctx: Context) =>
  mayPublish(ctx.principal) ? true : new UnauthenticatedError(),
);

export const announcementsRules = {
  Query: { announcements: allow },
  Mutation: { publishAnnouncement: mayPublishRule },
};
