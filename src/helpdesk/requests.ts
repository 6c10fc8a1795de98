import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { Actor, Principal } from '../platform/auth/principal.js';
import type { AuditRecorder, SystemActor } from '../audit/recorder.js';
import { recordRequestChanges, recordRequestDeletion } from './audit-events.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import type { Timestamp } from '../platform/db/timestamps.js';
import {
  connectionOf,
  emptyConnection,
  pageWindow,
  type ConnectionArgs,
  type Cursors,
  type ListIdentity,
} from '../platform/graphql/connections.js';
import { User } from '../users/user.entity.js';
import type { HelpRequestChange, HelpRequestEvents } from './events.js';
import type { createHelpdeskLoaders } from './loaders.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';
import { matchCondition, textMatch } from './text-search.js';
import {
  countHelpRequests,
  readHelpRequests,
  readHelpRequestsAfter,
  type HelpRequestConnection,
  type HelpRequestFilter,
  type HelpRequestHistoryView,
  type HelpRequestSortColumn,
  slaClockOf,
  type HelpRequestView,
  type HelpResponseView,
} from './views.js';
import {
  contactEmail,
  optionalText,
  paging,
  requestTag,
  requestTags,
  requiredText,
  satisfactionScore,
  searchTerm,
  zipCode,
} from './validation.js';
import type { BusinessSchedule } from './business-time.js';
import { readSchedules } from './schedule-records.js';
import { scheduleView, type HelpScheduleView } from './schedules.js';
import { lockSlaRules } from './sla-recount.js';
import {
  changeStatus,
  markBreached,
  meetFirstResponse,
  passedTargets,
  pausedSecondsAt,
  recount,
  startClock,
  usedSecondsAt,
  type SlaRules,
  type SlaTarget,
} from './sla.js';
import type { HelpSlaPolicyService } from './sla-policies.js';
import type { HelpRequestChangeHooks, HelpRequestFieldChange } from './change-hooks.js';
import { tokenList, type HelpAttachmentService } from './attachments/service.js';
import {
  DEFAULT_PER_PAGE,
  HELP_CATEGORIES,
  LIMITS,
  RATING_CHANGE_WINDOW_MS,
  SETTLED_STATUSES,
  type HelpCategory,
  type HelpPriority,
  type HelpRequestSortField,
  type HelpStatus,
  type HistoryAction,
  type SortOrder,
} from './vocabulary.js';

export interface HelpRequestQuery {
  status?: HelpStatus | null;
  category?: HelpCategory | null;
  priority?: HelpPriority | null;
  page?: number | null;
  perPage?: number | null;
  sortBy?: HelpRequestSortField | null;
  sortOrder?: SortOrder | null;
  slaBreached?: boolean | null;
  tag?: string | null;
}

/** A connection's filters, sort and paging (first/after forward, last/before backward). */
export interface HelpRequestConnectionQuery extends ConnectionArgs {
  status?: HelpStatus | null;
  category?: HelpCategory | null;
  priority?: HelpPriority | null;
  sortBy?: HelpRequestSortField | null;
  sortOrder?: SortOrder | null;
  slaBreached?: boolean | null;
  tag?: string | null;
}

export interface NewHelpRequest {
  title: string;
  description: string;
  category?: HelpCategory | null;
  priority?: HelpPriority | null;
  contactEmail?: string | null;
  zip?: string | null;
  /** Upload tokens whose files are attached in the same transaction. */
  attachmentTokens?: readonly string[] | null;
}

/** Only the keys present change; null clears assignedToId, adminNotes and zip. */
export interface HelpRequestChanges {
  title?: string | null;
  description?: string | null;
  status?: HelpStatus | null;
  priority?: HelpPriority | null;
  category?: HelpCategory | null;
  assignedToId?: string | null;
  adminNotes?: string | null;
  zip?: string | null;
  tags?: readonly string[] | null;
}

/** What a change made inside a caller's transaction (a rule's, a conversation's) may set. */
export interface InTransactionChanges {
  status?: HelpStatus | null;
  priority?: HelpPriority | null;
  category?: HelpCategory | null;
  assignedToId?: string | null;
  tags?: readonly string[] | null;
}

export interface NewHelpResponse {
  response: string;
  newStatus?: HelpStatus | null;
  isPublic?: boolean | null;
  /** Upload tokens whose files are attached to the response in the same transaction. */
  attachmentTokens?: readonly string[] | null;
}

/** total, pages and hasNext need the count: a list asked without them leaves them out and counts nothing. */
export interface Pagination {
  page: number;
  perPage: number;
  hasPrev: boolean;
  pages?: number;
  total?: number;
  hasNext?: boolean;
}

type HelpdeskLoaders = ReturnType<typeof createHelpdeskLoaders>;

/** The help desk knows people as signed-in users; an API key administers workspace users, not help requests. */
interface Viewer {
  userId: string;
  isAdmin: boolean;
}

function viewerOf(principal: Principal): Viewer {
  if (principal.kind !== 'user') throw new UnauthenticatedError();
  return { userId: principal.userId, isAdmin: principal.role === 'admin' };
}

const isAdminPrincipal = (principal: Principal) => principal.kind === 'user' && principal.role === 'admin';

const SORT_PROPERTY = {
  id: 'id',
  title: 'title',
  status: 'status',
  priority: 'priority',
  category: 'category',
  created_date: 'createdAt',
  updated_date: 'updatedAt',
  firstResponseDueAt: 'firstResponseDueAt',
  resolutionDueAt: 'resolutionDueAt',
} as const satisfies Record<HelpRequestSortField, HelpRequestSortColumn>;

