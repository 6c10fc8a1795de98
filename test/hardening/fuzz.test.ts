import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  getNullableType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { Agent, fetch as fetchWith } from 'undici';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/server/schema.js';
import type { RestRoute } from '../../src/platform/rest/catalog.js';
import { errorBodyProblem, errorFieldFor, restApisOfModules } from '../helpers/rest-apis.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  DEFAULT_PASSWORD,
  startTestApp,
  type TestApp,
} from '../helpers/app.js';
import {
  addExtra,
  corrupt,
  encodeAll,
  fromGraphqlType,
  fromJsonSchema,
  hostile,
  HOSTILE_STRINGS,
  omitOne,
  pathsOf,
  PROTO_POISON,
  queryString,
  RAW,
  registryEntry,
  rng,
  selectionFor,
  setAt,
  toJson,
  type Pools,
  type Rng,
} from './fuzz-inputs.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

/**
 * Thousands of malformed requests against every REST route in the catalog and every Query and Mutation root
 * field of the schema, so a route or field added later is fuzzed without anyone listing it here. Each case
 * starts from a valid request (built from the route's zod schemas or the field's argument types, with ids of
 * things that exist) and breaks it in one way: hostile values (wrong types, huge or odd unicode strings, NUL,
 * SQL and script text, numbers past every limit, arrays for objects), missing or extra fields, bad JSON, the
 * wrong content type, odd credentials. Whatever comes in, every answer must be a client error or a success in
 * the documented shape of its surface: never a 5xx, never an undocumented error code, never a stack or SQL.
 *
 * Cases come from a seeded PRNG: FUZZ_SEED=<n> replays a run (the seed is printed with the counts, per route or
 * field and by status); FUZZ_SHOW=<n> prints up to n of the answers that broke the contract (40 by default).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CASES_PER_TARGET = 70;
const CASES_PER_TARGET_WITHOUT_INPUT = 12;
const CONCURRENCY = 8;
/**
 * The fuzzer's connections, let go after a second idle: well before the server closes an idle one (5 s), so a case
 * sent after a slow batch check never goes out on a connection the server is closing at that moment.
 */
const connections = new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });

/** The codes README documents for GraphQL answers a client may get; INTERNAL_SERVER_ERROR is a bug here. */
const GRAPHQL_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  // Apollo's answers to a request that is not a GraphQL request at all (bad JSON, no query, a GET mutation).
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

// Every module's REST API, read from its declaration: a new module's error body is checked with no list to update.
const APIS = restApisOfModules(modules);

/** What an internal failure looks like when it escapes: a stack frame, a file, a database message. */
const LEAK =
  /\n\s+at |node_modules|\.ts:\d+|\.js:\d+|violates .* constraint|duplicate key value|invalid byte sequence|relation ".*" does not exist|QueryFailedError|DriverException/i;

interface Case {
  /** The route (`POST /api/help/requests`) or root field (`Mutation.updateUser`) fuzzed. */
  target: string;
  surface: 'graphql' | 'rest';
  strategy: string;
  as: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  route?: RestRoute;
}

interface Outcome {
  c: Case;
  status: number;
  text: string;
  /** GraphQL: execution started (the answer has `data`), so the case got past parsing and validation. */
  executed: boolean;
}

let t: TestApp;
const auth: Record<'admin' | 'user' | 'apikey', string> = {
  admin: '',
  user: '',
  apikey: `ApiKey ${API_KEY}:${API_KEY_SECRET}`,
};
/** Sessions of their own for the cases that sign out, so a fuzzed sign-out never ends the other cases' sessions. */
const disposable: string[] = [];
const SIGN_OUT_TARGETS = new Set(['Mutation.logout', 'DELETE /api/authenticate', 'POST /api/auth/logout']);
/** A signed-in caller of a sign-out case gets a session of its own, used once. */
function forSignOut(target: string, [as, headers]: [string, Record<string, string>]): [string, Record<string, string>] {
  if (!SIGN_OUT_TARGETS.has(target) || (as !== 'admin' && as !== 'user')) return [as, headers];
  const session = disposable.pop();
  if (!session) throw new Error('fixture: too few disposable sessions for the sign-out cases');
  return ['user', { ...headers, authorization: session }];
}
const pools: Pools = {
  users: [],
  usernames: [],
  admins: [],
  groups: [],
  entries: [],
  workspaces: [],
  mappings: [],
  requests: [],
  faqs: [],
};

async function gqlOk<T = any>(query: string, variables: Record<string, unknown>, as = auth.admin): Promise<T> {
  const res = await t.gql<T>(query, variables, as);
  if (res.errors?.length || !res.data) throw new Error(`fixture failed: ${JSON.stringify(res.errors)}`);
  return res.data;
}

