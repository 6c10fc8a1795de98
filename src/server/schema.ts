import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { Kind, type DocumentNode, type GraphQLSchema } from 'graphql';
import { enumInternalValues } from '../platform/graphql/generated/enums.js';
import type { Module } from '../platform/module.js';
import { applyPermissions } from './permissions.js';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

/** The modules' SDL files merged into one document, in the modules' order (common.graphql first). */
export function mergedTypeDefs(modules: readonly Module[]): DocumentNode {
  const files = modules.flatMap((module) => module.typeDefs);
  return mergeTypeDefs(files.map((file) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8')));
}

/**
 * Each enum value's internal value (OPEN -> open), for the enums and values these modules declare: resolvers receive
 * and return the internal values, which the database and the legacy REST routes speak, while GraphQL speaks the names.
 */
function enumResolvers(typeDefs: DocumentNode): Record<string, Record<string, string>> {
  const declared = new Map<string, Set<string>>();
  for (const definition of typeDefs.definitions) {
    if (definition.kind !== Kind.ENUM_TYPE_DEFINITION && definition.kind !== Kind.ENUM_TYPE_EXTENSION) continue;
    const values = declared.get(definition.name.value) ?? new Set<string>();
    for (const value of definition.values ?? []) values.add(value.name.value);
    declared.set(definition.name.value, values);
  }
  const all: Record<string, Record<string, string>> = enumInternalValues;
  return Object.fromEntries(
    [...declared].map(([name, values]) => {
      const internal = all[name];
      if (!internal) throw new Error(`enum ${name} has no internal values: run \`npm run codegen\``);
      const mapped = [...values].map((value) => {
        if (internal[value] === undefined) throw new Error(`enum value ${name}.${value} has no internal value: run \`npm run codegen\``);
        return [value, internal[value]];
      });
      return [name, Object.fromEntries(mapped)];
    }),
  );
}

/** The one executable schema behind /graphql and every REST compatibility route. */
export function buildSchema(modules: readonly Module[], typeDefs = mergedTypeDefs(modules)): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: mergeResolvers([enumResolvers(typeDefs), ...modules.flatMap((module) => (module.resolvers ? [module.resolvers] : []))]),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyPermissions(schema, modules);
}
