import { enumInternalValues } from '../../src/platform/graphql/generated/enums.js';

type EnumName = keyof typeof enumInternalValues;

/** The GraphQL name of an enum value the server keeps as `internal` (HelpStatus 'in_progress' -> 'IN_PROGRESS'). */
export function graphqlName(enumName: EnumName, internal: string): string {
  const entry = Object.entries(enumInternalValues[enumName]).find(([, value]) => value === internal);
  if (!entry) throw new Error(`${enumName} has no value ${internal}`);
  return entry[0];
}
