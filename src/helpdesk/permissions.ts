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
    helpRequest: isAuthenticated,
    faqs: allow,
    helpSearch: allow,
    helpStatistics: isAdmin,
  },
  Mutation: {
    createHelpRequest: isAuthenticated,
    updateHelpRequest: isAuthenticated,
    respondToHelpRequest: isAdmin,
    createFaq: isAdmin,
    updateFaq: isAdmin,
    deleteFaq: isAdmin,
  },
  // Which changes a subscriber hears of (their own requests, or all for an administrator) is the service's rule.
  Subscription: {
    helpRequestChanged: isAuthenticated,
  },
};
