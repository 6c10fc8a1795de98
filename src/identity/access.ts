import type { Principal, SignedInUser } from '../platform/auth/principal.js';

/**
 * Sessions are a signed-in person's own: an API key and an anonymous caller hold none, and no one, administrator or
 * not, lists or ends another's (the services take the caller's own id, never one from the arguments).
 */
export const holdsSessions = (p: Principal): p is SignedInUser => p.kind === 'user';

/** The person whose own sessions a session field acts on; the rules let only such a caller through. */
export function sessionHolder(p: Principal): SignedInUser {
  if (!holdsSessions(p)) throw new Error('a session field was reached without a signed-in user');
  return p;
}
