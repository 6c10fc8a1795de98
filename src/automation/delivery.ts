import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { OutboxWorker, type OutboxRow, type SendOutcome } from '../platform/outbox/worker.js';
import { pinnedLookup, resolveForDelivery, UnsafeAddressError } from './webhook-address.js';
import { signatureHeaders } from './webhook-secrets.js';
import { dateOf, type HelpWebhookService, type WebhookConfig } from './webhooks.js';

/*
 * Webhook deliveries from the platform's outbox: every replica drains it, each row claimed by one (FOR UPDATE SKIP
 * LOCKED), sent outside any transaction, its outcome recorded while the claim holds; a replica that dies mid-send
 * leaves the row to be claimed again when its lease runs out, so each delivery is attempted at least once. A failure
 * (no answer within the timeout, a non-2xx, a redirect, an address the guard refuses) is retried on the configured
 * schedule with jitter; a 410 turns the webhook off, and so do WEBHOOK_DISABLE_AFTER_HOURS of failures without a
 * success between them.
 */

/** A claim's lease past the timeout: the time to record the outcome. */
const LEASE_MARGIN_MS = 30_000;
/** How much of a receiver's answer the log keeps. */
const MAX_ERROR = 500;
/** "Never": past the schedule, the outbox gives the delivery up (retryForMs) rather than wait this long. */
const NEVER_MS = 10 * 365 * 24 * 3600_000;
const SYSTEM = { kind: 'system', name: 'help-webhooks' } as const;

interface DeliveryRow extends OutboxRow {
  webhook_id: string;
  message_id: string;
  payload: string;
}

interface WebhookRow {
  url: string;
  active: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | string | null;
}

/** The wait before retry `n` (from 1): the schedule's step, jittered by up to a fifth either way; null once it is spent. */
export function retryDelayMs(
  failures: number,
  scheduleSeconds: readonly number[],
  random: () => number = Math.random,
): number | null {
  const step = scheduleSeconds[failures - 1];
  if (step === undefined) return null;
  return Math.round(step * 1000 * (0.8 + 0.4 * random()));
}

/** How long after it was queued a delivery may still be retried: the whole schedule at its longest, and each attempt's timeout. */
export const retryWindowMs = (config: WebhookConfig): number =>
  config.retrySeconds.reduce((sum, s) => sum + s * 1200, 0) +
  (config.retrySeconds.length + 1) * config.timeoutMs +
  1000;

export class WebhookDeliveries {
  readonly #outbox: OutboxWorker<DeliveryRow>;
  /** The receiver's status of each attempt being settled, by row: the outbox's outcome has no place for it. */
  readonly #statuses = new Map<string, number | null>();

