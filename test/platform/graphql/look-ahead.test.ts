import { graphql, type GraphQLResolveInfo } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { selectedFields, selects, selectsOnly } from '../../../src/platform/graphql/look-ahead.js';

const typeDefs = `
  type Query { page: Page }
  type Page { items: [Item!]! pagination: Pagination! }
  type Pagination { page: Int! total: Int }
  type Item { id: ID! name: String owner: Person }
  type Person { id: ID! username: String! email: String }
`;

/** Runs `query` with a resolver for Query.page that hands its info to `look` and answers an empty page. */
async function lookAt(query: string, look: (info: GraphQLResolveInfo) => void) {
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: {
      Query: {
        page: (_p: unknown, _a: unknown, _c: unknown, info: GraphQLResolveInfo) => {
          look(info);
          return { items: [], pagination: { page: 1, total: 0 } };
        },
      },
    },
  });
  const result = await graphql({ schema, source: query });
  expect(result.errors).toBeUndefined();
}

describe('selectedFields', () => {
  it('names the fields a query asks for along a path, through named and inline fragments', async () => {
    let names: string[] = [];
    await lookAt(
      `query { page { items { ...Item ... on Item { owner { id } } } } }
       fragment Item on Item { id name }`,
      (info) => (names = [...selectedFields(info, ['items'])]),
    );
    expect(names.sort()).toEqual(['id', 'name', 'owner']);
  });

  it('names nothing below a path the query does not take', async () => {
    let size = -1;
    await lookAt(`{ page { items { id } } }`, (info) => (size = selectedFields(info, ['pagination']).size));
    expect(size).toBe(0);
  });
});

describe('selects and selectsOnly', () => {
  it('says whether a query asks for any of some fields below a path', async () => {
    const seen: boolean[] = [];
    await lookAt(`{ page { pagination { total } } }`, (info) => seen.push(selects(info, ['total'], ['pagination'])));
    await lookAt(`{ page { pagination { page } } }`, (info) => seen.push(selects(info, ['total'], ['pagination'])));
    expect(seen).toEqual([true, false]);
  });

  it('says whether a query asks for nothing but some fields, and an empty selection asks for nothing else', async () => {
    const names = new Set(['id', 'username']);
    const seen: boolean[] = [];
    await lookAt(`{ page { items { owner { id username } } } }`, (info) =>
      seen.push(selectsOnly(info, names, ['items', 'owner'])),
    );
    await lookAt(`{ page { items { owner { id email } } } }`, (info) =>
      seen.push(selectsOnly(info, names, ['items', 'owner'])),
    );
    expect(seen).toEqual([true, false]);
  });

  it('keeps each question about one document apart from the others, however often it is asked', async () => {
    const schema = `{ page { items { id } pagination { total } } }`;
    const answers: boolean[] = [];
    await lookAt(schema, (info) => {
      answers.push(selects(info, ['total'], ['pagination']), selects(info, ['page'], ['pagination']));
      answers.push(selects(info, ['total'], ['pagination']), selectsOnly(info, new Set(['id']), ['items']));
    });
    expect(answers).toEqual([true, false, true, true]);
  });
});
