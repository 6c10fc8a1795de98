import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '../platform/errors.js';
import { ApiKey } from './api-key.entity.js';
import { ORDINARY_API_KEY_PERMISSIONS, type ApiKeyPermission } from '../platform/auth/api-key-permissions.js';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function generateApiKey(): { key: string; secret: string } {
  return { key: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('base64url') };
}

export async function createApiKey(
  em: EntityManager,
  input: {
    name: string;
    key?: string;
    secret?: string;
    expiresAt?: Date | null;
    permissions?: readonly ApiKeyPermission[];
    readOnly?: boolean;
  },
): Promise<{ apiKey: ApiKey; secret: string }> {
  const generated = generateApiKey();
  const key = input.key ?? generated.key;
  const secret = input.secret ?? generated.secret;
  const apiKey = em.create(ApiKey, {
    key,
    secretHash: hashSecret(secret),
    name: input.name,
    expiresAt: input.expiresAt ?? null,
    permissions: [...(input.permissions ?? ORDINARY_API_KEY_PERMISSIONS)],
    readOnly: input.readOnly ?? false,
  });
  await em.flush();
  return { apiKey, secret };
}

/** A key as an operator sees it when keys are listed: what it may do and its dates, never its secret or hash. */
export interface ApiKeyListing {
  api_key: string;
  name: string;
  permissions: string[];
  read_only: boolean;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export async function listApiKeys(em: EntityManager): Promise<ApiKeyListing[]> {
  const keys = await em.find(ApiKey, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return keys.map((k) => ({
    api_key: k.key,
    name: k.name,
    permissions: k.permissions,
    read_only: k.readOnly,
    created_at: k.createdAt,
    expires_at: k.expiresAt ?? null,
    revoked_at: k.revokedAt ?? null,
    last_used_at: k.lastUsedAt ?? null,
  }));
}

/** Revokes a key for good: its next call answers "Access has expired". False when there is no such key. */
export async function revokeApiKey(em: EntityManager, key: string, now = new Date()): Promise<boolean> {
  const revoked = await em.nativeUpdate(ApiKey, { key, revokedAt: null }, { revokedAt: now });
  return revoked > 0 || (await em.count(ApiKey, { key })) > 0;
}

/**
 * Checks a key and its secret. The hashes are compared in constant time, and an unknown key is
 * compared against a dummy so the response time does not reveal which keys exist.
 */
export async function authenticateApiKey(
  em: EntityManager,
  key: string,
  secret: string,
  now = new Date(),
): Promise<ApiKey> {
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
