import { isAdministrator, type Principal } from '../platform/auth/principal.js';

/**
 * The trail names every administrator's and every key's actions, with client addresses: only administrator users
 * read it. An API key administers the workspace platform and is refused, whatever its permissions, so a leaked key
 * can neither read who else holds power nor learn how its own use shows.
 */
export const mayReadTrail = (p: Principal): boolean => isAdministrator(p);
