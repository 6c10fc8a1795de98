import type { EntityManager } from '@mikro-orm/postgresql';
import { fieldsOf, type AuditRecorder, type SystemActor } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import type { HelpRequest } from './help-request.entity.js';

/** What the audit trail keeps of a help request's changes: an administrator's status changes and assignments. */
const AUDITED = { status: 'help_request.status_change', assigned_to_id: 'help_request.assign' } as const;

/** Records one event per audited field among a change's fields (as the request's history names them). */
export function recordRequestChanges(
  audit: AuditRecorder,
  em: EntityManager,
  actor: Actor | SystemActor,
  request: Pick<HelpRequest, 'id' | 'title'>,
  changes: readonly { field: string; oldValue: string | null; newValue: string | null }[],
): void {
  for (const change of changes) {
    const action = AUDITED[change.field as keyof typeof AUDITED];
    if (!action) continue;
    const target = { type: 'help_request', id: request.id, name: request.title } as const;
    audit.record(em, actor, {
      action,
      target,
      changes: [{ field: change.field, oldValue: change.oldValue, newValue: change.newValue }],
    });
  }
}

/** What the trail keeps of a deleted request: enough to say what was lost and whose it was. */
export function recordRequestDeletion(
  audit: AuditRecorder,
  em: EntityManager,
  actor: Actor,
  request: HelpRequest,
): void {
  const kept = {
    title: request.title,
    category: request.category,
    status: request.status,
    priority: request.priority,
    requesterId: request.requester?.id ?? null,
    createdAt: request.createdAt.toISOString(),
  };
  const target = { type: 'help_request', id: request.id, name: request.title } as const;
  audit.record(em, actor, {
    action: 'help_request.delete',
    target,
    changes: fieldsOf(kept, ['title', 'category', 'status', 'priority', 'requesterId', 'createdAt'], 'deleted'),
  });
}
