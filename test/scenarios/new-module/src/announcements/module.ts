import { defineModule } from '../../../../../src/platform/module.js';
import { Announcement } from './announcement.entity.js';
import { announcementsRules } from './permissions.js';
import { announcementsResolvers } from './resolvers.js';
import { announcementsApi } from './rest/api.js';
import { registerAnnouncementRoutes } from './rest/routes.js';

/**
 * A small module written the way docs/modules.md says, laid out as a real one is (this folder stands for the
 * repository's root: schema/announcements.graphql, src/announcements/, test/announcements/), to show that a module
 * takes its folder, its SDL file and one line in the module list, and nothing else.
 */
export const announcementsModule = defineModule({
  name: 'announcements',
  requires: ['audit'],
  // A real module names its file in schema/ ('announcements.graphql'); this example's schema/ is its own.
  typeDefs: [new URL('../../schema/announcements.graphql', import.meta.url)],
  entities: [Announcement],
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: announcementsResolvers,
  rules: announcementsRules,
  routes: registerAnnouncementRoutes,
  restApi: announcementsApi,
});
