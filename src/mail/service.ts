import type { EntityManager } from '@mikro-orm/postgresql';
import type { HelpContactService } from '../helpdesk/conversations/contacts.js';
import type { AgentEvent, AgentNotificationService } from './agents.js';
import type { MailOutbox, MailRecipient, MailRow, RecipientBook } from './outbox.js';
import type { MailTemplates } from './templates.js';

/** A templated mail about a help request, as other modules (rules, the help desk's changes) ask for one. */
export interface TemplateMail {
  requestId: number;
  /** `contact`: the request's contact. `agents`: administrators who opted in to `event` at a confirmed address. */
  to: 'contact' | 'agents';
  template: string;
  event?: string;
  byRule?: string;
  /** The thread message the mail carries (its text is the mail's body; it shows the mail in its deliveries). */
  helpMessageId?: number;
  /** For `agents`: only these administrators (the assignee of an assignment). */
  onlyAgents?: readonly string[];
  /** An automatic answer (an acknowledgement): marked so that autoresponders do not answer it (RFC 3834). */
  autoReply?: boolean;
}

/** What the mail module offers other modules (`services.mail`): see docs/architecture.md's seams. */
export interface MailService {
  /** Queues a templated mail about a help request in the caller's transaction: sent after commit, once. */
  enqueueTemplate(em: EntityManager, mail: TemplateMail): Promise<void>;
  /** Whether a template of this name exists (in English, which every template has). */
  hasTemplate(name: string): boolean;
}

interface RequestFacts {
  id: number;
  title: string;
  description: string;
  contact_id: number | null;
  contact_email: string | null;
  contact_name: string | null;
  contact_locale: string | null;
}

const AGENT_EVENTS: Record<string, AgentEvent> = { requester_replied: 'requester_replied', assigned: 'assigned' };

export class Mailer implements MailService {
  constructor(
    readonly outbox: MailOutbox,
    private readonly templates: MailTemplates,
    readonly contacts: HelpContactService,
    readonly agents: AgentNotificationService,
  ) {}

  hasTemplate(name: string): boolean {
    return this.templates.has(name);
  }

  async enqueueTemplate(em: EntityManager, mail: TemplateMail): Promise<void> {
    const [request] = await em.execute<RequestFacts[]>(
      `select r.id, r.title, r.description, c.id as contact_id, c.email as contact_email, c.name as contact_name,
              c.locale as contact_locale
         from help_requests r left join help_request_threads t on t.request_id = r.id
         left join help_contacts c on c.id = t.contact_id where r.id = ?`,
      [mail.requestId],
    );
    if (!request) return;
    const [message] = mail.helpMessageId
      ? await em.execute<{ body: string; author: string | null }[]>(
          `select m.body, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) as author
             from help_messages m left join users u on u.id = m.author_id where m.id = ?`,
          [mail.helpMessageId],
        )
      : [];
    const values = {
      requestId: request.id,
      title: request.title,
      description: request.description,
      body: message?.body ?? '',
      authorName: message?.author ?? 'The help desk',
    };
    let recipients: MailRecipient[] = [];
    if (mail.to === 'contact') {
      if (request.contact_id !== null && request.contact_email !== null) {
        recipients = [
          {
            kind: 'contact',
            ref: String(request.contact_id),
            address: request.contact_email,
            name: request.contact_name ?? '',
            locale: request.contact_locale,
          },
        ];
      }
    } else {
      const event = AGENT_EVENTS[mail.event ?? ''] ?? 'requester_replied';
      recipients = await this.agents.recipients(em, event, mail.onlyAgents);
    }
    for (const to of recipients) {
      await this.outbox.enqueue(em, {
        to,
        template: mail.template,
        values,
        requestId: request.id,
        ...(mail.helpMessageId !== undefined ? { helpMessageId: mail.helpMessageId } : {}),
        ...(mail.event !== undefined ? { event: mail.event } : {}),
        ...(mail.byRule !== undefined ? { byRule: mail.byRule } : {}),
        ...(mail.autoReply ? { autoReply: true } : {}),
      });
    }
  }

  /** Whom the outbox asks, when a mail's turn comes and after it settles. */
  static recipientBook(contacts: HelpContactService, agents: () => AgentNotificationService): RecipientBook {
    return {
      mayMail: (em: EntityManager, row: MailRow) => {
        if (row.recipient_kind === 'contact' && row.recipient_ref)
          return contacts.refusal(em, Number(row.recipient_ref));
        if (row.recipient_kind === 'agent' && row.recipient_ref)
          return agents().refusal(em, row.recipient_ref, row.to_address, row.template);
        return Promise.resolve(undefined);
      },
      delivered: async (em: EntityManager, row: MailRow, ok: boolean) => {
        if (row.recipient_kind === 'contact' && row.recipient_ref)
          await contacts.recordDelivery(em, Number(row.recipient_ref), ok);
        if (row.recipient_kind === 'agent' && row.recipient_ref)
          await agents().recordDelivery(em, row.recipient_ref, ok);
      },
    };
  }
}
