import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder, SystemActor } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import { User } from '../users/user.entity.js';
import {
  ASSIGNABLE_USER,
  helpDeskUserOf,
  isAgent,
  mayEditSettledRequest,
  mayRateRequest,
  mayReadRequest,
} from './access.js';
import { tokenList, type HelpAttachmentService } from './attachments/service.js';
import { recordRequestChanges, recordRequestDeletion } from './audit-events.js';
import type { BusinessSchedule } from './business-time.js';
import type { HelpRequestChangeHooks, HelpRequestFieldChange } from './change-hooks.js';
import type { HelpRequestEvents } from './events.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';
import { readSchedules } from './schedule-records.js';
import type { HelpSlaPolicyService } from './sla-policies.js';
import { lockSlaRules } from './sla-lock.js';
import {
  changeStatus,
  markBreached,
  meetFirstResponse,
  passedTargets,
  recount,
  startClock,
  type SlaRules,
  type SlaTarget,
} from './sla.js';
import { contactEmail, optionalText, requestTags, requiredText, satisfactionScore, zipCode } from './validation.js';
import {
  HELP_CATEGORIES,
  LIMITS,
  RATING_CHANGE_WINDOW_MS,
  SETTLED_STATUSES,
  type HelpCategory,
  type HelpPriority,
  type HelpStatus,
  type HistoryAction,
} from './vocabulary.js';

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

/** Changes, by legacy field name, that only an agent may make. */
const ADMIN_FIELDS = {
  status: 'status',
  priority: 'priority',
  assignedToId: 'assigned_to_id',
  adminNotes: 'admin_notes',
  tags: 'tags',
} as const;

/** The rules a change of a request's clock needs: its priority's, and the schedule the clock has counted in. */
interface SlaContext {
  rules: SlaRules;
  schedule: BusinessSchedule | null;
}

interface FieldChange {
  field: string;
  action: HistoryAction;
  oldValue: string | null;
  newValue: string | null;
  internal: boolean;
}

/**
 * Changing help requests: filing, updating, answering, rating and deleting them, and the changes other modules make
 * inside their own transactions. Each change locks the request row (SELECT … FOR UPDATE), writes its history and
 * audit in the same transaction and runs the change hooks there, so concurrent edits queue instead of overwriting
 * each other and every history entry's old value is the previous one's new value; subscribers hear of it after commit.
 */
export class HelpRequestChangeService {
  constructor(
    private readonly now: () => Date,
    private readonly events: HelpRequestEvents,
    private readonly audit: AuditRecorder,
    private readonly policies: HelpSlaPolicyService,
    /** What other modules run inside each change's transaction (see change-hooks.ts). */
    readonly changeHooks: HelpRequestChangeHooks,
    private readonly attachments?: HelpAttachmentService,
  ) {}

