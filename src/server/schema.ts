import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
  type ObjectTypeDefinitionNode,
} from 'graphql';
import { internalEnumValues } from '../platform/graphql/enum-internal-values.js';
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
  const merged = mergeTypeDefs(
    files.map((file) => readFileSync(typeof file === 'string' ? path.join(SCHEMA_DIR, file) : file, 'utf8')),
  );
  const empty = (node: DefinitionNode) =>
    node.kind === Kind.OBJECT_TYPE_DEFINITION && ROOT_TYPES.has(node.name.value) && !node.fields?.length;
  const dropped = new Set(
    merged.definitions.filter(empty).map((node) => (node as ObjectTypeDefinitionNode).name.value),
  );
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

/**
 * Each enum value's internal value (OPEN -> open), for the enums and values these modules declare: resolvers receive
 * and return the internal values, which the database and the legacy REST routes speak, while GraphQL speaks the names.
 * The same rule types them in codegen, so a module's own SDL (inside schema/ or beside it) is all an enum needs.
 */
export function enumResolvers(typeDefs: DocumentNode): Record<string, Record<string, string>> {
  const declared = new Map<string, string[]>();
  for (const definition of typeDefs.definitions) {
    if (definition.kind !== Kind.ENUM_TYPE_DEFINITION && definition.kind !== Kind.ENUM_TYPE_EXTENSION) continue;
    const values = declared.get(definition.name.value) ?? [];
    for (const value of definition.values ?? []) if (!values.includes(value.name.value)) values.push(value.name.value);
    declared.set(definition.name.value, values);
  }
  return internalEnumValues(declared);
}

/** The one executable schema behind /graphql and every REST compatibility route. */
export function buildSchema(modules: readonly Module[], typeDefs = mergedTypeDefs(modules)): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: mergeResolvers([
      enumResolvers(typeDefs),
      ...modules.flatMap((module) => (module.resolvers ? [module.resolvers] : [])),
    ]),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyPermissions(schema, modules);
}
