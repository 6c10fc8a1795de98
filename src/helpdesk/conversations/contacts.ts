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
import { addressKey } from './addresses.js';

/** A contact as read: a person known by address, with or without a platform account. */
export interface HelpContactView {
  id: number;
  email: string;
  name: string | null;
  locale: string;
  userId: string | null;
  deliverable: boolean;
  blocked: boolean;
  createdAt: Date;
}

interface ContactRow {
  id: number;
  email: string;
  name: string | null;
  locale: string;
  user_id: string | null;
  deliverable: boolean;
  blocked: boolean;
  created_at: Date;
}

const viewOf = (row: ContactRow): HelpContactView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  locale: row.locale,
  userId: row.user_id,
  deliverable: row.deliverable,
  blocked: row.blocked,
  createdAt: row.created_at,
});

const COLUMNS = 'id, email, name, locale, user_id, deliverable, blocked, created_at';
/** Permanent failures in a row after which an address is no longer mailed, until an administrator resets it. */
export const UNDELIVERABLE_AFTER = 3;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const LIST = { list: 'helpContacts', fingerprint: {} };

export interface ContactChanges {
  name?: string | null | undefined;
  locale?: string | null | undefined;
  /** Only `true`: an administrator's reset of an address that kept failing. */
  deliverable?: boolean | null | undefined;
}

/** The address as a key, or BAD_USER_INPUT naming `field` when it is not an address. */
export function requireAddress(address: string, field: string): string {
  const key = addressKey(address.trim());
  if (!key) throw new ValidationError(`${field} must be a valid email address`, field);
  return key;
}

/**
 * Contacts: one per address (see addresses.ts). Requests are answered at their contact; administrators list,
 * correct, link to an account, block and unblock them, each change in the audit trail.
 */
