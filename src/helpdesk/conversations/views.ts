import type { Connection } from '../../platform/graphql/connections.js';
import type { HelpRequestView } from '../help-request-read-model.js';
import type { HelpContactView } from './contacts.js';

/** A message of a request's thread, as read (every field; who sees which is the resolvers' and service's rule). */
export interface HelpMessageView {
  id: number;
  requestId: number;
  /** The enums' internal values (lowercase), as GraphQL maps them; the table stores them upper case. */
  authorRole: 'requester' | 'agent' | 'contact' | 'system';
  authorId: string | null;
  contactId: number | null;
  responseId: number | null;
  body: string;
  fullBody: string;
  html: string | null;
  visibility: 'public' | 'internal';
  channel: 'web' | 'api' | 'email';
  createdAt: Date;
}

export type HelpMessageConnection = Connection<HelpMessageView> & { totalCount: number };
export type HelpContactConnection = Connection<HelpContactView> & { totalCount: number };

export interface HelpReplyResult {
  message: HelpMessageView;
  request: HelpRequestView;
}
