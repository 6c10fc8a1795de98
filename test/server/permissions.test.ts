import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { ruleTree } from '../../src/server/permissions.js';
import { mergedTypeDefs } from '../../src/server/schema.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

/** Deny by default is only safe while every root field has a rule someone chose: this fails when one has none. */
describe('permissions', () => {
  const schema = makeExecutableSchema({ typeDefs: mergedTypeDefs(assemble(modules)) });
  const tree = ruleTree(assemble(modules));

  it('checks every root the schema has: Query, Mutation and Subscription', () => {
    expect(
      [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((root) => root?.name),
    ).toEqual(['Query', 'Mutation', 'Subscription']);
  });

  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!root) continue;
    it(`gives every ${root.name} field an explicit rule`, () => {
      const fields = Object.keys(root.getFields()).sort();
      const ruled = Object.keys(tree[root.name as keyof typeof tree]).sort();
      expect(fields.filter((f) => !ruled.includes(f))).toEqual([]);
    });
    it(`has no ${root.name} rule for a field the schema lacks`, () => {
      const fields = Object.keys(root.getFields());
      expect(Object.keys(tree[root.name as keyof typeof tree]).filter((f) => !fields.includes(f))).toEqual([]);
    });
  }
});
