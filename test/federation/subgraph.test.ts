import { composeServices as composeWithApollo } from '@apollo/composition';
import {
  composeServices as composeWithGuild,
  transformSupergraphToPublicSchema,
} from '@theguild/federation-composition';
import { buildASTSchema, lexicographicSortSchema, parse, printSchema, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraphSdl } from '../../scripts/sdl.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';
import { mergedTypeDefs } from '../../src/server/schema.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/** Trellis as an Apollo Federation 2 subgraph (GRAPHQL_FEDERATION=subgraph), as a router composes and queries it. */
let t: TestApp;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_FEDERATION: 'subgraph' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t?.stop());

const normalised = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));
const monolith = () => normalised(buildASTSchema(mergedTypeDefs(assemble(modules))));

const file = async (auth: string, title: string): Promise<number> => {
  const answer = await t.gql(
    'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
    { input: { title, description: 'Details' } },
    auth,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data.createHelpRequest.id;
};

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on HelpRequest { number: id title }
    ... on User { id username }
    ... on Group { id name }
    ... on Faq { faq: id question }
  }
}`;
const entities = (representations: object[], auth?: string) => t.gql(ENTITIES, { representations }, auth);

describe('the subgraph schema', () => {
  it('answers _service { sdl } with the federation SDL that npm run sdl -- --subgraph prints', async () => {
    const answer = await t.gql('{ _service { sdl } }');
    expect(answer.errors).toBeUndefined();
    const sdl: string = answer.data._service.sdl;
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@shareable"])');
    for (const key of [
      'type User @key(fields: "id")',
      'type Group @key(fields: "id")',
      'type HelpRequest @key(fields: "id")',
      'type Faq @key(fields: "id")',
      'type AreaRisk @key(fields: "zipCode")',
    ]) {
      expect(sdl).toContain(key);
    }
    expect(sdl.trim()).toBe(subgraphSdl().trim());
  });

  it('is composed by @apollo/composition into a supergraph whose API schema is the gateway’s own schema', async () => {
    const { data } = await t.gql('{ _service { sdl } }');
    const result = composeWithApollo([
      { name: 'trellis', url: `${t.url}/graphql`, typeDefs: parse(data._service.sdl) },
    ]);
    expect(result.errors ?? []).toEqual([]);
    expect(normalised(result.schema!.toAPISchema().toGraphQLJSSchema())).toBe(monolith());
  });

  it('is composed by @theguild/federation-composition into a supergraph whose API schema is the gateway’s own schema', async () => {
    const { data } = await t.gql('{ _service { sdl } }');
    const result = composeWithGuild([{ name: 'trellis', url: `${t.url}/graphql`, typeDefs: parse(data._service.sdl) }]);
    expect(result.errors ?? []).toEqual([]);
    const api = transformSupergraphToPublicSchema(parse(result.supergraphSdl!));
    expect(normalised(buildASTSchema(api))).toBe(monolith());
  });
});

describe('federated traces', () => {
  it('answers an ftv1 trace when the router asks for one, and none otherwise', async () => {
    const ask = (headers: Record<string, string>) =>
      t.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        json: { query: '{ health { status } }' },
      });
    const traced = await ask({ 'apollo-federation-include-trace': 'ftv1' });
    expect(traced.status).toBe(200);
    expect(typeof traced.body.extensions?.ftv1).toBe('string');
    expect(Buffer.from(traced.body.extensions.ftv1, 'base64').length).toBeGreaterThan(0);
    expect((await ask({})).body.extensions?.ftv1).toBeUndefined();
  });
});

describe('_entities', () => {
  it('gives a requester their own request and null for another person’s, as helpRequest(id) does; an administrator both', async () => {
    const own = await file(alice.auth, 'Mine');
    const other = await file(bob.auth, 'Theirs');
    const reps = [
      { __typename: 'HelpRequest', id: own },
      { __typename: 'HelpRequest', id: other },
    ];
    const asAlice = await entities(reps, alice.auth);
    expect(asAlice.errors).toBeUndefined();
    expect(asAlice.data._entities).toEqual([{ __typename: 'HelpRequest', number: own, title: 'Mine' }, null]);
    expect(
      (await t.gql('query($id: Int!) { helpRequest(id: $id) { id } }', { id: other }, alice.auth)).data,
    ).toBeNull();
    const asAdmin = await entities(reps, admin);
    expect(asAdmin.data._entities).toEqual([
      { __typename: 'HelpRequest', number: own, title: 'Mine' },
      { __typename: 'HelpRequest', number: other, title: 'Theirs' },
    ]);
    expect((await entities(reps)).data._entities).toEqual([null, null]);
  });

  it('resolves users only for those who may ask user(id), and each field keeps its own rule', async () => {
    const reps = [{ __typename: 'User', id: bob.id }];
    expect((await entities(reps, alice.auth)).data._entities).toEqual([null]);
    expect((await entities(reps, admin)).data._entities).toEqual([{ __typename: 'User', id: bob.id, username: 'bob' }]);
    const role = await t.gql(
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on User { role } } }',
      { r: [{ __typename: 'User', id: alice.id }] },
      admin,
    );
    expect(role.errors).toBeUndefined();
    expect(role.data._entities).toEqual([{ role: 'USER' }]);
  });

  it('answers a malformed or unknown key with null, not an error', async () => {
    const answer = await entities(
      [
        { __typename: 'HelpRequest', id: 'drop table' },
        { __typename: 'HelpRequest', id: 99999999999 },
        { __typename: 'User', id: 'not-an-id' },
        { __typename: 'Group', id: '0'.repeat(32) },
        { __typename: 'Faq', id: 424242 },
      ],
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.data._entities).toEqual([null, null, null, null, null]);
  });

  it('reads each entity type in one statement, however many representations the router sends', async () => {
    const ids = [await file(alice.auth, 'One'), await file(alice.auth, 'Two'), await file(alice.auth, 'Three')];
    const reps = [
      ...ids.map((id) => ({ __typename: 'HelpRequest', id })),
      { __typename: 'User', id: alice.id },
      { __typename: 'User', id: bob.id },
    ];
    const { result, statements } = await t.countQueries(() => entities(reps, admin));
    expect(result.data._entities).toHaveLength(5);
    expect(result.data._entities.every((entity: unknown) => entity !== null)).toBe(true);
    expect(statements.filter((sql) => /from "?help_requests"?/i.test(sql))).toHaveLength(1);
    // The other statement on users is authentication's, reading the caller.
    expect(statements.filter((sql) => /from "?users"? where id in/i.test(sql))).toHaveLength(1);
  });
});
