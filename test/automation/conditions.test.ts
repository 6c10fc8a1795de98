import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  conditionsHold,
  validateConditions,
  type Condition,
  type RequestFacts,
  type Situation,
} from '../../src/automation/conditions.js';
import { DomainError } from '../../src/platform/errors.js';

const ADMIN = '0123456789abcdef0123456789abcdef';
const NOW = new Date('2026-12-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

const request: RequestFacts = {
  status: 'in_progress',
  priority: 'high',
  category: 'billing',
  tags: ['vip', 'refund'],
  assigneeId: ADMIN,
  channel: 'email',
  contactEmail: 'Ann@Example.COM',
  title: 'Invoice is WRONG',
  description: 'The November invoice charges twice.',
  createdAt: hoursAgo(30),
  updatedAt: hoursAgo(2),
  resolvedAt: null,
};
const situation = (over: Partial<Situation> = {}): Situation => ({ request, changes: [], now: NOW, ...over });

/** A condition as a rule is saved with it, then read back normalised. */
const saved = (field: string, operator: string, value?: string): Condition =>
  validateConditions({ all: [{ field, operator, value }] }).all[0];

describe('a condition over the request as it stands', () => {
  it.each([
    ['status', 'is', 'in_progress', true],
    ['status', 'is', 'open', false],
    ['status', 'is_not', 'open', true],
    ['priority', 'is', 'high', true],
    ['category', 'is_not', 'billing', false],
    ['channel', 'is', 'email', true],
    ['tags', 'contains', 'VIP', true],
    ['tags', 'contains', 'urgent', false],
    ['tags', 'not_contains', 'urgent', true],
    ['assignee', 'is', ADMIN, true],
    ['assignee', 'is', '', false],
    ['assignee', 'is_not', '', true],
    ['contact_email', 'is', 'ann@example.com', true],
    ['contact_email', 'contains', 'EXAMPLE', true],
    ['contact_domain', 'is', 'example.com', true],
    ['contact_domain', 'is_not', 'example.com', false],
    ['title', 'contains', 'wrong', true],
    ['title', 'not_contains', 'wrong', false],
    ['description', 'contains', 'twice', true],
    ['hours_since_created', 'greater_than', '24', true],
    ['hours_since_created', 'less_than', '24', false],
    ['hours_since_updated', 'less_than', '3', true],
    ['hours_since_updated', 'greater_than', '1.5', true],
    // Never resolved: no number of hours since its resolution, more or fewer.
    ['hours_since_resolved', 'greater_than', '0', false],
    ['hours_since_resolved', 'less_than', '1000', false],
  ])('%s %s %j holds: %s', (field, operator, value, expected) => {
    expect(conditionHolds(saved(field, operator, value), situation())).toBe(expected);
  });

  it('reads an unassigned request as assigned to nobody, and a request without a contact as having no domain', () => {
    const bare = { ...request, assigneeId: null, contactEmail: null };
    expect(conditionHolds(saved('assignee', 'is', ''), situation({ request: bare }))).toBe(true);
    expect(conditionHolds(saved('contact_domain', 'is', 'example.com'), situation({ request: bare }))).toBe(false);
  });

  it('counts hours since the resolution once there is one', () => {
    const resolved = { ...request, status: 'resolved', resolvedAt: hoursAgo(73) };
    expect(conditionHolds(saved('hours_since_resolved', 'greater_than', '72'), situation({ request: resolved }))).toBe(
      true,
    );
  });
});

describe('a condition over what the change changed', () => {
  const changes = [
    { field: 'status', oldValue: 'open', newValue: 'in_progress' },
    { field: 'assigned_to_id', oldValue: null, newValue: ADMIN },
  ];
  it.each([
    ['status', 'changed', undefined, true],
    ['status', 'changed_to', 'in_progress', true],
    ['status', 'changed_to', 'resolved', false],
    ['status', 'changed_from', 'open', true],
    ['priority', 'changed', undefined, false],
    ['assignee', 'changed_from', '', true],
    ['assignee', 'changed_to', ADMIN, true],
  ])('%s %s %j holds: %s', (field, operator, value, expected) => {
    expect(conditionHolds(saved(field, operator, value), situation({ changes }))).toBe(expected);
  });

  it('reads the latest change of a field when a rule changed it again', () => {
    const twice = [...changes, { field: 'status', oldValue: 'in_progress', newValue: 'on_hold' }];
    expect(conditionHolds(saved('status', 'changed_to', 'on_hold'), situation({ changes: twice }))).toBe(true);
  });

  it('never holds on a timed look, where nothing has just changed', () => {
    expect(conditionHolds(saved('status', 'changed'), situation())).toBe(false);
  });
});

describe('all and any', () => {
  const is = (field: string, value: string) => ({ field, operator: 'is', value });
  it.each([
    [{ all: [], any: [] }, true],
    [{ all: [is('status', 'in_progress'), is('priority', 'high')] }, true],
    [{ all: [is('status', 'in_progress'), is('priority', 'low')] }, false],
    [{ any: [is('priority', 'low'), is('category', 'billing')] }, true],
    [{ any: [is('priority', 'low'), is('category', 'other')] }, false],
    [{ all: [is('status', 'in_progress')], any: [is('priority', 'low')] }, false],
  ])('%j holds: %s', (input, expected) => {
    expect(conditionsHold(validateConditions(input), situation())).toBe(expected);
  });
});

describe('checking conditions when a rule is saved', () => {
  const refusal = (input: unknown) => {
    try {
      validateConditions(input as never);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return {
        code: (error as DomainError).code,
        message: (error as Error).message,
        field: (error as DomainError).detail.field,
      };
    }
    throw new Error('accepted');
  };

  it.each([
    // An unknown field, named.
    [{ all: [{ field: 'mood', operator: 'is', value: 'x' }] }, 'conditions.all[0].field', /unknown field "mood"/],
    // An operator that does not fit the field, named with what the field takes.
    [
      { all: [{ field: 'status', operator: 'greater_than', value: '1' }] },
      'conditions.all[0].operator',
      /greater_than does not apply to status/,
    ],
    [
      { any: [{ field: 'hours_since_created', operator: 'is', value: '1' }] },
      'conditions.any[0].operator',
      /is does not apply/,
    ],
    [
      { all: [{ field: 'tags', operator: 'changed_to', value: 'x' }] },
      'conditions.all[0].operator',
      /does not apply to tags/,
    ],
    // Bad values, each named by the condition's place.
    [
      { all: [{ field: 'status', operator: 'is', value: 'done' }] },
      'conditions.all[0].value',
      /"done" is not a status/,
    ],
    [{ all: [{ field: 'priority', operator: 'is', value: 'HIGH' }] }, 'conditions.all[0].value', /is not a priority/],
    [
      { all: [{ field: 'category', operator: 'changed_to', value: 'bugs' }] },
      'conditions.all[0].value',
      /not a category/,
    ],
    [{ all: [{ field: 'channel', operator: 'is', value: 'fax' }] }, 'conditions.all[0].value', /not a channel/],
    [{ all: [{ field: 'assignee', operator: 'is', value: 'bob' }] }, 'conditions.all[0].value', /not a user id/],
    [
      { all: [{ field: 'hours_since_updated', operator: 'less_than', value: 'soon' }] },
      'conditions.all[0].value',
      /number of hours/,
    ],
    [
      { all: [{ field: 'hours_since_updated', operator: 'less_than', value: '-1' }] },
      'conditions.all[0].value',
      /number of hours/,
    ],
    [{ all: [{ field: 'tags', operator: 'contains', value: 'a,b' }] }, 'conditions.all[0].value', /one tag/],
    [{ all: [{ field: 'title', operator: 'contains', value: '  ' }] }, 'conditions.all[0].value', /some text/],
    [
      { all: [{ field: 'status', operator: 'changed', value: 'open' }] },
      'conditions.all[0].value',
      /CHANGED takes no value/,
    ],
    [
      {
        all: [],
        any: [
          { field: 'status', operator: 'is', value: 'open' },
          { field: 'x', operator: 'is', value: '' },
        ],
      },
      'conditions.any[1].field',
      /unknown field/,
    ],
  ])('refuses %j as BAD_USER_INPUT on %s', (input, field, message) => {
    const refused = refusal(input);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(refused.message).toMatch(message);
  });

  it('refuses more than fifty conditions', () => {
    const many = Array.from({ length: 51 }, () => ({ field: 'status', operator: 'is', value: 'open' }));
    expect(refusal({ all: many })).toMatchObject({ code: 'BAD_USER_INPUT', field: 'conditions' });
  });

  it('keeps values trimmed and compares text without case', () => {
    expect(validateConditions({ all: [{ field: 'title', operator: 'contains', value: '  Refund ' }] }).all[0]).toEqual({
      field: 'title',
      operator: 'contains',
      value: 'refund',
    });
  });
});
