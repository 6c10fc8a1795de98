import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Actor, Principal } from '../../platform/auth/principal.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { connectionOf, pageWindow, type ConnectionArgs, type Cursors } from '../../platform/graphql/connections.js';
import type { HelpAttachmentService } from '../attachments/service.js';
import type { HelpRequestChangeHooks, HelpRequestChangeInProgress } from '../change-hooks.js';
import type { HelpRequestEvents } from '../events.js';
import { HelpRequest } from '../help-request.entity.js';
import { helpRequestViewOf } from '../help-request-read-model.js';
import type { HelpRequestChangeService } from '../help-request-changes.js';
import { mayReadRequest } from '../access.js';
import { LIMITS } from '../vocabulary.js';
import { mayReply, seesInternalMessages } from './access.js';
import type { HelpContactService, HelpContactView } from './contacts.js';
import type { HelpMessageConnection, HelpMessageView, HelpReplyResult } from './views.js';

interface MessageRow {
  id: number;
  request_id: number;
  author_role: 'REQUESTER' | 'AGENT' | 'CONTACT' | 'SYSTEM';
  author_id: string | null;
  contact_id: number | null;
  response_id: number | null;
  body: string;
  full_body: string;
  html: string | null;
  visibility: 'PUBLIC' | 'INTERNAL';
  channel: 'WEB' | 'API' | 'EMAIL';
  created_at: Date;
}

const COLUMNS =
  'id, request_id, author_role, author_id, contact_id, response_id, body, full_body, html, visibility, channel, created_at';

const viewOf = (row: MessageRow): HelpMessageView => ({
  id: row.id,
  requestId: row.request_id,
  authorRole: row.author_role.toLowerCase() as HelpMessageView['authorRole'],
  authorId: row.author_id,
  contactId: row.contact_id,
  responseId: row.response_id,
  body: row.body,
  fullBody: row.full_body,
  html: row.html,
  visibility: row.visibility.toLowerCase() as HelpMessageView['visibility'],
  channel: row.channel.toLowerCase() as HelpMessageView['channel'],
  createdAt: row.created_at,
});

/** Statuses a reply moves back to open: the requester is not done (a pause on hold ends with it). */
const REOPENED_BY_REPLY = new Set(['resolved', 'on_hold']);
const FOLLOW_UP_PREFIX = 'Follow-up: ';

/**
 * A request's thread: the requester's replies beside administrators' responses (which the database adds to the
 * thread as AGENT messages), who sees which, and what a reply does to the request. A web request's contact_email
 * is its contact, kept by this service's change hook.
 */
export class HelpConversationService {
  constructor(
    private readonly now: () => Date,
    private readonly requests: HelpRequestChangeService,
    private readonly contacts: HelpContactService,
    private readonly events: HelpRequestEvents,
    private readonly hooks: HelpRequestChangeHooks,
    private readonly cursors: Cursors,
    private readonly attachments: HelpAttachmentService,
  ) {}

  /** The thread of a request the principal may read, oldest first; a requester's holds public messages only. */
  async messages(
    em: EntityManager,
    principal: Principal,
    requestId: number,
    args: ConnectionArgs,
  ): Promise<HelpMessageConnection> {
    const internal = seesInternalMessages(principal);
    const identity = { list: 'helpMessages', fingerprint: { requestId, internal } };
    if (args.last !== undefined && args.last !== null) throw new ValidationError('messages pages forward only', 'last');
    const window = pageWindow(args, this.cursors, identity);
    const visible = internal ? '' : `and visibility = 'PUBLIC'`;
    const rows = await em.execute<MessageRow[]>(
      `select ${COLUMNS} from help_messages where request_id = ? ${visible} ${window.from ? 'and id > ?' : ''}
        order by id limit ?`,
      [requestId, ...(window.from ? [Number(window.from[0])] : []), window.size + 1],
    );
    const [{ count } = { count: 0 }] = await em.execute<{ count: number }[]>(
      `select count(*)::int as count from help_messages where request_id = ? ${visible}`,
      [requestId],
    );
    return {
      ...connectionOf(rows.map(viewOf), window, this.cursors, identity, (m) => [m.id]),
      totalCount: count,
    };
  }

