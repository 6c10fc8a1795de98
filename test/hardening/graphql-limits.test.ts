import { getIntrospectionQuery, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';
import { GRAPHQL_LIMITS } from '../../src/platform/hardening/graphql-limits.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

/**
 * Document-size limits. Each attack is sent as an
 * anonymous `login` mutation wherever the shape allows, because that resolver always reads the database:
 * "no SQL statement" then proves the document was refused before anything ran, and each control case
 * (the same shape just inside the limit) proves the statement counter would have seen it.
 */

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  // dev (NODE_ENV=development) is for what only development does: introspection and suggestions. The rest runs as deployed.
  [dev, prod] = await Promise.all([
    startTestApp({ NODE_ENV: 'development' }),
    startTestApp({ NODE_ENV: 'production' }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
});

const LOGIN = 'login(username: "admin", password: "not-the-password")';
const codes = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
  (res.errors ?? []).map((e) => e.extensions?.code);
const messages = (res: { errors?: Array<{ message: string }> }) => (res.errors ?? []).map((e) => e.message).join('\n');

/** Sends a document anonymously and returns the answer with the SQL statements it caused. */
async function attempt(t: TestApp, query: string, variables?: Record<string, unknown>) {
  const { result, statements } = await t.countQueries(() => t.gql(query, variables));
  return { ...result, statements };
}

async function expectRefused(t: TestApp, query: string, message: RegExp) {
  const res = await attempt(t, query);
  expect(res.status).toBe(400);
  expect(res.data ?? undefined).toBeUndefined();
  expect(messages(res)).toMatch(message);
  expect(codes(res).every((c) => c === 'GRAPHQL_VALIDATION_FAILED' || c === 'GRAPHQL_PARSE_FAILED')).toBe(true);
  expect(res.statements).toEqual([]);
  return res;
}

async function expectExecuted(t: TestApp, query: string) {
  const res = await attempt(t, query);
  expect(res.status).toBe(200);
  expect(codes(res)).not.toContain('GRAPHQL_VALIDATION_FAILED');
  expect(res.statements.length).toBeGreaterThan(0);
  return res;
}

describe('introspection and schema leakage', () => {
  it('refuses __schema and __type in production with 400', async () => {
    for (const query of ['{ __schema { types { name } } }', '{ __type(name: "User") { fields { name } } }']) {
      const res = await prod.gql(query);
      expect(res.status).toBe(400);
      expect(res.data ?? undefined).toBeUndefined();
      expect(messages(res)).toMatch(/introspection/i);
    }
  });

  it('serves the full introspection query in development (NODE_ENV=development), so the limits leave tooling working', async () => {
    const res = await dev.gql(
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        inputValueDeprecation: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.types.map((t: { name: string }) => t.name)).toContain('User');
  });

  it('does not suggest field names in production, though it does in development', async () => {
    const typos = ['{ usr { id } }', '{ me { usernme } }', '{ helth { status } }'];
    for (const query of typos) {
      const res = await prod.gql(query);
      expect(res.status).toBe(400);
      expect(messages(res)).not.toMatch(/Did you mean/);
    }
    expect(messages(await dev.gql('{ helth { status } }'))).toMatch(/Did you mean "health"/);
  });

  it('still answers __typename in production', async () => {
    expect(await prod.gql('{ __typename }')).toMatchObject({ status: 200, data: { __typename: 'Query' } });
  });
});

describe('CSRF prevention and batching', () => {
  it('refuses a text/plain POST, which a browser form could send cross-site, before running it', async () => {
    const { result, statements } = await prod.countQueries(() =>
      prod.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: `mutation { ${LOGIN} { accessToken } }` }),
      }),
    );
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toMatch(/Cross-Site Request Forgery/);
    expect(statements).toEqual([]);
  });

  it('refuses a simple GET without a preflight header and serves it with one', async () => {
    expect((await prod.request('/graphql?query=%7B__typename%7D')).status).toBe(400);
    const ok = await prod.request('/graphql?query=%7B__typename%7D', {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(ok).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
  });

  it('refuses a mutation over GET with 405', async () => {
    const q = encodeURIComponent(`mutation { ${LOGIN} { accessToken } }`);
    const { result, statements } = await prod.countQueries(() =>
      prod.request(`/graphql?query=${q}`, { headers: { 'apollo-require-preflight': 'true' } }),
    );
    expect(result.status).toBe(405);
    expect(statements).toEqual([]);
  });

  it('refuses a batch of operations in one HTTP request without running any of them', async () => {
    const op = { query: `mutation { ${LOGIN} { accessToken } }` };
    const { result, statements } = await prod.countQueries(() =>
      prod.request('/graphql', { method: 'POST', json: [op, op, op] }),
    );
    expect(result.status).toBe(400);
    expect(statements).toEqual([]);
  });
});

