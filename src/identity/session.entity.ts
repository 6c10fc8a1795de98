import { defineEntity, p } from '@mikro-orm/core';
import { newHexId } from '../platform/ids.js';
import { User } from '../users/user.entity.js';

/**
 * A sign-in: opened by every password sign-in (bearer token and session cookie alike), named by the `sid` of the
 * tokens it hands out. Open while it has not ended or expired and its token version is the user's (see sessions.ts).
 */
const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(false),
    /** The user's token version when it opened (or when a password change of its own carried it over). */
    tokenVersion: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** When its tokens expire; purged some time after. */
    expiresAt: p.datetime().index('sessions_expires_at_index'),
    /** To the minute, written at most once a minute, off the requests' path. */
    lastSeenAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    /** As the signing-in client sent it, cut to 512 characters: for the person to tell their sessions apart. */
    userAgent: p.string().length(512).nullable(),
  },
  // A user's open sessions: what mySessions lists.
  indexes: [
    {
      name: 'sessions_user_id_open_index',
      expression: 'create index "sessions_user_id_open_index" on "sessions" ("user_id") where "ended_at" is null',
    },
  ],
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
export { SessionSchema };