/** Things to point ids at: users, groups, registry entries, workspaces, file mappings, help requests, FAQs. */
async function seedFixtures() {
  auth.admin = await t.login('admin', ADMIN_PASSWORD);
  // The callers' own accounts stay out of the pools: a fuzzed logoutUser or password change must not sign them out.
  const member = await t.createUser('fz-member');
  auth.user = member.auth;
  const leaver = await t.createUser('fz-leaver');
  disposable.push(leaver.auth);
  for (let i = 0; i < 3 * CASES_PER_TARGET_WITHOUT_INPUT; i++)
    disposable.push(await t.login('fz-leaver', DEFAULT_PASSWORD));
  const assignee = await t.createUser('fz-assignee', { role: 'admin' });
  pools.admins.push(assignee.id);

  for (let i = 0; i < 12; i++) {
    const username = `fz-target-${i}`;
    const { createUser } = await gqlOk('mutation($input: CreateUserInput!) { createUser(input: $input) { id } }', {
      input: { username },
    });
    pools.users.push(createUser.id);
    pools.usernames.push(username);
  }
  for (let i = 0; i < 4; i++) {
    const { createGroup } = await gqlOk('mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }', {
      input: { name: `fz-group-${i}` },
    });
    pools.groups.push(createGroup.id);
    await gqlOk('mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }', {
      u: pools.users[i],
      g: createGroup.id,
    });
  }
  const { importWorkspaceRegistry } = await gqlOk(
    'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
    {
      e: ['fz/one', 'fz/two', 'fz/three'].map(registryEntry),
    },
  );
  pools.entries.push(...importWorkspaceRegistry.map((e: { id: string }) => e.id));
  for (const entryId of pools.entries.slice(0, 2)) {
    const { installWorkspace } = await gqlOk('mutation($id: ID!) { installWorkspace(entryId: $id) { id } }', {
      id: entryId,
    });
    pools.workspaces.push(installWorkspace.id);
  }
  for (let i = 0; i < 3; i++) {
    const { addFileMapping } = await gqlOk(
      'mutation($input: FileMappingInput!) { addFileMapping(input: $input) { id } }',
      {
        input: { name: `fz-map-${i}`, destinationPath: `/opt/fz/${i}.sh` },
      },
    );
    pools.mappings.push(addFileMapping.id);
  }
  for (let i = 0; i < 8; i++) {
    const res = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: i < 6 ? auth.user : auth.admin },
      json: { title: `Printer ${i}`, description: 'Smoke everywhere' },
    });
    pools.requests.push(res.body.request_id);
  }
  for (let i = 0; i < 4; i++) {
    const res = await t.request('/api/help/faqs', {
      method: 'POST',
      headers: { authorization: auth.admin },
      json: { question: `How do I reset my password ${i}?`, answer: 'Ask an administrator.', tags: 'password,account' },
    });
    pools.faqs.push(res.body.data.id);
  }
}

// ---- credentials ---------------------------------------------------------------------------------------------

