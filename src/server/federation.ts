import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { addResolversToSchema } from '@graphql-tools/schema';
import { parse, type DocumentNode, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { allow, deny, type IRule } from 'graphql-shield';
import type { Context } from '../platform/graphql/context.js';
import type { Module } from '../platform/module.js';
import { applyPermissions, notAllowed, ruleTree } from './permissions.js';
import { enumResolvers } from './schema.js';

/** The federation spec the subgraph links: the newest both composition libraries and Apollo Router accept. */
export const FEDERATION_SPEC = 'https://specs.apollo.dev/federation/v2.9';

/**
 * What the subgraph adds to the modules' SDL: the link to the federation spec and a key on each type a module lets
 * other subgraphs reference. Kept apart from schema/, so the gateway's own schema and the published one stay as they are.
 */
export function federationTypeDefs(modules: readonly Module[]): DocumentNode {
  const keys = modules.flatMap((module) =>
    Object.entries(module.references ?? {}).map(([type, reference]) => `extend type ${type} @key(fields: "${reference.key}")`),
  );
  return parse([`extend schema @link(url: "${FEDERATION_SPEC}", import: ["@key"])`, ...keys].join('\n'));
}

/** The subgraph's SDL: the modules' SDL with the federation additions, which `_service { sdl }` answers. */
export function subgraphTypeDefs(modules: readonly Module[], typeDefs: DocumentNode): DocumentNode {
  return mergeTypeDefs([typeDefs, federationTypeDefs(modules)]);
}

type Shielded = { _shield?: { cache: Record<string, unknown> } };

/**
 * The reference resolvers: a representation resolves only if the root field's rule lets the caller through (as
 * asking by that field would), then through the module's lookup, which applies any per-object check; a refusal is
 * null, as _entities answers for what it cannot resolve.
 */
function referenceResolvers(modules: readonly Module[]): GraphQLResolverMap<Context> {
  const rules = ruleTree(modules).Query as Record<string, IRule | undefined>;
  const resolvers: GraphQLResolverMap<Context> = {};
  for (const module of modules) {
    for (const [type, reference] of Object.entries(module.references ?? {})) {
      const rule = rules[reference.rootField] ?? deny;
      const resolveReference = async (representation: Record<string, unknown>, ctx: Context & Shielded, info: GraphQLResolveInfo) => {
          ctx._shield ??= { cache: {} };
          const verdict = rule === allow ? true : await rule.resolve({}, {}, ctx as never, info, SHIELD_OPTIONS as never);
          if (verdict !== true) return null;
          return reference.resolve(representation[reference.key], ctx);
        };
      // Apollo's map types every entry as a field resolver; __resolveReference is called (reference, context, info).
      resolvers[type] = { __resolveReference: resolveReference as never };
    }
  }
  return resolvers;
}

const SHIELD_OPTIONS = {
  debug: false,
  allowExternalErrors: true,
  fallbackRule: deny,
  fallbackError: notAllowed,
  hashFunction: ({ parent, args }: { parent: unknown; args: unknown }) => JSON.stringify([parent ?? null, args]),
} as const;

/**
 * The subgraph schema behind /graphql with GRAPHQL_FEDERATION=subgraph: built by buildSubgraphSchema from the SDL it
 * publishes (so `_service` prints exactly what runs), with the modules' resolvers, the enums' internal values and the
 * reference resolvers, then the same permissions as the gateway's own schema: `_service` and `_entities` are open,
 * and each entity's fields keep their rules.
 */
export function buildFederatedSchema(modules: readonly Module[], typeDefs: DocumentNode): GraphQLSchema {
  const subgraphDefs = subgraphTypeDefs(modules, typeDefs);
  const resolvers = mergeResolvers([
    ...modules.flatMap((module) => (module.resolvers ? [module.resolvers] : [])),
    referenceResolvers(modules),
  ]) as GraphQLResolverMap<Context>;
  const built = buildSubgraphSchema([{ typeDefs: subgraphDefs, resolvers }]);
  // graphql-tools installs the enums' internal values as buildSchema does, rewriting the arguments' default values
  // with them (Apollo's own enum handling would leave the defaults spelt by name); types keep their extensions, where
  // the reference resolvers live.
  const schema = addResolversToSchema({ schema: built, resolvers: enumResolvers(typeDefs) });
  return applyPermissions(schema, [...modules, { name: 'federation', typeDefs: [], rules: { Query: { _service: allow, _entities: allow } } }]);
}
