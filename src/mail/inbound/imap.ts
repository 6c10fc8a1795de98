import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Mailbox, MailboxStatus } from './inbound.js';
import type { IncomingMail } from './received.js';

/** One mailbox of HELP_IMAP_URLS, as parsed: the password stays here, never in a name, a log line or a status. */
export interface ImapAccount {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  folder: string;
  /** `?tls.rejectUnauthorized=false`: a server with a self-signed certificate. */
  rejectUnauthorized: boolean;
  /** `user@host/folder`: what names it in mail_inbound, /api/ready and the metrics. */
  name: string;
}

export function imapAccountOf(url: string): ImapAccount {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const user = decodeURIComponent(parsed.username);
  const folder = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user,
    password: decodeURIComponent(parsed.password),
    folder,
    rejectUnauthorized: parsed.searchParams.get('tls.rejectUnauthorized') !== 'false',
    name: `${user}@${parsed.hostname}/${folder}`,
  };
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/**
 * One IMAP mailbox read with imapflow: each unseen mail is fetched, stored, and only then flagged \Seen, so a
 * process that stops between the two leaves it unseen and the next look stores nothing twice (a mail is stored
 * once per mailbox and Message-ID, whatever its UID: a UIDVALIDITY change neither duplicates nor misses one).
 * IDLE tells of new mail where the server offers it; the mailbox is also looked at every HELP_IMAP_POLL_SECONDS.
 * A lost connection is retried with a growing wait, and the mailbox shows as down meanwhile.
 */
export class ImapMailbox implements Mailbox {
  #status: MailboxStatus;
  #client: ImapFlow | undefined;
  #stopped = true;
  #loop: Promise<void> | undefined;
  #waiting: (() => void) | undefined;
  #woken = false;

  constructor(
    readonly account: ImapAccount,
    private readonly options: { pollMs: number; maxBytes: number },
    private readonly receive: (mail: IncomingMail) => Promise<unknown>,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {
    this.#status = { name: account.name, kind: 'imap', state: 'connecting' };
  }

  status(): MailboxStatus {
    return { ...this.#status };
  }

  start(): Promise<void> {
    this.#stopped = false;
    this.#loop = this.#run();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake();
    this.#client?.close();
    await this.#loop;
    this.#status = { ...this.#status, state: 'down', error: 'stopped' };
  }

  /** Looks at the mailbox now (a test, or a caller who knows mail has come). */
  poke(): void {
    this.#wake();
  }

  async #run(): Promise<void> {
    let retryMs = FIRST_RETRY_MS;
    while (!this.#stopped) {
      try {
        await this.#session(() => (retryMs = FIRST_RETRY_MS));
      } catch (error) {
        if (this.#stopped) break;
        const message = error instanceof Error ? error.message : String(error);
        this.#status = { ...this.#status, state: 'down', error: message.slice(0, 200) };
        this.log.warn({ mailbox: this.account.name, err: message }, 'IMAP mailbox unavailable: retrying');
      }
      if (this.#stopped) break;
      this.#status = { ...this.#status, state: this.#status.state === 'up' ? 'down' : this.#status.state };
      await this.#sleep(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  }

  /** One connection: open the folder, then take what is unseen whenever IDLE, the poll or a poke says to look. */
  async #session(connected: () => void): Promise<void> {
    const { host, port, secure, user, password, folder, rejectUnauthorized } = this.account;
    const client = new ImapFlow({
      host,
      port,
      secure,
      auth: { user, pass: password },
      logger: false,
      tls: { rejectUnauthorized },
      // Past a quarter of an hour servers may drop an idle connection; IDLE is restarted before that.
      maxIdleTime: 10 * 60_000,
      // IDLE a second after each look, so new mail is told at once rather than at the next poll.
      autoIdleDelay: 1_000,
    });
    this.#client = client;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', (error: Error) =>
      this.log.warn({ mailbox: this.account.name, err: error.message }, 'IMAP connection error'),
    );
    client.on('exists', () => this.#wake());
    try {
      await client.connect();
      await client.mailboxOpen(folder);
      this.#status = { name: this.account.name, kind: 'imap', state: 'up' };
      connected();
      let ended = false;
      void closed.then(() => {
        ended = true;
        this.#wake();
      });
      while (!this.#stopped && !ended) {
        await this.#takeUnseen(client);
        await this.#sleep(this.options.pollMs);
      }
      if (!this.#stopped) throw new Error('the connection closed');
    } finally {
      this.#client = undefined;
      client.close();
    }
  }

  async #takeUnseen(client: ImapFlow): Promise<void> {
    const uidValidity = client.mailbox ? client.mailbox.uidValidity : undefined;
    // A NOOP first: a server answers SEARCH from its view of the folder as of the last sync point.
    await client.noop();
    const uids = (await client.search({ seen: false }, { uid: true })) || [];
    for (const uid of uids) {
      if (this.#stopped) return;
      const sized = await client.fetchOne(String(uid), { size: true }, { uid: true });
      if (!sized) continue;
      const tooLarge = (sized.size ?? 0) > this.options.maxBytes;
      // A mail over the limit is not downloaded: its header block is stored, held as TOO_LARGE, never lost.
      const found = await client.fetchOne(String(uid), tooLarge ? { headers: true } : { source: true }, { uid: true });
      const raw = found ? (tooLarge ? found.headers : found.source) : undefined;
      if (!raw) continue;
      await this.receive({
        mailbox: this.account.name,
        raw,
        uid,
        ...(uidValidity === undefined ? {} : { uidValidity }),
        ...(tooLarge
          ? { heldAs: { cause: 'TOO_LARGE', detail: `${sized.size} bytes, over ${this.options.maxBytes}` } }
          : {}),
      });
      // Only now, with the mail committed, may the mailbox forget it is new.
      await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      this.#status = { ...this.#status, lastMailAt: new Date().toISOString() };
    }
  }

  /** Waits `ms`, or less when woken (new mail, a poke, a stop); a wake while busy ends the next wait at once. */
  #sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        resolve();
      }, ms);
      this.#waiting = () => {
        clearTimeout(timer);
        this.#waiting = undefined;
        resolve();
      };
    });
  }

  #wake(): void {
    if (this.#waiting) this.#waiting();
    else this.#woken = true;
  }
}
