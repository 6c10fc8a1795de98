// Lints the TypeScript with typescript-eslint's type-checked recommended sets, the SDL in schema/ with
// @graphql-eslint's schema-recommended rules, and the operations the code sends (graphql(...) calls and GraphQL
// strings in src/ and test/) against that schema. `npm run lint`; CI fails on any report. Each rule turned off or
// configured says why.
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import tseslint from 'typescript-eslint';

const schema = 'schema/*.graphql';

// The operations in TypeScript files: the processor lifts each graphql(...) call and /* GraphQL */ string out as a
// GraphQL block, linted against the schema below; the TypeScript around them is linted by typescript-eslint.
const documents = ['src/**/*.ts', 'test/**/*.ts'];
// Tests that build a schema of their own, in SDL, to test the executors and the REST edge on it.
const ownSchemaTests = ['test/server/executor.test.ts', 'test/tools/enum-edge.test.ts'];
// One project for both: the plugin loads its GraphQL config once per run.
const graphQLConfig = {
  schema,
  documents: [
    ...documents,
    '!src/platform/*/generated/**',
    '!test/generated/**',
    ...ownSchemaTests.map((file) => `!${file}`),
  ],
};

/** Rules turned off or down from the recommended sets, each with its reason. */
const TYPESCRIPT_RULES = {
  // An async function that awaits nothing still promises: services implement interfaces that return promises, and
  // a throw inside one becomes a rejection the caller handles, which a plain function returning a promise would not.
  '@typescript-eslint/require-await': 'off',
  // Unused arguments keep a callback's or an interface's shape when prefixed with an underscore.
  // Its view of some inferred types (Fastify's logger, zod's outputs) differs from tsc's: its fixes were seen to
  // break the type check, so tsc alone judges whether an assertion is needed.
  '@typescript-eslint/no-unnecessary-type-assertion': 'off',
  '@typescript-eslint/no-unused-vars': [
    'error',
    { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
  ],
};

/**
 * Tests and the bench read HTTP and WebSocket bodies, which are JSON of no static type: the assertions are what check
 * their shape, so reading a field of one is not an unsafe use of `any` there.
 */
const UNTYPED_BODIES = {
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  // The same bodies are declared `any` where a helper passes one on to its assertions.
  '@typescript-eslint/no-explicit-any': 'off',
  // Tests and the bench print and compare what they received as it came (a body, a URL object, a report cell).
  '@typescript-eslint/no-base-to-string': 'off',
  '@typescript-eslint/restrict-template-expressions': 'off',
  '@typescript-eslint/restrict-plus-operands': 'off',
  // A faulty peer rejects with whatever it likes; the tests reject with those very values.
  '@typescript-eslint/prefer-promise-reject-errors': 'off',
};

const typescriptFiles = ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];

export default [
  { ignores: ['src/platform/*/generated/**', 'test/generated/**', 'bench/results/**', 'dist/**'] },
  // The TypeScript, type-checked: typescript-eslint's recommended sets with type information.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typescriptFiles })),
  {
    files: typescriptFiles,
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: TYPESCRIPT_RULES,
  },
  { files: ['test/**/*.ts', 'bench/**/*.ts'], rules: UNTYPED_BODIES },
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
            suffixes: [
              'Connection',
              'Edge',
              'Page',
              'Payload',
              'Count',
              'Statistics',
              'Components',
              'DataStatus',
              'Input',
              'Sla',
              'Settings',
              'Config',
              'Attributes',
              'Change',
              'Policy',
              'Group',
              'List',
              'Result',
              'Info',
              'Risk',
              'Pagination',
              'Satisfaction',
            ],
            types: [
              'Query',
              'Mutation',
              'Subscription',
              'Health',
              'Coordinates',
              'AuditActor',
              'AuditTarget',
              'AuthPayload',
              'WorkspaceExecAction',
              'HelpScheduleInterval',
              'HelpScheduleHoliday',
            ],
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
