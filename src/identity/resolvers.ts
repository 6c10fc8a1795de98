import { login } from './login.js';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';

export const HEALTH_VERSION = '1.0.0';

export const authResolvers: Resolvers = {
  Query: {
    health: (_p, _a, ctx) => ({ status: 'healthy', timestamp: ctx.services.now(), version: HEALTH_VERSION }),
  },
  Mutation: {
    login: (_p, { username, password }, ctx) =>
      login(ctx.em, ctx.services.tokens, username, password, { ip: ctx.ip, throttle: ctx.services.loginThrottle }),
  },
};
