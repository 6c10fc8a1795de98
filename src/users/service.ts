import { UserDirectory } from './directory.js';
import { GroupService } from './groups.js';
import { WorkspaceRegistry } from './registry.js';
import { WorkspaceSettingsService } from './settings.js';

/** The users domain's services, made once per app and reached by resolvers as `ctx.services.users`. */
export interface Users {
  directory: UserDirectory;
  groups: GroupService;
  registry: WorkspaceRegistry;
  settings: WorkspaceSettingsService;
}

export function createUsers(deps: { platformVersion: string }): Users {
  return {
    directory: new UserDirectory(),
    groups: new GroupService(),
    registry: new WorkspaceRegistry(deps.platformVersion),
    settings: new WorkspaceSettingsService(),
  };
}
