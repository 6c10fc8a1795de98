import { Cursors } from '../platform/graphql/connections.js';
import { publicApi } from './rest/api.js';
import { isHexId } from '../platform/ids.js';
import { defineModule } from '../platform/module.js';
import { UserAttributesService } from './attributes.js';
import { UserDirectory } from './directory.js';
import { Group, GroupMembership } from './group.entity.js';
import { GroupService } from './groups.js';
import { createUserLoaders } from './loaders.js';
import { userFieldRules, usersRules } from './permissions.js';
import { WorkspaceRegistry } from './registry.js';
import { usersResolvers } from './resolvers.js';
import { registerPublicRoutes } from './rest/routes.js';
import { WorkspaceSettingsService } from './settings.js';
import { User } from './user.entity.js';
import { AllowedWorkspace, FileMapping, RegistryEntry, Workspace, WorkspaceSettings } from './workspace.entity.js';
import { UserAttributes } from './attributes.entity.js';

/** The workspace platform: its users, groups, workspace registry and settings. */
export interface Users {
  directory: UserDirectory;
  attributes: UserAttributesService;
  groups: GroupService;
  registry: WorkspaceRegistry;
  settings: WorkspaceSettingsService;
}

declare module '../platform/services.js' {
  interface ModuleServices {
    users: Users;
  }
  interface ModuleLoaders {
    users: ReturnType<typeof createUserLoaders>;
  }
}

export const usersModule = defineModule({
  name: 'users',
  // Every privileged change to users, groups, the registry and the settings is recorded in the audit trail.
  requires: ['audit'],
  typeDefs: ['users.graphql', 'workspaces.graphql'],
  entities: [
    User,
    UserAttributes,
    Group,
    GroupMembership,
    RegistryEntry,
    Workspace,
    AllowedWorkspace,
    WorkspaceSettings,
    FileMapping,
  ],
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: usersResolvers,
  rules: { ...usersRules, ...userFieldRules },
  // As user(id) and group(id): for those who may view users or groups; each field then keeps its own rule.
  references: {
    User: {
      key: 'id',
      rootField: 'user',
      resolve: (id, ctx) => (isHexId(id) ? ctx.loaders.users.userById.load(id) : Promise.resolve(null)),
    },
    Group: {
      key: 'id',
      rootField: 'group',
      resolve: (id, ctx) => (isHexId(id) ? ctx.loaders.users.groupById.load(id) : Promise.resolve(null)),
    },
  },
  services: ({ config, audit }): Users => ({
    directory: new UserDirectory(new Cursors(config.jwt.secret), audit.recorder),
    attributes: new UserAttributesService(audit.recorder),
    groups: new GroupService(audit.recorder),
    registry: new WorkspaceRegistry(config.platformVersion, audit.recorder),
    settings: new WorkspaceSettingsService(audit.recorder),
  }),
  loaders: createUserLoaders,
  routes: (api, { runner }) => registerPublicRoutes(api, runner),
  restApi: publicApi,
});
