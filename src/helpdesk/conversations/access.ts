import { isAdministrator, type Principal } from '../../platform/auth/principal.js';

/*
 * Who may do what with conversations. Rules and services call these, never a role comparison of their own.
 */

/** Internal messages, a message's text as received and its deliveries: administrators only. */
export const seesInternalMessages = (p: Principal): boolean => isAdministrator(p);

/** Contacts are the help desk's records of people: administrators list, correct, link and block them. */
export const administersContacts = (p: Principal): boolean => isAdministrator(p);

/** Only the requester replies on their request (an administrator answers with respondToHelpRequest). */
export const mayReply = (p: Principal, requesterId: string | null): boolean =>
  p.kind === 'user' && requesterId !== null && p.userId === requesterId;
