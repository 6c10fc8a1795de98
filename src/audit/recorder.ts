import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/auth/principal.js';
import type { AuditAction, AuditTargetType } from './actions.js';
import { AuditEvent, type AuditChange } from './audit-event.entity.js';

/** Who changed something outside any request: an operator at the command line (`npm run cli`). */
export interface SystemActor {
  kind: 'system';
  name: string;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string | number | null;
  /** A readable name at the time of the change: a username, a group's name, a request's title. */
  name?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  target: AuditTarget;
  changes?: readonly AuditChange[];
}

/**
 * A field whose value must never be written down, whatever a call site hands in: the trail says a password was
 * set, never what to, so a reader of the trail learns nothing that signs anyone in.
 */
const SECRET_FIELD = /password|hash|secret|token/i;

const MAX_NAME = 255;

/**
 * Writes audit events. `record` adds the event to the EntityManager's unit of work, so it is written by the same
 * flush, in the same transaction, as the change it describes: a change that fails or rolls back leaves no event,
 * and no committed change goes unrecorded. Call it with the transaction's EntityManager, after the checks that
 * may refuse the change:
 *
 *   this.audit.record(tx, actor, { action: 'user.lock', target: { type: 'user', id: user.id, name: user.username } });
 */
export class AuditRecorder {
  constructor(private readonly now: () => Date) {}

  record(em: EntityManager, actor: Actor | SystemActor, entry: AuditEntry): AuditEvent {
    const who = actorColumns(actor);
    return em.create(AuditEvent, {
      occurredAt: this.now(),
      ...who,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id === null ? null : String(entry.target.id),
      targetName: clip(entry.target.name ?? null),
      changes: (entry.changes ?? []).map(withoutSecrets),
      requestId: actor.kind === 'system' ? null : actor.requestId,
      clientAddress: actor.kind === 'system' ? null : actor.clientAddress,
    });
  }
}

/**
 * The fields among `fields` whose values differ between `before` and `after` (an absent key in `after` means
 * unchanged), as the trail records them. Dates become ISO strings and 64-bit numbers strings, as GraphQL sends them.
 */
export function changesBetween<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    const oldValue = plain(before[field]);
    const newValue = plain(after[field]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** A snapshot of `fields` of `value`, as created or deleted: each field from null to its value, or back. */
export function fieldsOf<T extends object>(
  value: T,
  fields: readonly (keyof T & string)[],
  direction: 'created' | 'deleted',
): AuditChange[] {
  return fields.map((field) =>
    direction === 'created'
      ? { field, oldValue: null, newValue: plain(value[field]) }
      : { field, oldValue: plain(value[field]), newValue: null },
  );
}

function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function withoutSecrets(change: AuditChange): AuditChange {
  if (SECRET_FIELD.test(change.field)) return { field: change.field, oldValue: null, newValue: null };
  return { field: change.field, oldValue: wellFormed(change.oldValue), newValue: wellFormed(change.newValue) };
}

/** A lone UTF-16 surrogate (which a text column stores as U+FFFD) written as U+FFFD: jsonb refuses its escape. */
const LONE_SURROGATE = /\p{Cs}/gu;

function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormed(v)]));
  return value;
}

function actorColumns(actor: Actor | SystemActor): Pick<AuditEvent, 'actorType' | 'actorId' | 'actorName'> {
  switch (actor.kind) {
    case 'user':
      return { actorType: 'user', actorId: actor.userId, actorName: actor.username };
    case 'apiKey':
      return { actorType: 'api_key', actorId: actor.key, actorName: clip(actor.name) };
    case 'system':
      return { actorType: 'system', actorId: null, actorName: clip(actor.name) };
    default:
      // Shield lets no anonymous caller change anything; should a path ever do so, the trail still says so.
      return { actorType: 'anonymous', actorId: null, actorName: null };
  }
}

const clip = (text: string | null): string | null => (text === null ? null : [...text].slice(0, MAX_NAME).join(''));
