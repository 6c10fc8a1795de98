import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeaders, WebhookSecrets } from '../../src/automation/webhook-secrets.js';

const KEY = 'webhook-secrets-key-of-at-least-32-characters';
const ID = '0123456789abcdef0123456789abcdef';

describe('the Standard Webhooks signature', () => {
  it('matches the specification’s published test vector, and its receivers verify it', () => {
    // The vector of the specification (standard-webhooks.md) and of its libraries' tests.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const headers = signatureHeaders('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), body, [secret]);
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('signs with each secret during a rotation, so a receiver with either verifies', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'help_request.created' });
    const headers = signatureHeaders('msg_1', new Date(), body, [fresh, old]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, headers)).toEqual({ type: 'help_request.created' });
    expect(new Webhook(old).verify(body, headers)).toEqual({ type: 'help_request.created' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(fresh).verify(`${body} `, headers)).toThrow(/No matching signature/);
  });
});

describe('webhook secrets at rest', () => {
  it('are whsec_ and 24 random bytes in base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('are sealed so that the sealed text neither shows the secret nor opens without the key, or on another webhook', () => {
    const secret = newWebhookSecret();
    const sealed = new WebhookSecrets(KEY).seal(ID, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(new WebhookSecrets(KEY).open(ID, sealed)).toBe(secret);
    expect(() => new WebhookSecrets(`${KEY}-other`).open(ID, sealed)).toThrow();
    expect(() => new WebhookSecrets(KEY).open('f'.repeat(32), sealed)).toThrow();
    expect(new WebhookSecrets(KEY).seal(ID, secret)).not.toBe(sealed); // a fresh nonce each time
  });
});
