/**
 * What an API key may do, in the workspace platform's own terms. A key carries a set of these, chosen when it is
 * created; a read-only key may use only the viewing ones. Administrators' accounts are a permission of their own,
 * so a key that provisions ordinary users cannot take over the people who administer everything else.
 */
export const API_KEY_PERMISSIONS = [
  'users:view',
  'users:create',
  'users:modify',
  'users:delete',
  'users:modify-admin',
  'groups:view',
  'groups:modify',
  'registry',
  'images:view',
  'settings',
] as const;

export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * What a key gets unless it is given another set: everything but changing administrators. images:view reads less
 * than registry (which the set holds already), so it widens nothing.
 */
export const ORDINARY_API_KEY_PERMISSIONS: readonly ApiKeyPermission[] = API_KEY_PERMISSIONS.filter(
  (p) => p !== 'users:modify-admin',
);

export const isApiKeyPermission = (value: string): value is ApiKeyPermission =>
  (API_KEY_PERMISSIONS as readonly string[]).includes(value);

/**
 * A comma-separated list (as the CLI and BOOTSTRAP_API_KEY_PERMISSIONS take it), `ordinary` standing for the
 * ordinary set. Unknown names are refused rather than dropped, so a typo never yields a weaker or stronger key than meant.
 */
export function parsePermissions(list: readonly string[]): { permissions: ApiKeyPermission[]; unknown: string[] } {
  const permissions = new Set<ApiKeyPermission>();
  const unknown: string[] = [];
  for (const raw of list) {
    const name = raw.trim();
    if (!name) continue;
    if (name === 'ordinary') ORDINARY_API_KEY_PERMISSIONS.forEach((p) => permissions.add(p));
    else if (isApiKeyPermission(name)) permissions.add(name);
    else unknown.push(name);
  }
  return { permissions: API_KEY_PERMISSIONS.filter((p) => permissions.has(p)), unknown };
}
