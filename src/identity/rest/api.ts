import { defineRestApi } from '../../platform/rest/api.js';

/** Signing in over REST, as the existing pages know it. */
export const authApi = defineRestApi({
  name: 'auth',
  tag: 'auth',
  description: 'Log-in: exchange a username and password for a bearer token. Errors: `{message}`.',
  paths: ['/api/auth', /^\/api\/(user|id)(\?|$)/],
  errorField: 'message',
  errorSchema: { id: 'AuthError', description: 'Error body of /api/auth/*, /api/user and /api/id' },
});
