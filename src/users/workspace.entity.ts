import { defineEntity, p } from '@mikro-orm/core';
import { newHexId } from '../platform/ids.js';
import { Group } from './group.entity.js';

export interface RunConfig {
  hostname?: string;
}
export interface ExecAction {
  cmd: string;
}
export type ExecConfig = Partial<Record<'go' | 'assign', ExecAction>>;

/** One entry of an imported workspace registry, kept with exactly the fields the registry publishes. */
const RegistryEntrySchema = defineEntity({
  name: 'RegistryEntry',
  tableName: 'workspace_registry_entries',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    /** `<namespace>/<repository>:<tag>`: re-importing a registry updates the entry with the same name. */
    name: p.string().length(255).unique('workspace_registry_entries_name_unique'),
    friendlyName: p.string().length(200),
    description: p.text(),
    dockerRegistry: p.string().length(2048),
    imageSrc: p.string().length(255),
    runConfig: p.json<RunConfig>().nullable(),
    execConfig: p.json<ExecConfig>().nullable(),
    categories: p.array(),
    architecture: p.array(),
    compatibility: p.array(),
    uncompressedSizeMb: p.double(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class RegistryEntry extends RegistryEntrySchema.class {}
RegistryEntrySchema.setClass(RegistryEntry);
export { RegistryEntrySchema };

/** A registry entry installed on this server: what groups can allow and users can launch. */
const WorkspaceSchema = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    entry: () => p.manyToOne(RegistryEntry).unique('workspaces_entry_id_unique').deleteRule('cascade'),
    installedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Workspace extends WorkspaceSchema.class {}
WorkspaceSchema.setClass(Workspace);
export { WorkspaceSchema };

/** A group's Allowed Workspaces setting, one row per workspace; uninstalling a workspace withdraws it everywhere. */
const AllowedWorkspaceSchema = defineEntity({
  name: 'AllowedWorkspace',
  tableName: 'group_allowed_workspaces',
  properties: {
    group: () => p.manyToOne(Group).primary().deleteRule('cascade'),
    workspace: () =>
      p.manyToOne(Workspace).primary().deleteRule('cascade').index('group_allowed_workspaces_workspace_id_index'),
  },
});

export class AllowedWorkspace extends AllowedWorkspaceSchema.class {}
AllowedWorkspaceSchema.setClass(AllowedWorkspace);
export { AllowedWorkspaceSchema };

export const DEFAULT_AGENT_CPU_CORES = 2;
export const DEFAULT_AGENT_MEMORY_BYTES = 4_100_000_000n;
export const DEFAULT_ZONE_PROXY_PORT = 8443;
/** The settings are one row; the migration creates it with the platform's defaults. */
export const SETTINGS_ID = 1;

const WorkspaceSettingsSchema = defineEntity({
  name: 'WorkspaceSettings',
  tableName: 'workspace_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    agentCpuCores: p.integer().default(DEFAULT_AGENT_CPU_CORES),
    /** Bytes; past 2^32, so a bigint column and a JS bigint. */
    agentMemoryBytes: p.bigint().default(DEFAULT_AGENT_MEMORY_BYTES.toString()),
    zoneProxyPort: p.integer().default(DEFAULT_ZONE_PROXY_PORT),
    persistentProfilePath: p.string().length(1024).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class WorkspaceSettings extends WorkspaceSettingsSchema.class {}
WorkspaceSettingsSchema.setClass(WorkspaceSettings);
export { WorkspaceSettingsSchema };

/** A file placed into every workspace at start, e.g. the root-level post-run script. */
const FileMappingSchema = defineEntity({
  name: 'FileMapping',
  tableName: 'workspace_file_mappings',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    name: p.string().length(100),
    description: p.string().length(1000).default(''),
    destinationPath: p.string().length(1024),
    executable: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class FileMapping extends FileMappingSchema.class {}
FileMappingSchema.setClass(FileMapping);
export { FileMappingSchema };
