import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { inRootSpan } from '../platform/observability/tracing.js';
import type { HelpRequestService } from './requests.js';

/**
 * Each replica's look-out for service-level due times that pass unmet. Every few seconds it claims what is due
 * (HelpRequestService.claimBreaches: an atomic conditional update in PostgreSQL, so two replicas never claim the
 * same breach), and the claiming replica announces it through the event channel. No scheduler outside the process:
 * with every replica looking, one that stops leaves the others to notice.
 */
export class SlaMonitor {
  #timer: NodeJS.Timeout | undefined;
  /** The latest look asked for; each look starts once the one before it has finished. */
  #last: Promise<number> = Promise.resolve(0);
  #pending = 0;

  constructor(
    private readonly requests: HelpRequestService,
    private readonly em: () => EntityManager,
    private readonly now: () => Date,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    // A tick while a look is still running is skipped rather than queued, so a slow database is not piled on.
    this.#timer ??= setInterval(() => this.#pending === 0 && void this.check(), this.intervalMs);
    this.#timer.unref();
  }

  /** Looks now (after any look in progress): resolves with how many breaches this look claimed. */
  check(): Promise<number> {
    this.#pending++;
    const look = this.#last.then(() =>
      inRootSpan('look for service-level breaches', () => this.requests.claimBreaches(this.em(), this.now()))
        .catch((error: unknown) => {
          // The next look retries; a database hiccup is not worth more than a warning.
          this.log.warn({ err: error }, 'could not look for service-level breaches');
          return 0;
        })
        .finally(() => this.#pending--),
    );
    this.#last = look;
    return look;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#last;
  }
}