/** Changes, by legacy field name, that only an administrator may make. */
const ADMIN_FIELDS = {
  status: 'status',
  priority: 'priority',
  assignedToId: 'assigned_to_id',
  adminNotes: 'admin_notes',
  tags: 'tags',
} as const;

/** What a request's service levels show an administrator. */
export interface HelpRequestSla {
  firstResponseDueAt: Timestamp;
  resolutionDueAt: Timestamp;
  firstResponseAt: Timestamp | null;
  resolvedAt: Timestamp | null;
  firstResponseBreached: boolean;
  resolutionBreached: boolean;
  pausedSeconds: number;
  paused: boolean;
  /** The schedule whose working time the clock counts (null: calendar time). */
  schedule: HelpScheduleView | null;
  firstResponseMinutesUsed: number;
  firstResponseMinutesLeft: number;
  resolutionMinutesUsed: number;
  resolutionMinutesLeft: number;
}

/** The rules a change of a request's clock needs: its priority's, and the schedule the clock has counted in. */
interface SlaContext {
  rules: SlaRules;
  schedule: BusinessSchedule | null;
}

/**
 * Filters and sorts that reveal service levels or tags, which only administrators see: anyone else asking for
 * them is refused rather than answered with what the fields would hide.
 */
function adminListOptions(
  viewer: Viewer,
  query: { slaBreached?: boolean | null; tag?: string | null; sortBy?: HelpRequestSortField | null },
) {
  const asked = [
    query.slaBreached !== undefined && query.slaBreached !== null ? 'slaBreached' : undefined,
    query.tag !== undefined && query.tag !== null ? 'tag' : undefined,
    query.sortBy === 'firstResponseDueAt' || query.sortBy === 'resolutionDueAt' ? 'sortBy' : undefined,
  ].filter((a): a is string => a !== undefined);
  if (!viewer.isAdmin && asked.length > 0) throw new ForbiddenError('Admin access required', { fields: asked });
  return {
    slaBreached: query.slaBreached ?? undefined,
    tag: query.tag === undefined || query.tag === null ? undefined : requestTag(query.tag),
  };
}

interface FieldChange {
  field: string;
  action: HistoryAction;
  oldValue: string | null;
  newValue: string | null;
  internal: boolean;
}

/**
 * Help requests: who may read and change what, and the history of every change. Each change locks the
 * request row (SELECT … FOR UPDATE) and writes its history in the same transaction, so concurrent edits
 * queue instead of overwriting each other, and every history entry's old value is the previous one's new value.
 */
export class HelpRequestService {
  constructor(
    private readonly now: () => Date,
    readonly events: HelpRequestEvents,
    private readonly cursors: Cursors,
    private readonly audit: AuditRecorder,
    private readonly policies: HelpSlaPolicyService,
    /** What other modules run inside each change's transaction (see change-hooks.ts). */
    readonly changeHooks: HelpRequestChangeHooks,
    private readonly attachments?: HelpAttachmentService,
  ) {}

  async list(
    em: EntityManager,
    principal: Principal,
    query: HelpRequestQuery,
    want: { total: boolean } = { total: true },
  ): Promise<{ requests: HelpRequestView[]; pagination: Pagination }> {
    const viewer = viewerOf(principal);
    const { page, perPage } = paging(query.page, query.perPage, DEFAULT_PER_PAGE);
    const sortBy = query.sortBy ?? 'created_date';
    const order = query.sortOrder ?? 'desc';
    const filter: HelpRequestFilter = {
      requesterId: viewer.isAdmin ? undefined : viewer.userId,
      status: query.status ?? undefined,
      category: query.category ?? undefined,
      priority: query.priority ?? undefined,
      ...adminListOptions(viewer, query),
    };
    const [requests, total] = await Promise.all([
      readHelpRequests(em, filter, { column: SORT_PROPERTY[sortBy], order }, perPage, (page - 1) * perPage),
      want.total ? countHelpRequests(em, filter) : undefined,
    ]);
    if (total === undefined) return { requests, pagination: { page, perPage, hasPrev: page > 1 } };
    const pages = Math.ceil(total / perPage);
    return { requests, pagination: { page, pages, perPage, total, hasNext: page < pages, hasPrev: page > 1 } };
  }

