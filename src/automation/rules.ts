import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder } from '../audit/recorder.js';
import type { AuditAction, AuditTargetType } from '../audit/actions.js';
import type { Actor } from '../platform/auth/principal.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { isHexId, newHexId } from '../platform/ids.js';
import { validateActions, type Action } from './actions.js';
import { asksAboutChanges, validateConditions, type Conditions } from './conditions.js';
import type { MailService } from './mail.js';
import { ruleEvents, ruleName, type HelpRuleEvent } from './vocabulary.js';
import { textArray, TEXT_ARRAY } from './webhooks.js';

/*
 * Triggers, automations and macros as administrators keep them. Everything a rule names is checked when it is
 * saved, so a saved rule can run: its conditions (field, operator, value), its actions' values, the administrator an
 * ASSIGN names (a user who is not one, or no longer exists, is refused by id), the webhook a SEND_WEBHOOK names, and
 * the mail module and template a MAIL_* action needs. What becomes impossible later (the administrator deleted since)
 * is the runner's to skip and record.
 */

export interface HelpTriggerView {
  id: string;
  name: string;
  active: boolean;
  position: number;
  events: HelpRuleEvent[];
  conditions: Conditions;
  actions: Action[];
}

export type HelpAutomationView = Omit<HelpTriggerView, 'events'>;

export interface HelpMacroView {
  id: string;
  name: string;
  actions: Action[];
}

interface RuleInput {
  name?: string | null;
  events?: readonly string[] | null;
  conditions?: { all?: readonly unknown[] | null; any?: readonly unknown[] | null } | null;
  actions?: readonly unknown[] | null;
  active?: boolean | null;
}

const TRIGGER_COLUMNS = 'id, name, active, position, events, conditions, actions';
const AUTOMATION_COLUMNS = 'id, name, active, position, conditions, actions';

type Kind = 'trigger' | 'automation';
const TABLE: Record<Kind, string> = { trigger: 'help_triggers', automation: 'help_automations' };
const COLUMNS: Record<Kind, string> = { trigger: TRIGGER_COLUMNS, automation: AUTOMATION_COLUMNS };

