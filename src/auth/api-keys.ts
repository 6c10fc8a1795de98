import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '../errors.js';
import { ApiKey } from './api-key.entity.js';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function generateApiKey(): { key: string; secret: string } {
  return { key: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('base64url') };
}

export async function createApiKey(
  em: EntityManager,
  input: { name: string; key?: string; secret?: string; expiresAt?: Date | null },
): Promise<{ apiKey: ApiKey; secret: string }> {
  const generated = generateApiKey();
  const key = input.key ?? generated.key;
  const secret = input.secret ?? generated.secret;
  const apiKey = em.create(ApiKey, { key, secretHash: hashSecret(secret), name: input.name, expiresAt: input.expiresAt ?? null });
  await em.flush();
  return { apiKey, secret };
}

/**
 * Checks a key and its secret. The hashes are compared in constant time, and an unknown key is
 * compared against a dummy so the response time does not reveal which keys exist.
 */
export async function authenticateApiKey(em: EntityManager, key: string, secret: string, now = new Date()): Promise<ApiKey> {
  if (!key || !secret) throw new UnauthenticatedError('Invalid Request', 'missing');
  // A key that cannot exist (too long, or with a NUL PostgreSQL cannot compare) is looked up as no key at all.
  const found = key.length <= 64 && !key.includes('\u0000') ? await em.findOne(ApiKey, { key }) : null;
  const expected = Buffer.from(found?.secretHash ?? '0'.repeat(64), 'hex');
  const matches = timingSafeEqual(expected, Buffer.from(hashSecret(secret), 'hex'));
  if (!found || !matches) throw new UnauthenticatedError('Access Denied', 'invalid');
  if (found.revokedAt || (found.expiresAt && found.expiresAt <= now)) {
    throw new UnauthenticatedError('Access has expired', 'expired');
  }
  return found;
}