  /**
   * Help requests by cursor, as `list` shows them (a user's own, every request for an administrator), with its
   * filters and sorts. `totalCount` is read from the kept counts, and only when `want.total`.
   */
  async connection(
    em: EntityManager,
    principal: Principal,
    query: HelpRequestConnectionQuery,
    want: { total: boolean },
  ): Promise<HelpRequestConnection> {
    const viewer = viewerOf(principal);
    const options = adminListOptions(viewer, query);
    return this.#connection(
      em,
      'helpRequestsConnection',
      viewer.isAdmin ? undefined : viewer.userId,
      { ...query, ...options },
      want,
    );
  }

  /**
   * One user's requests by cursor, newest first: a user reads their own, an administrator anyone's. Anyone else
   * (another user, an API key, which administers the platform rather than the help desk) gets an empty connection,
   * not an error, so a query over users still answers the rest. The arguments are checked for everyone alike.
   * It reads through the request's loaders rather than an EntityManager: a list of people asking for their
   * requests is then one statement for all their pages (and one for their counts).
   */
  async ofRequester(
    principal: Principal,
    requesterId: string,
    query: HelpRequestConnectionQuery,
    want: { total: boolean },
    loaders: Pick<HelpdeskLoaders, 'pageByRequester' | 'totalByRequester'>,
  ): Promise<HelpRequestConnection> {
    const mayRead = principal.kind === 'user' && (principal.role === 'admin' || principal.userId === requesterId);
    if (!mayRead) {
      pageWindow(query, this.cursors, { list: 'User.helpRequests', fingerprint: {} });
      return emptyConnection();
    }
    const { slaBreached } = adminListOptions(
      { userId: principal.userId, isAdmin: principal.role === 'admin' },
      { ...query, tag: undefined },
    );
    const sortBy = query.sortBy ?? 'created_date';
    const sort = { column: SORT_PROPERTY[sortBy], order: query.sortOrder ?? 'desc' } as const;
    const filter = {
      status: query.status ?? undefined,
      category: query.category ?? undefined,
      priority: query.priority ?? undefined,
      slaBreached,
    };
    // The newest-first default keeps the fingerprint its cursors always had.
    const fingerprint =
      sortBy === 'created_date' && sort.order === 'desc' ? filter : { ...filter, sortBy, order: sort.order };
    const identity: ListIdentity = { list: `User.helpRequests:${requesterId}`, fingerprint };
    const window = pageWindow(query, this.cursors, identity);
    // Through the request's loaders: a list of people asking for their requests reads every page in one statement.
    const [rows, total] = await Promise.all([
      loaders.pageByRequester.load({ requesterId, filter, sort, window }),
      want.total ? loaders.totalByRequester.load({ requesterId, filter }) : undefined,
    ]);
    const connection = connectionOf(rows, window, this.cursors, identity, (row) => row.position);
    if (total !== undefined) connection.totalCount = total;
    return connection;
  }

  async #connection(
    em: EntityManager,
    list: string,
    requesterId: string | undefined,
    query: HelpRequestConnectionQuery,
    want: { total: boolean },
  ): Promise<HelpRequestConnection> {
    const sortBy = query.sortBy ?? 'created_date';
    const order = query.sortOrder ?? 'desc';
    const filter: HelpRequestFilter = {
      requesterId,
      status: query.status ?? undefined,
      category: query.category ?? undefined,
      priority: query.priority ?? undefined,
      slaBreached: query.slaBreached ?? undefined,
      tag: query.tag ?? undefined,
    };
    // The scope (whose requests) is left out: an administrator's and a user's view of the same filters are the
    // same order, and a cursor shows only a position its holder was shown.
    const identity: ListIdentity = {
      list,
      fingerprint: {
        status: filter.status,
        category: filter.category,
        priority: filter.priority,
        sortBy,
        order,
        slaBreached: filter.slaBreached,
        tag: filter.tag,
      },
    };
    const window = pageWindow(query, this.cursors, identity);
    // Sorted by a column the filter fixes, the order is the ids': said so, PostgreSQL reads the page off the
    // (column, id) index from the cursor's id instead of filtering its way down the primary key.
    const fixed =
      (sortBy === 'status' || sortBy === 'priority' || sortBy === 'category') && filter[sortBy] !== undefined;
    const [rows, total] = await Promise.all([
      readHelpRequestsAfter(em, filter, { column: fixed ? 'id' : SORT_PROPERTY[sortBy], order }, window),
      want.total ? countHelpRequests(em, filter) : undefined,
    ]);
    const connection = connectionOf(rows, window, this.cursors, identity, (row) => row.position);
    if (total !== undefined) connection.totalCount = total;
    return connection;
  }

  /** Someone else's request is reported as missing, not forbidden: its existence is not the caller's business. */
  /** Whether helpRequest(id) would show this request to the principal (a router's reference to it answers as that does). */
  mayRead(principal: Principal, request: HelpRequest): boolean {
    return this.#mayRead(viewerOf(principal), request);
  }

  async get(em: EntityManager, principal: Principal, id: number): Promise<HelpRequest> {
    const viewer = viewerOf(principal);
    const request = await em.findOne(HelpRequest, { id });
    if (!request || !this.#mayRead(viewer, request)) throw new NotFoundError();
    return request;
  }

  async create(em: EntityManager, principal: Actor, input: NewHelpRequest): Promise<HelpRequest> {
    const viewer = viewerOf(principal);
    const values = {
      title: requiredText(input.title, 'title', LIMITS.title),
      description: requiredText(input.description, 'description', LIMITS.description),
      category: input.category ?? 'general',
      priority: input.priority ?? 'medium',
      contactEmail: contactEmail(input.contactEmail),
      zip: zipCode(input.zip),
    };
    const tokens = tokenList(input.attachmentTokens);
    const now = this.now();
    const request = await em.transactional(async (tem) => {
      const requester = tem.getReference(User, viewer.userId);
      await lockSlaRules(tem, 'shared');
      const rules = await this.policies.rules(tem, values.priority);
      const request = tem.create(HelpRequest, {
        ...values,
        status: 'open',
        requester,
        assignedTo: null,
        adminNotes: null,
        createdAt: now,
        updatedAt: now,
        ...startClock(now, rules),
        firstResponseBreached: false,
        resolutionBreached: false,
        tags: [],
      });
      tem.create(HelpRequestHistory, { request, action: 'created', internal: false, actor: requester, createdAt: now });
      if (tokens.length > 0) {
        await tem.flush(); // the files name the request by id
        await this.#attachments().attach(tem, viewer.userId, tokens, { requestId: request.id });
      }
      await this.changeHooks.run({ em: tem, kind: 'created', request, changes: [], actor: principal, at: now });
      return request;
    });
    this.events.publish({
      kind: 'created',
      requestId: request.id,
      requesterId: viewer.userId,
      fields: [],
      internalFields: [],
      at: now,
    });
    return request;
  }

  async update(em: EntityManager, principal: Actor, id: number, input: HelpRequestChanges): Promise<HelpRequest> {
    const viewer = viewerOf(principal);
    const given = (Object.keys(input) as (keyof HelpRequestChanges)[]).filter((k) => input[k] !== undefined);
    const adminOnly = given.filter((k): k is keyof typeof ADMIN_FIELDS => k in ADMIN_FIELDS);
    if (!viewer.isAdmin && adminOnly.length > 0) {
      throw new ForbiddenError('Admin access required', { fields: adminOnly.map((k) => ADMIN_FIELDS[k]) });
    }
    if (given.length === 0) {
      throw new ValidationError(
        'Nothing to update: send at least one of title, description, status, priority, assigned_to_id, admin_notes',
      );
    }
    const wanted = this.#validateChanges(input);
    const now = this.now();

    const { request, changes, breaches } = await em.transactional(async (tem) => {
      if (wanted.status || wanted.priority) await lockSlaRules(tem, 'shared');
      // The assignee is read FOR SHARE, and before the request is locked: an administrator deleted at the same
      // moment is then either gone when read or kept until this commits (deleting a user takes the user row,
      // then its requests, in that order too, so the two cannot deadlock).
      const assigneeExists = wanted.assignedToId
        ? Boolean(
            await tem.findOne(
              User,
              { id: wanted.assignedToId, role: 'admin' },
              { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ },
            ),
          )
        : true;
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request || !this.#mayRead(viewer, request)) throw new NotFoundError();
      if (!viewer.isAdmin && SETTLED_STATUSES.includes(request.status)) {
        throw new ValidationError(`A ${request.status} request can no longer be edited`, 'status');
      }
      if (!assigneeExists)
        throw new ValidationError('assigned_to_id must be the user id of an administrator', 'assigned_to_id');
      // Under the shared lock taken first, the rules cannot change until this commits.
      const sla =
        wanted.status || wanted.priority
          ? await this.#slaContext(tem, request, wanted.priority ?? request.priority)
          : undefined;
      // A due time that passed before this change is a breach under the rules that stood until now.
      const breaches = this.#breachesPassed(request, now);
      const changes = this.#apply(tem, request, wanted, now, breaches, sla);
      breaches.push(...this.#breachesPassed(request, now));
      if (changes.length > 0) {
        request.updatedAt = now;
        this.#record(tem, request, viewer.userId, changes, now);
        recordRequestChanges(this.audit, tem, principal, request, changes);
      }
      this.#recordBreaches(tem, request, breaches, now);
      if (changes.length > 0) {
        await this.changeHooks.run({
          em: tem,
          kind: 'updated',
          request,
          changes: fieldChanges(changes),
          actor: principal,
          at: now,
        });
      }
      await this.#runBreachHooks(tem, request, breaches, now);
      return { request, changes, breaches };
    });
    if (changes.length > 0) {
      this.events.publish({
        kind: 'updated',
        requestId: request.id,
        requesterId: request.requester?.id ?? null,
        ...changedFields(changes),
        at: now,
      });
    }
    this.#publishBreaches(request.id, request.requester?.id ?? null, breaches, now);
    return request;
  }

  async respond(em: EntityManager, principal: Actor, id: number, input: NewHelpResponse): Promise<HelpResponse> {
    const viewer = viewerOf(principal);
    if (!viewer.isAdmin) throw new ForbiddenError('Admin access required');
    const text = requiredText(input.response, 'response', LIMITS.response);
    const newStatus = input.newStatus ?? null;
    const isPublic = input.isPublic ?? true;
    const tokens = tokenList(input.attachmentTokens);
    const now = this.now();

    const { response, changes, requesterId, breaches } = await em.transactional(async (tem) => {
      await lockSlaRules(tem, 'shared');
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      const responder = tem.getReference(User, viewer.userId);
      const response = tem.create(HelpResponse, {
        request,
        responder,
        response: text,
        newStatus,
        isPublic,
        createdAt: now,
      });
      await tem.flush(); // the history entry names the response by id
      if (tokens.length > 0)
        await this.#attachments().attach(tem, viewer.userId, tokens, { requestId: id, responseId: response.id });
      const sla = await this.#slaContext(tem, request, request.priority);
      const breaches = this.#breachesPassed(request, now);
      // The first public answer meets the first-response target (a private note to colleagues does not).
      if (isPublic) breaches.push(...meetFirstResponse(request, now, sla.schedule));
      const changes: FieldChange[] = [
        { field: 'response', action: 'responded', oldValue: null, newValue: String(response.id), internal: !isPublic },
        ...(newStatus ? this.#apply(tem, request, { status: newStatus }, now, breaches, sla) : []),
      ];
      request.updatedAt = now;
      this.#record(tem, request, viewer.userId, changes, now);
      recordRequestChanges(this.audit, tem, principal, request, changes);
      this.#recordBreaches(tem, request, breaches, now);
      await this.changeHooks.run({
        em: tem,
        kind: 'responded',
        request,
        changes: fieldChanges(changes),
        actor: principal,
        message: { id: response.id, public: isPublic, authorRole: 'AGENT' },
        at: now,
      });
      await this.#runBreachHooks(tem, request, breaches, now);
      return { response, changes, requesterId: request.requester?.id ?? null, breaches };
    });
    this.events.publish({
      kind: 'responded',
      requestId: id,
      requesterId,
      ...changedFields(changes.slice(1)),
      responseIsPublic: isPublic,
      at: now,
    });
    this.#publishBreaches(id, requesterId, breaches, now);
    return response;
  }

  /**
   * Deletes a request for good, with its responses and history (administrators: spam, a request filed twice). The
   * audit trail keeps what it was; the kept counts follow by their triggers.
   */
  async delete(em: EntityManager, actor: Actor, id: number): Promise<true> {
    await em.transactional(async (tem) => {
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      recordRequestDeletion(this.audit, tem, actor, request);
      await tem.nativeDelete(HelpRequest, { id });
    });
    // Its files' rows went with it; their stored bytes go now, after the commit.
    await this.attachments?.releaseDeleted(em);
    return true;
  }

  /**
   * The requester rates their resolved or closed request: once, then changeable for 7 days from the first
   * rating. Nobody else may rate it (an administrator included); someone who cannot read it is told it is missing.
   */
  async rate(
    em: EntityManager,
    principal: Actor,
    id: number,
    score: number,
    comment: string | null | undefined,
  ): Promise<HelpRequest> {
    const viewer = viewerOf(principal);
    const value = satisfactionScore(score);
    const text = optionalText(comment, 'comment', LIMITS.satisfactionComment);
    const now = this.now();
    const { request, change } = await em.transactional(async (tem) => {
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request || !this.#mayRead(viewer, request)) throw new NotFoundError();
      if (request.requester?.id !== viewer.userId)
        throw new ForbiddenError('Only the requester may rate a help request');
      if (!SETTLED_STATUSES.includes(request.status)) {
        throw new ValidationError('Only a resolved or closed request can be rated', 'status');
      }
      if (request.ratedAt && now.getTime() - request.ratedAt.getTime() > RATING_CHANGE_WINDOW_MS) {
        throw new ValidationError(
          'The rating can no longer be changed: a rating may be changed for 7 days after it was given',
          'score',
        );
      }
      const change: FieldChange = {
        field: 'satisfaction',
        action: 'updated',
        oldValue:
          request.satisfactionScore === null || request.satisfactionScore === undefined
            ? null
            : String(request.satisfactionScore),
        newValue: String(value),
        internal: false,
      };
      request.satisfactionScore = value;
      request.satisfactionComment = text;
      request.ratedAt ??= now;
      request.ratingUpdatedAt = now;
      request.updatedAt = now;
      this.#record(tem, request, viewer.userId, [change], now);
      await this.changeHooks.run({
        em: tem,
        kind: 'updated',
        request,
        changes: fieldChanges([change]),
        actor: principal,
        at: now,
      });
      return { request, change };
    });
    this.events.publish({
      kind: 'updated',
      requestId: request.id,
      requesterId: viewer.userId,
      ...changedFields([change]),
      at: now,
    });
    return request;
  }

  /**
   * Claims the requests whose due time passed unmet by `at` (`limit` at a time, up to 20 batches per look), marks them breached and records it, in
   * one statement per target: a conditional update over the partial due-time index that skips rows another
   * replica (or a change in progress) holds, so each breach is claimed by exactly one replica. Announces each
   * once the statement has committed; returns how many it claimed.
   */
  async claimBreaches(em: EntityManager, at: Date, limit = 500): Promise<number> {
    const claimed = new Map<number, { requesterId: string | null; targets: SlaTarget[] }>();
    for (const [target, flag, due, met] of [
      ['first_response', 'first_response_breached', 'first_response_due_at', 'first_public_response_at'],
      ['resolution', 'resolution_breached', 'resolution_due_at', 'resolved_at'],
    ] as const) {
      // A backlog (a replica that was down, say) is drained a batch at a time, each batch its own transaction.
      for (let batch = 0; batch < 20; batch++) {
        const rows = await em.transactional((tem) => this.#claimBatch(tem, target, flag, due, met, at, limit));
        for (const row of rows) {
          const entry = claimed.get(row.id) ?? { requesterId: row.requester_id, targets: [] };
          entry.targets.push(target);
          claimed.set(row.id, entry);
        }
        if (rows.length < limit) break;
      }
    }
    for (const [id, { requesterId, targets }] of claimed) this.#publishBreaches(id, requesterId, targets, at);
    return claimed.size;
  }

  /** One batch of claimBreaches, in its own transaction, with the change hooks run for each request it claimed. */
  async #claimBatch(
    em: EntityManager,
    target: SlaTarget,
    flag: string,
    due: string,
    met: string,
    at: Date,
    limit: number,
  ): Promise<{ id: number; requester_id: string | null }[]> {
    const rows = await em.execute<{ id: number; requester_id: string | null; due: Date }[]>(
      `with claimed as (
             update help_requests r set ${flag} = true
              where r.id in (select id from help_requests
                              where not ${flag} and ${met} is null and paused_since is null and ${due} < ?
                              order by ${due} limit ? for update skip locked)
                and not r.${flag}
             returning r.id, r.requester_id, r.${due} as due
           ), recorded as (
             insert into help_request_history (request_id, action, field, new_value, internal, actor_id, created_at)
             select id, 'sla_breached', ?, to_char(due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), true, null, ? from claimed
           )
           select id, requester_id, due from claimed`,
      [at, limit, target, at],
    );
    if (this.changeHooks.empty || rows.length === 0) return rows;
    // The claim's update holds these rows until it commits: each hook sees its request as claimed.
    const requests = await em.find(HelpRequest, { id: { $in: rows.map((r) => r.id) } });
    const dueOf = new Map(rows.map((r) => [r.id, new Date(r.due)]));
    for (const request of requests) {
      await this.changeHooks.run({
        em,
        kind: 'sla_breached',
        request,
        changes: [{ field: target, oldValue: null, newValue: dueOf.get(request.id)!.toISOString(), internal: true }],
        actor: null,
        at,
      });
    }
    return rows;
  }

  /**
   * Changes `request` inside the caller's transaction `em` (a rule's, a conversation's): the same checks, service-level
   * clock, history and audit as an update, then the change hooks, with `byRule` passed on so a rule's own hooks
   * know the change for theirs. History names `actor` (null for a rule or the system, the rule recorded instead).
   * Subscribers hear of it once the caller's transaction commits. Returns what changed.
   */
  async applyInTransaction(
    em: EntityManager,
    actor: Actor | null,
    request: HelpRequest,
    input: InTransactionChanges,
    options: { byRule?: string; at?: Date } = {},
  ): Promise<HelpRequestFieldChange[]> {
    const wanted = this.#validateChanges(input);
    const at = options.at ?? this.now();
    // The caller's change holds the request already (a hook's) or takes it here; the rules lock follows it, which
    // a recount waits on rather than deadlocks with, since a recount takes the rules before any request.
    await em.lock(request, LockMode.PESSIMISTIC_WRITE);
    if (wanted.assignedToId) {
      const assignee = await em.findOne(User, { id: wanted.assignedToId, role: 'admin' }, { fields: ['id'] });
      if (!assignee)
        throw new ValidationError('assigned_to_id must be the user id of an administrator', 'assigned_to_id');
    }
    const timed = Boolean(wanted.status || wanted.priority);
    if (timed) await lockSlaRules(em, 'shared');
    const sla = timed ? await this.#slaContext(em, request, wanted.priority ?? request.priority) : undefined;
    const breaches = this.#breachesPassed(request, at);
    const changes = this.#apply(em, request, wanted, at, breaches, sla);
    breaches.push(...this.#breachesPassed(request, at));
    const actorId = actor?.kind === 'user' ? actor.userId : null;
    if (changes.length > 0) {
      request.updatedAt = at;
      this.#record(em, request, actorId, changes, at, options.byRule);
      recordRequestChanges(this.audit, em, actor ?? systemActor(options.byRule), request, changes);
    }
    this.#recordBreaches(em, request, breaches, at);
    const requesterId = request.requester?.id ?? null;
    if (changes.length > 0) {
      await this.changeHooks.run({
        em,
        kind: 'updated',
        request,
        changes: fieldChanges(changes),
        actor,
        at,
        ...(options.byRule === undefined ? {} : { byRule: options.byRule }),
      });
      this.events.publishAfterCommit(em, {
        kind: 'updated',
        requestId: request.id,
        requesterId,
        ...changedFields(changes),
        at,
      });
    }
    await this.#runBreachHooks(em, request, breaches, at, options.byRule);
    if (breaches.length > 0) {
      const fields = [...new Set(breaches)];
      this.events.publishAfterCommit(em, {
        kind: 'sla_breached',
        requestId: request.id,
        requesterId,
        fields,
        internalFields: fields,
        at,
      });
    }
    return fieldChanges(changes);
  }

  /**
   * Adds a note only administrators see (a private response by no one: the system's, or a rule's) inside the caller's
   * transaction, with its history entry, then runs the change hooks as a response does. It meets no service level.
   */
  async addInternalNote(
    em: EntityManager,
    request: HelpRequest,
    text: string,
    options: { byRule?: string; at?: Date } = {},
  ): Promise<HelpResponse> {
    const note = requiredText(text, 'response', LIMITS.response);
    const at = options.at ?? this.now();
    await em.lock(request, LockMode.PESSIMISTIC_WRITE);
    const response = em.create(HelpResponse, {
      request,
      responder: null,
      response: note,
      newStatus: null,
      isPublic: false,
      createdAt: at,
    });
    await em.flush(); // the history entry names the note by id
    const change: FieldChange = {
      field: 'response',
      action: 'responded',
      oldValue: null,
      newValue: String(response.id),
      internal: true,
    };
    request.updatedAt = at;
    this.#record(em, request, null, [change], at, options.byRule);
    await this.changeHooks.run({
      em,
      kind: 'responded',
      request,
      changes: fieldChanges([change]),
      actor: null,
      message: { id: response.id, public: false, authorRole: 'SYSTEM' },
      at,
      ...(options.byRule === undefined ? {} : { byRule: options.byRule }),
    });
    this.events.publishAfterCommit(em, {
      kind: 'responded',
      requestId: request.id,
      requesterId: request.requester?.id ?? null,
      fields: [],
      internalFields: [],
      responseIsPublic: false,
      at,
    });
    return response;
  }

  /** The change hooks' word of breaches a change found (after the change's own): the system's, with no actor. */
  async #runBreachHooks(
    em: EntityManager,
    request: HelpRequest,
    targets: SlaTarget[],
    at: Date,
    byRule?: string,
  ): Promise<void> {
    const found = [...new Set(targets)];
    if (found.length === 0) return;
    await this.changeHooks.run({
      em,
      kind: 'sla_breached',
      request,
      changes: found.map((target) => ({
        field: target,
        oldValue: null,
        newValue: (target === 'first_response' ? request.firstResponseDueAt : request.resolutionDueAt).toISOString(),
        internal: true,
      })),
      actor: null,
      at,
      ...(byRule === undefined ? {} : { byRule }),
    });
  }

  /**
   * A request's service levels, for administrators only (null for anyone else); a passed due time reads as breached
   * at once. Minutes used and left are the clock's (working minutes under a schedule), against the priority's targets.
   */
  async slaFor(
    principal: Principal,
    request: HelpRequestView,
    loaders: ReturnType<typeof createHelpdeskLoaders>,
  ): Promise<HelpRequestSla | null> {
    if (!isAdminPrincipal(principal)) return null;
    const now = this.now();
    const clock = slaClockOf(request);
    const passed = passedTargets(clock, now);
    const [rules, record] = await Promise.all([
      loaders.slaRules.load(request.priority),
      request.slaScheduleId ? loaders.scheduleById.load(request.slaScheduleId) : null,
    ]);
    const usedNow = usedSecondsAt(clock, record, now);
    const minutes = (metSeconds: number | null | undefined, met: Date | null | undefined, target: number) => {
      const used = Math.floor((met ? (metSeconds ?? usedNow) : usedNow) / 60);
      return { used, left: Math.max(0, target - used) };
    };
    const firstResponse = minutes(
      request.firstResponseSeconds,
      clock.firstPublicResponseAt,
      rules.firstResponseMinutes,
    );
    const resolution = minutes(request.resolutionSeconds, clock.resolvedAt, rules.resolutionMinutes);
    return {
      firstResponseDueAt: request.firstResponseDueAt,
      resolutionDueAt: request.resolutionDueAt,
      firstResponseAt: request.firstPublicResponseAt ?? null,
      resolvedAt: request.resolvedAt ?? null,
      firstResponseBreached: request.firstResponseBreached || passed.includes('first_response'),
      resolutionBreached: request.resolutionBreached || passed.includes('resolution'),
      pausedSeconds: pausedSecondsAt(clock, now),
      paused: Boolean(request.pausedSince),
      schedule: record ? scheduleView(record, await loaders.prioritiesBySchedule.load(record.id)) : null,
      firstResponseMinutesUsed: firstResponse.used,
      firstResponseMinutesLeft: firstResponse.left,
      resolutionMinutesUsed: resolution.used,
      resolutionMinutesLeft: resolution.left,
    };
  }

  /** The rules of `priority` as they stand, and the schedule the request's clock has counted in so far. */
  async #slaContext(em: EntityManager, request: HelpRequest, priority: HelpPriority): Promise<SlaContext> {
    const rules = await this.policies.rules(em, priority);
    const id = request.slaScheduleId ?? null;
    if (id === null || id === rules.scheduleId) return { rules, schedule: id === null ? null : rules.schedule };
    // A schedule since deleted counted only a clock that has stood still since (deleting one in use is refused).
    return { rules, schedule: (await readSchedules(em, [id])).get(id) ?? null };
  }

  /** Tags are administrators' labels: anyone else sees none. */
  tagsFor(principal: Principal, request: HelpRequestView): string[] {
    return isAdminPrincipal(principal) ? (request.tags ?? []) : [];
  }

  #breachesPassed(request: HelpRequest, at: Date): SlaTarget[] {
    const passed = passedTargets(request, at);
    passed.forEach((target) => markBreached(request, target));
    return passed;
  }

  /** History entries for breaches found by a change (internal: administrators see them), with no actor. */
  #recordBreaches(em: EntityManager, request: HelpRequest, targets: SlaTarget[], at: Date): void {
    for (const target of new Set(targets)) {
      const due = target === 'first_response' ? request.firstResponseDueAt : request.resolutionDueAt;
      em.create(HelpRequestHistory, {
        request,
        action: 'sla_breached',
        field: target,
        oldValue: null,
        newValue: due.toISOString(),
        internal: true,
        actor: null,
        createdAt: at,
      });
    }
  }

  #publishBreaches(requestId: number, requesterId: string | null, targets: SlaTarget[], at: Date): void {
    if (targets.length === 0) return;
    const fields = [...new Set(targets)];
    this.events.publish({ kind: 'sla_breached', requestId, requesterId, fields, internalFields: fields, at });
  }

  /**
   * Changes to help requests from now on, as `principal` may hear of them (see changeSeenBy). With `id`, to that
   * request only, which the caller must be able to read: someone else's is NOT_FOUND, as helpRequest answers.
   */
  async watch(
    em: EntityManager,
    principal: Principal,
    id?: number | null,
  ): Promise<AsyncIterableIterator<HelpRequestChange>> {
    const viewer = viewerOf(principal);
    if (id !== null && id !== undefined) await this.get(em, principal, id);
    return this.events.stream((change) =>
      id !== null && id !== undefined && change.requestId !== id ? null : changeSeenBy(viewer, change),
    );
  }

  /** Requests matching `term` that the caller may read: none for an anonymous caller or an API key. */
  async search(em: EntityManager, principal: Principal, term: string): Promise<HelpRequest[]> {
    const q = searchTerm(term, 'q');
    if (principal.kind !== 'user') return [];
    const condition = matchCondition(textMatch(q), 'search_vector', ['title', 'description']);
    const where: FilterQuery<HelpRequest> = { [raw(condition.sql, condition.params)]: [] };
    if (principal.role !== 'admin') where.requester = principal.userId;
    return em.find(HelpRequest, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: LIMITS.searchResults,
    });
  }

  // What a reader sees of a request they may read: administrators everything, the requester the public part.

  adminNotesFor(principal: Principal, request: HelpRequestView): string | null {
    return isAdminPrincipal(principal) ? (request.adminNotes ?? null) : null;
  }

  visibleHistory<T extends Pick<HelpRequestHistoryView, 'internal'>>(principal: Principal, entries: T[]): T[] {
    return isAdminPrincipal(principal) ? entries : entries.filter((e) => !e.internal);
  }

  visibleResponses<T extends Pick<HelpResponseView, 'isPublic'>>(principal: Principal, responses: T[]): T[] {
    return isAdminPrincipal(principal) ? responses : responses.filter((r) => r.isPublic);
  }

  #attachments(): HelpAttachmentService {
    if (!this.attachments) throw new Error('help requests were built without attachments');
    return this.attachments;
  }

  #mayRead(viewer: Viewer, request: HelpRequest): boolean {
    return (
      viewer.isAdmin ||
      (request.requester !== null && request.requester !== undefined && request.requester.id === viewer.userId)
    );
  }

  /** Checks every given value before anything is read or written, so a bad request costs no lock. */
  #validateChanges(input: HelpRequestChanges): HelpRequestChanges {
    const wanted: HelpRequestChanges = {};
    if (input.title !== undefined) wanted.title = requiredText(input.title, 'title', LIMITS.title);
    if (input.description !== undefined)
      wanted.description = requiredText(input.description, 'description', LIMITS.description);
    if (input.status !== undefined) {
      if (input.status === null) throw new ValidationError('status cannot be null', 'status');
      wanted.status = input.status;
    }
    if (input.priority !== undefined) {
      if (input.priority === null) throw new ValidationError('priority cannot be null', 'priority');
      wanted.priority = input.priority;
    }
    if (input.category !== undefined) {
      if (input.category === null || !HELP_CATEGORIES.includes(input.category))
        throw new ValidationError('category must be one of ' + HELP_CATEGORIES.join(', '), 'category');
      wanted.category = input.category;
    }
    if (input.assignedToId !== undefined) {
      if (input.assignedToId !== null && !isHexId(input.assignedToId)) {
        throw new ValidationError('assigned_to_id must be the user id of an administrator', 'assigned_to_id');
      }
      wanted.assignedToId = input.assignedToId;
    }
    if (input.adminNotes !== undefined)
      wanted.adminNotes = optionalText(input.adminNotes, 'admin_notes', LIMITS.adminNotes);
    if (input.zip !== undefined) wanted.zip = zipCode(input.zip);
    if (input.tags !== undefined) wanted.tags = requestTags(input.tags);
    return wanted;
  }

  /**
   * Sets each wanted value that differs from the current one and returns what changed. A status change moves the
   * service-level clock (a late resolution joins `breaches`) and a priority change recounts it, both under `sla`.
   */
  #apply(
    em: EntityManager,
    request: HelpRequest,
    wanted: HelpRequestChanges,
    now: Date,
    breaches: SlaTarget[],
    sla?: SlaContext,
  ): FieldChange[] {
    const changes: FieldChange[] = [];
    const change = (
      field: string,
      oldValue: string | null,
      newValue: string | null,
      action: HistoryAction = 'updated',
      internal = false,
    ) => {
      if (oldValue !== newValue) changes.push({ field, action, oldValue, newValue, internal });
      return oldValue !== newValue;
    };
    if (wanted.title !== undefined && change('title', request.title, wanted.title)) request.title = wanted.title!;
    if (wanted.description !== undefined && change('description', request.description, wanted.description))
      request.description = wanted.description!;
    if (wanted.status && change('status', request.status, wanted.status))
      breaches.push(...changeStatus(request, wanted.status, now, sla!.schedule, sla!.rules));
    if (wanted.priority && change('priority', request.priority, wanted.priority)) {
      request.priority = wanted.priority;
      // What was used stays used; what is left is counted under the new priority's rules (for a calendar policy,
      // the database's trigger agrees).
      recount(
        request,
        now,
        request.slaScheduleId === sla!.rules.scheduleId ? sla!.rules.schedule : sla!.schedule,
        sla!.rules,
      );
    }
    if (wanted.category && change('category', request.category, wanted.category)) request.category = wanted.category;
    if (
      wanted.assignedToId !== undefined &&
      change('assigned_to_id', request.assignedTo?.id ?? null, wanted.assignedToId, 'assigned')
    ) {
      request.assignedTo = wanted.assignedToId ? em.getReference(User, wanted.assignedToId) : null;
    }
    // Internal notes stay out of the requester's view of the history too.
    if (
      wanted.adminNotes !== undefined &&
      change('admin_notes', request.adminNotes ?? null, wanted.adminNotes, 'updated', true)
    ) {
      request.adminNotes = wanted.adminNotes;
    }
    if (wanted.zip !== undefined && change('zip', request.zip ?? null, wanted.zip)) request.zip = wanted.zip;
    // Tags are administrators' labels: internal, as admin notes are.
    if (
      wanted.tags &&
      change('tags', (request.tags ?? []).join(',') || null, wanted.tags.join(',') || null, 'updated', true)
    ) {
      request.tags = [...wanted.tags];
    }
    return changes;
  }

  #record(
    em: EntityManager,
    request: HelpRequest,
    actorId: string | null,
    changes: FieldChange[],
    at: Date,
    byRule?: string,
  ): void {
    const actor = actorId === null ? null : em.getReference(User, actorId);
    for (const c of changes) {
      em.create(HelpRequestHistory, {
        request,
        action: c.action,
        field: c.field,
        oldValue: c.oldValue,
        newValue: c.newValue,
        internal: c.internal,
        actor,
        byRule: byRule ?? null,
        createdAt: at,
      });
    }
  }
}

