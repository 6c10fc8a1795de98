// The schema codegen reads: schema/*.graphql merged, each enum value carrying its internal value (see
// enum-internal-values.mjs). Codegen types an enum by those values (`HelpStatus = 'open' | …`), as the resolvers see
// it, and the enum-values plugin writes the mapping the server installs.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeTypeDefs } from '@graphql-tools/merge';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildASTSchema } from 'graphql';
import { internalEnumValues } from './enum-internal-values.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schema');
const typeDefs = mergeTypeDefs(
  readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8')),
);

export const schema = makeExecutableSchema({ typeDefs, resolvers: internalEnumValues(buildASTSchema(typeDefs)) });
export default schema;
