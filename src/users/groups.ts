import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import { unknownGroup } from './directory.js';
import { DEFAULT_GROUP_ID, Group, groupNameKey, isDefaultGroup } from './group.entity.js';
import { optionalText, requiredText } from './validation.js';
import { AllowedWorkspace, Workspace } from './workspace.entity.js';

/** Groups and their Allowed Workspaces setting. */

export interface GroupInput {
  name?: string | null;
  description?: string | null;
}

const MAX_ALLOWED_WORKSPACES = 500;
const duplicateName = (name: string) => new ConflictError(`A group named ${name} already exists`, { field: 'name' });

/** Groups and the workspaces each allows its members. */
export class GroupService {
  /** Every group, the default group first, then by name. */
  async list(em: EntityManager): Promise<Group[]> {
    const groups = await em.find(Group, {}, { orderBy: { nameKey: 'asc' } });
    return groups.sort((a, b) => Number(isDefaultGroup(b)) - Number(isDefaultGroup(a)));
  }

  async find(em: EntityManager, id: string): Promise<Group | null> {
    return isHexId(id) ? em.findOne(Group, { id }) : null;
  }

  async create(em: EntityManager, input: GroupInput): Promise<Group> {
    const name = requiredText(input.name, 'name', 'Group name', 100);
    const description = optionalText(input.description, 'description', 'Description', 1000);
    try {
      return await em.transactional(async (tx) => {
        if (await tx.count(Group, { nameKey: groupNameKey(name) })) throw duplicateName(name);
        return tx.create(Group, { name, nameKey: groupNameKey(name), description });
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateName(name) : error;
    }
  }

  async update(em: EntityManager, id: string, input: GroupInput): Promise<Group> {
    const name = input.name === undefined ? undefined : requiredText(input.name, 'name', 'Group name', 100);
    const description = input.description === undefined ? undefined : optionalText(input.description, 'description', 'Description', 1000);
    try {
      return await em.transactional(async (tx) => {
        const group = await this.find(tx, id);
        if (!group) throw unknownGroup();
        if (name !== undefined) {
          if (await tx.count(Group, { nameKey: groupNameKey(name), id: { $ne: group.id } })) throw duplicateName(name);
          tx.assign(group, { name, nameKey: groupNameKey(name) });
        }
        if (description !== undefined) group.description = description;
        return group;
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateName(name ?? '') : error;
    }
  }

  /** Members keep their accounts and their other groups; only the memberships and the group's settings go. */
  async delete(em: EntityManager, id: string): Promise<string> {
    if (id === DEFAULT_GROUP_ID) throw new ValidationError('The default group cannot be deleted', 'id');
    const deleted = isHexId(id) ? await em.nativeDelete(Group, { id }) : 0;
    if (deleted === 0) throw unknownGroup();
    return id;
  }

  /**
   * Replaces the group's allowed workspaces, all or nothing: one unknown workspace id changes nothing. The group
   * row is locked so two replacements of one group run one after the other (each deletes, then inserts, the whole
   * set), and the workspaces are read FOR SHARE so none is uninstalled between the check and the insert.
   */
  async setAllowedWorkspaces(em: EntityManager, groupId: string, workspaceIds: readonly string[]): Promise<Group> {
    const ids = [...new Set(workspaceIds)];
    if (ids.length > MAX_ALLOWED_WORKSPACES) {
      throw new ValidationError(`A group allows at most ${MAX_ALLOWED_WORKSPACES} workspaces`, 'workspaceIds');
    }
    return em.transactional(async (tx) => {
      const group = isHexId(groupId) ? await tx.findOne(Group, { id: groupId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!group) throw unknownGroup();
      const valid = ids.filter(isHexId);
      const found = valid.length ? await tx.find(Workspace, { id: { $in: valid } }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ }) : [];
      const missing = ids.filter((wid) => !found.some((w) => w.id === wid));
      if (missing.length) throw new NotFoundError('Unknown Workspace', { field: 'workspaceIds' });
      await tx.nativeDelete(AllowedWorkspace, { group: group.id });
      if (ids.length) await tx.insertMany(AllowedWorkspace, ids.map((workspace) => ({ group: group.id, workspace })));
      return group;
    });
  }
}
