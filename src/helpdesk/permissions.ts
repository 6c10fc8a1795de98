import { allow, rule } from 'graphql-shield';
import type { Context } from '../platform/graphql/context.js';
import { ForbiddenError, UnauthenticatedError } from '../platform/errors.js';
import { isAgent, isHelpDeskUser } from './access.js';

/*
 * The help desk knows signed-in users only: an API key (a workspace-user administrator) is refused with
 * UNAUTHENTICATED on the protected fields, and reads the public ones as an anonymous caller would.
 * Ownership of a request is checked in the service (access.ts's predicates), so GraphQL and REST share it.
 * The rules depend on the caller only, so shield decides each once per request.
 */

/** A signed-in person. */
export const helpDeskUser = rule('helpdesk:user', { cache: 'contextual' })((_p, _a, ctx: Context) =>
  isHelpDeskUser(ctx.principal) ? true : new UnauthenticatedError(),
);

/** An agent; anyone else signed in is told what they lack, an anonymous caller to authenticate. */
export const agent = rule('helpdesk:agent', { cache: 'contextual' })((_p, _a, ctx: Context) => {
  if (!isHelpDeskUser(ctx.principal)) return new UnauthenticatedError();
  return isAgent(ctx.principal) ? true : new ForbiddenError('Admin access required');
});

export const helpdeskRules = {
  Query: {
    helpRequests: helpDeskUser,
    helpRequestsConnection: helpDeskUser,
    helpRequest: helpDeskUser,
    faqs: allow,
    helpSearch: allow,
    helpStatistics: agent,
    helpSlaPolicies: agent,
    helpSchedules: agent,
  },
  Mutation: {
    createHelpRequest: helpDeskUser,
    updateHelpRequest: helpDeskUser,
    respondToHelpRequest: agent,
    createFaq: agent,
    updateFaq: agent,
    deleteFaq: agent,
    deleteHelpRequest: agent,
    updateHelpSlaPolicy: agent,
    createHelpSchedule: agent,
    updateHelpSchedule: agent,
    deleteHelpSchedule: agent,
    // Only the requester may rate: the service's rule, as ownership always is.
    rateHelpRequest: helpDeskUser,
  },
  // The help desk's link from a person to their requests. Who sees whose is the service's rule (empty for
  // anyone else, an API key included), so a query over users answers the rest without an error.
  User: {
    helpRequests: allow,
  },
  // Which changes a subscriber hears of (their own requests, or all for an administrator) is the service's rule.
  Subscription: {
    helpRequestChanged: helpDeskUser,
  },
};
