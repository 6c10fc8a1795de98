import { defineRestApi } from '../../platform/rest/api.js';

/** The help desk's REST API, as its existing callers know it. */
export const helpApi = defineRestApi({
  name: 'help',
  tag: 'help desk',
  description: 'Help requests and FAQs (`/api/help/*`), with a bearer token. Errors: `{message}`.',
  paths: ['/api/help'],
  errorField: 'message',
  errorSchema: { id: 'HelpDeskError', description: 'Error body of /api/help/*' },
  notFound: 'Resource not found',
  errorFor: ({ code }) => {
    if (code === 'UNAUTHENTICATED') return { status: 401, message: 'Authentication required' };
    if (code === 'NOT_FOUND') return { status: 404, message: 'Resource not found' };
    return undefined;
  },
});
