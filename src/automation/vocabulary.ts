import { ValidationError } from '../platform/errors.js';
import type { HelpRuleEvent } from '../platform/graphql/generated/enums.js';
import { HelpRuleEventValues } from '../platform/graphql/generated/enums.js';

export type { HelpRuleEvent };
export const RULE_EVENTS = HelpRuleEventValues;

/** A delivery's type as receivers see it: help_request.created, help_request.status_changed, ... */
export const eventType = (event: HelpRuleEvent): string => `help_request.${event}`;

export const MAX_NAME = 100;

/** A rule's or macro's name: trimmed, 1 to 100 characters. */
export function ruleName(value: string | null | undefined): string {
  const name = (value ?? '').trim();
  if (!name || [...name].length > MAX_NAME)
    throw new ValidationError(`name must be 1 to ${MAX_NAME} characters`, 'name');
  return name;
}

/** A list of events without repeats; `required`: at least one. */
export function ruleEvents(value: readonly string[] | null | undefined, required: boolean): HelpRuleEvent[] {
  const events = [...new Set(value ?? [])];
  const unknown = events.find((e) => !(RULE_EVENTS as readonly string[]).includes(e));
  if (unknown) throw new ValidationError(`events: unknown event ${unknown}`, 'events');
  if (required && events.length === 0) throw new ValidationError('events: at least one event', 'events');
  return events as HelpRuleEvent[];
}
