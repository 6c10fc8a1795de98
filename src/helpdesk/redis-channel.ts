import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** How a message reaches every replica: a Redis channel in production, nothing at all in a single process. */
export interface Channel {
  /** Sends to every listener of the channel on every replica, this one included. */
  publish(message: string): Promise<void>;
  /** Starts delivering messages to `onMessage`; resolves once the subscription is in place. */
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Redis pub/sub channel. Listening takes a connection of its own, because a subscribed connection can
 * issue no other command; ioredis subscribes it again after a reconnect. Pub/sub is fire and forget: a
 * replica cut off from Redis misses what is published meanwhile, which suits notifications, not records.
 */
export class RedisChannel implements Channel {
  #subscriber: Redis | undefined;

  constructor(
    private readonly redis: Redis,
    readonly name: string,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async publish(message: string): Promise<void> {
    await this.redis.publish(this.name, message);
  }

  listen(onMessage: (message: string) => void): Promise<void> {
    if (this.#subscriber) throw new Error(`already listening on ${this.name}`);
    // No per-command retry limit: the subscription waits for Redis instead of giving up during an outage.
    const subscriber = this.redis.duplicate({ maxRetriesPerRequest: null });
    this.#subscriber = subscriber;
    subscriber.on('error', (error) => this.log.warn({ err: error, channel: this.name }, 'redis subscriber error'));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.name) onMessage(message);
    });
    return subscriber.subscribe(this.name).then(() => undefined);
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    if (!subscriber) return;
    if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }
}
