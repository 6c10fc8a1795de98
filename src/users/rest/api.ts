import { defineRestApi } from '../../platform/rest/api.js';

/** The workspace platform developer API, as its existing callers know it. */
export const publicApi = defineRestApi({
  name: 'public',
  tag: 'workspace users',
  description:
    'The workspace platform developer API (`/api/public/*`): every call is a POST carrying `api_key` and `api_key_secret` in its JSON body. Errors: `{error_message}`.',
  paths: ['/api/public'],
  errorField: 'error_message',
  errorSchema: { id: 'WorkspacePlatformError', description: 'Error body of /api/public/*' },
  notFound: 'Not Found',
  errorFor: ({ code, reason, message }) => {
    // The platform answers credential problems in its own way, and every client mistake with 400.
    if (code === 'UNAUTHENTICATED') {
      if (reason === 'expired') return { status: 401, message: 'Access has expired' };
      if (reason === 'missing') return { status: 400, message: 'Invalid Request' };
      return { status: 403, message: 'Access Denied' };
    }
    // A valid key asking for what it may not do: the platform's answer for a missing permission.
    if (code === 'FORBIDDEN') return { status: 403, message: 'Unauthorized' };
    if (['BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT', 'GRAPHQL_VALIDATION_FAILED'].includes(code))
      return { status: 400, message };
    return undefined;
  },
});