/** Authorization values a client might send by mistake or on purpose; all sendable as an HTTP header. */
const JUNK_AUTH = [
  'Bearer',
  'Bearer a.b.c',
  `Bearer ${'A'.repeat(9000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'ApiKey nocolon',
  'ApiKey :',
  `ApiKey ${API_KEY}:wrong-secret`,
  'Bearer null',
  'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.',
  'Digest username="admin"',
  'Bearer \t token',
  'Bearer ../../etc/passwd',
];

function graphqlPrincipal(r: Rng): [string, Record<string, string>] {
  const roll = r.next();
  if (roll < 0.55) return ['admin', { authorization: auth.admin }];
  if (roll < 0.65) return ['apikey', { authorization: auth.apikey }];
  if (roll < 0.8) return ['user', { authorization: auth.user }];
  if (roll < 0.92) return ['anonymous', {}];
  return ['junk', { authorization: r.pick(JUNK_AUTH) }];
}

function bearerPrincipal(r: Rng, route: RestRoute): [string, Record<string, string>] {
  if (route.auth === 'none') return r.chance(0.9) ? ['anonymous', {}] : ['junk', { authorization: r.pick(JUNK_AUTH) }];
  const roll = r.next();
  if (roll < 0.65) return ['admin', { authorization: auth.admin }];
  if (roll < 0.8) return ['user', { authorization: auth.user }];
  if (roll < 0.9) return ['anonymous', {}];
  return ['junk', { authorization: r.pick(JUNK_AUTH) }];
}

/** The platform API takes its key pair in the body: usually right, sometimes missing, wrong or not strings. */
function bodyCredentials(r: Rng): [string, Record<string, unknown>] {
  const roll = r.next();
  if (roll < 0.75) return ['apikey', { api_key: API_KEY, api_key_secret: API_KEY_SECRET }];
  if (roll < 0.83) return ['anonymous', r.chance(0.5) ? {} : { api_key: API_KEY }];
  if (roll < 0.9) return ['wrong-key', { api_key: API_KEY, api_key_secret: 'not-the-secret-0123456789' }];
  return ['junk', { api_key: hostile(r), api_key_secret: r.chance(0.5) ? API_KEY_SECRET : hostile(r) }];
}

// ---- GraphQL cases -------------------------------------------------------------------------------------------

const WRONG_VARIABLE_TYPES = [
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
  'JSON',
  'BigInt',
  'DateTime',
  '[String!]!',
  'HelpStatus',
  'NoSuchType',
  'CreateUserInput!',
  'Role',
];

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** A value as a GraphQL literal inside the document; enum values bare when the type says so. */
function literal(value: unknown, type?: GraphQLInputType): string {
  const inner = type ? (getNullableType(type) as GraphQLInputType) : undefined;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    const raw = /^\u0001RAW:(.*)\u0001$/.exec(value);
    if (raw) return raw[1];
    if (inner && isEnumType(inner) && inner.getValue(value)) return value;
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '1e400';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return `[${value.map((v) => literal(v, inner && isListType(inner) ? inner.ofType : undefined)).join(', ')}]`;
  const fields = inner && isInputObjectType(inner) ? inner.getFields() : {};
  const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k));
  return `{${entries.map(([k, v]) => `${k}: ${literal(v, fields[k]?.type)}`).join(', ')}}`;
}

/** Breaks a document the way a buggy client or a hand-written request does. */
function mangleDocument(r: Rng, doc: string): string {
  const at = r.int(doc.length);
  switch (r.int(6)) {
    case 0:
      return doc.slice(0, at);
    case 1:
      return (
        doc.slice(0, at) +
        r.pick(['$', '#', '"', '{', '}', '(', ')', '...', '@', '!', '\u0000', '\uD800', '"""', '\\u{110000}']) +
        doc.slice(at)
      );
    case 2:
      return doc.replace(
        /\{ /,
        `{ ${r.pick(['__schema { types { name } }', 'nope', '__typename @include(if: "yes")', 'a: __typename a: health { status }'])} `,
      );
    case 3:
      return `${doc} ${r.pick(['query Other { health { status } }', 'fragment F on Query { health { status } }', 'subscription { x }'])}`;
    case 4:
      return doc.replace(/\(/, `(${r.pick(['noSuchArg: 1, ', 'id: 1, ', '__proto__: "x", '])}`);
    default:
      return r.pick(HOSTILE_STRINGS);
  }
}

function graphqlCases(r: Rng): Case[] {
  const schema = buildSchema(assemble(modules));
  const cases: Case[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
      const target = `${root.name}.${field.name}`;
      const selection = selectionFor(field.type);
      const count = field.args.length ? CASES_PER_TARGET : CASES_PER_TARGET_WITHOUT_INPUT;
      for (let i = 0; i < count; i++) {
        const valid: Record<string, unknown> = {};
        for (const arg of field.args) {
          if (!isNonNullType(arg.type) && arg.defaultValue === undefined && !r.chance(0.7)) continue;
          if (!isNonNullType(arg.type) && r.chance(0.3)) continue;
          valid[arg.name] = fromGraphqlType(r, pools, arg.type, arg.name, field.name);
        }
        const varTypes: Record<string, string> = Object.fromEntries(field.args.map((a) => [a.name, String(a.type)]));
        let variables: unknown = valid;
        let inline = false;
        let document: string | undefined;
        const hasArgs = field.args.length > 0;
        const strategy = pickWeighted(r, [
          { name: 'valid', weight: hasArgs ? 10 : 40, apply: () => undefined },
          {
            name: 'hostile-values-of-the-right-type',
            weight: hasArgs ? 30 : 0,
            apply: () => (variables = corrupt(r, valid, true)),
          },
          { name: 'hostile-values', weight: hasArgs ? 16 : 0, apply: () => (variables = corrupt(r, valid)) },
          { name: 'missing-field', weight: hasArgs ? 6 : 0, apply: () => (variables = omitOne(r, valid, false) ?? {}) },
          { name: 'null-field', weight: hasArgs ? 4 : 0, apply: () => (variables = omitOne(r, valid, true) ?? {}) },
          {
            name: 'extra-fields',
            weight: hasArgs ? 5 : 20,
            apply: () => (variables = addExtra(r, { ...valid, notDeclared: hostile(r) })),
          },
          {
            name: 'inline-literals',
            weight: hasArgs ? 9 : 0,
            apply: () => {
              inline = true;
              variables = r.chance(0.6) ? corrupt(r, valid, true) : valid;
            },
          },
          {
            name: 'wrong-variable-type',
            weight: hasArgs ? 6 : 0,
            apply: () => (varTypes[r.pick(Object.keys(varTypes))] = r.pick(WRONG_VARIABLE_TYPES)),
          },
          {
            name: 'variables-not-an-object',
            weight: hasArgs ? 4 : 15,
            apply: () => (variables = r.pick([[valid], 'variables', 42, true, toJson(valid)])),
          },
          { name: 'mangled-document', weight: hasArgs ? 10 : 25, apply: () => undefined },
        ]);

        const args = field.args.filter(
          (a) => inline || (isRecord(variables) && a.name in variables) || isNonNullType(a.type),
        );
        if (inline) {
          const values = isRecord(variables) ? variables : valid;
          const list = args.filter((a) => a.name in values).map((a) => `${a.name}: ${literal(values[a.name], a.type)}`);
          document = `${kind} Fuzz { ${field.name}${list.length ? `(${list.join(', ')})` : ''} ${selection} }`;
          variables = {};
        } else {
          const defs = args.map((a) => `$${a.name}: ${varTypes[a.name]}`).join(', ');
          const uses = args.map((a) => `${a.name}: $${a.name}`).join(', ');
          document = `${kind} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${uses ? `(${uses})` : ''} ${selection} }`;
        }
        if (strategy === 'mangled-document') document = mangleDocument(r, document);
        const [as, headers] = forSignOut(target, graphqlPrincipal(r));
        cases.push({
          target,
          surface: 'graphql',
          strategy,
          as,
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', ...headers },
          body: toJson({
            query: document,
            variables,
            ...(r.chance(0.1) ? { operationName: r.pick(['Fuzz', 'Other', 42, null]) } : {}),
          }),
        });
      }
    }
  }
  return cases;
}

/** The GraphQL endpoint itself: bodies that are not GraphQL requests, the wrong methods and media types. */
function graphqlTransportCases(r: Rng): Case[] {
  const valid = '{ health { status } }';
  const post = (
    strategy: string,
    body: string | Uint8Array,
    contentType?: string,
    extra: Record<string, string> = {},
  ): Case => ({
    target: 'POST /graphql (transport)',
    surface: 'graphql',
    strategy,
    as: 'admin',
    method: 'POST',
    path: '/graphql',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), authorization: auth.admin, ...extra },
    body,
  });
  const get = (strategy: string, query: string, extra: Record<string, string> = {}): Case => ({
    target: 'GET /graphql (transport)',
    surface: 'graphql',
    strategy,
    as: 'anonymous',
    method: 'GET',
    path: `/graphql?${query}`,
    headers: extra,
  });
  const cases: Case[] = [];
  const bodies: Array<[string, string]> = [
    ['bad-json', '{'],
    ['bad-json', '{"query": }'],
    ['bad-json', "{'query': '{ health { status } }'}"],
    ['bad-json', '{"query": "{ health { status } }",}'],
    ['bad-json', '{"query": NaN}'],
    ['bad-json', '{"query": "x"}{"query": "y"}'],
    ['bad-json', '\uFEFF{"query": "{ health { status } }"}'],
    ['bad-json', '['.repeat(50_000) + ']'.repeat(50_000)],
    ['not-a-request', 'null'],
    ['not-a-request', '"{ health { status } }"'],
    ['not-a-request', '42'],
    ['not-a-request', '[]'],
    ['batched', toJson([{ query: valid }, { query: valid }])],
    ['no-query', '{}'],
    ['no-query', toJson({ variables: {} })],
    ['query-not-a-string', toJson({ query: 42 })],
    ['query-not-a-string', toJson({ query: [valid] })],
    ['query-not-a-string', toJson({ query: { kind: 'Document' } })],
    ['query-not-a-string', toJson({ query: null })],
    ['empty-query', toJson({ query: '' })],
    ['variables-junk', toJson({ query: valid, variables: 'x' })],
    ['variables-junk', toJson({ query: valid, variables: [1, 2] })],
    ['operation-name-junk', toJson({ query: valid, operationName: { a: 1 } })],
    ['operation-name-junk', toJson({ query: valid, operationName: 'Nope' })],
    ['extensions-junk', toJson({ query: valid, extensions: 'x' })],
    ['extensions-junk', toJson({ query: valid, extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } })],
    ['proto-poisoning', `{"query": ${JSON.stringify(valid)}, "__proto__": {"isAdmin": true}}`],
    ['proto-poisoning', `{"query": ${JSON.stringify(valid)}, "constructor": {"prototype": {"isAdmin": true}}}`],
    ['deep-document', toJson({ query: `{ ${'health { '.repeat(3000)}status${' }'.repeat(3000)} }` })],
    ['deep-document', toJson({ query: '{'.repeat(5000) })],
    ['huge-document', toJson({ query: `{ ${'health { status } '.repeat(2000)}}` })],
    [
      'huge-variable',
      toJson({
        query: 'query($q: String!) { helpSearch(q: $q) { faqs { id } } }',
        variables: { q: 'x'.repeat(900_000) },
      }),
    ],
    ['huge-body', toJson({ query: valid, padding: 'x'.repeat(1_100_000) })],
    ['nul-bytes', toJson({ query: `{ health { status } }\u0000` })],
    ['lone-surrogate', toJson({ query: `{ health { status } } # \uD800` })],
    [
      'deep-variables',
      `{"query": ${JSON.stringify('mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }')}, "variables": {"e": ${DEEP_ARRAY}}}`,
    ],
    [
      'deep-variables',
      `{"query": ${JSON.stringify('mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }')}, "variables": {"e": [${DEEP_OBJECT}]}}`,
    ],
    [
      'deep-variables',
      `{"query": ${JSON.stringify('query($s: String) { faqs(search: $s) { totalCount } }')}, "variables": {"s": ${DEEP_OBJECT}}}`,
    ],
    [
      'deep-variables',
      `{"query": ${JSON.stringify('query($f: UserFilter) { users(filter: $f) { total } }')}, "variables": {"f": ${DEEP_OBJECT}}}`,
    ],
    [
      'numbers',
      `{"query": ${JSON.stringify('query($n: Int) { users(limit: $n) { total } }')}, "variables": {"n": 1e400}}`,
    ],
    [
      'numbers',
      `{"query": ${JSON.stringify('query($n: Int) { users(limit: $n) { total } }')}, "variables": {"n": -0.0}}`,
    ],
    [
      'numbers',
      `{"query": ${JSON.stringify('query($n: BigInt) { workspaceSettings { agentMemoryBytes } }')}, "variables": {"n": 123456789012345678901234567890}}`,
    ],
  ];
  for (const [strategy, body] of bodies) cases.push(post(strategy, body, 'application/json'));
  const json = toJson({ query: valid });
  for (const contentType of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/graphql',
    'application/octet-stream',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json, text/plain',
    'application/jsonp',
    'application/json; boundary="',
  ]) {
    cases.push(post('content-type', json, contentType));
  }
  cases.push(post('no-content-type', new TextEncoder().encode(json)));
  cases.push(
    post(
      'invalid-utf8',
      new Uint8Array([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
      'application/json',
    ),
  );
  cases.push(post('method-override', json, 'application/json', { 'x-http-method-override': 'DELETE' }));
  cases.push(post('csrf-text-plain-mutation', toJson({ query: 'mutation { deleteFaq(id: 1) }' }), 'text/plain'));
  const preflight = { 'apollo-require-preflight': '1' };
  cases.push(get('get-query', `query=${encodeAll(valid)}`, preflight));
  cases.push(get('get-without-preflight', `query=${encodeAll(valid)}`));
  cases.push(get('get-mutation', `query=${encodeAll('mutation { logoutUser(id: "x") { id } }')}`, preflight));
  cases.push(
    get(
      'get-variables-junk',
      `query=${encodeAll('query($z: String!) { wildfireRisk(zip: $z) { riskScore } }')}&variables=%7Bnot-json`,
      preflight,
    ),
  );
  cases.push(
    get(
      'get-variables-junk',
      `query=${encodeAll(valid)}&variables=${encodeAll('[1]')}&extensions=${encodeAll('"x"')}`,
      preflight,
    ),
  );
  cases.push(get('get-bad-encoding', 'query=%E0%A4%A&x=%zz%', preflight));
  cases.push(get('get-repeated-query', `query=${encodeAll(valid)}&query=${encodeAll(valid)}`, preflight));
  cases.push(get('get-empty', '', preflight));
  for (let i = 0; i < 40; i++)
    cases.push(get('get-hostile-query', `query=${encodeAll(String(r.pick(HOSTILE_STRINGS)))}`, preflight));
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    cases.push({ ...post('wrong-method', json, 'application/json'), method, target: `${method} /graphql (transport)` });
  }
  return cases;
}

