import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Actor } from '../platform/auth/principal.js';
import { DomainError, NotFoundError } from '../platform/errors.js';
import type { HelpCategory, HelpPriority, HelpStatus } from '../platform/graphql/generated/enums.js';
import { repeatEvery, type PeriodicWork } from '../platform/periodic.js';
import type { HelpRequestChangeInProgress, HelpRequestFieldChange } from '../helpdesk/change-hooks.js';
import { HelpRequest } from '../helpdesk/help-request.entity.js';
import { actionTags, type Action } from './actions.js';
import { conditionsHold, type Conditions, type FieldChange, type RequestFacts } from './conditions.js';
import type { MailService } from './mail.js';
import type { HelpMacroView, HelpRuleService } from './rules.js';
import type { HelpRuleEvent } from './vocabulary.js';
import { TEXT_ARRAY, textArray, type HelpWebhookService } from './webhooks.js';

/*
 * Rules at work. Triggers run inside each help-request change's transaction (the help desk's change hook), in
 * position order, each at most once per change; a trigger's own changes go through the help desk's change service
 * with the trigger named (byRule), so later triggers see them while the hook, hearing a change a trigger made,
 * runs no trigger on it: one pass per change, so two triggers that undo each other end. A trigger whose actions
 * cannot apply any more (its assignee deleted since it was saved, its webhook gone) is recorded as skipped and the
 * change goes on. Automations run on a timer over requests not closed, firing once per request while their
 * conditions hold; a row per firing is the once, across replicas (its primary key), and its removal, once the
 * conditions stop holding, lets the automation fire again.
 */

type Request = HelpRequestChangeInProgress['request'];

/** What rules use of the help desk's change service: changes inside the caller's transaction, a rule named. */
export interface HelpRequestChanges {
  applyInTransaction(
    em: EntityManager,
    actor: Actor | null,
    request: Request,
    changes: {
      status?: HelpStatus;
      priority?: HelpPriority;
      category?: HelpCategory;
      assignedToId?: string;
      tags?: readonly string[];
    },
    options?: { byRule?: string; at?: Date },
  ): Promise<HelpRequestFieldChange[]>;
  addInternalNote(
    em: EntityManager,
    request: Request,
    text: string,
    options?: { byRule?: string; at?: Date },
  ): Promise<unknown>;
}

/** What a rule's changes are recorded under (the history's by_rule): its kind and id. */
const ruleTag = (kind: 'trigger' | 'automation', id: string) => `${kind}:${id}`;

/** How many requests an automation look reads at a time. */
const PAGE = 500;

interface RunnableRule {
  id: string;
  name: string;
  conditions: Conditions;
  actions: Action[];
}

interface LoadedTrigger extends RunnableRule {
  events: HelpRuleEvent[];
}

/** The events a change is, for triggers and webhooks: its kind, and what its fields say happened. */
export function eventsOf(kind: HelpRequestChangeInProgress['kind'], changes: readonly FieldChange[]): HelpRuleEvent[] {
  const events: HelpRuleEvent[] = [kind];
  if (changes.some((c) => c.field === 'assigned_to_id')) events.push('assigned');
  if (changes.some((c) => c.field === 'status')) events.push('status_changed');
  return events;
}

/** What conditions read of a request. */
export function factsOf(request: Request): RequestFacts {
  return {
    status: request.status,
    priority: request.priority,
    category: request.category,
    tags: request.tags,
    assigneeId: request.assignedTo?.id ?? null,
    // A request from before channels were recorded came from the web.
    channel: (request as { channel?: string | null }).channel ?? 'web',
    contactEmail: request.contactEmail ?? null,
    title: request.title,
    description: request.description,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    resolvedAt: request.resolvedAt ?? null,
  };
}

const upper = (value: string | null | undefined) => (value ? value.toUpperCase() : null);

/** The request as an administrator reads it through GraphQL (field names, enum spellings), for webhook bodies. */
export function requestAsAdministratorReadsIt(request: Request) {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    category: upper(request.category),
    priority: upper(request.priority),
    status: upper(request.status),
    contactEmail: request.contactEmail ?? null,
    zip: request.zip ?? null,
    requesterId: request.requester?.id ?? null,
    assignedToId: request.assignedTo?.id ?? null,
    adminNotes: request.adminNotes ?? null,
    tags: request.tags,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    resolvedAt: request.resolvedAt?.toISOString() ?? null,
    firstResponseDueAt: request.firstResponseDueAt.toISOString(),
    resolutionDueAt: request.resolutionDueAt.toISOString(),
  };
}

/** Why a rule cannot do what it says any more, or null when it can. */
type Blocker = string | null;

