import { defineEntity, p } from '@mikro-orm/core';
import { newHexId } from '../platform/ids.js';
import { User } from './user.entity.js';

/**
 * The group every user belongs to. Its id is fixed so the migration can create it, every replica and the CLI
 * can refer to it without a lookup, and legacy callers see the same gid on every install.
 */
export const DEFAULT_GROUP_ID = '68d557ac4cac42cca9f31c7c853de0f3';
export const DEFAULT_GROUP_NAME = 'All Users';

const GroupSchema = defineEntity({
  name: 'Group',
  tableName: 'groups',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    name: p.string().length(100),
    /** Lower-cased name: two groups may not differ only in letter case. */
    nameKey: p.string().length(100).unique('groups_name_key_unique'),
    description: p.string().length(1000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Group extends GroupSchema.class {}
GroupSchema.setClass(Group);
export { GroupSchema };

/** A user's membership of a group. Deleting either side removes the membership, never the other side. */
const GroupMembershipSchema = defineEntity({
  name: 'GroupMembership',
  tableName: 'group_memberships',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    group: () => p.manyToOne(Group).primary().deleteRule('cascade').index('group_memberships_group_id_index'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class GroupMembership extends GroupMembershipSchema.class {}
GroupMembershipSchema.setClass(GroupMembership);
export { GroupMembershipSchema };

export const isDefaultGroup = (group: Pick<Group, 'id'>): boolean => group.id === DEFAULT_GROUP_ID;
export const groupNameKey = (name: string): string => name.trim().toLowerCase();
