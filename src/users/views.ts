import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity.js';

/** How other domains point at a person: by id, whether they hold an entity or a read model. */
export interface PersonRef {
  readonly id: string;
}

const USER_COLUMNS = [
  'id',
  'username',
  'firstName',
  'lastName',
  'role',
  'locked',
  'disabled',
  'organization',
  'phone',
  'lastSession',
  'createdAt',
  'updatedAt',
] as const;

/**
 * What the API shows of a user, as a plain object: what the help desk's lists show of requesters, assignees
 * and responders, read without building an entity for each of them. Never the password hash.
 */
export type UserView = Pick<User, (typeof USER_COLUMNS)[number]>;

export async function readUsers(em: EntityManager, ids: readonly string[]): Promise<UserView[]> {
  return em
    .createQueryBuilder(User)
    .select([...USER_COLUMNS])
    .where({ id: { $in: [...ids] } })
    .execute<UserView[]>('all', true);
}