export class HelpContactService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
    private readonly cursors: Cursors,
  ) {}

  /** The contact of this address, made when there is none (two writers at once get the same one). */
  async findOrCreate(
    em: EntityManager,
    address: string,
    details: { name?: string | null; locale?: string | null; userId?: string | null } = {},
    field = 'email',
  ): Promise<HelpContactView> {
    const trimmed = address.trim();
    const key = requireAddress(trimmed, field);
    const at = this.now();
    const [row] = await em.execute<ContactRow[]>(
      `insert into help_contacts (email, email_key, name, locale, user_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (email_key) do update set email_key = excluded.email_key
       returning ${COLUMNS}`,
      [
        trimmed,
        key,
        details.name?.slice(0, 200) ?? null,
        details.locale && LOCALE.test(details.locale) ? details.locale : 'en',
        details.userId ?? null,
        at,
        at,
      ],
    );
    return viewOf(row);
  }

  async byIds(em: EntityManager, ids: readonly number[]): Promise<(HelpContactView | null)[]> {
    if (ids.length === 0) return [];
    const rows = await em.execute<ContactRow[]>(`select ${COLUMNS} from help_contacts where id in (?)`, [[...ids]]);
    const byId = new Map(rows.map((row) => [row.id, viewOf(row)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async list(
    em: EntityManager,
    args: ConnectionArgs & { search?: string | null },
  ): Promise<Connection<HelpContactView> & { totalCount: number }> {
    const identity = { ...LIST, fingerprint: { search: args.search ?? null } };
    const window = pageWindow(args, this.cursors, identity);
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (args.search) {
      conditions.push(`(email ilike ? or name ilike ?)`);
      const pattern = `%${args.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(pattern, pattern);
    }
    if (window.from) {
      conditions.push(window.backward ? 'id < ?' : 'id > ?');
      params.push(Number(window.from[0]));
    }
    const rows = await em.execute<ContactRow[]>(
      `select ${COLUMNS} from help_contacts ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
        order by id ${window.backward ? 'desc' : 'asc'} limit ?`,
      [...params, window.size + 1],
    );
    const [{ count } = { count: 0 }] = await em.execute<{ count: number }[]>(
      `select count(*)::int as count from help_contacts ${args.search ? 'where email ilike ? or name ilike ?' : ''}`,
      params.slice(0, args.search ? 2 : 0),
    );
    return {
      ...connectionOf(rows.map(viewOf), window, this.cursors, identity, (c) => [c.id]),
      totalCount: count,
    };
  }

  async update(em: EntityManager, actor: Actor, id: number, changes: ContactChanges): Promise<HelpContactView> {
    if (changes.deliverable === false) {
      throw new ValidationError(
        'deliverable can only be reset to true (failing addresses are marked by the mail itself)',
        'deliverable',
      );
    }
    if (changes.name !== undefined && changes.name !== null && changes.name.length > 200) {
      throw new ValidationError('name must be at most 200 characters', 'name');
    }
    if (changes.locale !== undefined && changes.locale !== null && !LOCALE.test(changes.locale)) {
      throw new ValidationError('locale must be a language tag such as en or pt-BR', 'locale');
    }
    return this.#change(em, actor, id, 'help_contact.update', (before) => ({
      ...(changes.name !== undefined ? { name: changes.name?.trim() || null } : {}),
      ...(changes.locale ? { locale: changes.locale } : {}),
      ...(changes.deliverable ? { deliverable: true, failed_deliveries: 0 } : {}),
      ...(before ? {} : {}),
    }));
  }

  async link(em: EntityManager, actor: Actor, id: number, userId: string | null): Promise<HelpContactView> {
    if (userId !== null) {
      const [user] = await em.execute<{ id: string }[]>(`select id from users where id = ?`, [userId]);
      if (!user) throw new ValidationError('userId names no user', 'userId');
    }
    return this.#change(em, actor, id, 'help_contact.link', () => ({ user_id: userId }));
  }

  async block(em: EntityManager, actor: Actor, id: number, blocked: boolean): Promise<HelpContactView> {
    return this.#change(em, actor, id, blocked ? 'help_contact.block' : 'help_contact.unblock', () => ({ blocked }));
  }

  async #change(
    em: EntityManager,
    actor: Actor,
    id: number,
    action: 'help_contact.update' | 'help_contact.link' | 'help_contact.block' | 'help_contact.unblock',
    columns: (before: ContactRow) => Record<string, unknown>,
  ): Promise<HelpContactView> {
    return em.transactional(async (tx) => {
      const [before] = await tx.execute<ContactRow[]>(`select ${COLUMNS} from help_contacts where id = ? for update`, [
        id,
      ]);
      if (!before) throw new NotFoundError();
      const set = Object.entries(columns(before));
      if (set.length === 0) return viewOf(before);
      const [after] = await tx.execute<ContactRow[]>(
        `update help_contacts set ${set.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? where id = ? returning ${COLUMNS}`,
        [...set.map(([, value]) => value), this.now(), id],
      );
      const changes = set
        .filter(([column]) => column !== 'failed_deliveries')
        .map(([column, value]) => ({
          field: column,
          oldValue: (before as unknown as Record<string, unknown>)[column] ?? null,
          newValue: value ?? null,
        }))
        .filter((change) => change.oldValue !== change.newValue) as never;
      this.audit.record(tx, actor, { action, target: { type: 'help_contact', id, name: before.email }, changes });
      return viewOf(after);
    });
  }

  /** Why a contact may not be mailed now (blocked, or its address kept failing), or undefined when it may. */
  async refusal(em: EntityManager, id: number): Promise<string | undefined> {
    const [row] = await em.execute<ContactRow[]>(`select ${COLUMNS} from help_contacts where id = ?`, [id]);
    if (!row) return 'not mailed: the contact no longer exists';
    if (row.blocked) return 'not mailed: the contact is blocked';
    if (!row.deliverable) return 'not mailed: the address kept failing and is marked undeliverable';
    return undefined;
  }

  /** Counts a permanent failure (the address is marked undeliverable after a few in a row), or clears the count. */
  async recordDelivery(em: EntityManager, id: number, delivered: boolean): Promise<void> {
    await em.execute(
      delivered
        ? `update help_contacts set failed_deliveries = 0 where id = ? and failed_deliveries > 0`
        : `update help_contacts set failed_deliveries = failed_deliveries + 1,
             deliverable = deliverable and failed_deliveries + 1 < ${UNDELIVERABLE_AFTER} where id = ?`,
      [id],
    );
  }
}
