import type { EntityManager, EventSubscriber } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Orm } from '../platform/db/orm.js';
import { User } from '../users/user.entity.js';
import { readAccountStatus, type AccountStatus } from '../users/views.js';

/**
 * The channel triggers on `users` and `sessions` notify with a user's id when anything a token check reads changes
 * (their account, or the end of one of their sessions).
 */
export const ACCOUNT_CHANGED_CHANNEL = 'trellis_account_changed';
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;
/** Sessions remembered per account: a person rarely uses more at once; past it, the least recently used go. */
const MAX_SESSIONS_PER_ACCOUNT = 50;

/** What the cache keeps of a session to decide whether its tokens still hold (see sessions.ts). */
export interface SessionState {
  userId: string;
  tokenVersion: number;
  /** Not ended and not expired when read. */
  open: boolean;
}

export interface AccountWithSession {
  status: AccountStatus | null;
  session: SessionState | null;
}

/** How the cache reads a session on a miss: alone, or with its account in the same statement. */
export interface SessionReads {
  session(em: EntityManager, sessionId: string): Promise<SessionState | null>;
  both(em: EntityManager, userId: string, sessionId: string): Promise<AccountWithSession>;
}

/** One account as cached: its status, and the sessions of it this process has been shown, by id. */
interface Entry {
  status: AccountStatus;
  sessions: LRUCache<string, SessionState>;
}

/** Told of every change to an account heard on the channel (a user's id), or of possibly missed ones (undefined). */
export type AccountChangeListener = (userId: string | undefined) => void;

/**
 * The account fields a token check needs (role, flags, token version), and the state of the sessions its tokens
 * name, kept per process so an authenticated request does not read the user row and its session every time. Locking, disabling, logging out or deleting a user must still
 * stop their tokens at once on every replica, so an entry lives only while this process is LISTENing on
 * PostgreSQL: the users and sessions triggers (see the account_changed and sessions migrations) notify each
 * commit that changes one, on every write path, and this process's own writes forget at once (see subscriberFor). Without a live listener
 * (not yet connected, or the connection lost, when notifications may have been missed) nothing is cached.
 */
export class AccountStatusCache {
  /** The least recently used account goes first past the cap. */
  readonly #entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  readonly #listeners = new Set<AccountChangeListener>();
  /** Bumped by every change heard of: a read that started before one must not store what it read. */
  #generation = 0;
  #listening = false;
  #closed = false;
  #client: pg.Client | undefined;
  readonly #stopped: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.#stopped = this.#listen();
  }

  /**
   * This process's own writes take effect before their answer goes out, without waiting for the notification:
   * the accounts a flush changes are forgotten as it runs, and everything once a transaction commits (it may
   * have deleted or updated users with a plain statement, which names no entity).
   */
  static subscriberFor(cache: () => AccountStatusCache | undefined): EventSubscriber<User> {
    return {
      getSubscribedEntities: () => [User],
      afterUpdate: ({ entity }) => cache()?.forget(entity.id),
      afterDelete: ({ entity }) => cache()?.forget(entity.id),
      afterTransactionCommit: () => cache()?.forgetAll(),
    };
  }

  static forOrm(orm: Orm, log: Pick<Logger, 'warn'>): AccountStatusCache {
    const cache = new AccountStatusCache(orm.config.get('clientUrl'), log);
    orm.em.getEventManager().registerSubscriber(AccountStatusCache.subscriberFor(() => cache));
    return cache;
  }

  async read(em: EntityManager, id: string): Promise<AccountStatus | null> {
    if (this.#listening) {
      const known = this.#entries.get(id);
      if (known) return known.status;
    }
    const generation = this.#generation;
    const status = await readAccountStatus(em, id);
    if (status && this.#listening && generation === this.#generation) {
      this.#entries.set(id, { status, sessions: new LRUCache({ max: MAX_SESSIONS_PER_ACCOUNT }) });
    }
    return status;
  }

  /**
   * An account with one of its sessions (null when there is no such session), for a token that names one. The
   * session is kept with the account it belongs to: ending a session notifies with its user's id (see the sessions
   * migration), which forgets both. On a miss, both are read in one statement, so a token naming a session costs
   * no more round trips than one that does not; a session found missing is not kept.
   */
  async readWithSession(
    em: EntityManager,
    userId: string,
    sessionId: string,
    load: SessionReads,
  ): Promise<AccountWithSession> {
    const known = this.#listening ? this.#entries.get(userId) : undefined;
    if (known) {
      const session = known.sessions.get(sessionId);
      if (session) return { status: known.status, session };
    }
    const generation = this.#generation;
    const read = known
      ? { status: known.status, session: await load.session(em, sessionId) }
      : await load.both(em, userId, sessionId);
    if (read.status && this.#listening && generation === this.#generation) {
      const entry = known ?? {
        status: read.status,
        sessions: new LRUCache<string, SessionState>({ max: MAX_SESSIONS_PER_ACCOUNT }),
      };
      if (!known) this.#entries.set(userId, entry);
      if (read.session) entry.sessions.set(sessionId, read.session);
    }
    return read;
  }

  /** Calls `listener` for every account change heard on the channel, from any process; returns how to stop. */
  onChange(listener: AccountChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #heard(userId: string | undefined): void {
    for (const listener of this.#listeners) {
      try {
        listener(userId);
      } catch (error) {
        this.log.warn({ err: error }, 'an account change listener failed');
      }
    }
  }

  forget(id: string): void {
    this.#generation++;
    this.#entries.delete(id);
  }

  forgetAll(): void {
    this.#generation++;
    this.#entries.clear();
  }

  async #listen(): Promise<void> {
    while (!this.#closed) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
      this.#client = client;
      const ended = new Promise<void>((resolve) => {
        client.once('end', resolve);
        client.on('error', (error) => {
          if (!this.#closed)
            this.log.warn({ err: error }, 'account status listener lost its connection; not caching until it is back');
          resolve();
        });
      });
      client.on('notification', (message) => {
        if (!message.payload) return;
        this.forget(message.payload);
        this.#heard(message.payload);
      });
      try {
        await client.connect();
        await client.query(`listen ${ACCOUNT_CHANGED_CHANNEL}`);
        if (this.#closed) break;
        this.forgetAll(); // whatever changed while nobody listened
        this.#listening = true;
        this.#heard(undefined);
        await ended;
      } catch (error) {
        if (!this.#closed)
          this.log.warn({ err: error }, 'account status listener cannot connect; not caching until it can');
      } finally {
        this.#listening = false;
        this.forgetAll();
        await client.end().catch(() => undefined);
      }
      if (!this.#closed) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS).unref());
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    // Ending a pg client while it connects leaves its connect() pending for good, and the loop with it: a client
    // not yet listening is ended by the loop itself once its connect settles (within the connection timeout).
    if (this.#listening) await this.#client?.end().catch(() => undefined);
    this.#listening = false;
    await this.#stopped;
  }
}
