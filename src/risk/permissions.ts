import { allow } from 'graphql-shield';

/** The risk API has always been public; its cost is bounded by caching, quotas and rate limits instead. */
export const riskPermissions = {
  Query: { wildfireRisk: allow, earthquakeRisk: allow },
};