  async create(em: EntityManager, principal: Actor, input: NewHelpRequest): Promise<HelpRequest> {
    const viewer = helpDeskUserOf(principal);
    const values = checkedNewRequest(input);
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

  /**
   * Files a request nobody signed in asked for (a contact's mail) inside the caller's transaction `em`: no requester,
   * no actor in its history, the change hooks run as for any new request (its contact_email makes its contact), and
   * subscribers hear of it once the caller's transaction commits.
   */
  async fileInTransaction(
    em: EntityManager,
    input: Omit<NewHelpRequest, 'attachmentTokens'>,
    options: { at?: Date } = {},
  ): Promise<HelpRequest> {
    const values = checkedNewRequest(input);
    const at = options.at ?? this.now();
    await lockSlaRules(em, 'shared');
    const rules = await this.policies.rules(em, values.priority);
    const request = em.create(HelpRequest, {
      ...values,
      status: 'open',
      requester: null,
      assignedTo: null,
      adminNotes: null,
      createdAt: at,
      updatedAt: at,
      ...startClock(at, rules),
      firstResponseBreached: false,
      resolutionBreached: false,
      tags: [],
    });
    em.create(HelpRequestHistory, { request, action: 'created', internal: false, actor: null, createdAt: at });
    await em.flush();
    await this.changeHooks.run({ em, kind: 'created', request, changes: [], actor: null, at });
    this.events.publishAfterCommit(em, {
      kind: 'created',
      requestId: request.id,
      requesterId: null,
      fields: [],
      internalFields: [],
      at,
    });
    return request;
  }

  async update(em: EntityManager, principal: Actor, id: number, input: HelpRequestChanges): Promise<HelpRequest> {
    const viewer = helpDeskUserOf(principal);
    const given = (Object.keys(input) as (keyof HelpRequestChanges)[]).filter((k) => input[k] !== undefined);
    const adminOnly = given.filter((k): k is keyof typeof ADMIN_FIELDS => k in ADMIN_FIELDS);
    if (!isAgent(viewer) && adminOnly.length > 0) {
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
              { id: wanted.assignedToId, ...ASSIGNABLE_USER },
              { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ },
            ),
          )
        : true;
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request || !mayReadRequest(viewer, request)) throw new NotFoundError();
      if (!mayEditSettledRequest(viewer) && SETTLED_STATUSES.includes(request.status)) {
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
    const viewer = helpDeskUserOf(principal);
    if (!isAgent(viewer)) throw new ForbiddenError('Admin access required');
    const text = requiredText(input.response, 'response', LIMITS.response);
    const newStatus = input.newStatus ?? null;
    const isPublic = input.isPublic ?? true;
    const tokens = tokenList(input.attachmentTokens);
    const now = this.now();

    const { response, changes, requesterId, breaches } = await em.transactional(async (tem) => {
      await lockSlaRules(tem, 'shared');
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      const answer = { text, newStatus, isPublic, tokens };
      const made = await this.#respondIn(tem, principal, viewer.userId, request, answer, now);
      return { ...made, requesterId: request.requester?.id ?? null };
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
   * An agent's public answer written inside the caller's transaction `em` (an agent's mail on a request's thread):
   * what respondToHelpRequest does with only a text, so it changes no status, attaches no upload and is never
   * private. Its caller has decided who the agent is; subscribers hear of it once the caller's transaction commits.
   */
  async respondInTransaction(
    em: EntityManager,
    actor: Actor,
    requestId: number,
    text: string,
    options: { at?: Date } = {},
  ): Promise<{ request: HelpRequest; response: HelpResponse }> {
    if (actor.kind !== 'user') throw new Error('an answer is written by a user');
    const answer = requiredText(text, 'response', LIMITS.response);
    const at = options.at ?? this.now();
    // The rules before the request, as every change that moves a clock takes them.
    await lockSlaRules(em, 'shared');
    const request = await em.findOne(
      HelpRequest,
      { id: requestId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!request) throw new NotFoundError();
    const { response, changes, breaches } = await this.#respondIn(
      em,
      actor,
      actor.userId,
      request,
      { text: answer, newStatus: null, isPublic: true, tokens: [] },
      at,
    );
    const requesterId = request.requester?.id ?? null;
    this.events.publishAfterCommit(em, {
      kind: 'responded',
      requestId: request.id,
      requesterId,
      ...changedFields(changes.slice(1)),
      responseIsPublic: true,
      at,
    });
    this.#publishBreachesAfterCommit(em, request.id, requesterId, breaches, at);
    return { request, response };
  }

  /** A response on a locked request, with its history, clock, audit and hooks, in the caller's transaction `tem`. */
  async #respondIn(
    tem: EntityManager,
    principal: Actor,
    responderId: string,
    request: HelpRequest,
    input: { text: string; newStatus: HelpStatus | null; isPublic: boolean; tokens: readonly string[] },
    now: Date,
  ): Promise<{ response: HelpResponse; changes: FieldChange[]; breaches: SlaTarget[] }> {
    const { text, newStatus, isPublic, tokens } = input;
    const response = tem.create(HelpResponse, {
      request,
      responder: tem.getReference(User, responderId),
      response: text,
      newStatus,
      isPublic,
      createdAt: now,
    });
    await tem.flush(); // the history entry names the response by id
    if (tokens.length > 0)
      await this.#attachments().attach(tem, responderId, tokens, {
        requestId: request.id,
        responseId: response.id,
      });
    const sla = await this.#slaContext(tem, request, request.priority);
    const breaches = this.#breachesPassed(request, now);
    // The first public answer meets the first-response target (a private note to colleagues does not).
    if (isPublic) breaches.push(...meetFirstResponse(request, now, sla.schedule));
    const changes: FieldChange[] = [
      { field: 'response', action: 'responded', oldValue: null, newValue: String(response.id), internal: !isPublic },
      ...(newStatus ? this.#apply(tem, request, { status: newStatus }, now, breaches, sla) : []),
    ];
    request.updatedAt = now;
    this.#record(tem, request, responderId, changes, now);
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
    return { response, changes, breaches };
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
    const viewer = helpDeskUserOf(principal);
    const value = satisfactionScore(score);
    const text = optionalText(comment, 'comment', LIMITS.satisfactionComment);
    const now = this.now();
    const { request, change } = await em.transactional(async (tem) => {
      const request = await tem.findOne(HelpRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request || !mayReadRequest(viewer, request)) throw new NotFoundError();
      if (!mayRateRequest(viewer, request)) throw new ForbiddenError('Only the requester may rate a help request');
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
      const assignee = await em.findOne(User, { id: wanted.assignedToId, ...ASSIGNABLE_USER }, { fields: ['id'] });
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
    this.#publishBreachesAfterCommit(em, request.id, requesterId, breaches, at);
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

  /** The rules of `priority` as they stand, and the schedule the request's clock has counted in so far. */
  async #slaContext(em: EntityManager, request: HelpRequest, priority: HelpPriority): Promise<SlaContext> {
    const rules = await this.policies.rules(em, priority);
    const id = request.slaScheduleId ?? null;
    if (id === null || id === rules.scheduleId) return { rules, schedule: id === null ? null : rules.schedule };
    // A schedule since deleted counted only a clock that has stood still since (deleting one in use is refused).
    return { rules, schedule: (await readSchedules(em, [id])).get(id) ?? null };
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

  /** The breaches a change found, heard once its transaction `em` commits. */
  #publishBreachesAfterCommit(
    em: EntityManager,
    requestId: number,
    requesterId: string | null,
    targets: SlaTarget[],
    at: Date,
  ): void {
    if (targets.length === 0) return;
    const fields = [...new Set(targets)];
    this.events.publishAfterCommit(em, {
      kind: 'sla_breached',
      requestId,
      requesterId,
      fields,
      internalFields: fields,
      at,
    });
  }

  #attachments(): HelpAttachmentService {
    if (!this.attachments) throw new Error('help requests were built without attachments');
    return this.attachments;
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

/** A change's fields as subscribers hear of them. */
const changedFields = (changes: FieldChange[]) => ({
  fields: changes.map((c) => c.field),
  internalFields: changes.filter((c) => c.internal).map((c) => c.field),
});

/** A new request's fields, checked and with their defaults, as every way of filing one takes them. */
function checkedNewRequest(input: Omit<NewHelpRequest, 'attachmentTokens'>) {
  return {
    title: requiredText(input.title, 'title', LIMITS.title),
    description: requiredText(input.description, 'description', LIMITS.description),
    category: input.category ?? 'general',
    priority: input.priority ?? 'medium',
    contactEmail: contactEmail(input.contactEmail),
    zip: zipCode(input.zip),
  };
}
