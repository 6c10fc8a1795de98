import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import type { App } from '../../src/app.js';

/** What a subscriber sees, in order: results, then the end (complete), or an error from the server. */
export type Delivery<T> =
  | { type: 'next'; result: FormattedExecutionResult<T, unknown> }
  | { type: 'error'; error: unknown }
  | { type: 'complete' };

export interface Connection {
  client: Client;
  /** Resolves with the close code and reason once the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** Subscribes as a frontend would (graphql-ws over a real WebSocket). */
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): Subscription<T>;
  dispose(): Promise<void>;
}

export interface Subscription<T> {
  /** The next delivery; fails the test if none comes within a few seconds. */
  take(): Promise<Delivery<T>>;
  /** The next delivery, which must be a result; returns its data. */
  nextData(): Promise<T>;
  unsubscribe(): void;
}

/** A graphql-ws client on the app's /graphql, with `Authorization` in connectionParams when given. */
export function connect(baseUrl: string, auth?: string): Connection {
  let onClosed!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: auth ? { Authorization: auth } : {},
    retryAttempts: 0,
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string | Buffer };
        onClosed({ code, reason: String(reason) });
      },
    },
  });
  return {
    client,
    closed,
    subscribe<T>(query: string, variables?: Record<string, unknown>): Subscription<T> {
      const deliveries: Array<Delivery<T>> = [];
      const waiting: Array<(d: Delivery<T>) => void> = [];
      const deliver = (d: Delivery<T>) => {
        const resolve = waiting.shift();
        if (resolve) resolve(d);
        else deliveries.push(d);
      };
      const unsubscribe = client.subscribe<T>(
        { query, variables },
        {
          next: (result) => deliver({ type: 'next', result }),
          error: (error) => deliver({ type: 'error', error }),
          complete: () => deliver({ type: 'complete' }),
        },
      );
      const take = () =>
        new Promise<Delivery<T>>((resolve, reject) => {
          const ready = deliveries.shift();
          if (ready) return resolve(ready);
          const timer = setTimeout(() => reject(new Error('nothing delivered to the subscriber')), 5_000);
          waiting.push((d) => {
            clearTimeout(timer);
            resolve(d);
          });
        });
      return {
        take,
        async nextData() {
          const d = await take();
          if (d.type !== 'next' || !d.result.data) throw new Error(`expected data, got ${JSON.stringify(d)}`);
          return d.result.data;
        },
        unsubscribe,
      };
    },
    dispose: async () => {
      await client.dispose();
    },
  };
}

/**
 * Waits until the app has exactly `count` help-request listeners (one per open subscription): the server sets a
 * subscription up, and tears it down, asynchronously after the client's message, and a change made before a
 * subscription is in place is not one its subscriber could hear of.
 */
export async function untilListening(app: App, count: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (app.services.helpdesk.events.listenerCount === count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`expected ${count} subscriptions, have ${app.services.helpdesk.events.listenerCount}`);
}
