import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { execute, getOperationAST, GraphQLError, parse } from 'graphql';
import { compileQuery } from 'graphql-jit';
import { describe, expect, it, vi } from 'vitest';
import { compiledExecution } from '../../src/server/executor.js';

// Counted, to see which documents the executor compiles again.
vi.mock('graphql-jit', async (importOriginal) => {
  const jit = await importOriginal<typeof import('graphql-jit')>();
  return { ...jit, compileQuery: vi.fn(jit.compileQuery) };
});

/** The compiled executor answers what graphql-js answers: data, null propagation, errors and their codes. */
const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    enum Colour {
      RED
      GREEN
    }
    enum Shade {
      LIGHT_GREY
      DARK_GREY
    }
    type Item {
      id: Int!
      name: String
      owner: Person
      must: String!
      shade: Shade!
    }
    type Person {
      id: ID!
      name: String!
    }
    type Query {
      items(colour: Colour, first: Int = 2): [Item!]!
      failing: String
      refused: String
      mustHave: Item!
      echo(shade: Shade!): Shade!
    }
    type Mutation {
      touch(id: Int!): Int!
    }
  `,
  resolvers: {
    Query: {
      items: async (_p, { first }: { first: number }) =>
        Array.from({ length: first }, (_, i) => ({ id: i, name: i % 2 ? null : `item ${i}` })),
      failing: () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      refused: async () => {
        throw new GraphQLError('Admin access required', { extensions: { code: 'FORBIDDEN' } });
      },
      mustHave: () => ({ id: 1, name: 'x' }),
      // Resolvers see an enum's internal value, as the gateway's do (open for OPEN).
      echo: (_p, { shade }: { shade: string }) => {
        if (shade !== 'light_grey' && shade !== 'dark_grey') throw new Error(`not an internal value: ${shade}`);
        return shade;
      },
    },
    Shade: { LIGHT_GREY: 'light_grey', DARK_GREY: 'dark_grey' },
    Item: {
      owner: async (item: { id: number }) => (item.id === 0 ? { id: 'p0', name: 'Ada' } : null),
      must: (item: { id: number }) => (item.id === 1 ? null : 'ok'),
      shade: (item: { id: number }) => (item.id % 2 ? 'dark_grey' : 'light_grey'),
    },
    Mutation: { touch: (_p, { id }: { id: number }) => id },
  },
});

const gateway = compiledExecution(schema);

async function both(query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const { executor } = await gateway.load({ apollo: { keyHash: '', graphRef: '' } });
  const document = parse(query);
  const compiled = await executor!({
    document,
    request: { query, variables, operationName },
    context: {},
    queryHash: query,
    operation: getOperationAST(document, operationName) ?? undefined,
    operationName: null,
  } as unknown as GatewayGraphQLRequestContext);
  const reference = await execute({ schema, document, variableValues: variables, operationName, contextValue: {} });
  const shape = (r: typeof reference) => ({
    data: r.data,
    errors: r.errors?.map((e) => ({
      message: e.message,
      path: e.path,
      locations: e.locations,
      code: e.extensions?.code ?? null,
    })),
  });
  return { compiled: shape(compiled as typeof reference), reference: shape(reference) };
}

describe('the compiled executor', () => {
  it('answers enum values by their GraphQL names and hands resolvers their internal values, as graphql-js does', async () => {
    const query = 'query($s: Shade!) { echo(shade: $s) literal: echo(shade: LIGHT_GREY) items(first: 2) { shade } }';
    const { compiled, reference } = await both(query, { s: 'DARK_GREY' });
    expect(compiled).toEqual(reference);
    expect(compiled.data).toEqual({
      echo: 'DARK_GREY',
      literal: 'LIGHT_GREY',
      items: [{ shade: 'LIGHT_GREY' }, { shade: 'DARK_GREY' }],
    });
  });

  it.each([
    ['nested lists, nulls and async fields', '{ items(first: 4) { id name owner { id name } } }'],
    ['a default argument', '{ items { id } }'],
    ['aliases and __typename', '{ a: items(first: 1) { __typename id } b: items(first: 3) { id } }'],
    ['a thrown error in a nullable field', '{ failing items { id } }'],
    ['a domain error with its code', '{ refused }'],
    ['null propagation from a non-null field', '{ items(first: 3) { id must } }'],
    ['a non-null root field', '{ mustHave { id must } }'],
  ])('answers %s as graphql-js does', async (_name, query) => {
    const { compiled, reference } = await both(query);
    expect(compiled).toEqual(reference);
  });

  it('refuses bad variables with graphql-js own error, the one Apollo answers 400 to', async () => {
    const query = 'query ($c: Colour, $n: Int) { items(colour: $c, first: $n) { id } }';
    const { compiled, reference } = await both(query, { c: 'BLUE', n: 'three' });
    expect(compiled).toEqual(reference);
    expect(compiled.errors).toHaveLength(2);
  });

  it('fails an unknown operation name instead of running the only operation', async () => {
    const { compiled, reference } = await both('query Known { items { id } }', {}, 'Unknown');
    expect(compiled).toEqual(reference);
    expect(compiled.errors?.[0]?.message).toBe('Unknown operation named "Unknown".');
  });

  it('gives every error an extensions object, as Apollo expects', async () => {
    const { executor } = await gateway.load({ apollo: { keyHash: '', graphRef: '' } });
    const query = '{ failing }';
    const document = parse(query);
    const result = await executor!({
      document,
      request: { query },
      context: {},
      queryHash: 'h',
      operation: getOperationAST(document),
    } as unknown as GatewayGraphQLRequestContext);
    expect(result.errors?.[0]?.extensions).toEqual({});
    expect((result.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('ECONNREFUSED');
  });

  it('answers errors a plugin may rewrite, as it may those of graphql-js (a suggestion mask assigns to message)', async () => {
    const { executor } = await gateway.load({ apollo: { keyHash: '', graphRef: '' } });
    const query = '{ refused failing items { id } }';
    const document = parse(query);
    const result = await executor!({
      document,
      request: { query },
      context: {},
      queryHash: 'r',
      operation: getOperationAST(document),
    } as unknown as GatewayGraphQLRequestContext);
    expect(result.errors).toHaveLength(2);
    for (const error of result.errors!) {
      expect(error).toBeInstanceOf(GraphQLError);
      const before = error.message;
      expect(() => ((error as { message: string }).message = `${before} (rewritten)`)).not.toThrow();
      expect(error.message).toBe(`${before} (rewritten)`);
      expect(() => ((error as { extensions: object }).extensions = { ...error.extensions, seen: true })).not.toThrow();
    }
    expect(result.errors!.map((e) => e.extensions?.code ?? null).sort()).toEqual(['FORBIDDEN', null]);
  });

  it('runs mutations with graphql-js', async () => {
    const { compiled, reference } = await both('mutation { a: touch(id: 1) b: touch(id: 2) }');
    expect(compiled).toEqual(reference);
  });

  it('keeps 1000 compiled queries, dropping the least recently used first', async () => {
    const { executor } = await compiledExecution(schema).load({ apollo: { keyHash: '', graphRef: '' } });
    const query = '{ items { id } }';
    const document = parse(query);
    const run = (hash: string) =>
      executor!({
        document,
        request: { query },
        context: {},
        queryHash: hash,
        operation: getOperationAST(document),
      } as unknown as GatewayGraphQLRequestContext);
    for (let i = 0; i < 1000; i++) await run(`q${i}`);
    await run('q0'); // used again: q1 is now the least recently used
    await run('q1000');
    const compiles = vi.mocked(compileQuery).mock.calls.length;
    await run('q0');
    expect(vi.mocked(compileQuery).mock.calls.length).toBe(compiles);
    await run('q1');
    expect(vi.mocked(compileQuery).mock.calls.length).toBe(compiles + 1);
  });
});
