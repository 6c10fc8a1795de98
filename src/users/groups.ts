import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import type { Actor } from '../platform/auth/principal.js';
import { changesBetween, fieldsOf, type AuditRecorder } from '../audit/recorder.js';
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
const GROUP_FIELDS = ['name', 'description'] as const;
const groupTarget = (group: Group) => ({ type: 'group', id: group.id, name: group.name }) as const;
const duplicateName = (name: string) => new ConflictError(`A group named ${name} already exists`, { field: 'name' });

/** Groups and the workspaces each allows its members. */
export class GroupService {
  constructor(private readonly audit: AuditRecorder) {}

  /** Every group, the default group first, then by name. */
  async list(em: EntityManager): Promise<Group[]> {
    const groups = await em.find(Group, {}, { orderBy: { nameKey: 'asc' } });
    return groups.sort((a, b) => Number(isDefaultGroup(b)) - Number(isDefaultGroup(a)));
  }

  async find(em: EntityManager, id: string): Promise<Group | null> {
    return isHexId(id) ? em.findOne(Group, { id }) : null;
  }

  async create(em: EntityManager, actor: Actor, input: GroupInput): Promise<Group> {
    const name = requiredText(input.name, 'name', 'Group name', 100);
    const description = optionalText(input.description, 'description', 'Description', 1000);
    try {
      return await em.transactional(async (tx) => {
        if (await tx.count(Group, { nameKey: groupNameKey(name) })) throw duplicateName(name);
        const group = tx.create(Group, { name, nameKey: groupNameKey(name), description });
        await tx.flush(); // the event names the group by id
        this.audit.record(tx, actor, {
          action: 'group.create',
          target: groupTarget(group),
          changes: fieldsOf(group, GROUP_FIELDS, 'created'),
        });
        return group;
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateName(name) : error;
    }
  }

  async update(em: EntityManager, actor: Actor, id: string, input: GroupInput): Promise<Group> {
    const name = input.name === undefined ? undefined : requiredText(input.name, 'name', 'Group name', 100);
    const description =
      input.description === undefined ? undefined : optionalText(input.description, 'description', 'Description', 1000);
    try {
      return await em.transactional(async (tx) => {
        const group = await this.find(tx, id);
        if (!group) throw unknownGroup();
        const before = { name: group.name, description: group.description ?? null };
        if (name !== undefined) {
          if (await tx.count(Group, { nameKey: groupNameKey(name), id: { $ne: group.id } })) throw duplicateName(name);
          tx.assign(group, { name, nameKey: groupNameKey(name) });
        }
        if (description !== undefined) group.description = description;
        const changes = changesBetween(
          before,
          { name: group.name, description: group.description ?? null },
          GROUP_FIELDS,
        );
        if (changes.length)
          this.audit.record(tx, actor, { action: 'group.update', target: groupTarget(group), changes });
        return group;
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? duplicateName(name ?? '') : error;
    }
  }

  /** Members keep their accounts and their other groups; only the memberships and the group's settings go. */
  async delete(em: EntityManager, actor: Actor, id: string): Promise<string> {
    if (id === DEFAULT_GROUP_ID) throw new ValidationError('The default group cannot be deleted', 'id');
    return em.transactional(async (tx) => {
      const group = isHexId(id) ? await tx.findOne(Group, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!group) throw unknownGroup();
      await tx.nativeDelete(Group, { id });
      this.audit.record(tx, actor, {
        action: 'group.delete',
        target: groupTarget(group),
        changes: fieldsOf(group, GROUP_FIELDS, 'deleted'),
      });
      return id;
    });
  }

  /**
   * Replaces the group's allowed workspaces, all or nothing: one unknown workspace id changes nothing. The group
   * row is locked so two replacements of one group run one after the other (each deletes, then inserts, the whole
   * set), and the workspaces are read FOR SHARE so none is uninstalled between the check and the insert.
   */
  async setAllowedWorkspaces(
    em: EntityManager,
    actor: Actor,
    groupId: string,
    workspaceIds: readonly string[],
  ): Promise<Group> {
    const ids = [...new Set(workspaceIds)];
    if (ids.length > MAX_ALLOWED_WORKSPACES) {
      throw new ValidationError(`A group allows at most ${MAX_ALLOWED_WORKSPACES} workspaces`, 'workspaceIds');
    }
    return em.transactional(async (tx) => {
      const group = isHexId(groupId)
        ? await tx.findOne(Group, { id: groupId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!group) throw unknownGroup();
      const valid = ids.filter(isHexId);
      const found = valid.length
        ? await tx.find(Workspace, { id: { $in: valid } }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ })
        : [];
      const missing = ids.filter((wid) => !found.some((w) => w.id === wid));
      if (missing.length) throw new NotFoundError('Unknown Workspace', { field: 'workspaceIds' });
      const before = (await tx.find(AllowedWorkspace, { group: group.id })).map((a) => a.workspace.id).sort();
      await tx.nativeDelete(AllowedWorkspace, { group: group.id });
      if (ids.length)
        await tx.insertMany(
          AllowedWorkspace,
          ids.map((workspace) => ({ group: group.id, workspace })),
        );
      const changes = changesBetween({ allowedWorkspaces: before }, { allowedWorkspaces: [...ids].sort() }, [
        'allowedWorkspaces',
      ]);
      if (changes.length)
        this.audit.record(tx, actor, { action: 'group.workspaces_set', target: groupTarget(group), changes });
      return group;
    });
  }
}