/** What a hook is told of a change's fields (the history's action stays the history's). */
const fieldChanges = (changes: FieldChange[]): HelpRequestFieldChange[] =>
  changes.map(({ field, oldValue, newValue, internal }) => ({ field, oldValue, newValue, internal }));

/** Who the audit trail names for a change no person made. */
const systemActor = (byRule: string | undefined): SystemActor => ({
  kind: 'system',
  name: byRule === undefined ? 'help desk' : `rule ${byRule}`,
});

const changedFields = (changes: FieldChange[]) => ({
  fields: changes.map((c) => c.field),
  internalFields: changes.filter((c) => c.internal).map((c) => c.field),
});

/**
 * What a viewer hears of a change, matching what the request's history shows them: an administrator all of
 * it; the requester the change without its internal parts (admin notes; a private response, of which they
 * hear only the status it set, as an update); anyone else nothing. Null when nothing is left to tell.
 */
function changeSeenBy(viewer: Viewer, change: HelpRequestChange): HelpRequestChange | null {
  if (viewer.isAdmin) return change;
  if (change.kind === 'sla_breached') return null;
  if (change.requesterId === null || change.requesterId !== viewer.userId) return null;
  const fields = change.fields.filter((f) => !change.internalFields.includes(f));
  const kind = change.kind === 'responded' && change.responseIsPublic !== true ? 'updated' : change.kind;
  if (kind === 'updated' && fields.length === 0) return null;
  return { ...change, kind, fields, internalFields: [] };
}
