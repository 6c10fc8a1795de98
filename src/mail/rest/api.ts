import { defineRestApi } from '../../platform/rest/api.js';

/** The mail module's one route: the link a confirmation mail carries. Errors: `{message}`. */
export const mailApi = defineRestApi({
  name: 'mail',
  tag: 'mail',
  description: 'The link in a notification address’s confirmation mail (`/api/mail/*`). Errors: `{message}`.',
  paths: ['/api/mail'],
  errorField: 'message',
  errorSchema: { id: 'MailError', description: 'Error body of /api/mail/*' },
  notFound: 'Resource not found',
  errorFor: () => undefined,
});
