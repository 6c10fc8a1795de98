import { GraphQLError, isObjectType, type GraphQLSchema } from 'graphql';
import { applyMiddleware, type IMiddlewareFieldMap } from 'graphql-middleware';
import { allow, deny, shield, type IRules } from 'graphql-shield';
import { authPermissions } from '../auth/permissions.js';
import { helpdeskPermissions } from '../helpdesk/permissions.js';
import { riskPermissions } from '../risk/permissions.js';
import { usersPermissions } from '../users/permissions.js';

type RootRules = Record<'Query' | 'Mutation' | 'Subscription', Record<string, unknown>>;

/** Every root field's rule, by domain. A root field missing here is denied (and fails the permissions test). */
export function ruleTree(): RootRules {
  const tree: RootRules = { Query: {}, Mutation: {}, Subscription: {} };
  for (const domain of [authPermissions, usersPermissions, helpdeskPermissions, riskPermissions]) {
    for (const root of ['Query', 'Mutation', 'Subscription'] as const) {
      Object.assign(tree[root], (domain as Partial<RootRules>)[root] ?? {});
    }
  }
  return tree;
}

export const notAllowed = () => new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } });

/**
 * Roles are enforced with graphql-shield on the root fields, deny by default. Shield's own default is
 * allow, and it hides resolver errors unless allowExternalErrors is on: both are set explicitly.
 * Object fields are not wrapped: what a caller may see of an object is decided by the service that
 * returned it (ownership checks), and wrapping every field would tax every list for no rule.
 */
export function applyPermissions(schema: GraphQLSchema): GraphQLSchema {
  const tree = Object.fromEntries(Object.entries(ruleTree()).filter(([, rules]) => Object.keys(rules).length > 0));
  const generator = shield(tree as IRules, {
    fallbackRule: deny,
    allowExternalErrors: true,
    fallbackError: notAllowed,
  });
  const full = generator.generate(schema) as IMiddlewareFieldMap;
  const roots: IMiddlewareFieldMap = {};
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (root && isObjectType(root) && full[root.name]) roots[root.name] = full[root.name]!;
  }
  return applyMiddleware(schema, roots);
}

export { allow };
