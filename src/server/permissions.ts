import { GraphQLError, isObjectType, type GraphQLSchema } from 'graphql';
import { applyMiddleware, type IMiddlewareFieldMap } from 'graphql-middleware';
import { allow, deny, shield, type IRules } from 'graphql-shield';
import type { Module } from '../platform/module.js';

const ROOTS = ['Query', 'Mutation', 'Subscription'] as const;
type Rules = Record<string, Record<string, unknown>>;

/** Every root field's rule, from every module. A root field missing here is denied (and fails the permissions test). */
export function ruleTree(modules: readonly Module[]): Record<(typeof ROOTS)[number], Record<string, unknown>> {
  const tree = { Query: {}, Mutation: {}, Subscription: {} };
  for (const module of modules) for (const root of ROOTS) Object.assign(tree[root], module.rules?.[root]);
  return tree;
}

/** Rules on the fields of object types, by type: every field of a type listed here has one (fallback deny). */
export function typeRuleTree(modules: readonly Module[]): Rules {
  const tree: Rules = {};
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module.rules ?? {})) {
      if (!(ROOTS as readonly string[]).includes(type)) tree[type] = { ...tree[type], ...fields };
    }
  }
  return tree;
}

export const notAllowed = () => new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } });

/**
 * Roles are enforced with graphql-shield on the root fields, deny by default. Shield's own default is
 * allow, and it hides resolver errors unless allowExternalErrors is on: both are set explicitly.
 * Of the other types, only those in typeRuleTree() are wrapped, and only their fields whose rule is not
 * `allow`: what a caller may reach is decided at the root and by the services (ownership), and wrapping every
 * field of every list would tax each one for no rule.
 */
export function applyPermissions(schema: GraphQLSchema, modules: readonly Module[]): GraphQLSchema {
  const roots = Object.fromEntries(
    Object.entries(ruleTree(modules)).filter(([, rules]) => Object.keys(rules).length > 0),
  );
  const types = typeRuleTree(modules);
  const generator = shield({ ...roots, ...types } as IRules, {
    fallbackRule: deny,
    allowExternalErrors: true,
    fallbackError: notAllowed,
  });
  const full = generator.generate(schema) as IMiddlewareFieldMap;
  const wrapped: IMiddlewareFieldMap = {};
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (root && isObjectType(root) && full[root.name]) wrapped[root.name] = full[root.name]!;
  }
  for (const [type, rules] of Object.entries(types)) {
    const fields = full[type] as Record<string, unknown> | undefined;
    if (!fields) continue;
    const guarded = Object.keys(fields).filter((field) => rules[field] !== allow);
    wrapped[type] = Object.fromEntries(guarded.map((field) => [field, fields[field]])) as IMiddlewareFieldMap[string];
  }
  return applyMiddleware(schema, wrapped);
}

export { allow };