export class HelpRuleRunner {
  #periodic: PeriodicWork | undefined;
  /** Deliveries queued by changes of this process whose commit the worker has not been woken for. */
  #queued = 0;

  constructor(
    private readonly now: () => Date,
    private readonly rules: HelpRuleService,
    private readonly webhooks: HelpWebhookService,
    private readonly changes: HelpRequestChanges,
    private readonly mail: () => MailService | undefined,
    private readonly log: Pick<Logger, 'info' | 'warn'>,
  ) {}

  /** Deliveries were queued since the last call (a change committed: the caller wakes the delivery worker). */
  takeQueued(): boolean {
    const queued = this.#queued > 0;
    this.#queued = 0;
    return queued;
  }

  /** The change hook: triggers in position order, then the webhooks that hear the change's events. */
  async onChange(change: HelpRequestChangeInProgress): Promise<void> {
    // A trigger's own change: the pass that made it is still running, and sees it.
    if (change.byRule?.startsWith('trigger:')) return;
    const { em, request, at } = change;
    let changes: FieldChange[] = [...change.changes];
    const events = eventsOf(change.kind, changes);
    const [loaded] = await em.execute<{ triggers: LoadedTrigger[] | null; listening: boolean }[]>(
      `select (select json_agg(json_build_object('id', t.id, 'name', t.name, 'events', t.events, 'conditions', t.conditions, 'actions', t.actions) order by t.position, t.id)
                 from help_triggers t where t.active and t.events && ${TEXT_ARRAY}) as triggers,
              exists (select 1 from help_webhooks w where w.active and cardinality(w.events) > 0) as listening`,
      [textArray(events)],
    );
    const sendTo = new Set<string>();
    for (const trigger of loaded?.triggers ?? []) {
      if (!conditionsHold(trigger.conditions, { request: factsOf(request), changes, now: at })) continue;
      const made = await this.#fire(em, request, 'trigger', trigger, { at, event: change.kind, sendTo });
      changes = [...changes, ...made];
    }
    if (!loaded?.listening && sendTo.size === 0) return;
    await this.#enqueue(em, request, eventsOf(change.kind, changes), changes, change, sendTo);
  }

