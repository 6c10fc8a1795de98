import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import type { Actor } from '../platform/auth/principal.js';
import type { AuditRecorder } from '../audit/recorder.js';
import { AllowedWorkspace, RegistryEntry, Workspace } from './workspace.entity.js';
import { GroupMembership } from './group.entity.js';

/**
 * The workspace registry: an administrator imports a registry's list of entries, installs entries onto this
 * server (only those compatible with the platform version it runs) and uninstalls them.
 */

const CONTROL = /\p{Cc}/u;
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');

/** Docker's reference grammar, narrowed to the registry's `<namespace>/<repository>:<tag>`. */
export const IMAGE_NAME =
  /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*:[\w][\w.-]{0,127}$/;
export const COMPATIBILITY_PATTERN = /^\d+\.\d+\.x$/;
export const ARCHITECTURES = ['amd64', 'arm64'] as const;
const HOSTNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const ExecAction = z.strictObject({
  cmd: z.string().min(1, 'must not be empty').max(8192, 'must be at most 8192 characters'),
});

/** Exactly the registry's fields, nothing else: an unknown field is more likely a typo than an extension. */
export const RegistryEntryInput = z.strictObject({
  name: z
    .string()
    .max(255, 'must be at most 255 characters')
    .regex(IMAGE_NAME, 'must be <namespace>/<repository>:<tag>'),
  friendly_name: line(200),
  description: z.string().max(10_000, 'must be at most 10000 characters'),
  docker_registry: z
    .string()
    .max(2048, 'must be at most 2048 characters')
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL'),
  image_src: line(255),
  run_config: z
    .strictObject({
      hostname: z.string().max(253, 'must be at most 253 characters').regex(HOSTNAME, 'must be a hostname'),
    })
    .optional(),
  exec_config: z.strictObject({ go: ExecAction.optional(), assign: ExecAction.optional() }).optional(),
  categories: z.array(line(50)).min(1, 'must list at least one category').max(20, 'must list at most 20 categories'),
  architecture: z.array(z.enum(ARCHITECTURES, 'must be amd64 or arm64')).min(1, 'must list at least one architecture'),
  compatibility: z
    .array(z.string().regex(COMPATIBILITY_PATTERN, 'must be <major>.<minor>.x'))
    .min(1, 'must list at least one platform version'),
  uncompressed_size_mb: z.number().finite().min(0, 'must be 0 or more'),
});
export type RegistryEntryInput = z.infer<typeof RegistryEntryInput>;

const MAX_ENTRIES = 1000;
const Registry = z
  .array(RegistryEntryInput, 'must be a JSON list of registry entries')
  .max(MAX_ENTRIES, `must hold at most ${MAX_ENTRIES} entries`)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, i) => {
      if (seen.has(entry.name))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'appears twice in the list' });
      seen.add(entry.name);
    });
  });

/** `1.16.x` matches platform versions 1.16.*. */
export function isCompatible(patterns: readonly string[], platformVersion: string): boolean {
  const [major, minor] = platformVersion.split('.');
  return patterns.includes(`${major}.${minor}.x`);
}

/** The entries, validated as a whole before anything is written; the first problem is named with its place. */
export function parseRegistry(value: unknown): RegistryEntryInput[] {
  const parsed = Registry.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new ValidationError(`entries${where}: ${issue.message}`, 'entries');
}

const toEntity = (e: RegistryEntryInput) => ({
  name: e.name,
  friendlyName: e.friendly_name,
  description: e.description,
  dockerRegistry: e.docker_registry,
  imageSrc: e.image_src,
  runConfig: e.run_config ?? null,
  execConfig: e.exec_config ?? null,
  categories: e.categories,
  architecture: e.architecture,
  compatibility: e.compatibility,
  uncompressedSizeMb: e.uncompressed_size_mb,
});

/** The registry of installable workspaces and the installed ones, checked against this platform version. */
export class WorkspaceRegistry {
  constructor(
    private readonly platformVersion: string,
    private readonly audit: AuditRecorder,
  ) {}

  /** Whether an entry runs on this platform version. */
  compatible(entry: Pick<RegistryEntry, 'compatibility'>): boolean {
    return isCompatible(entry.compatibility, this.platformVersion);
  }

