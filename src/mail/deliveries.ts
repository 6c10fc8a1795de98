import type { EntityManager } from '@mikro-orm/postgresql';

/** One mail about a thread message, as administrators see it in the message's deliveries. */
export interface HelpMailDeliveryView {
  id: string;
  helpMessageId: number;
  recipient: string;
  state: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

/** The mails each of these messages caused, oldest first, in one statement for the batch. */
export async function deliveriesOf(
  em: EntityManager,
  messageIds: readonly number[],
): Promise<HelpMailDeliveryView[][]> {
  if (messageIds.length === 0) return [];
  const rows = await em.execute<
    {
      id: string;
      help_message_id: number;
      to_address: string;
      state: HelpMailDeliveryView['state'];
      attempts: number;
      last_error: string | null;
      created_at: Date;
      settled_at: Date | null;
    }[]
  >(
    `select id, help_message_id, to_address, state, attempts, last_error, created_at, settled_at
       from mail_outbox where help_message_id in (?) order by id`,
    [[...messageIds]],
  );
  const byMessage = new Map<number, HelpMailDeliveryView[]>();
  for (const row of rows) {
    const list = byMessage.get(row.help_message_id) ?? [];
    list.push({
      id: row.id,
      helpMessageId: row.help_message_id,
      recipient: row.to_address,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      settledAt: row.settled_at,
    });
    byMessage.set(row.help_message_id, list);
  }
  return messageIds.map((id) => byMessage.get(id) ?? []);
}
