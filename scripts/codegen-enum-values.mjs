// A graphql-codegen plugin writing generated/enums.ts: each enum as the union of its internal values (what resolvers
// receive and return; codegen-schema.mjs sets them, enum-internal-values.mjs says which they are), those values as a
// readonly tuple in the order the SDL declares them, and the mapping from GraphQL names to internal values the server
// installs as enum resolvers. Codegen sorts the schema it loads by name, values included, so the order is read from
// each enum's definition (and its extensions, in turn), which the sorted schema keeps. The code that needs an enum's
// values as a list (the database's native enums, the REST schemas, error messages, FAQ groups) keeps the SDL's order.
import { isEnumType } from 'graphql';

const quote = (value) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const comment = (text) => (text ? `/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */\n` : '');

export const plugin = (schema) => {
  const enums = Object.values(schema.getTypeMap()).filter((type) => isEnumType(type) && !type.name.startsWith('__'));
  const blocks = enums.map((type) => {
    const declared = [type.astNode, ...type.extensionASTNodes]
      .flatMap((node) => node?.values ?? [])
      .map((value) => value.name.value);
    const values = type.getValues().map((value) => value.name);
    if (declared.length !== values.length || values.some((value) => !declared.includes(value))) {
      throw new Error(`enum ${type.name}: its definition nodes do not list exactly its values`);
    }
    const internal = declared.map((name) => quote(type.getValue(name).value));
    return [
      `${comment(type.description)}export type ${type.name} = ${internal.join(' | ')};`,
      `export const ${type.name}Values = [${internal.join(', ')}] as const satisfies readonly ${type.name}[];`,
    ].join('\n');
  });
  const mapping = enums.map((type) => {
    const entries = type.getValues().map((value) => `${value.name}: ${quote(value.value)}`);
    return `  ${type.name}: { ${entries.join(', ')} },`;
  });
  return [
    '/* eslint-disable */',
    '// Each enum by its internal values, in the order the SDL declares them.',
    ...blocks,
    '',
    "/** Each enum value's internal value by its GraphQL name: the enum resolvers the server installs. */",
    'export const enumInternalValues = {',
    ...mapping,
    '} as const;',
  ].join('\n\n');
};