  /** Imports a registry list all or nothing; an entry whose name exists is updated in place (installs keep it). */
  async import(em: EntityManager, actor: Actor, value: unknown): Promise<RegistryEntry[]> {
    const entries = parseRegistry(value);
    return em.transactional(async (tx) => {
      const existing = entries.length
        ? await tx.find(RegistryEntry, { name: { $in: entries.map((e) => e.name) } })
        : [];
      const byName = new Map(existing.map((e) => [e.name, e]));
      const names = (list: RegistryEntryInput[]) => list.map((e) => e.name);
      if (entries.length)
        this.audit.record(tx, actor, {
          action: 'registry.import',
          target: { type: 'registry', id: null, name: `${entries.length} entries` },
          changes: [
            { field: 'added', oldValue: null, newValue: names(entries.filter((e) => !byName.has(e.name))) },
            { field: 'updated', oldValue: null, newValue: names(entries.filter((e) => byName.has(e.name))) },
          ],
        });
      return entries.map((input) => {
        const found = byName.get(input.name);
        return found ? tx.assign(found, toEntity(input)) : tx.create(RegistryEntry, toEntity(input));
      });
    });
  }

  async list(
    em: EntityManager,
    options: { category?: string | null; compatibleOnly?: boolean | null },
  ): Promise<RegistryEntry[]> {
    const [major, minor] = this.platformVersion.split('.');
    return em.find(
      RegistryEntry,
      {
        ...(options.category ? { categories: { $contains: [options.category] } } : {}),
        ...(options.compatibleOnly ? { compatibility: { $contains: [`${major}.${minor}.x`] } } : {}),
      },
      { orderBy: { friendlyName: 'asc', name: 'asc' } },
    );
  }

  async install(em: EntityManager, actor: Actor, entryId: string): Promise<Workspace> {
    const { platformVersion } = this;
    const alreadyInstalled = (name: string) => new ConflictError(`${name} is already installed`);
    try {
      return await em.transactional(async (tx) => {
        const entry = isHexId(entryId) ? await tx.findOne(RegistryEntry, { id: entryId }) : null;
        if (!entry) throw new NotFoundError('Unknown registry entry');
        if (!isCompatible(entry.compatibility, platformVersion)) {
          throw new ValidationError(
            `${entry.name} is not compatible with platform version ${platformVersion} (it supports ${entry.compatibility.join(', ')})`,
            'compatibility',
          );
        }
        if (await tx.count(Workspace, { entry: entry.id })) throw alreadyInstalled(entry.name);
        const workspace = tx.create(Workspace, { entry });
        await tx.flush(); // the event names the workspace by id
        this.audit.record(tx, actor, {
          action: 'workspace.install',
          target: { type: 'workspace', id: workspace.id, name: entry.name },
        });
        return workspace;
      });
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? alreadyInstalled('The entry') : error;
    }
  }

  /** Removes the workspace and, through the foreign keys, every group's permission to use it. */
  async uninstall(em: EntityManager, actor: Actor, id: string): Promise<string> {
    return em.transactional(async (tx) => {
      const workspace = isHexId(id) ? await tx.findOne(Workspace, { id }, { populate: ['entry'] }) : null;
      if (!workspace || (await tx.nativeDelete(Workspace, { id })) === 0) throw new NotFoundError('Unknown Workspace');
      this.audit.record(tx, actor, {
        action: 'workspace.uninstall',
        target: { type: 'workspace', id, name: workspace.entry.name },
      });
      return id;
    });
  }

  async listInstalled(em: EntityManager): Promise<Workspace[]> {
    return em.find(Workspace, {}, { populate: ['entry'], orderBy: { entry: { friendlyName: 'asc' } } });
  }

  /** The installed workspaces any of the user's groups allow, in one statement. */
  async workspacesOf(em: EntityManager, userId: string): Promise<Workspace[]> {
    const groups = em.createQueryBuilder(GroupMembership, 'm').select('m.group').where({ user: userId });
    const allowed = em
      .createQueryBuilder(AllowedWorkspace, 'a')
      .select('a.workspace')
      .where({ group: { $in: groups as never } });
    return em.find(
      Workspace,
      { id: { $in: allowed as never } },
      { populate: ['entry'], orderBy: { entry: { friendlyName: 'asc' } } },
    );
  }
}
