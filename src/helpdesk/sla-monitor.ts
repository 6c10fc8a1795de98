import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { HelpRequestService } from './requests.js';

/**
 * Each replica's look-out for service-level due times that pass unmet. Every few seconds it claims what is due
 * (HelpRequestService.claimBreaches: an atomic conditional update in PostgreSQL, so two replicas never claim the
 * same breach), and the claiming replica announces it through the event channel. No scheduler outside the process:
 * with every replica looking, one that stops leaves the others to notice.
 */
export class SlaMonitor {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;

  constructor(
    private readonly requests: HelpRequestService,
    private readonly em: () => EntityManager,
    private readonly now: () => Date,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.check(), this.intervalMs);
    this.#timer.unref();
  }

  /** One look, unless one is already running (then that one's result). Returns how many breaches it claimed. */
  check(): Promise<number> {
    this.#running ??= this.requests
      .claimBreaches(this.em(), this.now())
      .catch((error: unknown) => {
        // The next look retries; a database hiccup is not worth more than a warning.
        this.log.warn({ err: error }, 'could not look for service-level breaches');
        return 0;
      })
      .finally(() => (this.#running = undefined));
    return this.#running as Promise<number>;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
