import { getNamedType, isEnumType, isLeafType, isNonNullType, isScalarType, type GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';
import { GRAPHQL_LIMITS } from '../../src/platform/hardening/graphql-limits.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { connect } from '../helpers/subscriptions.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

/**
 * Production is the mode that ships, and development the one people try things in: the same request must get the
 * same status and body in both. The REST contract's error cases and GraphQL's are sent to one app of each mode,
 * set up alike, and compared. The only differences allowed are the documented ones; of those, only suggestions
 * can show in an answer here, so development's "Did you mean …?" is taken out before comparing, and production
 * must not have it at all.
 */

type Role = 'anonymous' | 'alice' | 'bob' | 'admin';
interface Side {
  t: TestApp;
  auth: Record<Role, string | undefined>;
}
let prod: Side;
let dev: Side;

async function prepare(mode: 'production' | 'development'): Promise<Side> {
  const t = await startTestApp({ NODE_ENV: mode, LOGIN_RATE_LIMIT_MAX: '3' });
  const alice = await t.createUser('alice');
  const bob = await t.createUser('bob');
  const admin = await t.login('admin', ADMIN_PASSWORD);
  const filed = await t.request('/api/help/requests', {
    method: 'POST',
    json: { title: 'Printer', description: 'On fire' },
    headers: { authorization: alice.auth },
  });
  if (filed.status !== 201 || filed.body.request_id !== 1) throw new Error(`filing failed: ${JSON.stringify(filed)}`);
  return { t, auth: { anonymous: undefined, alice: alice.auth, bob: bob.auth, admin } };
}

beforeAll(async () => {
  [prod, dev] = await Promise.all([prepare('production'), prepare('development')]);
}, 60_000);
afterAll(async () => {
  await Promise.all([prod?.t.stop(), dev?.t.stop()]);
});

/** What varies between two runs of the same request: times, generated ids, tokens. */
function stable(body: unknown): string {
  return JSON.stringify(body ?? null)
    .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?/g, '<time>')
    .replace(/\b[0-9a-f]{32}\b/g, '<id>')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<token>');
}
const withoutSuggestions = (text: string) => text.replace(/ ?Did you mean [^?]*\?/g, '');

interface Case {
  name: string;
  as?: Role;
  /** A REST route, or POST /graphql with `graphql`. */
  rest?: { method: string; path: string; json?: unknown; body?: string; contentType?: string };
  graphql?: { query: string; variables?: Record<string, unknown> };
  status: number;
}

