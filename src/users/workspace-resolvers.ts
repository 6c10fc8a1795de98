import { wrap } from '@mikro-orm/core';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import type { Context } from '../platform/graphql/context.js';
import { SETTINGS_ID, type RegistryEntry, type Workspace } from './workspace.entity.js';

/** A workspace's entry is usually loaded with it (joined); otherwise it is batched like any other relation. */
async function entryOf(workspace: Workspace, ctx: Context): Promise<RegistryEntry> {
  if (wrap(workspace.entry).isInitialized()) return workspace.entry;
  const entry = await ctx.loaders.users.registryEntryById.load(workspace.entry.id);
  if (!entry) throw new Error(`workspace ${workspace.id} has no registry entry`);
  return entry;
}

export const workspaceResolvers: Resolvers = {
  Query: {
    workspaceRegistry: (_p, { category, compatibleOnly }, ctx) =>
      ctx.services.users.registry.list(ctx.em, { category, compatibleOnly }),
    workspaces: (_p, _a, ctx) => ctx.services.users.registry.listInstalled(ctx.em),
    myWorkspaces: (_p, _a, ctx) =>
      ctx.principal.kind === 'user' ? ctx.services.users.registry.workspacesOf(ctx.em, ctx.principal.userId) : [],
    workspaceSettings: (_p, _a, ctx) => ctx.services.users.settings.get(ctx.em),
  },
  Mutation: {
    importWorkspaceRegistry: (_p, { entries }, ctx) => ctx.services.users.registry.import(ctx.em, ctx.actor, entries),
    installWorkspace: (_p, { entryId }, ctx) => ctx.services.users.registry.install(ctx.em, ctx.actor, entryId),
    uninstallWorkspace: (_p, { id }, ctx) => ctx.services.users.registry.uninstall(ctx.em, ctx.actor, id),
    updateWorkspaceSettings: (_p, { input }, ctx) => ctx.services.users.settings.update(ctx.em, ctx.actor, input),
    addFileMapping: (_p, { input }, ctx) => ctx.services.users.settings.addFileMapping(ctx.em, ctx.actor, input),
    updateFileMapping: (_p, { id, input }, ctx) =>
      ctx.services.users.settings.updateFileMapping(ctx.em, ctx.actor, id, input),
    removeFileMapping: (_p, { id }, ctx) => ctx.services.users.settings.removeFileMapping(ctx.em, ctx.actor, id),
  },
  WorkspaceRegistryEntry: {
    compatible: (entry, _a, ctx) => ctx.services.users.registry.compatible(entry),
    installed: (entry, _a, ctx) => ctx.loaders.users.workspaceByEntryId.load(entry.id),
  },
  Workspace: {
    entry: (workspace, _a, ctx) => entryOf(workspace, ctx),
    name: async (workspace, _a, ctx) => (await entryOf(workspace, ctx)).name,
    friendlyName: async (workspace, _a, ctx) => (await entryOf(workspace, ctx)).friendlyName,
    // The settings' overrides are server-wide: every workspace runs with them.
    cores: async (_w, _a, ctx) => (await ctx.loaders.users.workspaceSettings.load(SETTINGS_ID)).agentCpuCores,
    memory: async (_w, _a, ctx) => (await ctx.loaders.users.workspaceSettings.load(SETTINGS_ID)).agentMemoryBytes,
    allowedGroups: (workspace, _a, ctx) => ctx.loaders.users.allowedGroupsByWorkspaceId.load(workspace.id),
  },
  WorkspaceSettings: {
    // One settings object per response, so one statement; no batching to do.
    fileMappings: (_s, _a, ctx) => ctx.services.users.settings.listFileMappings(ctx.em),
  },
};
