import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { repeatEvery, type PeriodicWork } from '../../platform/periodic.js';
import type { HeldMailService } from './held.js';
import type { InboundMailProcessor, Settlement } from './processor.js';
import { storeReceived, type IncomingMail } from './received.js';

/** A mailbox as /api/ready and the metrics show it. */
export interface MailboxStatus {
  name: string;
  kind: 'imap' | 'lmtp';
  state: 'connecting' | 'up' | 'down';
  /** Why it is down (no secret: a URL's password is never in it). */
  error?: string;
  lastMailAt?: string;
}

/** Something that hands mail over: the LMTP listener, an IMAP mailbox. */
export interface Mailbox {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): MailboxStatus;
}

/** Counts of mail in and the state of each mailbox, on the app's registry. */
export function inboundMetrics(registry: Registry, mailboxes: () => readonly MailboxStatus[]) {
  const received = new Counter({
    name: 'trellis_mail_received_total',
    help: 'Mails stored as received, by mailbox kind; duplicate: handed over again and not stored twice',
    labelNames: ['kind', 'duplicate'] as const,
    registers: [registry],
  });
  const settled = new Counter({
    name: 'trellis_mail_settled_total',
    help: 'Received mails processed: filed, threaded, bounce, ignored, or held with its cause',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'trellis_mailbox_up',
    help: 'Whether each mailbox (an IMAP mailbox, the LMTP listener) is connected or listening: 1, or 0',
    labelNames: ['mailbox', 'kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const box of mailboxes()) this.set({ mailbox: box.name, kind: box.kind }, box.state === 'up' ? 1 : 0);
    },
  });
  return {
    received: (kind: string, duplicate: boolean) => received.inc({ kind, duplicate: String(duplicate) }),
    settled: (s: Settlement) => settled.inc({ outcome: s.state === 'held' ? `held_${s.cause}` : s.outcome }),
  };
}

/**
 * Mail in: mailboxes hand mail over (`receive`: stored, then the mailbox is told), and this replica's worker
 * processes what is due, at once after each mail and every MAIL_POLL_SECONDS for what other replicas left (or a
 * mail whose processing failed, once its next try is due).
 */
export class MailInbound {
  readonly mailboxes: Mailbox[] = [];
  #worker: PeriodicWork | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(
    readonly processor: InboundMailProcessor,
    readonly held: HeldMailService,
    private readonly em: () => EntityManager,
    private readonly now: () => Date,
    private readonly log: Pick<Logger, 'warn' | 'error' | 'info'>,
    private readonly pollMs: number,
    private readonly counted: (kind: string, duplicate: boolean) => void = () => undefined,
  ) {}

  /** Stores a mail once; when this resolves it is committed, and the mailbox may let go of it. */
  async receive(mail: IncomingMail): Promise<{ id: string; duplicate: boolean }> {
    const stored = await storeReceived(this.em(), mail, this.now());
    this.counted(mail.mailbox === 'lmtp' ? 'lmtp' : 'imap', stored.duplicate);
    if (!stored.duplicate) this.wake();
    return stored;
  }

  /** Processes what is due soon, on this replica; a wake during a run makes one more run. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = (async () => {
      do {
        this.#again = false;
        await this.processor.drain().catch((error: unknown) => this.log.error({ err: error }, 'mail in failed'));
      } while (this.#again && !this.#stopped);
    })().finally(() => (this.#draining = undefined));
  }

  /** Waits for the run under way, if any (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  status(): MailboxStatus[] {
    return this.mailboxes.map((box) => box.status());
  }

  /**
   * Starts the mailboxes and, with any, the worker. A replica with no mailbox takes no mail in, so it has no
   * worker either: what another replica received and left is taken up by those that have mailboxes.
   */
  async start(): Promise<void> {
    this.#stopped = false;
    if (this.mailboxes.length === 0) return;
    this.#worker = repeatEvery(
      this.pollMs,
      () => this.processor.drain(),
      (error) => this.log.error({ err: error }, 'mail in failed'),
      'mail in',
    );
    for (const box of this.mailboxes) await box.start();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const box of this.mailboxes) await box.stop();
    await this.#worker?.stop();
    await this.settled();
  }
}
