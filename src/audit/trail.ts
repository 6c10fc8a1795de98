import type { EntityManager } from '@mikro-orm/postgresql';
import { read } from '../platform/db/read.js';
import { ValidationError } from '../platform/errors.js';
import {
  connectionOf,
  keyset,
  pageWindow,
  type Connection,
  type Cursors,
  type ListIdentity,
} from '../platform/graphql/connections.js';
import type { AuditAction, AuditActorType, AuditTargetType } from './actions.js';
import type { AuditChange } from './audit-event.entity.js';

export interface AuditFilter {
  actorId?: string | null;
  targetId?: string | null;
  action?: AuditAction | null;
  since?: Date | null;
  until?: Date | null;
}

/** An audit event as GraphQL answers it. */
export interface AuditEventView {
  id: string;
  occurredAt: Date;
  actor: { type: AuditActorType; id: string | null; name: string | null };
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; name: string | null };
  changes: AuditChange[];
  requestId: string | null;
  clientAddress: string | null;
}

/** A row of audit_events as PostgreSQL returns it. */
export interface AuditEventRow {
  id: string;
  occurred_at: Date;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  changes: AuditChange[];
  request_id: string | null;
  client_address: string | null;
}

const MAX_ID = 64;

/** Reading the audit trail: newest first, by keyset, filtered by actor, target, action and time. */
export class AuditTrail {
  constructor(private readonly cursors: Cursors) {}

  async connection(
    em: EntityManager,
    filter: AuditFilter,
    args: { first?: number | null; after?: string | null },
  ): Promise<Connection<AuditEventView>> {
    const { actorId, targetId, action, since, until } = checked(filter);
    const identity: ListIdentity = {
      list: 'auditEvents',
      fingerprint: { actorId, targetId, action, since: since?.toISOString(), until: until?.toISOString() },
    };
    const window = pageWindow({ first: args.first, after: args.after }, this.cursors, identity);
    const sql: string[] = [];
    const params: unknown[] = [];
    const where = (condition: string, value: unknown) => {
      sql.push(condition);
      params.push(value);
    };
    if (actorId) where('actor_id = ?', actorId);
    if (targetId) where('target_id = ?', targetId);
    if (action) where('action = ?', action);
    if (since) where('occurred_at >= ?', since);
    if (until) where('occurred_at < ?', until);
    const seek = keyset('occurred_at', 'desc', window);
    if (seek.condition) {
      // The cursor's time comes back as the ISO string it was written as; PostgreSQL reads it as a timestamptz.
      sql.push(seek.condition.sql.replace('(?, ?)', '(?::timestamptz, ?)'));
      params.push(...seek.condition.params);
    }
    const rows = await read<AuditEventRow>(
      em,
      `select id, occurred_at, actor_type, actor_id, actor_name, action, target_type, target_id, target_name, changes, request_id, client_address
         from audit_events${sql.length ? ` where ${sql.join(' and ')}` : ''} order by ${seek.orderBy} limit ?`,
      [...params, window.size + 1],
    );
    return connectionOf(rows.map(view), window, this.cursors, identity, (event) => [
      event.occurredAt.toISOString(),
      event.id,
    ]);
  }
}

function checked(filter: AuditFilter): AuditFilter {
  for (const arg of ['actorId', 'targetId'] as const) {
    const value = filter[arg];
    if (value !== null && value !== undefined && (value.length === 0 || value.length > MAX_ID)) {
      throw new ValidationError(`${arg} must be from 1 to ${MAX_ID} characters`, arg);
    }
  }
  if (filter.since && filter.until && filter.since > filter.until)
    throw new ValidationError('since must not be after until', 'since');
  return filter;
}

function view(row: AuditEventRow): AuditEventView {
  return {
    id: row.id,
    occurredAt: new Date(row.occurred_at),
    // The recorder writes only the vocabulary's values (AuditRecorder's types); a row holds nothing else.
    actor: { type: row.actor_type as AuditActorType, id: row.actor_id, name: row.actor_name },
    action: row.action as AuditAction,
    target: { type: row.target_type as AuditTargetType, id: row.target_id, name: row.target_name },
    changes: row.changes,
    requestId: row.request_id,
    clientAddress: row.client_address,
  };
}
