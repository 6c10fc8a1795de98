import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from '../platform/auth/principal.js';
import { newHexId } from '../platform/ids.js';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    username: p.string().length(64),
    /** The username as RFC 8265 case-maps it (src/users/usernames.ts): what sign-in and look-ups compare. */
    usernameKey: p.string().length(64).unique('users_username_key_unique'),
    /**
     * The UTS #39 skeleton of usernameKey, unique so that no name passes for another. Null only for a name that
     * already shared its skeleton with an older one when skeletons were introduced.
     */
    usernameSkeleton: p.text().nullable().unique('users_username_skeleton_unique'),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    role: p.enum(ROLES).default('user'),
    locked: p.boolean().default(false),
    disabled: p.boolean().default(false),
    organization: p.string().length(200).nullable(),
    phone: p.string().length(32).nullable(),
    passwordHash: p.string().length(255).hidden().lazy(),
    /** Bumped to revoke every token issued before (logout, lock, disable, password change). */
    tokenVersion: p.integer().default(0),
    /**
     * Set with every tokenVersion bump. Tokens from an external issuer carry no version; those issued at or
     * before this moment are refused.
     */
    tokensRevokedAt: p.datetime().nullable(),
    lastSession: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };

export { usernameLookupKey as usernameKey } from './usernames.js';
