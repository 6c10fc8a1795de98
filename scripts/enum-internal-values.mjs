// The rule lives with the server (src/platform/graphql/enum-internal-values.ts); codegen applies it to a built schema.
import { isEnumType } from 'graphql';
import { internalEnumValues as fromNames } from '../src/platform/graphql/enum-internal-values.ts';

/** Each enum's GraphQL names mapped to their internal values, for the enums a schema has: `{ HelpStatus: { OPEN: 'open' } }`. */
export function internalEnumValues(schema) {
  const enums = Object.values(schema.getTypeMap()).filter((type) => isEnumType(type) && !type.name.startsWith('__'));
  return fromNames(new Map(enums.map((type) => [type.name, type.getValues().map((value) => value.name)])));
}