  /** An administrator applies a macro to one request: its actions as one change of theirs (triggers then run on it). */
  async applyMacro(em: EntityManager, actor: Actor, requestId: number, macroId: string): Promise<Request> {
    const macro: HelpMacroView = await this.rules.macro(em, macroId);
    const at = this.now();
    return em.transactional(async (tem) => {
      const request = await tem.findOne(HelpRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      const blocker = await this.#blocker(tem, macro.actions);
      if (blocker) throw new DomainError('CONFLICT', `The macro cannot be applied: ${blocker}`);
      const sendTo = new Set<string>();
      const changes = await this.#apply(tem, request, macro.actions, { actor, at, sendTo });
      if (sendTo.size > 0)
        await this.#enqueue(tem, request, ['updated'], changes, { kind: 'updated', actor }, sendTo, true);
      return request;
    });
  }

  /** Runs one trigger or automation that holds: its actions, or, when they cannot apply, a record of why not. */
  async #fire(
    em: EntityManager,
    request: Request,
    kind: 'trigger' | 'automation',
    rule: RunnableRule,
    context: { at: Date; event: string; sendTo: Set<string> },
  ): Promise<FieldChange[]> {
    const blocker = await this.#blocker(em, rule.actions);
    const tag = ruleTag(kind, rule.id);
    if (blocker) {
      await this.#recordFiring(em, request.id, kind, rule, 'skipped', blocker, context.at);
      this.log.info(
        { rule: tag, requestId: request.id, reason: blocker },
        'a help rule could not apply and was skipped',
      );
      return [];
    }
    try {
      const made = await this.#apply(em, request, rule.actions, {
        byRule: tag,
        at: context.at,
        sendTo: context.sendTo,
        event: context.event,
      });
      await this.#recordFiring(em, request.id, kind, rule, 'fired', null, context.at, tag);
      return made;
    } catch (error) {
      // What the help desk refuses of a rule (a value it no longer takes) skips the rule, never the change.
      if (!(error instanceof DomainError)) throw error;
      await this.#recordFiring(em, request.id, kind, rule, 'skipped', error.message, context.at);
      this.log.info(
        { rule: tag, requestId: request.id, reason: error.message },
        'a help rule could not apply and was skipped',
      );
      return [];
    }
  }

  /** What in a saved rule's actions has become impossible since it was saved. */
  async #blocker(em: EntityManager, actions: readonly Action[]): Promise<Blocker> {
    const assignee = actions.find((a) => a.type === 'assign')?.value;
    const webhooks = actions.flatMap((a) => (a.webhookId ? [a.webhookId] : []));
    if (assignee || webhooks.length) {
      const [row] = await em.execute<{ admin: boolean; webhooks: number }[]>(
        `select exists (select 1 from users where id = ? and role = 'admin') as admin,
                (select count(*)::int from help_webhooks where active and id in (select jsonb_array_elements_text(?::jsonb))) as webhooks`,
        [assignee ?? '', textArray([...new Set(webhooks)])],
      );
      if (assignee && !row?.admin) return `its assignee ${assignee} is no longer an administrator`;
      if (webhooks.length && row?.webhooks !== new Set(webhooks).size) return 'its webhook was deleted or turned off';
    }
    for (const action of actions) {
      if (action.type !== 'mail_contact' && action.type !== 'mail_agents') continue;
      const mail = this.mail();
      if (!mail) return 'mail actions need the mail module, which this gateway no longer runs';
      if (!mail.hasTemplate(action.value)) return `its mail template ${action.value} no longer exists`;
    }
    return null;
  }

  /** Applies actions to a locked request: its fields in one change, then notes, mail and webhooks. */
  async #apply(
    em: EntityManager,
    request: Request,
    actions: readonly Action[],
    options: { byRule?: string; actor?: Actor; at: Date; sendTo: Set<string>; event?: string },
  ): Promise<FieldChange[]> {
    const wanted: Parameters<HelpRequestChanges['applyInTransaction']>[3] = {};
    let tags: string[] | undefined;
    for (const action of actions) {
      // Values checked against the vocabularies when the rule was saved (actions.ts).
      if (action.type === 'set_status') wanted.status = action.value as HelpStatus;
      else if (action.type === 'set_priority') wanted.priority = action.value as HelpPriority;
      else if (action.type === 'set_category') wanted.category = action.value as HelpCategory;
      else if (action.type === 'assign') wanted.assignedToId = action.value;
      else if (action.type === 'add_tags') tags = [...new Set([...(tags ?? request.tags), ...actionTags(action)])];
      else if (action.type === 'remove_tags')
        tags = (tags ?? request.tags).filter((t) => !actionTags(action).includes(t));
    }
    if (tags && (tags.length !== request.tags.length || tags.some((t, i) => t !== request.tags[i]))) wanted.tags = tags;
    // Only what would change: a rule that sets what already stands changes nothing, and records nothing.
    for (const key of ['status', 'priority', 'category'] as const) if (wanted[key] === request[key]) delete wanted[key];
    if (wanted.assignedToId === request.assignedTo?.id) delete wanted.assignedToId;
    const options_ = { at: options.at, ...(options.byRule ? { byRule: options.byRule } : {}) };
    const made: HelpRequestFieldChange[] =
      Object.keys(wanted).length > 0
        ? await this.changes.applyInTransaction(em, options.actor ?? null, request, wanted, options_)
        : [];
    for (const action of actions) {
      if (action.type === 'add_internal_note') await this.changes.addInternalNote(em, request, action.value, options_);
      else if (action.type === 'mail_contact' || action.type === 'mail_agents')
        await this.mail()!.enqueueTemplate(em, {
          requestId: request.id,
          to: action.type === 'mail_contact' ? 'contact' : 'agents',
          template: action.value,
          ...(options.event ? { event: options.event } : {}),
          ...(options.byRule ? { byRule: options.byRule } : {}),
        });
      else if (action.type === 'send_webhook' && action.webhookId) options.sendTo.add(action.webhookId);
    }
    return made;
  }

  /** Queues the change for the webhooks that hear its events (and those a trigger sent it to), once per event each. */
  async #enqueue(
    em: EntityManager,
    request: Request,
    events: readonly HelpRuleEvent[],
    changes: readonly FieldChange[],
    change: Pick<HelpRequestChangeInProgress, 'kind' | 'actor'> & { at?: Date },
    sendTo: ReadonlySet<string>,
    onlySent = false,
  ): Promise<void> {
    const at = change.at ?? this.now();
    const data = {
      request: requestAsAdministratorReadsIt(request),
      change: {
        kind: change.kind,
        actor:
          change.actor?.kind === 'user'
            ? { kind: 'user', id: change.actor.userId, username: change.actor.username }
            : { kind: 'system' },
        changes: changes.map(({ field, oldValue, newValue }) => ({ field, oldValue, newValue })),
      },
    };
    for (const [i, event] of events.entries()) {
      // A trigger's SEND_WEBHOOK sends the change as its first event; webhooks that list an event hear it as that.
      const queued = await this.webhooks.enqueue(em, { event, at, data }, i === 0 ? [...sendTo] : [], onlySent);
      this.#queued += queued;
    }
  }

  async #recordFiring(
    em: EntityManager,
    requestId: number,
    kind: 'trigger' | 'automation',
    rule: RunnableRule,
    outcome: 'fired' | 'skipped',
    reason: string | null,
    at: Date,
    tag?: string,
  ): Promise<void> {
    await em.execute(
      `with firing as (
         insert into help_rule_firings (request_id, rule_kind, rule_id, rule_name, outcome, reason, at) values (?, ?, ?, ?, ?, ?, ?))
       insert into help_request_history (request_id, action, field, old_value, new_value, internal, actor_id, by_rule, created_at)
       select ?, 'updated', ?, null, ?, true, null, ?, ? where ?`,
      [
        requestId,
        kind,
        rule.id,
        rule.name,
        outcome,
        reason,
        at,
        requestId,
        kind,
        rule.name,
        tag ?? null,
        at,
        outcome === 'fired',
      ],
    );
  }

  // ——— automations ———

  start(everyMs: number, fork: () => EntityManager): void {
    this.#periodic ??= repeatEvery(
      everyMs,
      () => this.runAutomations(fork),
      (error) => this.log.warn({ err: error }, 'running help automations failed; retrying later'),
      'help automations',
    );
  }

  async stop(): Promise<void> {
    await this.#periodic?.stop();
    this.#periodic = undefined;
  }

  /**
   * One look: each active automation over the requests not closed, in position order. Where its conditions hold and
   * it has not fired, it fires, in a transaction of its own per request that first claims the firing (the primary
   * key: a replica running the same look at once waits, then finds it taken); where they no longer hold, its firing
   * is forgotten. Returns how many firings it made.
   */
  async runAutomations(fork: () => EntityManager): Promise<number> {
    const em = fork();
    const automations = (await this.rules.automations(em)).filter((a) => a.active);
    let fired = 0;
    for (const automation of automations) {
      let after = 0;
      for (;;) {
        const now = this.now();
        const page = await em.execute<{ id: number; fired: boolean }[]>(
          `select r.id, exists (select 1 from help_automation_firings f where f.automation_id = ? and f.request_id = r.id) as fired
             from help_requests r where r.status <> 'closed' and r.id > ? order by r.id limit ?`,
          [automation.id, after, PAGE],
        );
        if (page.length === 0) break;
        after = page.at(-1)!.id;
        const requests = await fork().find(HelpRequest, { id: { $in: page.map((p) => p.id) } });
        const holding = new Set(
          requests
            .filter((r) => conditionsHold(automation.conditions, { request: factsOf(r), changes: [], now }))
            .map((r) => r.id),
        );
        const lapsed = page.filter((p) => p.fired && !holding.has(p.id)).map((p) => p.id);
        if (lapsed.length)
          await em.execute(
            `delete from help_automation_firings where automation_id = ? and request_id in (select (jsonb_array_elements_text(?::jsonb))::int)`,
            [automation.id, JSON.stringify(lapsed.map(String))],
          );
        for (const row of page) {
          if (row.fired || !holding.has(row.id)) continue;
          if (await this.#fireAutomation(fork(), automation, row.id)) fired++;
        }
        if (page.length < PAGE) break;
      }
    }
    return fired;
  }

  async #fireAutomation(em: EntityManager, automation: RunnableRule, requestId: number): Promise<boolean> {
    const at = this.now();
    const queuedBefore = this.#queued;
    const fired = await em.transactional(async (tem) => {
      const claimed = await tem.execute<unknown[]>(
        `insert into help_automation_firings (automation_id, request_id, fired_at) values (?, ?, ?) on conflict do nothing returning 1`,
        [automation.id, requestId, at],
      );
      if (claimed.length === 0) return false;
      const request = await tem.findOne(HelpRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      // Changed or gone since the look read it: the next look decides again.
      if (!request || !conditionsHold(automation.conditions, { request: factsOf(request), changes: [], now: at })) {
        await tem.execute(`delete from help_automation_firings where automation_id = ? and request_id = ?`, [
          automation.id,
          requestId,
        ]);
        return false;
      }
      const sendTo = new Set<string>();
      const changes = await this.#fire(tem, request, 'automation', automation, { at, event: 'updated', sendTo });
      if (sendTo.size > 0)
        await this.#enqueue(tem, request, ['updated'], changes, { kind: 'updated', actor: null, at }, sendTo, true);
      return true;
    });
    if (fired && this.#queued > queuedBefore)
      this.log.info({ automation: automation.id, requestId }, 'a help automation queued webhook deliveries');
    return fired;
  }
}
