import { defineRestApi } from '../../../../../../src/platform/rest/api.js';

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
