import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { mergeResolvers, mergeTypeDefs } from '@graphql-tools/merge';
import { addResolversToSchema } from '@graphql-tools/schema';
import {
  Kind,
  parse,
  visit,
  type ConstDirectiveNode,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { allow, deny, type IRule } from 'graphql-shield';
import type { Context } from '../platform/graphql/context.js';
import type { Module } from '../platform/module.js';
import { standInsOf } from './assembly.js';
import { gatewayModule } from './gateway-module.js';
import { applyPermissions, notAllowed, ruleTree } from './permissions.js';
import { enumResolvers, mergedTypeDefs } from './schema.js';

/** The federation spec the subgraph links: the newest both composition libraries and Apollo Router accept. */
export const FEDERATION_SPEC = 'https://specs.apollo.dev/federation/v2.9';

/**
 * What the subgraph adds to the modules' SDL: the link to the federation spec, a key on each type a module lets other
 * subgraphs reference, and an unresolvable key on each stub of a module another subgraph serves. Kept apart from
 * schema/, so the gateway's own schema and the published one stay as they are.
 */
export function federationTypeDefs(modules: readonly Module[]): DocumentNode {
  const keys = modules.flatMap((module) =>
    Object.entries(module.references ?? {}).map(
      ([type, reference]) => `extend type ${type} @key(fields: "${reference.key}")`,
    ),
  );
  const stubs = standInsOf(modules).flatMap((standIn) =>
    Object.entries(standIn.stubs).map(
      ([type, { key }]) => `extend type ${type} @key(fields: "${key}", resolvable: false)`,
    ),
  );
  return parse(
    [`extend schema @link(url: "${FEDERATION_SPEC}", import: ["@key", "@shareable"])`, ...keys, ...stubs].join('\n'),
  );
}

/**
 * The gateway module's own types and root fields (health, PageInfo...), which every Trellis subgraph serves alike,
 * marked `@shareable`, so a router composes two Trellis processes (risk apart from the rest) as one graph.
 */
function sharedFields(typeDefs: DocumentNode): DocumentNode {
  const shared = new Map<string, Set<string>>();
  for (const definition of mergedTypeDefs([gatewayModule]).definitions) {
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.fields?.length) {
      shared.set(definition.name.value, new Set(definition.fields.map((field) => field.name.value)));
    }
  }
  const shareable: ConstDirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'shareable' } };
  return visit(typeDefs, {
    FieldDefinition(field, _key, _parent, _path, ancestors) {
      const type = ancestors.at(-1) as DefinitionNode | undefined;
      if (!type || type.kind !== Kind.OBJECT_TYPE_DEFINITION || !shared.get(type.name.value)?.has(field.name.value))
        return undefined;
      return { ...field, directives: [...(field.directives ?? []), shareable] };
    },
  });
}

/** The subgraph's SDL: the modules' SDL with the federation additions, which `_service { sdl }` answers. */
export function subgraphTypeDefs(modules: readonly Module[], typeDefs: DocumentNode): DocumentNode {
  return mergeTypeDefs([sharedFields(typeDefs), federationTypeDefs(modules)]);
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
      const resolveReference = async (
        representation: Record<string, unknown>,
        ctx: Context & Shielded,
        info: GraphQLResolveInfo,
      ) => {
        ctx._shield ??= { cache: {} };
        const verdict = rule === allow ? true : await rule.resolve({}, {}, ctx as never, info, SHIELD_OPTIONS);
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
  return applyPermissions(schema, [
    ...modules,
    { name: 'federation', typeDefs: [], rules: { Query: { _service: allow, _entities: allow } } },
  ]);
}