describe('depth', () => {
  const nested = (levels: number) =>
    `mutation { ${'... on Mutation { '.repeat(levels)}${LOGIN} { accessToken }${' }'.repeat(levels)} }`;

  it(`refuses a document deeper than ${GRAPHQL_LIMITS.maxDepth} levels before the resolver runs`, async () => {
    await expectRefused(
      prod,
      nested(GRAPHQL_LIMITS.maxDepth),
      new RegExp(`depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded`),
    );
  });

  it('runs the same shape inside the limit (control)', async () => {
    await expectExecuted(prod, nested(GRAPHQL_LIMITS.maxDepth - 3));
  });

  it('counts depth through named fragments too', async () => {
    const fragments = Array.from({ length: 11 }, (_, i) =>
      i === 10
        ? `fragment F10 on Mutation { ${LOGIN} { accessToken } }`
        : `fragment F${i} on Mutation { ...F${i + 1} }`,
    ).join('\n');
    await expectRefused(prod, `mutation { ...F0 }\n${fragments}`, /depth limit/);
  });

  it('refuses an over-deep chain of real object fields (introspection types, open in development: NODE_ENV=development)', async () => {
    const levels = GRAPHQL_LIMITS.maxDepth;
    const chain = `{ __type(name: "User") { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } }`;
    await expectRefused(dev, chain, /depth limit/);
  });

  it('lets the deepest legitimate query of the schema through', async () => {
    // The longest path from a root field that does not revisit a type: the deepest shape a client
    // needs (re-entering a type, e.g. a requester's requests' requester, is what the limit is for).
    const schema = buildSchema(assemble(modules));
    const deepest = (type: GraphQLObjectType, seen: Set<string>): string => {
      let best = '__typename';
      let bestDepth = 0;
      for (const field of Object.values(type.getFields())) {
        const target = getNamedType(field.type);
        if (!isObjectType(target) || seen.has(target.name) || target.name.startsWith('__')) continue;
        if (field.args.some((a) => a.type.toString().endsWith('!'))) continue;
        const inner = deepest(target, new Set([...seen, target.name]));
        const depth = inner.split('{').length;
        if (depth > bestDepth) {
          bestDepth = depth;
          best = `${field.name} { ${inner} }`;
        }
      }
      return best;
    };
    const roots = Object.values(schema.getQueryType()!.getFields()).filter((f) => isObjectType(getNamedType(f.type)));
    const queries = roots.map((root) => {
      const type = getNamedType(root.type) as GraphQLObjectType;
      const args = root.args.filter((a) => a.type.toString().endsWith('!')).map((a) => `${a.name}: $${a.name}`);
      const vars = root.args
        .filter((a) => a.type.toString().endsWith('!'))
        .map((a) => `$${a.name}: ${a.type.toString()}`);
      return `query${vars.length ? `(${vars.join(', ')})` : ''} { ${root.name}${args.length ? `(${args.join(', ')})` : ''} { ${deepest(type, new Set([type.name]))} } }`;
    });
    const deepestQuery = queries.sort((a, b) => b.split('{').length - a.split('{').length)[0];
    const admin = await prod.login('admin', ADMIN_PASSWORD);
    // Validation only: missing variables fail at execution, after the limits passed.
    const res = await prod.gql(deepestQuery, {}, admin);
    expect(codes(res), deepestQuery).not.toContain('GRAPHQL_VALIDATION_FAILED');
    expect(messages(res)).not.toMatch(/limit/i);
  });
});

