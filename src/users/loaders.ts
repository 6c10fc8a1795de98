import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { groupByKeys } from '../platform/db/read.js';
import { SettledLoader } from '../platform/graphql/settled-loader.js';
import { UserAttributes } from './attributes.entity.js';
import { attributesView, defaultAttributes, type UserAttributesView } from './attributes.js';
import { membershipsOf } from './directory.js';
import { Group } from './group.entity.js';
import { isHexId } from '../platform/ids.js';
import { readNames, readUsers, type PersonName, type UserView } from './views.js';
import { AllowedWorkspace, RegistryEntry, SETTINGS_ID, Workspace, WorkspaceSettings } from './workspace.entity.js';

/**
 * user → groups → allowed workspaces → registry entry, each one statement per batch, so a page of 50 users with
 * their groups and workspaces costs the same few statements as a page of one.
 */
export function createUserLoaders(em: EntityManager) {
  return {
    /** Users by id, as read models; a missing id resolves to null (a deleted requester, say), never an error. */
    userById: new SettledLoader<string, UserView | null>(async (ids) => {
      const rows = await readUsers(em, ids);
      const byId = new Map(rows.map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id) ?? null);
    }),

    /** Groups by id; a missing or malformed id resolves to null. */
    groupById: new DataLoader<string, Group | null>(async (ids) => {
      const wanted = ids.filter(isHexId);
      const rows = wanted.length ? await em.find(Group, { id: { $in: wanted } }) : [];
      const byId = new Map(rows.map((g) => [g.id, g]));
      return ids.map((id) => byId.get(id) ?? null);
    }),

    /** Only the names of users by id (see PersonName); a missing id resolves to null. */
    nameById: new SettledLoader<string, PersonName | null>(async (ids) => {
      const rows = await readNames(em, ids);
      const byId = new Map(rows.map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id) ?? null);
    }),

    /** The user's groups, by name (the membership row and its group in one joined statement). */
    groupsByUserId: new DataLoader<string, Group[]>(async (userIds) => {
      const rows = await membershipsOf(em, userIds);
      return groupByKeys(userIds, rows, (m) => m.user.id).map((ms) => ms.map((m) => m.group));
    }),

    /** The installed workspaces a group allows, with their registry entries, by friendly name. */
    allowedWorkspacesByGroupId: new DataLoader<string, Workspace[]>(async (groupIds) => {
      const rows = await em.find(
        AllowedWorkspace,
        { group: { $in: [...groupIds] } },
        { populate: ['workspace.entry'], orderBy: { workspace: { entry: { friendlyName: 'asc' } } } },
      );
      return groupByKeys(groupIds, rows, (a) => a.group.id).map((as) => as.map((a) => a.workspace));
    }),

    /** Each user's attributes; a user who never changed one gets the defaults. */
    attributesByUserId: new DataLoader<string, UserAttributesView>(async (userIds) => {
      const rows = await em.find(UserAttributes, { user: { $in: [...userIds] } });
      const byUser = new Map(rows.map((row) => [row.user.id, attributesView(row)]));
      return userIds.map((id) => byUser.get(id) ?? defaultAttributes(id));
    }),

    /** Installed workspaces by id, with their registry entries; a missing id resolves to null. */
    workspaceById: new DataLoader<string, Workspace | null>(async (ids) => {
      const rows = await em.find(Workspace, { id: { $in: [...ids] } }, { populate: ['entry'] });
      const byId = new Map(rows.map((w) => [w.id, w]));
      return ids.map((id) => byId.get(id) ?? null);
    }),

    /** The groups that allow each workspace, by name. */
    allowedGroupsByWorkspaceId: new DataLoader<string, Group[]>(async (workspaceIds) => {
      const rows = await em.find(
        AllowedWorkspace,
        { workspace: { $in: [...workspaceIds] } },
        { populate: ['group'], orderBy: { group: { nameKey: 'asc' } } },
      );
      return groupByKeys(workspaceIds, rows, (a) => a.workspace.id).map((as) => as.map((a) => a.group));
    }),

    /**
     * The settings row, read once per request however many workspaces ask for their cores and memory. A database
     * restored without it still answers with the defaults, as the settings service does.
     */
    workspaceSettings: new DataLoader<number, WorkspaceSettings>(async (ids) => {
      const settings =
        (await em.findOne(WorkspaceSettings, { id: SETTINGS_ID })) ??
        em.create(WorkspaceSettings, { id: SETTINGS_ID }, { persist: false });
      return ids.map(() => settings);
    }),

    registryEntryById: new DataLoader<string, RegistryEntry | null>(async (ids) => {
      const rows = await em.find(RegistryEntry, { id: { $in: [...ids] } });
      const byId = new Map(rows.map((e) => [e.id, e]));
      return ids.map((id) => byId.get(id) ?? null);
    }),

    /** The installed workspace of each registry entry, or null when the entry is not installed. */
    workspaceByEntryId: new DataLoader<string, Workspace | null>(async (entryIds) => {
      const rows = await em.find(Workspace, { entry: { $in: [...entryIds] } });
      const byEntry = new Map(rows.map((w) => [w.entry.id, w]));
      return entryIds.map((id) => byEntry.get(id) ?? null);
    }),
  };
}