  /** The requester's reply (see the SDL): NOT_FOUND for a request the caller may not read or did not file. */
  async reply(
    em: EntityManager,
    actor: Actor,
    id: number,
    input: { body: string; attachmentTokens?: readonly string[] | null },
  ): Promise<HelpReplyResult> {
    const body = typeof input.body === 'string' ? input.body.trim() : '';
    if (body.length < 1 || body.length > LIMITS.response) {
      throw new ValidationError(`body must be 1 to ${LIMITS.response} characters`, 'body');
    }
    const existing = await em.findOne(HelpRequest, { id });
    if (!existing || !mayReadRequest(actor, existing) || !mayReply(actor, existing.requester?.id ?? null)) {
      throw new NotFoundError();
    }
    if (existing.status === 'closed') return this.#followUp(em, actor, existing, body, input.attachmentTokens ?? []);
    return em.transactional(async (tx) => {
      // Deleted since it was read above: as not found as if it had never been.
      const request = await tx.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      const at = this.now();
      const message = await this.#addMessage(tx, actor, request, body, input.attachmentTokens ?? [], at);
      const changes = REOPENED_BY_REPLY.has(request.status)
        ? await this.requests.applyInTransaction(tx, actor, request, { status: 'open' }, { at })
        : [];
      await tx.execute(
        `insert into help_request_history (request_id, action, field, old_value, new_value, internal, actor_id, created_at)
         values (?, 'replied', 'message', null, ?, false, ?, ?)`,
        [request.id, String(message.id), actor.kind === 'user' ? actor.userId : null, at],
      );
      await tx.execute(`update help_requests set updated_at = ? where id = ?`, [at, request.id]);
      request.updatedAt = at;
      await this.hooks.run({
        em: tx,
        kind: 'replied',
        request,
        changes,
        actor,
        message: { id: message.id, public: true, authorRole: 'REQUESTER' },
        at,
      });
      this.#publishReply(tx, request, changes, at);
      return { message, request: helpRequestViewOf(request) };
    });
  }