// ---- REST cases ----------------------------------------------------------------------------------------------

const jsonSchemaOf = (schema: z.ZodType | undefined) =>
  schema
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>)
    : undefined;

/** Nesting no JSON.stringify on the sending side survives; sent as text. */
const DEEP_ARRAY = '['.repeat(20_000) + ']'.repeat(20_000);
const DEEP_OBJECT = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);

const BAD_JSON = [
  '{',
  '{"a":}',
  "{'title':'x'}",
  '{"title":"x",}',
  'NaN',
  '[1,2',
  '\u0000',
  '{"a":1}{"b":2}',
  '\uFEFF{"title":"x"}',
  '{"a": Infinity}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/merge-patch+json',
];
const JUNK_QUERY_STRINGS = [
  '%E0%A4%A',
  'zip=%zz',
  'zip=94103&zip=10001',
  'q[]=a&q[b]=c',
  `${'x'.repeat(3000)}=1`,
  'zip=94103%00',
  'zip=%F0%9F%94%A5',
  '&&&==&',
  'status=open&status=closed',
  'page=1e3&per_page=-0',
  'q=%C0%AF',
];
const JUNK_PATH_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'NaN',
  'abc',
  '9999999999',
  '999999999',
  '%00',
  '%zz',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  '%2e%2e',
  '1%20OR%201=1',
  encodeAll('\uD800'),
  encodeAll('👩‍👩‍👧'),
  'x'.repeat(5000),
  '1;select',
  '%u0031',
];

