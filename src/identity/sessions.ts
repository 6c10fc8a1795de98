import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { read } from '../platform/db/read.js';
import { NotFoundError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import { repeatEvery, type PeriodicWork } from '../platform/periodic.js';
import type { User } from '../users/user.entity.js';
import { ACCOUNT_STATUS_COLUMNS, accountStatusOf, type AccountStatusRow } from '../users/views.js';
import type { AccountStatusCache, AccountWithSession, SessionReads, SessionState } from './account-status-cache.js';
import { Session } from './session.entity.js';
import { UsageStamps } from './usage-stamps.js';

const MAX_USER_AGENT = 512;
/** Expired sessions are deleted this long after they expire (their tokens are refused by then anyway). */
const PURGE_AFTER_MS = 60 * 60_000;
/** How often each process purges; every replica may, the statement is idempotent. */
export const PURGE_EVERY_MS = 60 * 60_000;

/** A session as its owner sees it: never a token. */
export interface SessionView {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  /** The session the request itself belongs to. */
  current: boolean;
}

interface SessionJson {
  user_id: string;
  token_version: number;
  open: boolean;
}

interface SessionRow {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

/**
 * Sign-in sessions. Every password sign-in opens one and its tokens name it (`sid`); signing out ends it, and its
 * tokens answer 401 everywhere from then on. A session is open while it has not ended nor expired and was opened at
 * the user's current token version, so whatever revokes all of a user's tokens (logout_user, lock, disable, a new
 * role or password) ends all their sessions in the same write, on every path. Ending one notifies every replica
 * through the account-changed channel (see the sessions migration), which is also how their subscriptions learn of it.
 */
export class SessionService implements SessionReads {
  /** When each session was last seen, written off the requests' path. */
  readonly seen: UsageStamps;
  #purging: PeriodicWork | undefined;

  constructor(
    private readonly accounts: AccountStatusCache,
    private readonly em: () => EntityManager,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.seen = new UsageStamps({ table: 'sessions', column: 'last_seen_at' }, em, log, now);
  }

  /** Adds a new session to the unit of work (the sign-in flushes it with the user's last_session). */
  open(
    em: EntityManager,
    user: Pick<User, 'id' | 'tokenVersion'>,
    lifetimeSeconds: number,
    userAgent: string | undefined,
  ): Session {
    const createdAt = this.now();
    const session = em.create(Session, {
      user: user.id,
      tokenVersion: user.tokenVersion,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + lifetimeSeconds * 1000),
      lastSeenAt: UsageStamps.minuteOf(createdAt),
      endedAt: null,
      userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    });
    this.seen.written(session.id, createdAt);
    return session;
  }

  /** Whether a session's tokens may still be honoured, as the account status cache reads it on a miss. */
  async session(em: EntityManager, id: string): Promise<SessionState | null> {
    const [row] = await read<{ user_id: string; token_version: number; open: boolean }>(
      em,
      `select user_id, token_version, (ended_at is null and expires_at > ?) as open from sessions where id = ?`,
      [this.now(), id],
    );
    return row ? { userId: row.user_id, tokenVersion: row.token_version, open: row.open } : null;
  }

  /** An account and one session, in one statement: what a token naming a session needs when nothing is cached. */
  async both(em: EntityManager, userId: string, id: string): Promise<AccountWithSession> {
    const [row] = await read<AccountStatusRow & { session: SessionJson | string | null }>(
      em,
      `select ${ACCOUNT_STATUS_COLUMNS},
              (select json_build_object('user_id', s.user_id, 'token_version', s.token_version, 'open', s.ended_at is null and s.expires_at > ?)
                 from sessions s where s.id = ?) as session
         from users where id = ?`,
      [this.now(), id, userId],
    );
    if (!row) return { status: null, session: null };
    const session = typeof row.session === 'string' ? (JSON.parse(row.session) as SessionJson) : row.session;
    return {
      status: accountStatusOf(em, row),
      session: session ? { userId: session.user_id, tokenVersion: session.token_version, open: session.open } : null,
    };
  }

  /** Ends one of the user's open sessions; false when there is none by that id (unknown, someone else's, or over). */
  async end(em: EntityManager, userId: string, id: string): Promise<boolean> {
    if (!isHexId(id)) return false;
    const ended = await em.execute(
      `update sessions s set ended_at = ? from users u
        where s.id = ? and s.user_id = ? and u.id = s.user_id and s.ended_at is null and s.expires_at > ? and s.token_version = u.token_version`,
      [this.now(), id, userId, this.now()],
      'run',
    );
    const changed = (ended as { affectedRows?: number }).affectedRows ?? 0;
    // This process stops honouring it before the answer goes out; the others when the notification arrives.
    if (changed > 0) this.accounts.forget(userId);
    return changed > 0;
  }

  /** `revokeSession`: the caller's own open session, or NOT_FOUND, the same for an id that is someone else's. */
  async revoke(em: EntityManager, userId: string, id: string): Promise<boolean> {
    if (!(await this.end(em, userId, id))) throw new NotFoundError('No such session', { field: 'id' });
    return true;
  }

  /** The user's open sessions, most recently seen first. */
  async list(em: EntityManager, userId: string, currentId: string | undefined): Promise<SessionView[]> {
    const rows = await read<SessionRow>(
      em,
      `select s.id, s.created_at, s.last_seen_at, s.expires_at, s.user_agent
         from sessions s join users u on u.id = s.user_id
        where s.user_id = ? and s.ended_at is null and s.expires_at > ? and s.token_version = u.token_version
        order by s.last_seen_at desc, s.created_at desc, s.id`,
      [userId, this.now()],
    );
    const date = (value: string) => em.getPlatform().parseDate(value);
    return rows.map((row) => ({
      id: row.id,
      createdAt: date(row.created_at),
      lastSeenAt: date(row.last_seen_at),
      expiresAt: date(row.expires_at),
      userAgent: row.user_agent,
      current: row.id === currentId,
    }));
  }

  /**
   * A password change of the user's own ends every session of theirs but the one they made it from: the change
   * bumps their token version, and this carries the caller's session over to the new one, in the same transaction.
   */
  async carryOver(tx: EntityManager, userId: string, id: string, tokenVersion: number): Promise<void> {
    await tx.execute(
      `update sessions set token_version = ? where id = ? and user_id = ? and ended_at is null`,
      [tokenVersion, id, userId],
      'run',
    );
  }

  /** Deletes sessions that expired a while ago; returns how many. */
  async purgeExpired(em: EntityManager): Promise<number> {
    const purged = await em.execute(
      `delete from sessions where expires_at < ?`,
      [new Date(this.now().getTime() - PURGE_AFTER_MS)],
      'run',
    );
    return (purged as { affectedRows?: number }).affectedRows ?? 0;
  }

  /** Purges now and then every PURGE_EVERY_MS, in this process: no outside scheduler needed. */
  startPurging(): void {
    this.#purging ??= repeatEvery(
      PURGE_EVERY_MS,
      () => this.purgeExpired(this.em()),
      (error) => this.log.warn({ err: error }, 'could not purge expired sessions; trying again later'),
      'purge expired sessions',
    );
  }

  /** Stops purging (letting a purge under way finish) and writes the last-seen times still pending. */
  async close(): Promise<void> {
    await this.#purging?.stop();
    await this.seen.close();
  }
}
