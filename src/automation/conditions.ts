import { ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import { HelpCategoryValues, HelpPriorityValues, HelpStatusValues } from '../platform/graphql/generated/enums.js';

/*
 * The condition language rules share: a condition is `{ field, operator, value }` over what a help request is now
 * (and, for a change, what it was), with `value` a string read as the field's type. It is checked once, when a rule
 * is saved, so that evaluating it after a change is a few comparisons and never an error: a rule that was saved is a
 * rule that can run.
 */

export const CONDITION_FIELDS = [
  'status',
  'priority',
  'category',
  'tags',
  'assignee',
  'channel',
  'contact_email',
  'contact_domain',
  'title',
  'description',
  'hours_since_created',
  'hours_since_updated',
  'hours_since_resolved',
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const CONDITION_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'changed',
  'changed_to',
  'changed_from',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** The ways a request can arrive; a request made before channels were recorded came from the web. */
export const HELP_CHANNELS = ['web', 'email'] as const;

export interface Condition {
  field: ConditionField;
  operator: ConditionOperator;
  value: string;
}

export interface Conditions {
  /** Every one of these must hold. */
  all: Condition[];
  /** At least one of these must hold (none given: no such demand). */
  any: Condition[];
}

type Kind = 'choice' | 'tags' | 'person' | 'text' | 'hours';

const KIND: Record<ConditionField, Kind> = {
  status: 'choice',
  priority: 'choice',
  category: 'choice',
  channel: 'choice',
  tags: 'tags',
  assignee: 'person',
  contact_email: 'text',
  contact_domain: 'text',
  title: 'text',
  description: 'text',
  hours_since_created: 'hours',
  hours_since_updated: 'hours',
  hours_since_resolved: 'hours',
};

const OPERATORS: Record<Kind, readonly ConditionOperator[]> = {
  choice: ['is', 'is_not', 'changed', 'changed_to', 'changed_from'],
  person: ['is', 'is_not', 'changed', 'changed_to', 'changed_from'],
  tags: ['contains', 'not_contains', 'changed'],
  text: ['is', 'is_not', 'contains', 'not_contains', 'changed'],
  hours: ['greater_than', 'less_than'],
};

const CHOICES: Partial<Record<ConditionField, readonly string[]>> = {
  status: HelpStatusValues,
  priority: HelpPriorityValues,
  category: HelpCategoryValues,
  channel: HELP_CHANNELS,
};

/** The help desk's field name (its history's and its changes') that each condition watches for CHANGED. */
const CHANGE_FIELD: Partial<Record<ConditionField, string>> = {
  status: 'status',
  priority: 'priority',
  category: 'category',
  tags: 'tags',
  assignee: 'assigned_to_id',
  channel: 'channel',
  contact_email: 'contact_email',
  contact_domain: 'contact_email',
  title: 'title',
  description: 'description',
};

export const MAX_CONDITIONS = 50;
const MAX_VALUE = 500;
/** Ten years: a larger number of hours is a typing mistake, and would only ever be false. */
const MAX_HOURS = 87_600;

/** The operators a field takes, for messages and docs. */
export const operatorsFor = (field: ConditionField): readonly ConditionOperator[] => OPERATORS[KIND[field]];

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * Checks conditions as a rule is saved and returns them normalised (values trimmed, text lower-cased where it is
 * compared without case). Each refusal is BAD_USER_INPUT naming the condition by its path (`conditions.all[2]`).
 */
export function validateConditions(
  input: { all?: readonly unknown[] | null; any?: readonly unknown[] | null } | null | undefined,
): Conditions {
  const all = (input?.all ?? []).map((c, i) => validateCondition(c, `conditions.all[${i}]`));
  const any = (input?.any ?? []).map((c, i) => validateCondition(c, `conditions.any[${i}]`));
  if (all.length + any.length > MAX_CONDITIONS)
    throw new ValidationError(`conditions: at most ${MAX_CONDITIONS} conditions in all`, 'conditions');
  return { all, any };
}

function validateCondition(raw: unknown, path: string): Condition {
  const c = (raw ?? {}) as { field?: unknown; operator?: unknown; value?: unknown };
  if (!isOneOf(CONDITION_FIELDS, c.field))
    throw new ValidationError(
      `${path}.field: unknown field ${JSON.stringify(c.field)} (the fields are ${CONDITION_FIELDS.join(', ')})`,
      `${path}.field`,
    );
  const field = c.field;
  if (!isOneOf(CONDITION_OPERATORS, c.operator))
    throw new ValidationError(`${path}.operator: unknown operator ${JSON.stringify(c.operator)}`, `${path}.operator`);
  const operator = c.operator;
  if (!operatorsFor(field).includes(operator))
    throw new ValidationError(
      `${path}.operator: ${operator} does not apply to ${field} (it takes ${operatorsFor(field).join(', ')})`,
      `${path}.operator`,
    );
  const raw_value = typeof c.value === 'string' ? c.value.trim() : c.value == null ? '' : null;
  if (raw_value === null || raw_value.length > MAX_VALUE)
    throw new ValidationError(`${path}.value: must be text of at most ${MAX_VALUE} characters`, `${path}.value`);
  return { field, operator, value: valueFor(field, operator, raw_value, `${path}.value`) };
}

function valueFor(field: ConditionField, operator: ConditionOperator, value: string, path: string): string {
  if (operator === 'changed') {
    if (value !== '') throw new ValidationError(`${path}: CHANGED takes no value`, path);
    return '';
  }
  const kind = KIND[field];
  const bad = (what: string) => new ValidationError(`${path}: ${JSON.stringify(value)} is not ${what}`, path);
  switch (kind) {
    case 'choice': {
      const choices = CHOICES[field]!;
      if (!isOneOf(choices, value)) throw bad(`a ${field} (one of ${choices.join(', ')})`);
      return value;
    }
    case 'person':
      // Empty means nobody: "assignee IS ''" holds for an unassigned request.
      if (value !== '' && !isHexId(value)) throw bad('a user id (or empty, for nobody)');
      return value;
    case 'tags':
      if (value === '' || value.includes(',')) throw bad('one tag');
      return value.toLowerCase();
    case 'text':
      if (value === '' && (operator === 'contains' || operator === 'not_contains')) throw bad('some text to look for');
      return value.toLowerCase();
    case 'hours': {
      if (!/^\d+(\.\d+)?$/.test(value) || Number(value) > MAX_HOURS) throw bad(`a number of hours (0 to ${MAX_HOURS})`);
      return String(Number(value));
    }
  }
}

/** What a condition reads of a help request: the request as it stands. */
export interface RequestFacts {
  status: string;
  priority: string;
  category: string;
  tags: readonly string[];
  assigneeId: string | null;
  channel: string;
  contactEmail: string | null;
  title: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
}

/** One field's change, by the help desk's field name (status, assigned_to_id, tags, ...). */
export interface FieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export interface Situation {
  request: RequestFacts;
  /** What the change being handled changed; empty on a timed look (automations), where nothing "changed". */
  changes: readonly FieldChange[];
  now: Date;
}

const HOUR_MS = 3_600_000;

/** Whether a rule's conditions hold: all of `all`, and one of `any` when it lists some. */
export function conditionsHold(conditions: Conditions, situation: Situation): boolean {
  return (
    conditions.all.every((c) => conditionHolds(c, situation)) &&
    (conditions.any.length === 0 || conditions.any.some((c) => conditionHolds(c, situation)))
  );
}

export function conditionHolds(condition: Condition, { request, changes, now }: Situation): boolean {
  const { field, operator, value } = condition;
  if (operator === 'changed' || operator === 'changed_to' || operator === 'changed_from') {
    const name = CHANGE_FIELD[field];
    // A rule may have changed the field again since: the latest change is what the request went through last.
    const change = changes.findLast((c) => c.field === name);
    if (!change) return false;
    if (operator === 'changed') return true;
    const side = operator === 'changed_to' ? change.newValue : change.oldValue;
    return (side ?? '') === value;
  }
  if (KIND[field] === 'hours') {
    const since =
      field === 'hours_since_created'
        ? request.createdAt
        : field === 'hours_since_updated'
          ? request.updatedAt
          : request.resolvedAt;
    // A request never resolved has no hours since its resolution: neither more nor fewer than any number.
    if (!since) return false;
    const hours = (now.getTime() - since.getTime()) / HOUR_MS;
    return operator === 'greater_than' ? hours > Number(value) : hours < Number(value);
  }
  if (field === 'tags') {
    const has = request.tags.some((t) => t.toLowerCase() === value);
    return operator === 'contains' ? has : !has;
  }
  const actual = current(field, request);
  switch (operator) {
    case 'is':
      return actual === value;
    case 'is_not':
      return actual !== value;
    case 'contains':
      return actual.includes(value);
    case 'not_contains':
      return !actual.includes(value);
    default:
      return false;
  }
}

/** The field's value as conditions compare it: text without case, nobody as the empty string. */
function current(field: ConditionField, request: RequestFacts): string {
  switch (field) {
    case 'status':
      return request.status;
    case 'priority':
      return request.priority;
    case 'category':
      return request.category;
    case 'channel':
      return request.channel;
    case 'assignee':
      return request.assigneeId ?? '';
    case 'contact_email':
      return (request.contactEmail ?? '').toLowerCase();
    case 'contact_domain': {
      const email = (request.contactEmail ?? '').toLowerCase();
      return email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
    }
    case 'title':
      return request.title.toLowerCase();
    case 'description':
      return request.description.toLowerCase();
    default:
      return '';
  }
}

/** Whether any condition asks what a change changed (an automation's conditions may not: nothing changes on a timer). */
export const asksAboutChanges = (conditions: Conditions): boolean =>
  [...conditions.all, ...conditions.any].some((c) => c.operator.startsWith('changed'));
