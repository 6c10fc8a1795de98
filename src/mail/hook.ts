import type { HelpRequestChangeInProgress } from '../helpdesk/change-hooks.js';
import type { MailService } from './service.js';

/**
 * What a help-request change mails, queued in the change's transaction (so a change that rolls back mails
 * nothing, and a committed one is mailed even if this process stops right after):
 * - to the request's contact, an agent's public message and the request's resolution; never an internal message;
 * - to administrators who asked, a requester's reply (the assignee's, or everyone's who asked when unassigned)
 *   and an assignment (the assignee's only).
 */
export function mailHook(mail: MailService) {
  return async (change: HelpRequestChangeInProgress): Promise<void> => {
    const { em, request, message } = change;
    const byRule = change.byRule === undefined ? {} : { byRule: change.byRule };
    if (change.kind === 'responded' && message?.public === true && message.authorRole === 'AGENT') {
      const [thread] = await em.execute<{ id: number }[]>(`select id from help_messages where response_id = ?`, [
        message.id,
      ]);
      await mail.enqueueTemplate(em, {
        requestId: request.id,
        to: 'contact',
        template: 'agent-message',
        ...(thread ? { helpMessageId: thread.id } : {}),
        ...byRule,
      });
    }
    if (change.changes.some((c) => c.field === 'status' && c.newValue === 'resolved')) {
      await mail.enqueueTemplate(em, { requestId: request.id, to: 'contact', template: 'resolved', ...byRule });
    }
    if (change.kind === 'replied' && message) {
      const assignee = request.assignedTo?.id;
      await mail.enqueueTemplate(em, {
        requestId: request.id,
        to: 'agents',
        template: 'requester-reply',
        event: 'requester_replied',
        helpMessageId: message.id,
        ...(assignee ? { onlyAgents: [assignee] } : {}),
        ...byRule,
      });
    }
    const assigned = change.changes.find((c) => c.field === 'assigned_to_id' && c.newValue);
    if (assigned?.newValue) {
      await mail.enqueueTemplate(em, {
        requestId: request.id,
        to: 'agents',
        template: 'assigned',
        event: 'assigned',
        onlyAgents: [assigned.newValue],
        ...byRule,
      });
    }
  };
}
