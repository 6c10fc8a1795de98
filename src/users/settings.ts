import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import type { Actor } from '../platform/auth/principal.js';
import { changesBetween, fieldsOf, type AuditRecorder } from '../audit/recorder.js';
import { absolutePath, integerIn, notNull, optionalText, profilePath, requiredText } from './validation.js';
import { FileMapping, SETTINGS_ID, WorkspaceSettings } from './workspace.entity.js';

/** The administrative workspace settings (one row) and the file mappings placed into every workspace. */

export interface SettingsInput {
  agentCpuCores?: number | null;
  agentMemoryBytes?: bigint | number | null;
  zoneProxyPort?: number | null;
  persistentProfilePath?: string | null;
}

export interface FileMappingInput {
  name?: string | null;
  description?: string | null;
  destinationPath?: string | null;
  executable?: boolean | null;
}

const MAX_FILE_MAPPINGS = 100;
const SETTINGS_FIELDS = ['agentCpuCores', 'agentMemoryBytes', 'zoneProxyPort', 'persistentProfilePath'] as const;
const SETTINGS_TARGET = { type: 'settings', id: SETTINGS_ID, name: 'workspace settings' } as const;
const MAPPING_FIELDS = ['name', 'description', 'destinationPath', 'executable'] as const;
const mappingTarget = (mapping: FileMapping) => ({ type: 'file_mapping', id: mapping.id, name: mapping.name }) as const;

/** The workspace settings row and its file mappings. */
export class WorkspaceSettingsService {
  constructor(private readonly audit: AuditRecorder) {}

  async get(em: EntityManager): Promise<WorkspaceSettings> {
    const settings = await em.findOne(WorkspaceSettings, { id: SETTINGS_ID });
    // The migration creates the row; a database restored without it still answers with the defaults.
    return settings ?? em.create(WorkspaceSettings, { id: SETTINGS_ID });
  }

  async update(em: EntityManager, actor: Actor, input: SettingsInput): Promise<WorkspaceSettings> {
    const changes: Partial<
      Pick<WorkspaceSettings, 'agentCpuCores' | 'agentMemoryBytes' | 'zoneProxyPort' | 'persistentProfilePath'>
    > = {};
    if (input.agentCpuCores !== undefined) {
      changes.agentCpuCores = integerIn(
        notNull(input.agentCpuCores, 'agentCpuCores'),
        1,
        64,
        'agentCpuCores',
        'Agent CPU cores',
      );
    }
    if (input.agentMemoryBytes !== undefined) {
      const bytes = BigInt(notNull(input.agentMemoryBytes, 'agentMemoryBytes'));
      if (bytes <= 0n) throw new ValidationError('Agent memory must be a positive number of bytes', 'agentMemoryBytes');
      changes.agentMemoryBytes = bytes;
    }
    if (input.zoneProxyPort !== undefined) {
      changes.zoneProxyPort = integerIn(
        notNull(input.zoneProxyPort, 'zoneProxyPort'),
        0,
        65535,
        'zoneProxyPort',
        'Zone proxy port',
      );
    }
    if (input.persistentProfilePath !== undefined)
      changes.persistentProfilePath = profilePath(input.persistentProfilePath);
    return em.transactional(async (tx) => {
      const settings =
        (await tx.findOne(WorkspaceSettings, { id: SETTINGS_ID }, { lockMode: LockMode.PESSIMISTIC_WRITE })) ??
        tx.create(WorkspaceSettings, { id: SETTINGS_ID });
      const audited = changesBetween(settings, changes, SETTINGS_FIELDS);
      if (audited.length)
        this.audit.record(tx, actor, { action: 'settings.update', target: SETTINGS_TARGET, changes: audited });
      return tx.assign(settings, changes);
    });
  }

  async listFileMappings(em: EntityManager): Promise<FileMapping[]> {
    return em.find(FileMapping, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async addFileMapping(em: EntityManager, actor: Actor, input: FileMappingInput): Promise<FileMapping> {
    const fields = mappingFields(input, false) as Required<ReturnType<typeof mappingFields>>;
    return em.transactional(async (tx) => {
      // Serialises additions on the settings row, so the cap holds under concurrent requests.
      await tx.findOne(WorkspaceSettings, { id: SETTINGS_ID }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if ((await tx.count(FileMapping, {})) >= MAX_FILE_MAPPINGS) {
        throw new ValidationError(`At most ${MAX_FILE_MAPPINGS} file mappings`, 'fileMappings');
      }
      const mapping = tx.create(FileMapping, fields);
      await tx.flush(); // the event names the mapping by id
      this.audit.record(tx, actor, {
        action: 'file_mapping.add',
        target: mappingTarget(mapping),
        changes: fieldsOf(mapping, MAPPING_FIELDS, 'created'),
      });
      return mapping;
    });
  }

  async updateFileMapping(em: EntityManager, actor: Actor, id: string, input: FileMappingInput): Promise<FileMapping> {
    const fields = mappingFields(input, true);
    return em.transactional(async (tx) => {
      const mapping = isHexId(id) ? await tx.findOne(FileMapping, { id }) : null;
      if (!mapping) throw new NotFoundError('Unknown File Mapping');
      const changes = changesBetween(mapping, fields, MAPPING_FIELDS);
      if (changes.length)
        this.audit.record(tx, actor, { action: 'file_mapping.update', target: mappingTarget(mapping), changes });
      return tx.assign(mapping, fields);
    });
  }

  async removeFileMapping(em: EntityManager, actor: Actor, id: string): Promise<string> {
    return em.transactional(async (tx) => {
      const mapping = isHexId(id) ? await tx.findOne(FileMapping, { id }) : null;
      if (!mapping || (await tx.nativeDelete(FileMapping, { id })) === 0)
        throw new NotFoundError('Unknown File Mapping');
      this.audit.record(tx, actor, {
        action: 'file_mapping.remove',
        target: mappingTarget(mapping),
        changes: fieldsOf(mapping, MAPPING_FIELDS, 'deleted'),
      });
      return id;
    });
  }
}

function mappingFields(input: FileMappingInput, partial: boolean) {
  const out: Partial<Pick<FileMapping, 'name' | 'description' | 'destinationPath' | 'executable'>> = {};
  if (!partial || input.name !== undefined) out.name = requiredText(input.name, 'name', 'Name', 100);
  if (!partial || input.description !== undefined)
    out.description = optionalText(input.description, 'description', 'Description', 1000) ?? '';
  if (!partial || input.destinationPath !== undefined) {
    out.destinationPath = absolutePath(
      notNull(input.destinationPath ?? null, 'destinationPath'),
      'destinationPath',
      'Destination path',
    );
  }
  if (!partial || input.executable !== undefined)
    out.executable = notNull(input.executable ?? (partial ? null : false), 'executable');
  return out;
}
