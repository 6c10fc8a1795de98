import { ValidationError } from '../platform/errors.js';
import { HelpCategoryValues, HelpPriorityValues, HelpStatusValues } from '../platform/graphql/generated/enums.js';
import { isHexId } from '../platform/ids.js';

/*
 * What a rule does when it fires: `{ type, value, webhookId }`, `value` holding the status, priority, category,
 * tags (comma-separated), assignee id, note text or template name. The shape of each is checked here, when the rule
 * is saved; whether what it names exists (an administrator, a webhook, a template, the mail module) is the
 * service's check, against the database, at the same moment.
 */

export const ACTION_TYPES = [
  'set_status',
  'set_priority',
  'set_category',
  'assign',
  'add_tags',
  'remove_tags',
  'add_internal_note',
  'mail_contact',
  'mail_agents',
  'send_webhook',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface Action {
  type: ActionType;
  value: string;
  webhookId: string | null;
}

export const MAX_ACTIONS = 20;
/** As the help desk bounds a request's tags. */
const MAX_TAG = 30;
const MAX_TAGS = 10;
const MAX_NOTE = 10_000;
const TEMPLATE = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

export const MAIL_ACTIONS: readonly ActionType[] = ['mail_contact', 'mail_agents'];

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Checks each action's shape and returns them normalised; a refusal names the action by its path (`actions[1].value`). */
export function validateActions(
  input: readonly unknown[] | null | undefined,
  options: { required: boolean },
): Action[] {
  const list = input ?? [];
  if (options.required && list.length === 0) throw new ValidationError('actions: at least one action', 'actions');
  if (list.length > MAX_ACTIONS) throw new ValidationError(`actions: at most ${MAX_ACTIONS}`, 'actions');
  return list.map((raw, i) => validateAction(raw, `actions[${i}]`));
}

function validateAction(raw: unknown, path: string): Action {
  const a = (raw ?? {}) as { type?: unknown; value?: unknown; webhookId?: unknown };
  if (!isOneOf(ACTION_TYPES, a.type))
    throw new ValidationError(`${path}.type: unknown action ${JSON.stringify(a.type)}`, `${path}.type`);
  const type = a.type;
  const value = typeof a.value === 'string' ? a.value.trim() : '';
  const at = `${path}.value`;
  const bad = (what: string) => new ValidationError(`${at}: ${type} needs ${what}`, at);
  const plain = (v: string): Action => ({ type, value: v, webhookId: null });
  switch (type) {
    case 'set_status':
      if (!isOneOf(HelpStatusValues, value)) throw bad(`a status (one of ${HelpStatusValues.join(', ')})`);
      return plain(value);
    case 'set_priority':
      if (!isOneOf(HelpPriorityValues, value)) throw bad(`a priority (one of ${HelpPriorityValues.join(', ')})`);
      return plain(value);
    case 'set_category':
      if (!isOneOf(HelpCategoryValues, value)) throw bad(`a category (one of ${HelpCategoryValues.join(', ')})`);
      return plain(value);
    case 'assign':
      if (!isHexId(value)) throw bad("an administrator's user id");
      return plain(value);
    case 'add_tags':
    case 'remove_tags': {
      const tags = [
        ...new Set(
          value
            .split(',')
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (tags.length === 0 || tags.length > MAX_TAGS || tags.some((t) => [...t].length > MAX_TAG))
        throw bad(`1 to ${MAX_TAGS} comma-separated tags of at most ${MAX_TAG} characters`);
      return plain(tags.join(','));
    }
    case 'add_internal_note':
      if (!value || [...value].length > MAX_NOTE) throw bad(`the note's text (1 to ${MAX_NOTE} characters)`);
      return plain(value);
    case 'mail_contact':
    case 'mail_agents':
      if (!TEMPLATE.test(value)) throw bad('a template name');
      return plain(value);
    case 'send_webhook': {
      if (!isHexId(a.webhookId))
        throw new ValidationError(`${path}.webhookId: send_webhook needs a webhook's id`, `${path}.webhookId`);
      return { type, value: '', webhookId: a.webhookId };
    }
  }
}

/** The tags of an ADD_TAGS or REMOVE_TAGS action. */
export const actionTags = (action: Action): string[] => action.value.split(',');