const deep = `{ ${'... on Query { '.repeat(GRAPHQL_LIMITS.maxDepth + 1)}health { status }${' }'.repeat(GRAPHQL_LIMITS.maxDepth + 1)} }`;
const cases: Case[] = [
  // Risk
  { name: 'a ZIP that is not five digits', rest: { method: 'GET', path: '/api/risk/wildfire?zip=abc' }, status: 400 },
  { name: 'no ZIP at all', rest: { method: 'GET', path: '/api/risk/earthquake' }, status: 400 },
  { name: 'a ZIP nobody lives at', rest: { method: 'GET', path: '/api/v1/risk/wildfire?zip=00000' }, status: 404 },
  { name: 'an unknown path under /api', rest: { method: 'GET', path: '/api/nothing-here' }, status: 404 },
  { name: 'health', rest: { method: 'GET', path: '/api/health' }, status: 200 },
  // Help desk
  { name: "someone else's request", as: 'bob', rest: { method: 'GET', path: '/api/help/requests/1' }, status: 404 },
  {
    name: 'a request that does not exist',
    as: 'alice',
    rest: { method: 'GET', path: '/api/help/requests/999' },
    status: 404,
  },
  { name: 'statistics as a user', as: 'alice', rest: { method: 'GET', path: '/api/help/statistics' }, status: 403 },
  {
    name: 'a thousand per page',
    as: 'alice',
    rest: { method: 'GET', path: '/api/help/requests?per_page=1000' },
    status: 400,
  },
  { name: 'listing anonymously', rest: { method: 'GET', path: '/api/help/requests' }, status: 401 },
  { name: 'an unknown help path', rest: { method: 'GET', path: '/api/help/nothing' }, status: 404 },
  {
    name: 'a user setting a status',
    as: 'alice',
    rest: { method: 'PUT', path: '/api/help/requests/1', json: { status: 'closed' } },
    status: 403,
  },
  {
    name: 'filing without a title',
    as: 'alice',
    rest: { method: 'POST', path: '/api/help/requests', json: { description: 'd' } },
    status: 400,
  },
  {
    name: 'malformed JSON',
    as: 'alice',
    rest: { method: 'POST', path: '/api/help/requests', body: '{"title":', contentType: 'application/json' },
    status: 400,
  },
  { name: 'search without q', as: 'alice', rest: { method: 'GET', path: '/api/help/search' }, status: 400 },
  // Workspace users
  { name: 'no API key', rest: { method: 'POST', path: '/api/public/get_users', json: {} }, status: 400 },
  {
    name: 'a wrong API secret',
    rest: { method: 'POST', path: '/api/public/get_users', json: { api_key: API_KEY, api_key_secret: 'x'.repeat(30) } },
    status: 403,
  },
  {
    name: 'an unknown user',
    rest: {
      method: 'POST',
      path: '/api/public/get_user',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: '0'.repeat(32) } },
    },
    status: 400,
  },
  {
    name: 'a weak password',
    rest: {
      method: 'POST',
      path: '/api/public/create_user',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { username: 'weak', password: 'short' } },
    },
    status: 400,
  },
  // Log-in and content types
  {
    name: 'a wrong password',
    rest: { method: 'POST', path: '/api/auth/login', json: { username: 'alice', password: 'Wrong-passw0rd' } },
    status: 401,
  },
  {
    name: 'a log-in sent as text/plain',
    rest: {
      method: 'POST',
      path: '/api/auth/login',
      body: '{"username":"alice","password":"x"}',
      contentType: 'text/plain',
    },
    status: 415,
  },
  {
    name: 'a log-in sent as a form',
    rest: {
      method: 'POST',
      path: '/api/auth/login',
      body: 'username=alice&password=x',
      contentType: 'application/x-www-form-urlencoded',
    },
    status: 415,
  },
  {
    name: 'a GraphQL document sent as text/plain (CSRF)',
    rest: { method: 'POST', path: '/graphql', body: '{"query":"{ __typename }"}', contentType: 'text/plain' },
    status: 400,
  },
  // GraphQL: errors raised while a query runs
  { name: 'helpRequests anonymously', graphql: { query: '{ helpRequests { pagination { total } } }' }, status: 200 },
  { name: 'statistics anonymously', graphql: { query: '{ helpStatistics { requests { total } } }' }, status: 200 },
  { name: 'users anonymously', graphql: { query: '{ users { total } }' }, status: 200 },
  { name: 'me anonymously', graphql: { query: '{ me { id } }' }, status: 200 },
  {
    name: "someone else's request in GraphQL",
    as: 'bob',
    graphql: { query: '{ helpRequest(id: 1) { id } }' },
    status: 200,
  },
  {
    name: 'a bad ZIP beside a good field',
    graphql: { query: '{ health { status } wildfireRisk(zip: "abc") { riskScore } }' },
    status: 200,
  },
  {
    name: 'a mutation refused',
    graphql: { query: 'mutation { createHelpRequest(input: { title: "t", description: "d" }) { id } }' },
    status: 200,
  },
  // GraphQL: documents and variables a client got wrong
  { name: 'a misspelt field', graphql: { query: '{ helth { status } }' }, status: 400 },
  {
    name: 'a misspelt enum variable',
    graphql: { query: 'query($c: HelpCategory) { faqs(category: $c) { totalCount } }', variables: { c: 'TECHNICL' } },
    status: 400,
  },
  {
    name: 'a misspelt input field',
    as: 'alice',
    graphql: {
      query: 'mutation($i: CreateHelpRequestInput!) { createHelpRequest(input: $i) { id } }',
      variables: { i: { title: 't', descripton: 'd' } },
    },
    status: 400,
  },
  { name: 'a document that does not parse', graphql: { query: '{ health { status }' }, status: 400 },
  { name: 'a document too deep', as: 'admin', graphql: { query: deep }, status: 400 },
  {
    name: 'too many aliases',
    graphql: {
      query: `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: health { status }`).join(' ')} }`,
    },
    status: 400,
  },
  { name: 'too many repeated fields', graphql: { query: `{ health { ${'status '.repeat(900)}} }` }, status: 400 },
  {
    name: 'two hundred unknown directives',
    graphql: { query: `{ health { status ${'@x '.repeat(200)}} }` },
    status: 400,
  },
  { name: 'an unknown operation name', graphql: { query: 'query A { health { status } }' }, status: 400 },
  {
    // graphql-js lists the first 50 and stops with an error of its own, which is the variables' fault too.
    name: 'sixty invalid values in one list variable',
    graphql: {
      query: 'mutation($input: CreateHelpTriggerInput!) { createHelpTrigger(input: $input) { id } }',
      variables: { input: { name: 'x', events: Array.from({ length: 60 }, (_, i) => `E${i}`), actions: [] } },
    },
    status: 400,
  },
];

async function send(side: Side, c: Case) {
  const authorization = side.auth[c.as ?? 'anonymous'];
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (c.graphql) {
    const body = c.name === 'an unknown operation name' ? { ...c.graphql, operationName: 'B' } : c.graphql;
    return side.t.request('/graphql', { method: 'POST', json: body, headers });
  }
  const { method, path, json, body, contentType } = c.rest!;
  if (contentType) headers['content-type'] = contentType;
  return side.t.request(path, { method, headers, ...(json !== undefined ? { json } : { body }) });
}

describe('the same request in production and in development', () => {
  for (const c of cases) {
    it(`answers ${c.name} with ${c.status} and the same body`, async () => {
      const [p, d] = [await send(prod, c), await send(dev, c)];
      expect(p.status, stable(p.body)).toBe(c.status);
      expect(d.status).toBe(p.status);
      expect(stable(p.body)).toBe(withoutSuggestions(stable(d.body)));
      expect(stable(p.body)).not.toMatch(/Did you mean|Internal server error|INTERNAL_SERVER_ERROR/);
    });
  }

  it('answers a misspelt enum value with a suggestion in development only (the documented difference)', async () => {
    const c = cases.find((x) => x.name === 'a misspelt enum variable')!;
    expect(stable((await send(dev, c)).body)).toMatch(/Did you mean the enum value \\"TECHNICAL\\"\?/);
    expect(stable((await send(prod, c)).body)).toMatch(
      /Value \\"TECHNICL\\" does not exist in \\"HelpCategory\\" enum\."/,
    );
  });

  it('throttles GraphQL log-ins with 429 and Retry-After in both modes, as REST does', async () => {
    const guess = { query: 'mutation { login(username: "bob", password: "Wrong-passw0rd") { accessToken } }' };
    for (const side of [prod, dev]) {
      const statuses: number[] = [];
      let throttled;
      while (!throttled && statuses.length < 10) {
        const answer = await side.t.request('/graphql', { method: 'POST', json: guess });
        statuses.push(answer.status);
        if (answer.status !== 200) throttled = answer;
      }
      expect(statuses[0]).toBe(200);
      expect(throttled?.status).toBe(429);
      expect(Number(throttled!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(throttled!.body.errors[0].extensions.code).toBe('RATE_LIMITED');
      const rest = await side.t.request('/api/auth/login', {
        method: 'POST',
        json: { username: 'bob', password: 'Wrong-passw0rd' },
      });
      expect(rest.status).toBe(429);
      expect(rest.headers.get('retry-after')).toBeTruthy();
    }
  });

  it('names the limit a document of many repeated fields breaks, not "Validation aborted."', async () => {
    const res = await send(
      prod,
      cases.find((x) => x.name === 'too many repeated fields')!,
    );
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^Repeated fields limit exceeded/),
    ]);
  });

  it('counts sixty invalid variable values as the client’s mistake: fifty listed, then a last BAD_USER_INPUT', async () => {
    const res = await send(
      prod,
      cases.find((x) => x.name === 'sixty invalid values in one list variable')!,
    );
    const errors = res.body.errors as { message: string; extensions: { code: string } }[];
    expect(errors).toHaveLength(51);
    expect(new Set(errors.map((e) => e.extensions.code))).toEqual(new Set(['BAD_USER_INPUT']));
    expect(errors.at(-1)!.message).toBe('Too many invalid variable values: the first 50 are listed');
  });

  it('answers a WebSocket subscriber with the messages HTTP gives, limits and suggestions alike', async () => {
    for (const side of [prod, dev]) {
      const ws = connect(side.t.url, side.auth.alice);
      try {
        // Each subscription with a query that fails the same way: POST /graphql refuses subscriptions themselves.
        const aliases = (field: string) =>
          Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: ${field}`).join(' ');
        const documents = [
          {
            ws: `subscription { helpRequestChanged { ${aliases('kind')} } }`,
            http: `{ health { ${aliases('status')} } }`,
          },
          { ws: 'subscription { helpRequestChanged { request { titl } } }', http: '{ helpRequest(id: 1) { titl } }' },
          {
            ws: 'subscription($id: Int) { helpRequestChanged(id: $id) { kind } }',
            http: 'query($id: Int!) { helpRequest(id: $id) { id } }',
            variables: { id: 'one' },
          },
        ];
        for (const { ws: query, http, variables } of documents) {
          const overWs = await ws.subscribe(query, variables).take();
          const overHttp = await side.t.request('/graphql', {
            method: 'POST',
            json: { query: http, variables },
            headers: { authorization: side.auth.alice! },
          });
          expect(overWs.type).toBe('error');
          const wsMessages = (overWs as { error: Array<{ message: string }> }).error.map((e) => e.message);
          expect(wsMessages).toEqual(overHttp.body.errors.map((e: { message: string }) => e.message));
          if (side === prod) expect(wsMessages.join()).not.toMatch(/Did you mean|Syntax Error/);
        }
      } finally {
        await ws.dispose();
      }
    }
  });
});

