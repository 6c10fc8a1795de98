import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder } from '../../audit/recorder.js';
import type { Actor } from '../../platform/auth/principal.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import {
  connectionOf,
  pageWindow,
  type Connection,
  type ConnectionArgs,
  type Cursors,
} from '../../platform/graphql/connections.js';
import type { HeldCause, InboundMailProcessor } from './processor.js';

/** The causes by their GraphQL enum's internal values (lowercase), as resolvers see them. */
export type HeldCauseValue = Lowercase<HeldCause>;

export interface HeldMailView {
  id: string;
  receivedAt: Date;
  from: string | null;
  subject: string | null;
  cause: HeldCauseValue;
  detail: string | null;
}

export interface ReleasedMailView {
  id: string;
  requestId: number | null;
  heldFor: HeldCauseValue | null;
}

export type HeldMailConnection = Connection<HeldMailView> & { totalCount: number };

interface HeldRow {
  id: string;
  received_at: Date;
  sender: string | null;
  subject: string | null;
  cause: HeldCause;
  detail: string | null;
}

const COLUMNS = `id::text as id, received_at, sender, subject, cause, detail`;
const viewOf = (row: HeldRow): HeldMailView => ({
  id: row.id,
  receivedAt: row.received_at,
  from: row.sender,
  subject: row.subject,
  cause: row.cause.toLowerCase() as HeldCauseValue,
  detail: row.detail,
});
const ID = /^[1-9]\d{0,18}$/;

/**
 * Held mail, administrators' to decide on: listed with its cause; released (processed as if just arrived, past that
 * cause only) or discarded (its bytes deleted, its row kept so the mailbox cannot hand it over again). Each decision
 * is in the audit trail, written in the transaction that makes it.
 */
export class HeldMailService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
    private readonly cursors: Cursors,
    private readonly processor: InboundMailProcessor,
  ) {}

  async list(em: EntityManager, args: ConnectionArgs & { cause?: HeldCauseValue | null }): Promise<HeldMailConnection> {
    const cause = args.cause ? (args.cause.toUpperCase() as HeldCause) : null;
    const identity = { list: 'helpHeldMail', fingerprint: { cause } };
    if (args.last !== undefined && args.last !== null)
      throw new ValidationError('held mail pages forward only', 'last');
    const window = pageWindow(args, this.cursors, identity);
    const filter = cause ? `and cause = ?` : '';
    const rows = await em.execute<HeldRow[]>(
      `select ${COLUMNS} from mail_inbound where state = 'held' ${filter} ${window.from ? 'and id > ?' : ''}
        order by id limit ?`,
      [...(cause ? [cause] : []), ...(window.from ? [String(window.from[0])] : []), window.size + 1],
    );
    const [{ count } = { count: 0 }] = await em.execute<{ count: number }[]>(
      `select count(*)::int as count from mail_inbound where state = 'held' ${filter}`,
      cause ? [cause] : [],
    );
    return {
      ...connectionOf(rows.map(viewOf), window, this.cursors, identity, (m) => [m.id]),
      totalCount: count,
    };
  }

  async release(em: EntityManager, actor: Actor, id: string): Promise<ReleasedMailView> {
    await em.transactional(async (tx) => {
      const held = await this.#lockHeld(tx, id);
      await tx.execute(
        `update mail_inbound set state = 'received', released_past = cause, cause = null, detail = null,
           attempts = 0, next_attempt_at = ? where id = ?`,
        [this.now(), id],
      );
      this.audit.record(tx, actor, {
        action: 'help_held_mail.release',
        target: { type: 'help_held_mail', id, name: held.subject ?? held.sender },
        changes: [{ field: 'cause', oldValue: held.cause, newValue: null }],
      });
    });
    await this.processor.processNext(id);
    const [after] = await em.execute<{ state: string; cause: HeldCause | null; request_id: number | null }[]>(
      `select state, cause, request_id from mail_inbound where id = ?`,
      [id],
    );
    return {
      id,
      requestId: after?.request_id ?? null,
      heldFor: after?.state === 'held' && after.cause ? (after.cause.toLowerCase() as HeldCauseValue) : null,
    };
  }

  async discard(em: EntityManager, actor: Actor, id: string): Promise<true> {
    await em.transactional(async (tx) => {
      const held = await this.#lockHeld(tx, id);
      await tx.execute(`update mail_inbound set state = 'discarded', raw = '\\x'::bytea where id = ?`, [id]);
      this.audit.record(tx, actor, {
        action: 'help_held_mail.discard',
        target: { type: 'help_held_mail', id, name: held.subject ?? held.sender },
        changes: [{ field: 'cause', oldValue: held.cause, newValue: null }],
      });
    });
    return true;
  }

  /** The held mail, locked for the decision; NOT_FOUND for an id that names none (or one decided already). */
  async #lockHeld(tx: EntityManager, id: string): Promise<HeldRow> {
    if (!ID.test(id)) throw new NotFoundError();
    const [held] = await tx.execute<HeldRow[]>(
      `select ${COLUMNS} from mail_inbound where id = ? and state = 'held' for update`,
      [id],
    );
    if (!held) throw new NotFoundError();
    return held;
  }
}
