import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AuditRecorder, SystemActor } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import type { Config } from '../platform/config.js';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../platform/errors.js';
import { connectionOf, pageWindow, type Connection, type Cursors } from '../platform/graphql/connections.js';
import { isHexId, newHexId } from '../platform/ids.js';
import { checkWebhookHost, checkWebhookUrl } from './webhook-address.js';
import { newWebhookSecret, WebhookSecrets } from './webhook-secrets.js';
import { eventType, ruleEvents, type HelpRuleEvent } from './vocabulary.js';

/*
 * Webhooks and their outbox. A delivery is a row written in the transaction of the change it tells of, so a change
 * that rolls back sends nothing and one that commits is sent at least once (the worker, delivery.ts, takes it from
 * there). What a webhook may be sent is bounded: past WEBHOOK_MAX_PENDING waiting deliveries (a receiver down for a
 * day while thousands of events happen), new events are not queued but counted on the webhook, with when the gap
 * began, so the oldest, already queued, still go and the administrator sees exactly what the receiver missed.
 */

export type WebhookConfig = Config['automation']['webhooks'];

/** How long the secret a rotation replaces still signs, so receivers can move to the new one without a gap. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
const MAX_DESCRIPTION = 500;

export interface HelpWebhookView {
  id: string;
  url: string;
  description: string | null;
  events: HelpRuleEvent[];
  active: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  droppedEvents: number;
  droppedSince: Date | null;
  createdAt: Date;
}

export interface HelpWebhookDeliveryView {
  id: string;
  messageId: string;
  eventType: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

interface WebhookRow {
  id: string;
  url: string;
  description: string | null;
  events: HelpRuleEvent[];
  active: boolean;
  disabled_reason: string | null;
  failing_since: Date | string | null;
  dropped_events: number;
  dropped_since: Date | string | null;
  created_at: Date | string;
}

interface DeliveryRow {
  id: string;
  message_id: string;
  event_type: string;
  state: HelpWebhookDeliveryView['state'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | string;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const WEBHOOK_COLUMNS = `id, url, description, events, active, disabled_reason, failing_since, dropped_events, dropped_since, created_at`;
const DELIVERY_COLUMNS = `id, message_id, event_type, state, attempts, last_status, last_error, next_attempt_at, created_at, settled_at`;

/**
 * A time as raw SQL returns it (PostgreSQL's text of a timestamptz in the UTC session, "2026-11-28 04:51:49.123456+00")
 * or as an entity holds it, as a Date.
 */
export function dateOf(value: Date | string): Date;
export function dateOf(value: Date | string | null): Date | null;
export function dateOf(value: Date | string | null): Date | null {
  if (value === null || value instanceof Date) return value;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}

const webhookView = (r: WebhookRow): HelpWebhookView => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  active: r.active,
  disabledReason: r.disabled_reason,
  failingSince: dateOf(r.failing_since),
  droppedEvents: r.dropped_events,
  droppedSince: dateOf(r.dropped_since),
  createdAt: dateOf(r.created_at),
});

const deliveryView = (r: DeliveryRow): HelpWebhookDeliveryView => ({
  id: String(r.id),
  messageId: r.message_id,
  eventType: r.event_type,
  state: r.state,
  attempts: r.attempts,
  lastStatus: r.last_status,
  lastError: r.last_error,
  // A claimed row's next_attempt_at is its lease's end, not an attempt.
  nextAttemptAt: r.state === 'pending' ? dateOf(r.next_attempt_at) : null,
  createdAt: dateOf(r.created_at),
  deliveredAt: r.state === 'sent' ? dateOf(r.settled_at) : null,
});

/** A JSON list as a text[] parameter (the raw API spreads a JS array into a list of values). */
export const textArray = (values: readonly string[]): string => JSON.stringify(values);
export const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

/** One event to queue: its type, and the body's `data` (built once, whichever webhooks hear it). */
export interface WebhookEvent {
  event: HelpRuleEvent;
  at: Date;
  data: unknown;
}

export class HelpWebhookService {
  readonly #secrets: WebhookSecrets | undefined;

  constructor(
    private readonly now: () => Date,
    private readonly config: WebhookConfig,
    private readonly cursors: Cursors,
    private readonly audit: AuditRecorder,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.#secrets = config.secretsKey ? new WebhookSecrets(config.secretsKey) : undefined;
  }