export class HelpRuleService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
    /** The mail module's service when the gateway runs it (read when a rule is saved: modules come in any order). */
    private readonly mail: () => MailService | undefined,
  ) {}

  triggers(em: EntityManager): Promise<HelpTriggerView[]> {
    return em.execute<HelpTriggerView[]>(`select ${TRIGGER_COLUMNS} from help_triggers order by position, id`);
  }

  automations(em: EntityManager): Promise<HelpAutomationView[]> {
    return em.execute<HelpAutomationView[]>(`select ${AUTOMATION_COLUMNS} from help_automations order by position, id`);
  }

  createTrigger(em: EntityManager, actor: Actor, input: RuleInput): Promise<HelpTriggerView> {
    return this.#create(em, actor, 'trigger', input) as Promise<HelpTriggerView>;
  }

  createAutomation(em: EntityManager, actor: Actor, input: RuleInput): Promise<HelpAutomationView> {
    return this.#create(em, actor, 'automation', input);
  }

  updateTrigger(em: EntityManager, actor: Actor, id: string, input: RuleInput): Promise<HelpTriggerView> {
    return this.#update(em, actor, 'trigger', id, input) as Promise<HelpTriggerView>;
  }

  updateAutomation(em: EntityManager, actor: Actor, id: string, input: RuleInput): Promise<HelpAutomationView> {
    return this.#update(em, actor, 'automation', id, input);
  }

  deleteTrigger(em: EntityManager, actor: Actor, id: string): Promise<true> {
    return this.#delete(em, actor, 'help_trigger', 'help_triggers', id);
  }

  deleteAutomation(em: EntityManager, actor: Actor, id: string): Promise<true> {
    return this.#delete(em, actor, 'help_automation', 'help_automations', id);
  }

  /** Sets the order: every trigger's id, once each, so no trigger is left without a place. */
  async reorderTriggers(em: EntityManager, actor: Actor, ids: readonly string[]): Promise<HelpTriggerView[]> {
    if (new Set(ids).size !== ids.length) throw new ValidationError('ids: each trigger once', 'ids');
    return em.transactional(async (tem) => {
      await lockRules(tem);
      const known = await tem.execute<{ id: string }[]>(`select id from help_triggers`);
      const missing = known.map((r) => r.id).filter((id) => !ids.includes(id));
      const unknown = ids.filter((id) => !known.some((r) => r.id === id));
      if (unknown.length) throw new ValidationError(`ids: no trigger ${unknown.join(', ')}`, 'ids');
      if (missing.length)
        throw new ValidationError(`ids: every trigger's id, once each (missing ${missing.join(', ')})`, 'ids');
      await tem.execute(
        `update help_triggers t set position = o.n::int, updated_at = ?
           from jsonb_array_elements_text(?::jsonb) with ordinality as o(id, n) where t.id = o.id`,
        [this.now(), textArray(ids)],
      );
      this.audit.record(tem, actor, {
        action: 'help_trigger.update',
        target: { type: 'help_trigger', id: null, name: 'order' },
        changes: [{ field: 'order', oldValue: null, newValue: ids.join(',') }],
      });
      return this.triggers(tem);
    });
  }

  macros(em: EntityManager): Promise<HelpMacroView[]> {
    return em.execute<HelpMacroView[]>(`select id, name, actions from help_macros order by lower(name), id`);
  }

  async macro(em: EntityManager, id: string): Promise<HelpMacroView> {
    const [row] = isHexId(id)
      ? await em.execute<HelpMacroView[]>(`select id, name, actions from help_macros where id = ?`, [id])
      : [];
    if (!row) throw new NotFoundError('No such macro');
    return row;
  }

  async createMacro(
    em: EntityManager,
    actor: Actor,
    input: { name: string; actions: readonly unknown[] },
  ): Promise<HelpMacroView> {
    const name = ruleName(input.name);
    const actions = await this.#actions(em, input.actions, true);
    const now = this.now();
    return em.transactional(async (tem) => {
      const id = newHexId();
      const [row] = await tem.execute<HelpMacroView[]>(
        `insert into help_macros (id, name, actions, created_at, updated_at) values (?, ?, ?::jsonb, ?, ?) returning id, name, actions`,
        [id, name, JSON.stringify(actions), now, now],
      );
      this.#record(tem, actor, 'help_macro.create', 'help_macro', id, name);
      return row;
    });
  }

  async updateMacro(
    em: EntityManager,
    actor: Actor,
    id: string,
    input: { name: string; actions: readonly unknown[] },
  ): Promise<HelpMacroView> {
    const name = ruleName(input.name);
    const actions = await this.#actions(em, input.actions, true);
    return em.transactional(async (tem) => {
      const [row] = isHexId(id)
        ? await tem.execute<HelpMacroView[]>(
            `update help_macros set name = ?, actions = ?::jsonb, updated_at = ? where id = ? returning id, name, actions`,
            [name, JSON.stringify(actions), this.now(), id],
          )
        : [];
      if (!row) throw new NotFoundError('No such macro');
      this.#record(tem, actor, 'help_macro.update', 'help_macro', id, name);
      return row;
    });
  }

  deleteMacro(em: EntityManager, actor: Actor, id: string): Promise<true> {
    return this.#delete(em, actor, 'help_macro', 'help_macros', id);
  }

  async #create(em: EntityManager, actor: Actor, kind: Kind, input: RuleInput): Promise<HelpAutomationView> {
    const name = ruleName(input.name);
    const events = kind === 'trigger' ? ruleEvents(input.events, true) : [];
    const conditions = this.#conditions(kind, input.conditions, true);
    const actions = await this.#actions(em, input.actions, true);
    const now = this.now();
    const id = newHexId();
    return em.transactional(async (tem) => {
      await lockRules(tem);
      const table = TABLE[kind];
      const [row] = await tem.execute<HelpAutomationView[]>(
        `insert into ${table} (id, name, active, position, ${kind === 'trigger' ? 'events, ' : ''}conditions, actions, created_at, updated_at)
         values (?, ?, ?, (select coalesce(max(position), 0) + 1 from ${table}), ${kind === 'trigger' ? `${TEXT_ARRAY}, ` : ''}?::jsonb, ?::jsonb, ?, ?)
         returning ${COLUMNS[kind]}`,
        [
          id,
          name,
          input.active ?? true,
          ...(kind === 'trigger' ? [textArray(events)] : []),
          JSON.stringify(conditions),
          JSON.stringify(actions),
          now,
          now,
        ],
      );
      this.#record(tem, actor, `help_${kind}.create`, `help_${kind}`, id, name);
      return row;
    });
  }

  async #update(
    em: EntityManager,
    actor: Actor,
    kind: Kind,
    id: string,
    input: RuleInput,
  ): Promise<HelpAutomationView> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (clause: string, value: unknown) => {
      sets.push(clause);
      params.push(value);
    };
    if (input.name !== undefined && input.name !== null) set('name = ?', ruleName(input.name));
    if (kind === 'trigger' && input.events) set(`events = ${TEXT_ARRAY}`, textArray(ruleEvents(input.events, true)));
    if (input.conditions) set('conditions = ?::jsonb', JSON.stringify(this.#conditions(kind, input.conditions, true)));
    if (input.actions) set('actions = ?::jsonb', JSON.stringify(await this.#actions(em, input.actions, true)));
    if (input.active !== undefined && input.active !== null) set('active = ?', input.active);
    if (sets.length === 0)
      throw new ValidationError('Nothing to update: send at least one of name, events, conditions, actions, active');
    return em.transactional(async (tem) => {
      const [row] = isHexId(id)
        ? await tem.execute<HelpAutomationView[]>(
            `update ${TABLE[kind]} set ${sets.join(', ')}, updated_at = ? where id = ? returning ${COLUMNS[kind]}`,
            [...params, this.now(), id],
          )
        : [];
      if (!row) throw new NotFoundError(`No such ${kind}`);
      this.#record(tem, actor, `help_${kind}.update`, `help_${kind}`, id, row.name);
      return row;
    });
  }

  async #delete(em: EntityManager, actor: Actor, type: AuditTargetType, table: string, id: string): Promise<true> {
    await em.transactional(async (tem) => {
      const [row] = isHexId(id)
        ? await tem.execute<{ name: string }[]>(`delete from ${table} where id = ? returning name`, [id])
        : [];
      if (!row) throw new NotFoundError(`No such ${type.replace('help_', '')}`);
      this.#record(tem, actor, `${type}.delete` as AuditAction, type, id, row.name);
    });
    return true;
  }

  #conditions(kind: Kind, input: RuleInput['conditions'], _required: boolean): Conditions {
    const conditions = validateConditions(input);
    if (kind === 'automation') {
      // On a timer nothing has just changed: such a condition would never hold, and the rule never fire.
      if (asksAboutChanges(conditions))
        throw new ValidationError(
          'conditions: an automation runs on a timer, where nothing has just changed: CHANGED, CHANGED_TO and CHANGED_FROM do not apply',
          'conditions',
        );
      if (conditions.all.length + conditions.any.length === 0)
        throw new ValidationError(
          'conditions: an automation needs at least one condition (it would otherwise act on every open request)',
          'conditions',
        );
    }
    return conditions;
  }

  /** The actions' shapes, then what they name: administrators, webhooks, the mail module and its templates. */
  async #actions(
    em: EntityManager,
    input: readonly unknown[] | null | undefined,
    required: boolean,
  ): Promise<Action[]> {
    const actions = validateActions(input, { required });
    const assignees = [...new Set(actions.filter((a) => a.type === 'assign').map((a) => a.value))];
    if (assignees.length) {
      const found = await em.execute<{ id: string }[]>(
        `select id from users where role = 'admin' and id in (select jsonb_array_elements_text(?::jsonb))`,
        [textArray(assignees)],
      );
      const i = actions.findIndex((a) => a.type === 'assign' && !found.some((f) => f.id === a.value));
      if (i >= 0)
        throw new ValidationError(
          `actions[${i}].value: ${actions[i].value} is not an administrator (no administrator has that id)`,
          `actions[${i}].value`,
        );
    }
    const webhooks = [...new Set(actions.flatMap((a) => (a.webhookId ? [a.webhookId] : [])))];
    if (webhooks.length) {
      const found = await em.execute<{ id: string }[]>(
        `select id from help_webhooks where id in (select jsonb_array_elements_text(?::jsonb))`,
        [textArray(webhooks)],
      );
      const i = actions.findIndex((a) => a.webhookId && !found.some((f) => f.id === a.webhookId));
      if (i >= 0)
        throw new ValidationError(
          `actions[${i}].webhookId: no webhook ${actions[i].webhookId}`,
          `actions[${i}].webhookId`,
        );
    }
    actions.forEach((action, i) => {
      if (action.type !== 'mail_contact' && action.type !== 'mail_agents') return;
      const mail = this.mail();
      if (!mail)
        throw new ValidationError(
          `actions[${i}].type: ${action.type.toUpperCase()} sends mail through the mail module, which this gateway does not run`,
          `actions[${i}].type`,
        );
      if (!mail.hasTemplate(action.value))
        throw new ValidationError(`actions[${i}].value: no mail template named ${action.value}`, `actions[${i}].value`);
    });
    return actions;
  }

  #record(em: EntityManager, actor: Actor, action: AuditAction, type: AuditTargetType, id: string, name: string): void {
    this.audit.record(em, actor, { action, target: { type, id, name } });
  }
}

/** Rule edits take turns, so two creations never take one position. */
const lockRules = (em: EntityManager) => em.execute(`select pg_advisory_xact_lock(hashtext('trellis.help_rules'))`);