/** `{ field(required: value) { __typename } }` for a root field, with a plausible literal for each required argument. */
function rootQuery(field: GraphQLField<unknown, unknown>): string | undefined {
  const args: string[] = [];
  for (const arg of field.args.filter((a) => isNonNullType(a.type))) {
    const type = getNamedType(arg.type);
    if (isEnumType(type)) args.push(`${arg.name}: ${type.getValues()[0]!.name}`);
    else if (isScalarType(type) && type.name === 'Int') args.push(`${arg.name}: 1`);
    else if (isScalarType(type) && type.name === 'ID') args.push(`${arg.name}: "${'0'.repeat(32)}"`);
    else if (isScalarType(type) && type.name === 'String')
      args.push(`${arg.name}: "${arg.name === 'zip' ? '00000' : 'x'}"`);
    else return undefined;
  }
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `{ ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
}

describe('every root query field, anonymously and as a plain user', () => {
  const fields = Object.values(buildSchema(assemble(modules)).getQueryType()!.getFields());

  it('covers the protected ones (control)', () => {
    expect(fields.map(rootQuery).filter(Boolean).length).toBeGreaterThanOrEqual(17);
  });

  for (const as of ['anonymous', 'alice'] as const) {
    it(`answers each field ${as === 'anonymous' ? 'anonymously' : 'to a plain user'} alike in both modes, with no 500 and no internal error`, async () => {
      for (const field of fields) {
        const query = rootQuery(field);
        if (!query) continue;
        const c: Case = { name: field.name, as, graphql: { query }, status: 0 };
        const [p, d] = [await send(prod, c), await send(dev, c)];
        expect(p.status, `${query}: ${stable(p.body)}`).toBeLessThan(500);
        expect(d.status, query).toBe(p.status);
        expect(stable(p.body), query).toBe(stable(d.body));
        expect(stable(p.body), query).not.toMatch(/INTERNAL_SERVER_ERROR/);
      }
    });
  }
});

describe('what a client mistake costs in the log', () => {
  const accessLog = new Set(['incoming request', 'request completed']);

  it('writes at most one line, below error level and without a stack, for a document with 200 unknown directives', async () => {
    const before = prod.t.logs.length;
    const res = await send(
      prod,
      cases.find((x) => x.name === 'two hundred unknown directives')!,
    );
    expect(res.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = prod.t.logs.slice(before).filter((line) => !accessLog.has(String(line.msg)));
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const line of lines) {
      expect(Number(line.level)).toBeLessThan(50);
      expect(JSON.stringify(line)).not.toMatch(/stack|Unknown directive/);
    }
  });

  it('writes nothing at error level for any of the client mistakes above, in either mode', async () => {
    for (const side of [prod, dev]) {
      const before = side.t.logs.length;
      for (const c of cases) await send(side, c);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const errors = side.t.logs.slice(before).filter((line) => Number(line.level) >= 50);
      expect(errors.map((line) => line.msg)).toEqual([]);
    }
  });
});