  constructor(
    private readonly webhooks: HelpWebhookService,
    private readonly config: WebhookConfig,
    private readonly fork: () => EntityManager,
    private readonly now: () => Date,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.#outbox = new OutboxWorker<DeliveryRow>({
      table: 'help_webhook_deliveries',
      em: () => this.fork(),
      now,
      send: (row) => this.#send(row),
      backoff: (attempt) => retryDelayMs(attempt, config.retrySeconds) ?? NEVER_MS,
      retryForMs: retryWindowMs(config),
      leaseMs: config.timeoutMs + LEASE_MARGIN_MS,
      settled: (em, row, outcome) => this.#settled(em, row, outcome),
      // Deleting a webhook locks it, then its deliveries (the cascade); recording an attempt takes them alike.
      lockFirst: (em, row) =>
        em.execute(`select 1 from help_webhooks where id = ? for no key update`, [row.webhook_id]),
      pollMs: config.pollMs,
      log,
    });
  }

  start(): void {
    this.#outbox.start();
  }

  /** After a commit that queued deliveries: drain now rather than at the next poll. */
  wake(): void {
    this.#outbox.wake();
  }

  /** Sends what is due; resolves with how many attempts were settled. */
  drain(): Promise<number> {
    return this.#outbox.drain();
  }

  stop(): Promise<void> {
    return this.#outbox.stop();
  }

  async #send(row: DeliveryRow): Promise<SendOutcome> {
    this.#statuses.set(row.id, null);
    const [webhook] = await this.fork().execute<WebhookRow[]>(
      `select url, active, secret_sealed, previous_secret_sealed, previous_secret_expires_at from help_webhooks where id = ?`,
      [row.webhook_id],
    );
    if (!webhook?.active) return { state: 'failed', error: 'the webhook was turned off' };
    const url = new URL(webhook.url);
    let pinned;
    try {
      // Checked again now, after DNS: the name may resolve elsewhere than when the webhook was made.
      pinned = await resolveForDelivery(url, this.config.allowedHosts);
    } catch (error) {
      return { state: 'retry', error: error instanceof UnsafeAddressError ? error.message : describe(error) };
    }
    const at = this.now();
    const secrets = this.webhooks.signingSecrets(row.webhook_id, webhook, at);
    const agent = new Agent({
      connect: { lookup: pinnedLookup(pinned), timeout: this.config.timeoutMs },
      headersTimeout: this.config.timeoutMs,
      bodyTimeout: this.config.timeoutMs,
    });
    try {
      // undici's request follows no redirect: a 3xx is an answer, and a failure.
      const response = await request(url, {
        method: 'POST',
        dispatcher: agent,
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Trellis-Webhooks/1',
          ...signatureHeaders(row.message_id, at, row.payload, secrets),
        },
        body: row.payload,
      });
      const text = await readSome(response.body);
      const status = response.statusCode;
      this.#statuses.set(row.id, status);
      if (status >= 200 && status < 300) return { state: 'sent' };
      if (status === 410) return { state: 'failed', error: 'the receiver answered 410 Gone' };
      if (status >= 300 && status < 400)
        return { state: 'retry', error: `the receiver redirected (${status}); redirects are not followed` };
      return { state: 'retry', error: `the receiver answered ${status}${text ? `: ${text}` : ''}`.slice(0, MAX_ERROR) };
    } catch (error) {
      return { state: 'retry', error: describe(error) };
    } finally {
      await agent.close().catch(() => undefined);
    }
  }

  /** In the transaction that records the attempt: the receiver's status, and the webhook's health. */
  async #settled(em: EntityManager, row: DeliveryRow, outcome: SendOutcome): Promise<void> {
    const status = this.#statuses.get(row.id) ?? null;
    this.#statuses.delete(row.id);
    const now = this.now();
    await em.execute(`update help_webhook_deliveries set last_status = ? where id = ?`, [status, row.id]);
    if (outcome.state === 'sent') {
      await em.execute(`update help_webhooks set failing_since = null where id = ? and failing_since is not null`, [
        row.webhook_id,
      ]);
      return;
    }
    if ('error' in outcome && outcome.error === 'the webhook was turned off') return;
    const [webhook] = await em.execute<{ failing_since: Date | string }[]>(
      `update help_webhooks set failing_since = coalesce(failing_since, ?) where id = ? returning failing_since`,
      [now, row.webhook_id],
    );
    if (status === 410) return this.webhooks.disable(em, row.webhook_id, 'the receiver answered 410 Gone', SYSTEM);
    if (webhook && now.getTime() - dateOf(webhook.failing_since).getTime() >= this.config.disableAfterSeconds * 1000)
      return this.webhooks.disable(
        em,
        row.webhook_id,
        `deliveries failed for ${Math.round(this.config.disableAfterSeconds / 3600)} hours without a success`,
        SYSTEM,
      );
    if (outcome.state === 'retry') {
      // The receiver is down: what else waits for it goes no sooner than this retry, spread over up to a minute
      // after it, rather than each delivery failing on its own schedule at once.
      await em.execute(
        `update help_webhook_deliveries o
            set next_attempt_at = r.next_attempt_at + random() * least(interval '60 seconds', r.next_attempt_at - ?::timestamptz)
           from help_webhook_deliveries r
          where r.id = ? and r.state = 'pending' and o.webhook_id = r.webhook_id and o.id <> r.id
            and o.state = 'pending' and o.next_attempt_at < r.next_attempt_at`,
        [now, row.id],
      );
    }
  }
}

/** The first few hundred characters of an answer; the rest is read off and dropped. */
async function readSome(body: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of body) if (text.length < MAX_ERROR) text += String(chunk);
  return text.slice(0, MAX_ERROR).trim();
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || /timeout/i.test(error.name + error.message))
      return 'the receiver did not answer in time';
    const code = (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
