// The value each GraphQL enum value stands for inside the server: what the resolvers receive and return, what the
// database stores and what the legacy REST routes send and accept. GraphQL spells enum values in UPPER_CASE; the
// server keeps the spellings its data has always had, so renaming a value in GraphQL touches no row and no REST body.
//
// The rule: an enum value's internal value is its name in lowercase (OPEN -> open, BUG_REPORT -> bug_report), but
// - an audit action is `<target kind>.<verb>`: the longest AuditTargetType value its name starts with, a dot, and the
//   rest (USER_PASSWORD_SET -> user.password_set, HELP_SLA_POLICY_UPDATE -> help_sla_policy.update), so a module
//   adds an action and its target kind in its own SDL and nothing else;
// - the enums below keep legacy spellings that are not plain lowercase.
//
// The server applies it to the SDL it runs (src/server/schema.ts) and codegen to schema/ (scripts/codegen-schema.mjs,
// which Node loads with this file's types stripped: keep it free of TypeScript-only syntax that is not erasable).

const LEGACY_SPELLINGS: Record<string, Record<string, string>> = {
  // The risk API's risk_level and a user's theme have always been capitalised words.
  RiskLevel: { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' },
  Theme: { LIGHT: 'Light', DARK: 'Dark' },
  // The legacy REST sort_by values (created_date) and the SLA due times' field names.
  HelpRequestSortField: {
    CREATED_AT: 'created_date',
    UPDATED_AT: 'updated_date',
    FIRST_RESPONSE_DUE_AT: 'firstResponseDueAt',
    RESOLUTION_DUE_AT: 'resolutionDueAt',
  },
};

/**
 * Each enum's GraphQL names mapped to their internal values, given every enum's value names:
 * `{ HelpStatus: { OPEN: 'open' } }`. Throws when an audit action starts with no target kind.
 */
export function internalEnumValues(
  enums: ReadonlyMap<string, readonly string[]>,
): Record<string, Record<string, string>> {
  const targetKinds = [...(enums.get('AuditTargetType') ?? [])].sort((a, b) => b.length - a.length);
  return Object.fromEntries(
    [...enums].map(([enumName, names]) => [
      enumName,
      Object.fromEntries(names.map((name) => [name, internalValue(enumName, name, targetKinds)])),
    ]),
  );
}

function internalValue(enumName: string, name: string, targetKinds: readonly string[]): string {
  const legacy = LEGACY_SPELLINGS[enumName]?.[name];
  if (legacy !== undefined) return legacy;
  if (enumName === 'AuditAction') {
    const kind = targetKinds.find((target) => name.startsWith(`${target}_`));
    if (!kind)
      throw new Error(`AuditAction.${name} starts with no AuditTargetType value: name it <TARGET_KIND>_<VERB>`);
    return `${kind.toLowerCase()}.${name.slice(kind.length + 1).toLowerCase()}`;
  }
  return name.toLowerCase();
}
