import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';

export const riskResolvers: Resolvers = {
  Query: {
    wildfireRisk: (_p, { zip }, ctx) => ctx.services.risk.wildfireRisk(zip),
    earthquakeRisk: (_p, { zip }, ctx) => ctx.services.risk.earthquakeRisk(zip),
  },
};
