import { describe, expect, it } from 'vitest';
import { validateActions } from '../../src/automation/actions.js';
import { DomainError } from '../../src/platform/errors.js';

const ID = '0123456789abcdef0123456789abcdef';

const refusal = (input: unknown[], required = true) => {
  try {
    validateActions(input, { required });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return {
      code: (error as DomainError).code,
      field: (error as DomainError).detail.field,
      message: (error as Error).message,
    };
  }
  throw new Error('accepted');
};

describe('checking actions when a rule is saved', () => {
  it.each([
    [
      { type: 'set_status', value: ' resolved ' },
      { type: 'set_status', value: 'resolved', webhookId: null },
    ],
    [
      { type: 'set_priority', value: 'urgent' },
      { type: 'set_priority', value: 'urgent', webhookId: null },
    ],
    [
      { type: 'set_category', value: 'billing' },
      { type: 'set_category', value: 'billing', webhookId: null },
    ],
    [
      { type: 'assign', value: ID },
      { type: 'assign', value: ID, webhookId: null },
    ],
    [
      { type: 'add_tags', value: 'VIP, refund,vip,' },
      { type: 'add_tags', value: 'vip,refund', webhookId: null },
    ],
    [
      { type: 'remove_tags', value: 'spam' },
      { type: 'remove_tags', value: 'spam', webhookId: null },
    ],
    [
      { type: 'add_internal_note', value: 'Escalated.' },
      { type: 'add_internal_note', value: 'Escalated.', webhookId: null },
    ],
    [
      { type: 'mail_contact', value: 'acknowledgement' },
      { type: 'mail_contact', value: 'acknowledgement', webhookId: null },
    ],
    [
      { type: 'mail_agents', value: 'new-request' },
      { type: 'mail_agents', value: 'new-request', webhookId: null },
    ],
    [
      { type: 'send_webhook', webhookId: ID },
      { type: 'send_webhook', value: '', webhookId: ID },
    ],
  ])('accepts %j', (input, expected) => {
    expect(validateActions([input], { required: true })).toEqual([expected]);
  });

  it.each([
    [[{ type: 'explode' }], 'actions[0].type', /unknown action/],
    [[{ type: 'set_status', value: 'done' }], 'actions[0].value', /a status/],
    [[{ type: 'set_priority', value: 'HIGH' }], 'actions[0].value', /a priority/],
    [[{ type: 'set_category', value: '' }], 'actions[0].value', /a category/],
    [
      [
        { type: 'set_status', value: 'open' },
        { type: 'assign', value: 'admin' },
      ],
      'actions[1].value',
      /administrator's user id/,
    ],
    [[{ type: 'add_tags', value: ' , ' }], 'actions[0].value', /comma-separated tags/],
    [[{ type: 'add_tags', value: 'x'.repeat(31) }], 'actions[0].value', /at most 30/],
    [[{ type: 'add_internal_note', value: '   ' }], 'actions[0].value', /note's text/],
    [[{ type: 'mail_contact', value: '../etc/passwd' }], 'actions[0].value', /template name/],
    [[{ type: 'send_webhook', value: 'x' }], 'actions[0].webhookId', /webhook's id/],
  ])('refuses %j as BAD_USER_INPUT on %s', (input, field, message) => {
    const refused = refusal(input);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(refused.message).toMatch(message);
  });

  it('refuses a rule without actions, and more than twenty', () => {
    expect(refusal([])).toMatchObject({ field: 'actions' });
    expect(refusal(Array.from({ length: 21 }, () => ({ type: 'set_status', value: 'open' })))).toMatchObject({
      field: 'actions',
    });
  });
});
