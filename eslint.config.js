// Lints the GraphQL: the SDL in schema/ with @graphql-eslint's schema-recommended rules, and the operations the
// code sends (graphql(...) calls and GraphQL strings in src/ and test/) against that schema. `npm run lint:graphql`;
// CI fails on any report. Each rule turned off or configured says why.
import graphqlPlugin from '@graphql-eslint/eslint-plugin';

const schema = 'schema/*.graphql';

// The operations in TypeScript files: the processor lifts each graphql(...) call and /* GraphQL */ string out as a
// GraphQL block; the TypeScript around them is typechecked by tsc, not linted here, so it is read as an empty program.
const skipSource = {
  meta: { name: 'skip-typescript-source' },
  parse: (code) => {
    const lines = code.split('\n');
    return {
      type: 'Program',
      body: [],
      sourceType: 'module',
      tokens: [],
      comments: [],
      range: [0, code.length],
      loc: { start: { line: 1, column: 0 }, end: { line: lines.length, column: lines.at(-1).length } },
    };
  },
};
const documents = ['src/**/*.ts', 'test/**/*.ts'];
// Tests that build a schema of their own, in SDL, to test the executors and the REST edge on it.
const ownSchemaTests = ['test/foundation/compiled-executor.test.ts', 'test/tools/enum-edge.test.ts'];
// One project for both: the plugin loads its GraphQL config once per run.
const graphQLConfig = {
  schema,
  documents: [...documents, '!src/platform/*/generated/**', '!test/generated/**', ...ownSchemaTests.map((file) => `!${file}`)],
};

export default [
  { ignores: ['src/platform/*/generated/**', 'test/generated/**'] },
  {
    files: [schema],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      // A one-line description is written inline ("…") and a longer one as a block ("""…"""); introspection and
      // every client read both the same, so the style is left to the length.
      '@graphql-eslint/description-style': 'off',
      // Everything a client can see is described, not only types and root fields (the recommended set's default).
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
      // Records have an `id: ID!`. The exceptions hold no record of their own: a connection, its edges and page
      // info, a page or payload wrapping other records, counts and statistics, nested parts of a record (its SLA,
      // its scores, its settings' values), and audit entries' actor, target and change, which name other records.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID', 'Int'],
          exceptions: {
            suffixes: ['Connection', 'Edge', 'Page', 'Payload', 'Count', 'Statistics', 'Components', 'DataStatus', 'Input', 'Sla', 'Settings', 'Config', 'Attributes', 'Change', 'Policy', 'Group', 'List', 'Result', 'Info', 'Risk', 'Pagination', 'Satisfaction'],
            types: ['Query', 'Mutation', 'Subscription', 'Health', 'Coordinates', 'AuditActor', 'AuditTarget', 'AuthPayload', 'WorkspaceExecAction', 'HelpScheduleInterval', 'HelpScheduleHoliday'],
          },
        },
      ],
      // `User.username` is the account's login name, the legacy APIs' own word for it; `name` would be ambiguous
      // beside firstName and lastName.
      '@graphql-eslint/no-typename-prefix': 'off',
    },
  },
  {
    files: documents,
    ignores: ownSchemaTests,
    processor: graphqlPlugin.processor,
    languageOptions: { parser: skipSource },
  },
  {
    files: documents.map((glob) => `${glob}/*.graphql`),
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      // Asks a client to select every object's id for its normalised cache. The REST routes' stored documents select
      // exactly what the legacy bodies carry, and the tests what they assert; the Apollo Client tests, which do
      // normalise, select ids where they need them.
      '@graphql-eslint/require-selections': 'off',
      // Operation names must be unique within one client. Each test file is a client of its own; the typed
      // operations codegen collects into one manifest (test/generated) are held unique by codegen itself.
      '@graphql-eslint/unique-operation-name': 'off',
    },
  },
];
