import { defineEntity, p } from '@mikro-orm/core';
import { newHexId } from '../platform/ids.js';

/** One field a change set, with its value before and after (null values for a secret: see recorder.ts). */
export interface AuditChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/*
 * Rows are never updated and deleted only by retention pruning: a trigger refuses everything else (see the
 * audit_events migration), so not even a bug elsewhere in the process can rewrite history. Actors and targets
 * are kept by value, not by foreign key: the trail outlives the users, keys and things it names.
 */
const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    occurredAt: p.datetime(),
    /** user, api_key or system. */
    actorType: p.string().length(16),
    /** A user's id or an API key's public api_key; null for the system. */
    actorId: p.string().length(64).nullable(),
    actorName: p.string().length(255).nullable(),
    action: p.string().length(64),
    targetType: p.string().length(32),
    targetId: p.string().length(64).nullable(),
    targetName: p.string().length(255).nullable(),
    changes: p.json<AuditChange[]>(),
    requestId: p.string().length(100).nullable(),
    clientAddress: p.string().length(64).nullable(),
  },
  indexes: [
    // Newest first, and newest first within each filter: each page is read off one index from the cursor on.
    { name: 'audit_events_occurred_index', properties: ['occurredAt', 'id'] },
    { name: 'audit_events_actor_occurred_index', properties: ['actorId', 'occurredAt', 'id'] },
    { name: 'audit_events_target_occurred_index', properties: ['targetId', 'occurredAt', 'id'] },
    { name: 'audit_events_action_occurred_index', properties: ['action', 'occurredAt', 'id'] },
  ],
});

export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
export { AuditEventSchema };