describe('aliases', () => {
  it(`refuses ${GRAPHQL_LIMITS.maxAliases + 1} aliases and accepts ${GRAPHQL_LIMITS.maxAliases}`, async () => {
    // __typename is exempt (it costs nothing to resolve); any real field counts.
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: health { status }`).join(' ')} }`;
    await expectRefused(prod, aliases(GRAPHQL_LIMITS.maxAliases + 1), /Aliases limit of 15 exceeded/);
    const ok = await prod.gql(aliases(GRAPHQL_LIMITS.maxAliases));
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.data)).toHaveLength(GRAPHQL_LIMITS.maxAliases);
  });

  const guesses = (n: number) =>
    `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(username: "admin", password: "guess-${i}") { accessToken }`).join('\n')} }`;

  it('refuses sixteen aliased login guesses in one document without checking a single password', async () => {
    await expectRefused(prod, guesses(GRAPHQL_LIMITS.maxAliases + 1), /Aliases limit of 15 exceeded/);
  });

  it('refuses a hundred aliased login guesses (a100) as well: the document does not even parse within the token limit', async () => {
    await expectRefused(prod, guesses(100), /1000 tokens/);
  });
});

describe('directives', () => {
  const directives = (n: number) =>
    `mutation { ${LOGIN} { ${Array.from({ length: n }, () => 'accessToken @include(if: true)').join(' ')} } }`;

  it(`refuses ${GRAPHQL_LIMITS.maxDirectives + 1} directives before the resolver runs, runs ${GRAPHQL_LIMITS.maxDirectives}`, async () => {
    await expectRefused(prod, directives(GRAPHQL_LIMITS.maxDirectives + 1), /Directives limit of 50 exceeded/);
    await expectExecuted(prod, directives(GRAPHQL_LIMITS.maxDirectives));
  });

  it('refuses a thousand unknown directives', async () => {
    const res = await attempt(prod, `{ __typename ${'@x '.repeat(1000)} }`);
    expect(res.status).toBe(400);
    expect(res.statements).toEqual([]);
  });
});

describe('tokens and nesting', () => {
  it(`refuses a document of more than ${GRAPHQL_LIMITS.maxTokens} tokens at parse time`, async () => {
    const res = await expectRefused(
      prod,
      `mutation { ${LOGIN} { accessToken } ${'__typename '.repeat(1000)} }`,
      /contains more tha[nt] 1000 tokens/,
    );
    expect(codes(res)).toEqual(['GRAPHQL_PARSE_FAILED']);
  });

  it('answers a 2,000-deep brace nesting with 400 and keeps serving', async () => {
    const res = await attempt(prod, '{'.repeat(2000) + '}'.repeat(2000));
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect((await prod.request('/api/health')).status).toBe(200);
  });

  it('refuses a 100,000-deep nesting the same way', async () => {
    const res = await prod.gql('{ a'.repeat(100_000) + '}'.repeat(100_000));
    expect(res.status).toBe(400);
    expect((await prod.request('/api/health')).status).toBe(200);
  });
});

describe('fragments and cost', () => {
  it('refuses circular fragments before anything runs', async () => {
    const res = await attempt(
      prod,
      `mutation { ...A } fragment A on Mutation { ...B } fragment B on Mutation { ...A ${LOGIN} { accessToken } }`,
    );
    expect(res.status).toBe(400);
    expect(messages(res)).toMatch(/Cannot spread fragment "A" within itself/);
    expect(res.statements).toEqual([]);
  });

  it('refuses fragment fan-out (each fragment spreading the previous one ten times)', async () => {
    const levels = Array.from({ length: 7 }, (_, i) =>
      i === 0
        ? 'fragment F0 on AuthPayload { accessToken }'
        : `fragment F${i} on AuthPayload { ${`...F${i - 1} `.repeat(10)}}`,
    ).join('\n');
    const res = await attempt(prod, `mutation { ${LOGIN} { ...F6 } }\n${levels}`);
    expect(res.status).toBe(400);
    expect(messages(res)).toMatch(/recursively requests too many selections/);
    expect(res.statements).toEqual([]);
  });

  it(`refuses a document whose estimated cost exceeds ${GRAPHQL_LIMITS.maxCost}, runs a cheaper one`, async () => {
    const costly = (leaves: number) =>
      `mutation { ${LOGIN} { ${'... on AuthPayload { '.repeat(6)}${'accessToken '.repeat(leaves)}${'} '.repeat(6)}} }`;
    await expectRefused(prod, costly(400), /Cost limit of 5000 exceeded/);
    await expectExecuted(prod, costly(100));
  });
});