  /** The sealer, or the refusal an operator can act on: webhooks need WEBHOOK_SECRETS_KEY. */
  get secrets(): WebhookSecrets {
    if (!this.#secrets)
      throw new ServiceUnavailableError(
        'Webhooks need WEBHOOK_SECRETS_KEY (at least 32 characters) in the gateway’s environment',
      );
    return this.#secrets;
  }

  async list(em: EntityManager): Promise<HelpWebhookView[]> {
    const rows = await em.execute<WebhookRow[]>(`select ${WEBHOOK_COLUMNS} from help_webhooks order by created_at, id`);
    return rows.map(webhookView);
  }

  async count(em: EntityManager): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from help_webhooks`);
    return row?.n ?? 0;
  }

  /** Whether a webhook of this id exists (a rule's SEND_WEBHOOK names one). */
  async exists(em: EntityManager, id: string): Promise<boolean> {
    const rows = await em.execute<unknown[]>(`select 1 from help_webhooks where id = ?`, [id]);
    return rows.length > 0;
  }

  async create(
    em: EntityManager,
    actor: Actor,
    input: { url: string; events?: readonly string[] | null; description?: string | null },
  ): Promise<{ webhook: HelpWebhookView; secret: string }> {
    const secrets = this.secrets;
    const url = checkWebhookUrl(input.url, this.config.allowedHosts);
    const events = ruleEvents(input.events, false);
    const description = (input.description ?? '').trim() || null;
    if (description && [...description].length > MAX_DESCRIPTION)
      throw new ValidationError(`description must be at most ${MAX_DESCRIPTION} characters`, 'description');
    // Refused now rather than at the first delivery: the administrator is here to read why.
    await checkWebhookHost(url, this.config.allowedHosts);
    const id = newHexId();
    const secret = newWebhookSecret();
    return em.transactional(async (tem) => {
      const [row] = await tem.execute<WebhookRow[]>(
        `insert into help_webhooks (id, url, description, events, secret_sealed, created_at)
         values (?, ?, ?, ${TEXT_ARRAY}, ?, ?) returning ${WEBHOOK_COLUMNS}`,
        [id, url.href, description, textArray(events), secrets.seal(id, secret), this.now()],
      );
      this.audit.record(tem, actor, {
        action: 'help_webhook.create',
        target: { type: 'help_webhook', id, name: url.host },
        changes: [{ field: 'url', oldValue: null, newValue: url.href }],
      });
      return { webhook: webhookView(row), secret };
    });
  }

  /** A new secret, shown once; the one it replaces keeps signing for 24 hours beside it. */
  async rotate(em: EntityManager, actor: Actor, id: string): Promise<{ webhook: HelpWebhookView; secret: string }> {
    const secrets = this.secrets;
    const secret = newWebhookSecret();
    const now = this.now();
    return em.transactional(async (tem) => {
      const [row] = await tem.execute<WebhookRow[]>(
        `update help_webhooks set previous_secret_sealed = secret_sealed, previous_secret_expires_at = ?, secret_sealed = ?
          where id = ? returning ${WEBHOOK_COLUMNS}`,
        [new Date(now.getTime() + ROTATION_OVERLAP_MS), secrets.seal(knownId(id), secret), id],
      );
      if (!row) throw new NotFoundError('No such webhook');
      this.audit.record(tem, actor, {
        action: 'help_webhook.secret_rotate',
        target: { type: 'help_webhook', id, name: new URL(row.url).host },
      });
      return { webhook: webhookView(row), secret };
    });
  }

  async delete(em: EntityManager, actor: Actor, id: string): Promise<true> {
    await em.transactional(async (tem) => {
      const [row] = await tem.execute<{ url: string }[]>(`delete from help_webhooks where id = ? returning url`, [
        knownId(id),
      ]);
      if (!row) throw new NotFoundError('No such webhook');
      this.audit.record(tem, actor, {
        action: 'help_webhook.delete',
        target: { type: 'help_webhook', id, name: new URL(row.url).host },
      });
    });
    return true;
  }

  /** The signing secrets of a webhook at `at`: its own, and the one a rotation replaced while that still signs. */
  signingSecrets(
    id: string,
    row: {
      secret_sealed: string;
      previous_secret_sealed: string | null;
      previous_secret_expires_at: Date | string | null;
    },
    at: Date,
  ): string[] {
    const secrets = [this.secrets.open(id, row.secret_sealed)];
    const expires = dateOf(row.previous_secret_expires_at);
    if (row.previous_secret_sealed && expires && expires > at)
      secrets.push(this.secrets.open(id, row.previous_secret_sealed));
    return secrets;
  }

  async deliveries(
    em: EntityManager,
    webhookId: string,
    args: { first?: number | null; after?: string | null },
  ): Promise<Connection<HelpWebhookDeliveryView>> {
    const identity = { list: 'helpWebhookDeliveries', fingerprint: { webhookId } };
    const window = pageWindow({ first: args.first, after: args.after }, this.cursors, identity);
    if (!(await this.exists(em, knownId(webhookId)))) throw new NotFoundError('No such webhook');
    const from = window.from?.[0];
    const rows = await em.execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} from help_webhook_deliveries
        where webhook_id = ? ${from === undefined ? '' : 'and id < ?'} order by id desc limit ?`,
      from === undefined ? [webhookId, window.size + 1] : [webhookId, String(from), window.size + 1],
    );
    return connectionOf(rows.map(deliveryView), window, this.cursors, identity, (d) => [d.id]);
  }

  /** Queues a delivery again: a new row, with the message id and body of the one it repeats. */
  async redeliver(em: EntityManager, deliveryId: string): Promise<HelpWebhookDeliveryView> {
    const now = this.now();
    const [row] = await em.execute<(DeliveryRow & { active: boolean })[]>(
      `with source as (
         select d.webhook_id, d.message_id, d.event_type, d.payload, w.active
           from help_webhook_deliveries d join help_webhooks w on w.id = d.webhook_id where d.id = ?
       ), queued as (
         insert into help_webhook_deliveries (webhook_id, message_id, event_type, payload, next_attempt_at, created_at)
         select webhook_id, message_id, event_type, payload, ?, ? from source where active
         returning ${DELIVERY_COLUMNS}
       )
       select q.*, s.active from source s left join queued q on true`,
      [deliveryNumber(deliveryId), now, now],
    );
    if (!row) throw new NotFoundError('No such delivery');
    if (!row.active) throw new ConflictError('The webhook is turned off: create it again to deliver to it');
    return deliveryView(row);
  }

  /**
   * Queues an event for each of `webhookIds` that is active (a trigger's SEND_WEBHOOK) and for every active webhook
   * that lists the event, once per webhook, in the caller's transaction; returns how many were queued.
   */
  async enqueue(
    em: EntityManager,
    event: WebhookEvent,
    webhookIds: readonly string[] = [],
    /** Only to `webhookIds`: the change itself reaches the webhooks that listen through the change hook. */
    onlyNamed = false,
  ): Promise<number> {
    if (onlyNamed && webhookIds.length === 0) return 0;
    const payload = JSON.stringify({
      type: eventType(event.event),
      timestamp: event.at.toISOString(),
      data: event.data,
    });
    const [row] = await em.execute<{ queued: number; dropped: number }[]>(
      `with targets as (
         select w.id from help_webhooks w
          where w.active and ((not ? and ? = any(w.events)) or w.id in (select jsonb_array_elements_text(?::jsonb)))
       ), counted as (
         select t.id, (select count(*) from (select 1 from help_webhook_deliveries d
                        where d.webhook_id = t.id and d.state in ('pending', 'sending') limit ?) x) as waiting
           from targets t
       ), queued as (
         insert into help_webhook_deliveries (webhook_id, message_id, event_type, payload, next_attempt_at, created_at)
         select c.id, ?, ?, ?, ?, ? from counted c where c.waiting < ?
         returning webhook_id
       ), dropped as (
         update help_webhooks w set dropped_events = dropped_events + 1, dropped_since = coalesce(dropped_since, ?)
          from counted c where w.id = c.id and c.waiting >= ?
         returning w.id
       )
       select (select count(*)::int from queued) as queued, (select count(*)::int from dropped) as dropped`,
      [
        onlyNamed,
        event.event,
        textArray(webhookIds),
        this.config.maxPending,
        `msg_${newHexId()}`,
        eventType(event.event),
        payload,
        event.at,
        event.at,
        this.config.maxPending,
        event.at,
        this.config.maxPending,
      ],
    );
    if (row?.dropped)
      this.log.warn(
        { event: eventType(event.event), dropped: row.dropped },
        'a webhook had too many deliveries waiting: the event was dropped for it and counted',
      );
    return row?.queued ?? 0;
  }

  /** Turns a webhook off (its receiver answered 410, or failed for days), failing what waits for it; administrators hear it in the audit trail. */
  async disable(em: EntityManager, id: string, reason: string, actor: SystemActor): Promise<void> {
    const now = this.now();
    await em.transactional(async (tem) => {
      const [row] = await tem.execute<{ url: string }[]>(
        `update help_webhooks set active = false, disabled_reason = ?, disabled_at = ? where id = ? and active returning url`,
        [reason, now, id],
      );
      if (!row) return;
      await tem.execute(
        `update help_webhook_deliveries set state = 'failed', last_error = coalesce(last_error, ?), settled_at = ?
          where webhook_id = ? and state = 'pending'`,
        ['the webhook was turned off', now, id],
      );
      this.audit.record(tem, actor, {
        action: 'help_webhook.disable',
        target: { type: 'help_webhook', id, name: new URL(row.url).host },
        changes: [{ field: 'disabledReason', oldValue: null, newValue: reason }],
      });
    });
    this.log.warn({ webhookId: id, reason }, 'a help webhook was turned off');
  }
}

/** A delivery's id as the log shows it (a bigserial), or a NotFound. */
function deliveryNumber(id: string): string {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new NotFoundError('No such delivery');
  return id;
}

/** An id of the platform's form, or a NotFound (nothing else could name a row, and the database need not be asked). */
export function knownId(id: string, what = 'webhook'): string {
  if (!isHexId(id)) throw new NotFoundError(`No such ${what}`);
  return id;
}
