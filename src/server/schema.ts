import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { Module } from '../platform/module.js';
import { applyPermissions } from './permissions.js';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

/** The modules' SDL files merged into one document, in the modules' order (common.graphql first). */
export function mergedTypeDefs(modules: readonly Module[]): DocumentNode {
  const files = modules.flatMap((module) => module.typeDefs);
  return mergeTypeDefs(files.map((file) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8')));
}

/** The one executable schema behind /graphql and every REST compatibility route. */
export function buildSchema(modules: readonly Module[], typeDefs = mergedTypeDefs(modules)): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: mergeResolvers(modules.flatMap((module) => (module.resolvers ? [module.resolvers] : []))),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyPermissions(schema, modules);
}