  /** A reply to a closed request files a new one that follows it up; the closed one is left as it was. */
  async #followUp(
    em: EntityManager,
    actor: Actor,
    closed: HelpRequest,
    body: string,
    tokens: readonly string[],
  ): Promise<HelpReplyResult> {
    return em.transactional(async (tx) => {
      const title = `${FOLLOW_UP_PREFIX}${closed.title}`.slice(0, LIMITS.title);
      const request = await this.requests.create(tx, actor, {
        title,
        description: body,
        category: closed.category,
        priority: closed.priority,
        contactEmail: closed.contactEmail,
        zip: closed.zip,
      });
      const [thread] = await tx.execute<{ contact_id: number | null }[]>(
        `select contact_id from help_request_threads where request_id = ?`,
        [closed.id],
      );
      await tx.execute(
        `insert into help_request_threads (request_id, contact_id, follow_up_of) values (?, ?, ?)
         on conflict (request_id) do update set follow_up_of = excluded.follow_up_of,
           contact_id = coalesce(help_request_threads.contact_id, excluded.contact_id)`,
        [request.id, thread?.contact_id ?? null, closed.id],
      );
      const message = await this.#addMessage(tx, actor, request, body, tokens, this.now());
      return { message, request: helpRequestViewOf(request) };
    });
  }

  async #addMessage(
    tx: EntityManager,
    actor: Actor,
    request: HelpRequest,
    body: string,
    tokens: readonly string[],
    at: Date,
  ): Promise<HelpMessageView> {
    const [row] = await tx.execute<MessageRow[]>(
      `insert into help_messages (request_id, author_role, author_id, body, full_body, visibility, channel, created_at)
       values (?, 'REQUESTER', ?, ?, ?, 'PUBLIC', 'API', ?) returning ${COLUMNS}`,
      [request.id, actor.kind === 'user' ? actor.userId : null, body, body, at],
    );
    if (tokens.length > 0 && actor.kind === 'user') {
      const files = await this.attachments.attach(tx, actor.userId, tokens, { requestId: request.id });
      await tx.execute(`update help_attachments set message_id = ? where id in (?)`, [row.id, files.map((f) => f.id)]);
    }
    return viewOf(row);
  }

  /**
   * A contact's mail on a request, inside the caller's transaction (mail in): a message in the thread with the
   * text it adds (`body`), the whole text and its sanitized HTML. Like a requester's reply it reopens a resolved
   * or paused request and tells the change hooks, unless the mail is `automated` (an auto-reply never reopens a
   * request or moves its clock); on a closed request it files a follow-up instead.
   */
  async receiveFromContact(
    tx: EntityManager,
    requestId: number,
    contact: HelpContactView,
    mail: { body: string; fullBody: string; html: string | null; title: string; automated: boolean },
    at: Date,
  ): Promise<{ message: HelpMessageView; request: HelpRequest; followUp: boolean }> {
    const request = await tx.findOne(HelpRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!request) throw new NotFoundError();
    if (request.status === 'closed') {
      const followUp = await this.requests.fileInTransaction(
        tx,
        {
          title: `${FOLLOW_UP_PREFIX}${request.title}`.slice(0, LIMITS.title),
          description: mail.body.slice(0, LIMITS.description),
          category: request.category,
          priority: request.priority,
          contactEmail: contact.email,
          zip: request.zip,
        },
        { at },
      );
      await tx.execute(
        `insert into help_request_threads (request_id, contact_id, follow_up_of) values (?, ?, ?)
         on conflict (request_id) do update set follow_up_of = excluded.follow_up_of`,
        [followUp.id, contact.id, request.id],
      );
      const message = await this.#addContactMessage(tx, followUp.id, contact, mail, at);
      return { message, request: followUp, followUp: true };
    }
    const message = await this.#addContactMessage(tx, request.id, contact, mail, at);
    const changes =
      !mail.automated && REOPENED_BY_REPLY.has(request.status)
        ? await this.requests.applyInTransaction(tx, null, request, { status: 'open' }, { at })
        : [];
    await tx.execute(
      `insert into help_request_history (request_id, action, field, old_value, new_value, internal, actor_id, created_at)
       values (?, 'replied', 'message', null, ?, false, null, ?)`,
      [request.id, String(message.id), at],
    );
    await tx.execute(`update help_requests set updated_at = ? where id = ?`, [at, request.id]);
    request.updatedAt = at;
    if (!mail.automated) {
      await this.hooks.run({
        em: tx,
        kind: 'replied',
        request,
        changes,
        actor: null,
        message: { id: message.id, public: true, authorRole: 'CONTACT' },
        at,
      });
    }
    this.#publishReply(tx, request, changes, at);
    return { message, request, followUp: false };
  }

  /**
   * An agent's mail on a request, inside the caller's transaction (mail in, from an administrator's address the
   * receiving MTA vouched for): that agent's public answer, exactly as respondToHelpRequest with only a text
   * writes it (the contact is mailed it, the first-response target is met), its thread message marked as mail
   * with the whole text and its sanitized HTML. It changes nothing else: no status, no note, no assignment.
   */
  async receiveFromAgent(
    tx: EntityManager,
    requestId: number,
    agent: Actor,
    mail: { body: string; fullBody: string; html: string | null },
    at: Date,
  ): Promise<{ message: HelpMessageView; request: HelpRequest; responseId: number }> {
    const { request, response } = await this.requests.respondInTransaction(
      tx,
      agent,
      requestId,
      mail.body.slice(0, LIMITS.response),
      { at },
    );
    const [row] = await tx.execute<MessageRow[]>(
      `update help_messages set channel = 'EMAIL', full_body = ?, html = ? where response_id = ? returning ${COLUMNS}`,
      [mail.fullBody.slice(0, LIMITS.description), mail.html, response.id],
    );
    return { message: viewOf(row), request, responseId: response.id };
  }

  /** A reply is heard of once its transaction commits: kind REPLIED, with the fields it changed (a reopening). */
  #publishReply(tx: EntityManager, request: HelpRequest, changes: readonly { field: string }[], at: Date): void {
    this.events.publishAfterCommit(tx, {
      kind: 'replied',
      requestId: request.id,
      requesterId: request.requester?.id ?? null,
      fields: changes.map((c) => c.field),
      internalFields: [],
      at,
    });
  }

  async #addContactMessage(
    tx: EntityManager,
    requestId: number,
    contact: HelpContactView,
    mail: { body: string; fullBody: string; html: string | null },
    at: Date,
  ): Promise<HelpMessageView> {
    const [row] = await tx.execute<MessageRow[]>(
      `insert into help_messages (request_id, author_role, contact_id, body, full_body, html, visibility, channel, created_at)
       values (?, 'CONTACT', ?, ?, ?, ?, 'PUBLIC', 'EMAIL', ?) returning ${COLUMNS}`,
      [
        requestId,
        contact.id,
        mail.body.slice(0, LIMITS.response),
        mail.fullBody.slice(0, LIMITS.description),
        mail.html,
        at,
      ],
    );
    return viewOf(row);
  }

  /** Messages by id, for loaders (the caller filters what the principal may see). */
  async byIds(em: EntityManager, ids: readonly number[]): Promise<HelpMessageView[]> {
    if (ids.length === 0) return [];
    const rows = await em.execute<MessageRow[]>(`select ${COLUMNS} from help_messages where id in (?)`, [[...ids]]);
    return rows.map(viewOf);
  }

  /** The message a response is in the thread. */
  async ofResponse(em: EntityManager, responseId: number): Promise<HelpMessageView | undefined> {
    const [row] = await em.execute<MessageRow[]>(`select ${COLUMNS} from help_messages where response_id = ?`, [
      responseId,
    ]);
    return row ? viewOf(row) : undefined;
  }

  /** The contact a request is answered at, if any. */
  async contactOf(em: EntityManager, requestId: number): Promise<HelpContactView | null> {
    const [thread] = await em.execute<{ contact_id: number | null }[]>(
      `select contact_id from help_request_threads where request_id = ?`,
      [requestId],
    );
    if (!thread?.contact_id) return null;
    return (await this.contacts.byIds(em, [thread.contact_id]))[0] ?? null;
  }

  async followUpOf(em: EntityManager, requestId: number): Promise<number | null> {
    const [thread] = await em.execute<{ follow_up_of: number | null }[]>(
      `select follow_up_of from help_request_threads where request_id = ?`,
      [requestId],
    );
    return thread?.follow_up_of ?? null;
  }

  /** The requests answered at a contact, newest first. */
  async requestIdsOf(em: EntityManager, contactId: number, first: number): Promise<number[]> {
    const rows = await em.execute<{ request_id: number }[]>(
      `select request_id from help_request_threads where contact_id = ? order by request_id desc limit ?`,
      [contactId, Math.min(Math.max(first, 1), 100)],
    );
    return rows.map((r) => r.request_id);
  }

  /**
   * The change hook that keeps a web request's contact: the contact of its contact_email, made when new. An
   * address that is not one refuses the change, naming contact_email.
   */
  readonly keepContact = async (change: HelpRequestChangeInProgress): Promise<void> => {
    const touched = change.kind === 'created' || change.changes.some((c) => c.field === 'contact_email');
    if (!touched) return;
    const email = change.request.contactEmail;
    if (!email) {
      if (change.kind !== 'created')
        await change.em.execute(`update help_request_threads set contact_id = null where request_id = ?`, [
          change.request.id,
        ]);
      return;
    }
    const contact = await this.contacts.findOrCreate(change.em, email, {}, 'contact_email');
    await change.em.execute(
      `insert into help_request_threads (request_id, contact_id) values (?, ?)
       on conflict (request_id) do update set contact_id = excluded.contact_id`,
      [change.request.id, contact.id],
    );
  };
}
