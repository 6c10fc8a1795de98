import { allow } from 'graphql-shield';
import { isAdmin, isAuthenticated } from '../platform/graphql/rules.js';

/*
 * The help desk knows signed-in users only: an API key (a workspace-user administrator) is refused with
 * UNAUTHENTICATED on the protected fields, and reads the public ones as an anonymous caller would.
 * Ownership of a request is checked in the service, so GraphQL and REST share it.
 */
export const helpdeskRules = {
  Query: {
    helpRequests: isAuthenticated,
    helpRequestsConnection: isAuthenticated,
    helpRequest: isAuthenticated,
    faqs: allow,
    helpSearch: allow,
    helpStatistics: isAdmin,
    helpSlaPolicies: isAdmin,
    helpSchedules: isAdmin,
  },
  Mutation: {
    createHelpRequest: isAuthenticated,
    updateHelpRequest: isAuthenticated,
    respondToHelpRequest: isAdmin,
    createFaq: isAdmin,
    updateFaq: isAdmin,
    deleteFaq: isAdmin,
    deleteHelpRequest: isAdmin,
    updateHelpSlaPolicy: isAdmin,
    createHelpSchedule: isAdmin,
    updateHelpSchedule: isAdmin,
    deleteHelpSchedule: isAdmin,
    // Only the requester may rate: the service's rule, as ownership always is.
    rateHelpRequest: isAuthenticated,
  },
  // The help desk's link from a person to their requests. Who sees whose is the service's rule (empty for
  // anyone else, an API key included), so a query over users answers the rest without an error.
  User: {
    helpRequests: allow,
  },
  // Which changes a subscriber hears of (their own requests, or all for an administrator) is the service's rule.
  Subscription: {
    helpRequestChanged: isAuthenticated,
  },
};
