import { graphql, type GraphQLResolveInfo } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { preloadSelected, type Relation } from '../../../src/platform/graphql/preload.js';
import { SettledLoader } from '../../../src/platform/graphql/settled-loader.js';

/*
 * A list of orders, each with a customer and lines, each line with a product's maker: the shape of a page of help
 * requests with their requesters, responses and responders. Batches are counted as the statements they stand for.
 */
const typeDefs = `
  type Query { orders: [Order!]! }
  type Order { id: ID! customer: Person lines: [Line!]! }
  type Line { id: ID! maker: Person }
  type Person { id: ID! }
`;

interface Order {
  id: number;
  customerId: string | null;
}
interface Line {
  id: number;
  makerId: string;
}

const ORDERS: Order[] = [
  { id: 1, customerId: 'ann' },
  { id: 2, customerId: 'bob' },
  { id: 3, customerId: null },
];
const LINES = new Map<number, Line[]>([
  [1, [{ id: 10, makerId: 'cat' }]],
  [
    2,
    [
      { id: 20, makerId: 'ann' },
      { id: 21, makerId: 'dan' },
    ],
  ],
]);

async function run(query: string) {
  const batches: string[][] = [];
  const people = new SettledLoader<string, { id: string }>(async (ids) => {
    batches.push(['people', ...ids]);
    return ids.map((id) => ({ id }));
  });
  const lines = new SettledLoader<number, Line[]>(async (ids) => {
    batches.push(['lines', ...ids.map(String)]);
    return ids.map((id) => LINES.get(id) ?? []);
  });
  const maker: Relation<Line> = { field: 'maker', loader: () => people, key: (l) => l.makerId };
  const relations: Relation<Order>[] = [
    { field: 'customer', loader: () => people, key: (o) => o.customerId },
    {
      field: 'lines',
      loader: () => lines,
      key: (o) => o.id,
      below: {
        rows: (o) => {
          const got = lines.get(o.id);
          return Array.isArray(got) ? got : [];
        },
        relations: [maker],
      },
    },
  ];
  /** Whether every relation field answered with a value rather than a promise. */
  let allAtOnce = true;
  const now = <T>(value: T | Promise<T>) => {
    if (value instanceof Promise) allAtOnce = false;
    return value;
  };
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: {
      Query: {
        orders: async (_p: unknown, _a: unknown, _c: unknown, info: GraphQLResolveInfo) => {
          await preloadSelected(info, [], ORDERS, relations);
          batches.push(['returned']);
          return ORDERS;
        },
      },
      Order: {
        customer: (o: Order) => (o.customerId ? now(people.get(o.customerId)) : null),
        lines: (o: Order) => now(lines.get(o.id)),
      },
      Line: { maker: (l: Line) => now(people.get(l.makerId)) },
    },
  });
  const result = await graphql({ schema, source: query });
  expect(result.errors).toBeUndefined();
  return { batches, allAtOnce, data: result.data };
}

describe('preloadSelected', () => {
  it('reads the rows that have relations below first, then every person at every depth in one batch', async () => {
    const { batches, allAtOnce } = await run(`{ orders { id customer { id } lines { id maker { id } } } }`);
    expect(batches).toEqual([['lines', '1', '2', '3'], ['people', 'ann', 'bob', 'cat', 'dan'], ['returned']]);
    expect(allAtOnce).toBe(true);
  });

  it('reads nothing the query does not select', async () => {
    const { batches } = await run(`{ orders { id } }`);
    expect(batches).toEqual([['returned']]);
  });

  it('reads a relation with nothing selected below it together with the others', async () => {
    const { batches } = await run(`{ orders { customer { id } lines { id } } }`);
    expect(batches).toEqual([['people', 'ann', 'bob'], ['lines', '1', '2', '3'], ['returned']]);
  });

  it('leaves the answer as the fields would have given it', async () => {
    const { data } = await run(`{ orders { id customer { id } lines { maker { id } } } }`);
    expect(data).toEqual({
      orders: [
        { id: '1', customer: { id: 'ann' }, lines: [{ maker: { id: 'cat' } }] },
        { id: '2', customer: { id: 'bob' }, lines: [{ maker: { id: 'ann' } }, { maker: { id: 'dan' } }] },
        { id: '3', customer: null, lines: [] },
      ],
    });
  });
});
