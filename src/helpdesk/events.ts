import type { EntityManager, EventSubscriber } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { z } from 'zod';
import { currentTraceCarrier, type TraceCarrier } from '../platform/observability/tracing.js';
import { AsyncQueue } from './async-queue.js';
import type { Channel } from './redis-channel.js';

/** What changed about a help request, published once its transaction has committed. */
export interface HelpRequestChange {
  /** sla_breached: a service-level target passed unmet (fields: first_response, resolution); administrators only. */
  kind: 'created' | 'updated' | 'responded' | 'replied' | 'sla_breached';
  requestId: number;
  /** Who may be told: the requester (null once their account is gone); administrators see every change. */
  requesterId: string | null;
  /** The legacy field names that changed (empty for a response without a status change). */
  fields: string[];
  /** Those of `fields` only administrators may know changed (admin_notes), as the history marks them internal. */
  internalFields: string[];
  /** For a response: whether the requester may see it. */
  responseIsPublic?: boolean;
  at: Date;
  /** The trace context of the change (its mutation's span), so each subscriber's delivery links to it when traced. */
  trace?: TraceCarrier;
}

export type HelpRequestListener = (change: HelpRequestChange) => void;

/** A change as it crosses Redis: parsed on arrival, since another replica (perhaps another version) wrote it. */
const WireChange = z.object({
  kind: z.enum(['created', 'updated', 'responded', 'replied', 'sla_breached']),
  requestId: z.number().int(),
  requesterId: z.string().nullable(),
  fields: z.array(z.string()),
  internalFields: z.array(z.string()).default([]),
  responseIsPublic: z.boolean().optional(),
  at: z.coerce.date(),
  trace: z.object({ traceparent: z.string().max(128), tracestate: z.string().max(512).optional() }).optional(),
});

/**
 * The one place help-request changes leave the service, after commit, so a subscriber never hears of a change
 * that was rolled back. With a channel (Redis), a change goes out through it and comes back to every replica,
 * this one included, and each replica hands it to its own listeners: every subscriber, wherever it is
 * connected, hears of it exactly once. Without one, changes go straight to this process's listeners.
 */
export class HelpRequestEvents {
  /** Listeners, and the streams of open subscriptions (each its own listener, with no closure to hold it). */
  readonly #listeners = new Set<HelpRequestListener | ChangeStream<unknown>>();
  readonly #listening: Promise<void>;

  constructor(
    private readonly log: Pick<Logger, 'error' | 'warn'>,
    private readonly channel?: Channel,
  ) {
    this.#listening = channel
      ? channel
          .listen((message) => this.#receive(message))
          .catch((error: unknown) => {
            log.warn({ err: error }, 'not subscribed to help-request changes from other replicas');
          })
      : Promise.resolve();
  }

  /** Returns the function that stops listening. */
  onChange(listener: HelpRequestListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The changes `select` keeps, as an async iterator for one subscriber; `select` maps a change to what the
   * subscriber receives, or null to skip it. Ending the iterator stops listening.
   */
  stream<T>(select: (change: HelpRequestChange) => T | null): AsyncIterableIterator<T> {
    const stream = new ChangeStream(this, select);
    this.#listeners.add(stream as ChangeStream<unknown>);
    return stream;
  }

  /** Stops a stream's listening (it ended). */
  forget(stream: ChangeStream<unknown>): void {
    this.#listeners.delete(stream);
  }

  /** A subscriber fell behind. */
  overflowed(): void {
    this.log.warn('a help-request subscriber fell behind: dropped its oldest change');
  }

  /** Open subscriptions in this process (the streams among the listeners; onChange listeners are not counted). */
  get listenerCount(): number {
    let streams = 0;
    for (const listener of this.#listeners) if (listener instanceof ChangeStream) streams++;
    return streams;
  }

  /** Resolves once changes from other replicas arrive here (at once without a channel). */
  ready(): Promise<void> {
    return this.#listening;
  }

  publish(untraced: HelpRequestChange): void {
    const trace = currentTraceCarrier();
    const change = trace ? { ...untraced, trace } : untraced;
    if (!this.channel) return this.#deliver(change);
    this.channel.publish(JSON.stringify(change)).catch((error: unknown) => {
      // Other replicas miss this one; this replica's subscribers should not.
      this.log.warn({ err: error, change }, 'could not publish a help-request change to other replicas');
      this.#deliver(change);
    });
  }

  /**
   * Publishes `change` once the transaction `em` is in commits, and never if it rolls back: for a change made
   * inside a caller's transaction (a rule's, a conversation's), whose commit the help desk does not see.
   */
  publishAfterCommit(em: EntityManager, change: HelpRequestChange): void {
    const transaction = transactionOf(em.getTransactionContext());
    if (!transaction) return this.publish(change);
    const pending = this.#pending.get(transaction) ?? [];
    pending.push(change);
    this.#pending.set(transaction, pending);
  }

  /** Changes waiting for their transaction's commit. */
  readonly #pending = new WeakMap<object, HelpRequestChange[]>();

  /** What publishAfterCommit needs from the ORM: word of each commit (a rolled-back one's changes are dropped). */
  readonly subscriber: EventSubscriber = {
    afterTransactionCommit: (args) => {
      const transaction = transactionOf(args.transaction);
      const pending = transaction ? this.#pending.get(transaction) : undefined;
      if (!transaction || !pending) return;
      this.#pending.delete(transaction);
      for (const change of pending) this.publish(change);
    },
  };

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.channel?.close();
  }

  #receive(message: string): void {
    let change: HelpRequestChange;
    try {
      change = WireChange.parse(JSON.parse(message));
    } catch (error) {
      this.log.warn({ err: error }, 'ignored a malformed help-request change from the channel');
      return;
    }
    this.#deliver(change);
  }

  #deliver(change: HelpRequestChange): void {
    for (const listener of this.#listeners) {
      // A failing listener must not fail the request that already committed, nor starve the others.
      try {
        if (typeof listener === 'function') listener(change);
        else listener.hear(change);
      } catch (error) {
        this.log.error({ err: error, change }, 'help request change listener failed');
      }
    }
  }
}

/** The ORM's transaction handle (typed loosely by the driver), as a key. */
function transactionOf(handle: unknown): object | undefined {
  return typeof handle === 'object' && handle !== null ? handle : undefined;
}

/** One subscriber's changes: the changes `select` keeps, queued until its `next()`; ending it stops its listening. */
class ChangeStream<T> extends AsyncQueue<T> {
  constructor(
    private readonly events: HelpRequestEvents,
    private readonly select: (change: HelpRequestChange) => T | null,
  ) {
    super();
  }

  hear(change: HelpRequestChange): void {
    const selected = this.select(change);
    if (selected !== null) this.push(selected);
  }

  protected override onEnd(): void {
    this.events.forget(this as ChangeStream<unknown>);
  }

  protected override onOverflow(): void {
    this.events.overflowed();
  }
}
