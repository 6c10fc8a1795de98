import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import type { Context } from '../platform/graphql/context.js';
import { NotFoundError } from '../platform/errors.js';
import type { WrittenUser } from './directory.js';
import { isDefaultGroup } from './group.entity.js';
import { selects } from './selection.js';
import { workspaceResolvers } from './workspace-resolvers.js';

/** The written user; groups read with the write answer `groups` without another trip to the database. */
function answer(ctx: Context, { user, groups }: WrittenUser) {
  if (groups) ctx.loaders.users.groupsByUserId.prime(user.id, groups);
  return user;
}

const userResolvers: Resolvers = {
  Query: {
    me: async (_p, _a, ctx) => {
      const id = ctx.principal.kind === 'user' ? ctx.principal.userId : '';
      const user = await ctx.loaders.users.userById.load(id);
      if (!user) throw new NotFoundError('User not found');
      return user;
    },
    user: (_p, { id, username }, ctx) => ctx.services.users.directory.find(ctx.em, { id, username }),
    users: (_p, { filter, limit, offset }, ctx) =>
      ctx.services.users.directory.list(ctx.em, filter ?? {}, { limit, offset }),
    usersConnection: (_p, { filter, ...args }, ctx, info) =>
      ctx.services.users.directory.connection(ctx.em, filter ?? {}, args, { total: selects(info, 'totalCount') }),
    groups: (_p, _a, ctx) => ctx.services.users.groups.list(ctx.em),
    group: (_p, { id }, ctx) => ctx.services.users.groups.find(ctx.em, id),
    // Shield has already checked the key or token; reaching the resolver is the answer.
    validateCredentials: () => true,
  },
  Mutation: {
    createUser: async (_p, { input }, ctx, info) =>
      answer(ctx, await ctx.services.users.directory.create(ctx.em, ctx.actor, input, selects(info, 'groups'))),
    updateUser: async (_p, { id, input }, ctx, info) =>
      answer(ctx, await ctx.services.users.directory.update(ctx.em, ctx.actor, id, input, selects(info, 'groups'))),
    deleteUser: (_p, { id, force }, ctx) => ctx.services.users.directory.delete(ctx.em, ctx.actor, id, force ?? false),
    logoutUser: (_p, { id }, ctx) => ctx.services.users.directory.logout(ctx.em, ctx.actor, id),
    createGroup: (_p, { input }, ctx) => ctx.services.users.groups.create(ctx.em, ctx.actor, input),
    updateGroup: (_p, { id, input }, ctx) => ctx.services.users.groups.update(ctx.em, ctx.actor, id, input),
    deleteGroup: (_p, { id }, ctx) => ctx.services.users.groups.delete(ctx.em, ctx.actor, id),
    addUserToGroup: (_p, { userId, groupId }, ctx) =>
      ctx.services.users.directory.addToGroup(ctx.em, ctx.actor, userId, groupId),
    removeUserFromGroup: (_p, { userId, groupId }, ctx) =>
      ctx.services.users.directory.removeFromGroup(ctx.em, ctx.actor, userId, groupId),
    setGroupAllowedWorkspaces: (_p, { groupId, workspaceIds }, ctx) =>
      ctx.services.users.groups.setAllowedWorkspaces(ctx.em, ctx.actor, groupId, workspaceIds),
    updateUserAttributes: (_p, { userId, input }, ctx) =>
      ctx.services.users.attributes.update(ctx.em, ctx.actor, userId, input),
  },
  User: {
    groups: (user, _a, ctx) => ctx.loaders.users.groupsByUserId.load(user.id),
    attributes: (user, _a, ctx) => ctx.loaders.users.attributesByUserId.load(user.id),
  },
  UserAttributes: {
    defaultImage: (attributes, _a, ctx) =>
      attributes.defaultImageId ? ctx.loaders.users.workspaceById.load(attributes.defaultImageId) : null,
  },
  Group: {
    isDefault: (group) => isDefaultGroup(group),
    // One page statement per group (and a count per group when totalCount is asked).
    members: (group, args, ctx, info) =>
      ctx.services.users.directory.members(ctx.em, group.id, args, { total: selects(info, 'totalCount') }),
    allowedWorkspaces: (group, _a, ctx) => ctx.loaders.users.allowedWorkspacesByGroupId.load(group.id),
  },
};

/** Users, groups, the workspace registry and the workspace settings: one domain, two SDL files. */
export const usersResolvers: Resolvers = {
  ...userResolvers,
  ...workspaceResolvers,
  Query: { ...userResolvers.Query, ...workspaceResolvers.Query },
  Mutation: { ...userResolvers.Mutation, ...workspaceResolvers.Mutation },
};