function restCases(r: Rng): Case[] {
  const cases: Case[] = [];
  for (const route of t.app.restRoutes) {
    const target = `${route.method} ${route.path}`;
    const [params, query, body] = [route.params, route.query, route.body].map(jsonSchemaOf);
    const hasInput = Boolean(params || query || body);
    const count = hasInput ? CASES_PER_TARGET : CASES_PER_TARGET_WITHOUT_INPUT;
    for (let i = 0; i < count; i++) {
      const valid = {
        params: params ? (fromJsonSchema(r, pools, params, '', route.path) as Record<string, unknown>) : {},
        query: query ? (fromJsonSchema(r, pools, query, '', route.path) as Record<string, unknown>) : {},
        body: body ? (fromJsonSchema(r, pools, body, '', route.path) as Record<string, unknown>) : undefined,
      };
      let [as, headers] = forSignOut(target, bearerPrincipal(r, route));
      if (route.auth === 'body-api-key') {
        const [who, credentials] = bodyCredentials(r);
        as = who;
        valid.body = {
          ...credentials,
          ...Object.fromEntries(Object.entries(valid.body ?? {}).filter(([k]) => !k.startsWith('api_key'))),
        };
        headers = {};
      }
      const parts: Array<'params' | 'query' | 'body'> = [];
      if (params) parts.push('params');
      if (query) parts.push('query');
      if (valid.body !== undefined) parts.push('body');
      let input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown } = { ...valid };
      let rawBody: string | undefined;
      let contentType = 'application/json';
      let rawPathId: string | undefined;
      let rawQuery: string | undefined;
      const part = parts.length ? r.pick(parts) : undefined;
      const change = (fn: (v: unknown) => unknown) => {
        if (part) input = { ...input, [part]: fn(input[part]) as never };
      };
      const hasBody = route.method !== 'GET';
      const withBodyLeaf = (literal: string) => {
        const leaves = pathsOf(input.body ?? {}).slice(1);
        rawBody = toJson(leaves.length ? setAt(input.body, r.pick(leaves), RAW(literal)) : RAW(literal));
      };
      const strategy = pickWeighted(r, [
        { name: 'valid', weight: hasInput ? 10 : 40, apply: () => undefined },
        {
          name: `hostile-values-of-the-right-type(${part})`,
          weight: part ? 30 : 0,
          apply: () => change((v) => corrupt(r, v, true)),
        },
        { name: `hostile-values(${part})`, weight: part ? 13 : 0, apply: () => change((v) => corrupt(r, v)) },
        {
          name: `missing-field(${part})`,
          weight: part ? 6 : 0,
          apply: () => change((v) => omitOne(r, v, false) ?? {}),
        },
        { name: `null-field(${part})`, weight: part ? 4 : 0, apply: () => change((v) => omitOne(r, v, true)) },
        {
          name: `extra-fields(${part})`,
          weight: part ? 4 : 0,
          apply: () => change((v) => addExtra(r, { ...(v as object), unexpected: hostile(r) })),
        },
        {
          name: 'body-not-an-object',
          weight: valid.body !== undefined ? 4 : 0,
          apply: () => (input.body = r.pick([[input.body], 'text', 42, null, true, []])),
        },
        { name: 'bad-json', weight: hasBody ? 3 : 0, apply: () => (rawBody = r.pick(BAD_JSON)) },
        {
          name: 'deeply-nested-field',
          weight: hasBody ? 2 : 0,
          apply: () => withBodyLeaf(r.pick([DEEP_ARRAY, DEEP_OBJECT])),
        },
        { name: 'content-type', weight: hasBody ? 4 : 0, apply: () => (contentType = r.pick(CONTENT_TYPES)) },
        {
          name: 'raw-numbers',
          weight: hasBody ? 3 : 0,
          apply: () =>
            withBodyLeaf(
              r.pick(['1e400', '-1e400', '123456789012345678901234567890', '-0.0', '1E+2', '0.0000001e-400']),
            ),
        },
        {
          name: 'proto-poisoning',
          weight: hasBody ? 2 : 0,
          apply: () => (input.body = { ...(input.body as object), ...PROTO_POISON() }),
        },
        { name: 'junk-path-id', weight: params ? 5 : 0, apply: () => (rawPathId = r.pick(JUNK_PATH_IDS)) },
        { name: 'junk-query-string', weight: query ? 3 : 0, apply: () => (rawQuery = r.pick(JUNK_QUERY_STRINGS)) },
        { name: 'repeated-slashes', weight: hasInput ? 2 : 30, apply: () => undefined },
        {
          name: 'unknown-query-params',
          weight: hasInput ? 3 : 30,
          apply: () => (input.query = { ...input.query, unknown: hostile(r), __proto__x: '1' }),
        },
      ]);

      let path = route.path.replace(
        /:(\w+)/g,
        (_, name: string) => rawPathId ?? encodeAll(String(input.params?.[name] ?? '')),
      );
      if (strategy === 'repeated-slashes') path = path.replace(/\//g, () => (r.chance(0.3) ? '//' : '/'));
      const qs = rawQuery ?? (input.query && typeof input.query === 'object' ? queryString(input.query) : '');
      if (qs) path += `?${qs}`;
      let sentBody: string | Uint8Array | undefined;
      if (route.method !== 'GET') {
        sentBody =
          rawBody ?? (input.body === undefined ? (route.method === 'DELETE' ? undefined : '{}') : toJson(input.body));
      }
      cases.push({
        target,
        surface: 'rest',
        strategy,
        as,
        method: route.method,
        path,
        headers: { ...(sentBody !== undefined ? { 'content-type': contentType } : {}), ...headers },
        body: sentBody,
        route,
      });
    }
  }
  return cases;
}

