import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addressKey } from '../helpdesk/conversations/addresses.js';
import { UNDELIVERABLE_AFTER } from '../helpdesk/conversations/contacts.js';
import { ValidationError } from '../platform/errors.js';
import type { MailOutbox, MailRecipient } from './outbox.js';

export type AgentEvent = 'requester_replied' | 'assigned';

export interface AgentNotificationsView {
  id: string;
  email: string | null;
  confirmed: boolean;
  events: AgentEvent[];
  deliverable: boolean;
}

interface NotificationRow {
  user_id: string;
  email: string;
  events: AgentEvent[];
  confirmed_at: Date | null;
  deliverable: boolean;
}

const CONFIRM_TTL_MS = 48 * 3_600_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Administrators' mail notifications. An address is mailed nothing but its confirmation link until the link is
 * opened: otherwise anyone signed in as an administrator could have the help desk mail a stranger. The link's
 * token is single-use and only its hash is stored.
 */
export class AgentNotificationService {
  constructor(
    private readonly now: () => Date,
    private readonly outbox: MailOutbox,
    private readonly linkBaseUrl: string,
  ) {}

  async get(em: EntityManager, userId: string): Promise<AgentNotificationsView> {
    const [row] = await em.execute<NotificationRow[]>(
      `select user_id, email, events, confirmed_at, deliverable from mail_agent_notifications where user_id = ?`,
      [userId],
    );
    return row
      ? {
          id: userId,
          email: row.email,
          confirmed: row.confirmed_at !== null,
          events: row.events,
          deliverable: row.deliverable,
        }
      : { id: userId, email: null, confirmed: false, events: [], deliverable: true };
  }

  async update(
    em: EntityManager,
    user: { userId: string; username: string },
    input: { email?: string | null; events: readonly AgentEvent[] },
  ): Promise<AgentNotificationsView> {
    const events = [...new Set(input.events)];
    if (input.email === null || input.email === undefined || input.email.trim() === '') {
      await em.execute(`delete from mail_agent_notifications where user_id = ?`, [user.userId]);
      return { id: user.userId, email: null, confirmed: false, events: [], deliverable: true };
    }
    const email = input.email.trim();
    const key = addressKey(email);
    if (!key) throw new ValidationError('email must be a valid email address', 'email');
    return em.transactional(async (tx) => {
      const at = this.now();
      const [existing] = await tx.execute<(NotificationRow & { email_key: string })[]>(
        `select user_id, email, email_key, events, confirmed_at, deliverable from mail_agent_notifications where user_id = ? for update`,
        [user.userId],
      );
      if (existing && existing.email_key === key) {
        await tx.execute(`update mail_agent_notifications set events = ?::text[], updated_at = ? where user_id = ?`, [
          `{${events.join(',')}}`,
          at,
          user.userId,
        ]);
        return this.get(tx, user.userId);
      }
      const token = randomBytes(24).toString('base64url');
      await tx.execute(
        `insert into mail_agent_notifications (user_id, email, email_key, events, confirmed_at, confirm_token_hash,
           confirm_expires_at, deliverable, failed_deliveries, updated_at)
         values (?, ?, ?, ?::text[], null, ?, ?, true, 0, ?)
         on conflict (user_id) do update set email = excluded.email, email_key = excluded.email_key,
           events = excluded.events, confirmed_at = null, confirm_token_hash = excluded.confirm_token_hash,
           confirm_expires_at = excluded.confirm_expires_at, deliverable = true, failed_deliveries = 0,
           updated_at = excluded.updated_at`,
        [user.userId, email, key, `{${events.join(',')}}`, hash(token), new Date(at.getTime() + CONFIRM_TTL_MS), at],
      );
      await this.outbox.enqueue(tx, {
        to: { kind: 'agent', ref: user.userId, address: email, name: user.username, locale: null },
        template: 'confirm-address',
        values: { link: `${this.linkBaseUrl}/api/mail/confirm/${token}` },
      });
      return this.get(tx, user.userId);
    });
  }

  /** Confirms the address the token was mailed to; false for a token unknown, used or expired. */
  async confirm(em: EntityManager, token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return false;
    const rows = await em.execute<{ user_id: string }[]>(
      `update mail_agent_notifications set confirmed_at = ?, confirm_token_hash = null, confirm_expires_at = null
        where confirm_token_hash = ? and confirm_expires_at > ? returning user_id`,
      [this.now(), hash(token), this.now()],
    );
    return rows.length > 0;
  }

  /** The administrators to mail about `event` at their confirmed, deliverable addresses (`only`: just these users). */
  async recipients(em: EntityManager, event: AgentEvent, only?: readonly string[]): Promise<MailRecipient[]> {
    if (only && only.length === 0) return [];
    const rows = await em.execute<{ user_id: string; email: string; username: string }[]>(
      `select n.user_id, n.email, u.username from mail_agent_notifications n join users u on u.id = n.user_id
        where n.confirmed_at is not null and n.deliverable and ? = any(n.events) and u.role = 'admin'
          ${only ? 'and n.user_id in (?)' : ''}
        order by n.user_id`,
      only ? [event, [...only]] : [event],
    );
    return rows.map((row) => ({
      kind: 'agent',
      ref: row.user_id,
      address: row.email,
      name: row.username,
      locale: null,
    }));
  }

  /** Why an agent's address may not be mailed now, or undefined when it may (its confirmation mail always may). */
  async refusal(em: EntityManager, userId: string, address: string, template: string): Promise<string | undefined> {
    const [row] = await em.execute<(NotificationRow & { email_key: string })[]>(
      `select user_id, email, email_key, events, confirmed_at, deliverable from mail_agent_notifications where user_id = ?`,
      [userId],
    );
    if (!row || row.email_key !== addressKey(address)) return 'not mailed: the address is no longer the agent’s';
    if (template === 'confirm-address') return undefined;
    if (!row.confirmed_at) return 'not mailed: the address is not confirmed';
    if (!row.deliverable) return 'not mailed: the address kept failing and is marked undeliverable';
    return undefined;
  }

  async recordDelivery(em: EntityManager, userId: string, delivered: boolean): Promise<void> {
    await em.execute(
      delivered
        ? `update mail_agent_notifications set failed_deliveries = 0 where user_id = ? and failed_deliveries > 0`
        : `update mail_agent_notifications set failed_deliveries = failed_deliveries + 1,
             deliverable = deliverable and failed_deliveries + 1 < ${UNDELIVERABLE_AFTER} where user_id = ?`,
      [userId],
    );
  }
}
