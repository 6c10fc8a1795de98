import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeResolvers } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { authResolvers } from '../identity/resolvers.js';
import { helpdeskResolvers } from '../helpdesk/resolvers.js';
import { riskResolvers } from '../risk/resolvers.js';
import { usersResolvers } from '../users/resolvers.js';
import { BigIntScalar, DateTime, JSONScalar } from '../platform/graphql/scalars.js';
import { applyPermissions } from './permissions.js';
import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

/** The SDL files, in name order: common.graphql declares the root types the others extend. */
export function loadTypeDefs(dir = SCHEMA_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'common.graphql' ? -1 : b === 'common.graphql' ? 1 : a.localeCompare(b)))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

export const domainResolvers: Resolvers[] = [
  { DateTime, BigInt: BigIntScalar, JSON: JSONScalar },
  authResolvers,
  usersResolvers,
  riskResolvers,
  helpdeskResolvers,
];

/** The one executable schema behind /graphql and every REST compatibility route. */
export function buildSchema(): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: loadTypeDefs(),
    resolvers: mergeResolvers(domainResolvers),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyPermissions(schema);
}