// ---- judging answers -----------------------------------------------------------------------------------------

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why an answer breaks the contract of its surface, or undefined when it keeps it. */
function problemWith(o: Outcome): string | undefined {
  if (o.status >= 500) return `status ${o.status}`;
  // Node's HTTP parser refuses a request line or headers over 16 KB before there is a request, so before
  // anything knows which API the path belongs to; a 431 is all a client can be told.
  if (o.status === 431) return undefined;
  const body = parseJson(o.text) as any;
  if (o.c.surface === 'graphql') {
    // /graphql answers GET and POST; another method matches no route, and gets the not-found body.
    if (!['GET', 'POST'].includes(o.c.method))
      return o.status === 404 && body?.error === 'Not found' ? undefined : `wrong method answered ${o.status}`;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'answer is not a JSON object';
    if (body.errors !== undefined) {
      if (!Array.isArray(body.errors) || body.errors.length === 0) return 'errors is not a non-empty array';
      for (const e of body.errors) {
        if (typeof e?.message !== 'string' || !e.message) return 'an error without a message';
        const code = e.extensions?.code;
        if (!GRAPHQL_CODES.has(code)) return `undocumented code ${code}`;
        if ('stacktrace' in (e.extensions ?? {})) return 'a stack trace in extensions';
        if (LEAK.test(e.message)) return `internal detail in the message: ${e.message.slice(0, 120)}`;
      }
    } else if (!body.data || typeof body.data !== 'object') return 'neither data nor errors';
    return undefined;
  }
  const route = o.c.route!;
  // A path outside the legacy prefixes (`//api/…`) matches no route and gets the generic not-found body.
  if (o.status >= 400) {
    // An unknown path under an API without a not-found message of its own answers in the generic {error} shape.
    const shape = errorBodyProblem(o.c.path, o.status, body, APIS);
    if (shape) return `${shape}: ${o.text.slice(0, 120)}`;
    const message = String(body[errorFieldFor(o.c.path, o.status, APIS)]);
    if (LEAK.test(message)) return `internal detail in the message: ${message.slice(0, 120)}`;
    return undefined;
  }
  const documented = route.responses[o.status];
  if (!documented) return `undocumented success status ${o.status}`;
  if (documented.schema) {
    const parsed = documented.schema.safeParse(body);
    if (!parsed.success)
      return `success body does not match the documented schema: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`;
  }
  return undefined;
}

