import { isAdministrator, type Principal } from '../platform/auth/principal.js';
import { UnauthenticatedError } from '../platform/errors.js';

/*
 * Who may do what in the help desk: the one place its shield rules (permissions.ts) and its services ask. The help
 * desk knows people as signed-in users; an API key administers workspace users, not help requests, so it is no
 * one here. Administrators are the help desk's agents.
 */

/** A signed-in person: the help desk's only kind of caller. */
export type HelpDeskUser = Extract<Principal, { kind: 'user' }>;

export const isHelpDeskUser = (p: Principal): p is HelpDeskUser => p.kind === 'user';

/** The caller as a help-desk user; anyone else (anonymous, an API key) is told to authenticate. */
export function helpDeskUserOf(p: Principal): HelpDeskUser {
  if (!isHelpDeskUser(p)) throw new UnauthenticatedError();
  return p;
}

/** An agent: answers, assigns, labels and administers requests, FAQs, service levels and schedules. */
export const isAgent = (p: Principal): boolean => isAdministrator(p);

/** Whether the caller sees what the requester does not: admin notes, tags, service levels, private responses, internal history. */
export const seesInternals = (p: Principal): boolean => isAgent(p);

/** Whether the caller may read this request: its requester, or an agent. */
export const mayReadRequest = (p: Principal, request: { requester?: { id: string } | null }): boolean =>
  isAgent(p) || (isHelpDeskUser(p) && request.requester != null && request.requester.id === p.userId);

/** Whether the caller may read one person's requests: that person, or an agent. */
export const mayReadRequestsOf = (p: Principal, requesterId: string): boolean =>
  isAgent(p) || (isHelpDeskUser(p) && p.userId === requesterId);

/** Whose requests a list shows the caller: everyone's to an agent (undefined), else their own. */
export const listScopeOf = (p: HelpDeskUser): string | undefined => (isAgent(p) ? undefined : p.userId);

/** Only the requester rates a request (an agent included in "anyone else"). */
export const mayRateRequest = (p: HelpDeskUser, request: { requester?: { id: string } | null }): boolean =>
  request.requester?.id === p.userId;

/** Whether the caller may still change a request that reached a settled status (resolved, closed): agents only. */
export const mayEditSettledRequest = (p: Principal): boolean => isAgent(p);

/** Who may be assigned a request: an agent, as a user record's columns say it (see help-request-changes.ts). */
export const ASSIGNABLE_USER = { role: 'admin' } as const;

/** Whether the caller may download a file: an agent, or the request's requester when the file is not on a private response. */
export const mayReadAttachment = (p: HelpDeskUser, on: { requesterId: string | null; isPublic: boolean | null }) =>
  isAgent(p) || (on.requesterId === p.userId && on.isPublic !== false);
