import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/*
 * A webhook's signing secret is shown to the administrator once and stored encrypted (AES-256-GCM) under a key
 * derived from WEBHOOK_SECRETS_KEY, which lives in the environment, not the database: a copy of the database (a
 * backup, a replica, a leaked dump) cannot sign a delivery a receiver would trust. The webhook's id is the
 * ciphertext's associated data, so a secret copied onto another webhook's row does not decrypt there.
 */

const PREFIX = 'whsec_';
const VERSION = 'v1';

/** A new secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => PREFIX + randomBytes(24).toString('base64');

export class WebhookSecrets {
  readonly #key: Buffer;

  constructor(secretsKey: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secretsKey, 'trellis', 'help webhook secrets', 32));
  }

  seal(webhookId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(webhookId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The secret; throws when the ciphertext was made under another key or for another webhook. */
  open(webhookId: string, sealed: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('not a sealed webhook secret');
    const bytes = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(webhookId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/**
 * The Standard Webhooks headers of one delivery attempt: `webhook-signature` carries one `v1,<signature>` per secret
 * that signs (during a rotation's overlap, the new and the old), space-separated, as the specification's receivers
 * accept.
 */
export function signatureHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