async function send(c: Case): Promise<Outcome> {
  try {
    const res = await fetchWith(t.url + c.path, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      dispatcher: connections,
    });
    const text = await res.text();
    return {
      c,
      status: res.status,
      text,
      executed: c.surface === 'graphql' && Boolean((parseJson(text) as any)?.data !== undefined),
    };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : '';
    return { c, status: 599, text: `no answer: ${(error as Error).message}${why}`, executed: false };
  }
}

async function runAll(cases: Case[], onBatch: () => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const batch = 400;
  for (let start = 0; start < cases.length; start += batch) {
    const slice = cases.slice(start, start + batch);
    next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < slice.length) outcomes.push(await send(slice[next++]));
      }),
    );
    await onBatch();
  }
  return outcomes;
}

/** Picks one strategy in proportion to its weight (a weight of 0 rules it out) and applies it. */
function pickWeighted(r: Rng, options: Array<{ name: string; weight: number; apply: () => unknown }>): string {
  const total = options.reduce((sum, o) => sum + o.weight, 0);
  let at = r.next() * total;
  for (const option of options) {
    at -= option.weight;
    if (option.weight > 0 && at < 0) {
      option.apply();
      return option.name;
    }
  }
  options[0].apply();
  return options[0].name;
}

function shuffle<T>(r: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function table(outcomes: Outcome[]): string {
  const byTarget = new Map<string, Map<number, number>>();
  const executed = new Map<string, number>();
  for (const o of outcomes) {
    const counts = byTarget.get(o.c.target) ?? new Map<number, number>();
    counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
    byTarget.set(o.c.target, counts);
    if (o.executed) executed.set(o.c.target, (executed.get(o.c.target) ?? 0) + 1);
  }
  const width = Math.max(...[...byTarget.keys()].map((k) => k.length));
  const line = (name: string, counts: Map<number, number>, extra = '') =>
    `${name.padEnd(width)}  ${String([...counts.values()].reduce((a, b) => a + b, 0)).padStart(5)}  ${[
      ...counts.entries(),
    ]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}${extra}`;
  const rows = [...byTarget.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => line(k, v, executed.has(k) ? `  (executed ${executed.get(k)})` : ''));
  const total = new Map<number, number>();
  for (const o of outcomes) total.set(o.status, (total.get(o.status) ?? 0) + 1);
  return [...rows, '-'.repeat(width + 20), line('total', total)].join('\n');
}

// ---- the run -------------------------------------------------------------------------------------------------

let outcomes: Outcome[] = [];
const liveness: number[] = [];

beforeAll(async () => {
  // With a key for webhook secrets, as a gateway serving webhooks has: without one, making a webhook is the
  // deployment's 503, not the request's fault.
  t = await startTestApp({ WEBHOOK_SECRETS_KEY: 'fuzz-webhook-secrets-key-0123456789abcdef' });
  await seedFixtures();
  const r = rng(SEED);
  // Generated in one fixed order, so a seed always yields the same cases; sent shuffled, so routes interleave.
  const cases = shuffle(r, [...graphqlCases(r), ...graphqlTransportCases(r), ...restCases(r)]);
  const started = Date.now();
  outcomes = await runAll(cases, async () => {
    liveness.push((await fetch(`${t.url}/api/health`)).status);
  });
  console.log(
    `fuzz seed ${SEED}: ${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n${table(outcomes)}`,
  );
}, 240_000);

afterAll(async () => {
  await t?.stop();
  await connections.close();
});

describe(`fuzzing every REST route and GraphQL root field (seed ${SEED})`, () => {
  it('covers every route in the REST catalog and every Query and Mutation field, thousands of cases in all', () => {
    const schema = buildSchema(assemble(modules));
    const fields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
      Object.keys(root.getFields()).map((f) => `${root.name}.${f}`),
    );
    const targets = new Set(outcomes.map((o) => o.c.target));
    for (const field of fields) expect(targets, field).toContain(field);
    for (const route of t.app.restRoutes) expect(targets, route.path).toContain(`${route.method} ${route.path}`);
    expect(outcomes.length).toBeGreaterThan(3000);
  });

  it('reaches the resolvers of every root field, so the cases test the rules and not only the parser', () => {
    const executed = new Set(outcomes.filter((o) => o.executed).map((o) => o.c.target));
    const fields = outcomes
      .filter((o) => o.c.surface === 'graphql' && !o.c.target.includes('(transport)'))
      .map((o) => o.c.target);
    expect([...new Set(fields)].filter((f) => !executed.has(f))).toEqual([]);
  });

  it('keeps the process up and answering throughout', async () => {
    expect(liveness.every((s) => s === 200)).toBe(true);
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/ready`)).status).toBe(200);
    // Still fully working: the administrator can sign in and read through both doors.
    expect((await t.gql('{ me { username } }', {}, await t.login('admin', ADMIN_PASSWORD))).data?.me.username).toBe(
      'admin',
    );
  });

  it('answers every case with a client error or a success in the documented shape of its surface, never a 5xx', () => {
    const problems = outcomes
      .map((o) => ({ o, problem: problemWith(o) }))
      .filter((p) => p.problem)
      .map(({ o, problem }) => ({
        target: o.c.target,
        strategy: o.c.strategy,
        as: o.c.as,
        problem,
        request: `${o.c.method} ${o.c.path.slice(0, 200)} ${typeof o.c.body === 'string' ? o.c.body.slice(0, 300) : o.c.body ? '<bytes>' : ''}`,
        answer: `${o.status} ${o.text.slice(0, 200)}`,
      }));
    if (problems.length)
      console.log(
        `fuzz seed ${SEED}: ${problems.length} answers broke the contract`,
        problems.slice(0, Number(process.env.FUZZ_SHOW ?? 40)),
        // What the server said about them: an internal error is logged with its cause.
        t.logs.filter((line) => Number(line.level) >= 50).slice(0, 10),
      );
    expect(problems.slice(0, 10), `${problems.length} problems (seed ${SEED})`).toEqual([]);
  });
});
