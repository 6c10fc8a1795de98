import type { Logger } from 'pino';

/** What changed about a help request, published once its transaction has committed. */
export interface HelpRequestChange {
  kind: 'created' | 'updated' | 'responded';
  requestId: number;
  /** Who may be told: the requester (null once their account is gone); administrators see every change. */
  requesterId: string | null;
  /** The legacy field names that changed (empty for a response without a status change). */
  fields: string[];
  at: Date;
}

export type HelpRequestListener = (change: HelpRequestChange) => void;

/**
 * The one place help-request changes leave the service, after commit, so a subscriber never hears of a change
 * that was rolled back. Nothing listens yet; subscriptions (or a Redis fan-out across replicas) attach here.
 */
export class HelpRequestEvents {
  readonly #listeners = new Set<HelpRequestListener>();

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  /** Returns the function that stops listening. */
  onChange(listener: HelpRequestListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(change: HelpRequestChange): void {
    for (const listener of this.#listeners) {
      // A failing listener must not fail the request that already committed, nor starve the others.
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error, change }, 'help request change listener failed');
      }
    }
  }
}
