import { defineRestApi } from '../../platform/rest/api.js';

/** The risk service's REST API, as its existing callers know it. */
export const riskApi = defineRestApi({
  name: 'risk',
  tag: 'risk',
  description:
    'Wildfire and earthquake risk for US ZIP codes (`/api/risk/*`, aliased under `/api/v1/risk/*`). Errors: `{error}`.',
  paths: ['/api/risk', '/api/v1/risk'],
  errorField: 'error',
  errorSchema: { id: 'RiskError', description: 'Error body of /api/risk/* and /api/v1/risk/*' },
});
