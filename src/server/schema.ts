import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { Kind, type DefinitionNode, type DocumentNode, type GraphQLSchema, type ObjectTypeDefinitionNode } from 'graphql';
import type { Module } from '../platform/module.js';
import { applyPermissions } from './permissions.js';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * The modules' SDL files merged into one document, in the modules' order (common.graphql first). The gateway
 * declares every root type; one that no listed module extends has no field, which GraphQL does not allow, so it is
 * left out (an app without the help desk has no Subscription).
 */
export function mergedTypeDefs(modules: readonly Module[]): DocumentNode {
  const files = modules.flatMap((module) => module.typeDefs);
  const merged = mergeTypeDefs(files.map((file) => readFileSync(typeof file === 'string' ? path.join(SCHEMA_DIR, file) : file, 'utf8')));
  const empty = (node: DefinitionNode) =>
    node.kind === Kind.OBJECT_TYPE_DEFINITION && ROOT_TYPES.has(node.name.value) && !node.fields?.length;
  const dropped = new Set(merged.definitions.filter(empty).map((node) => (node as ObjectTypeDefinitionNode).name.value));
  if (!dropped.size) return merged;
  const definitions = merged.definitions
    .filter((node) => !empty(node))
    .map((node) =>
      node.kind === Kind.SCHEMA_DEFINITION
        ? { ...node, operationTypes: node.operationTypes.filter((op) => !dropped.has(op.type.name.value)) }
        : node,
    );
  return { ...merged, definitions };
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
