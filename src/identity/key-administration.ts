import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder, SystemActor } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import { ApiKey } from './api-key.entity.js';
import { createApiKey } from './api-keys.js';

type NewApiKey = Parameters<typeof createApiKey>[1];

const keyTarget = (key: ApiKey) => ({ type: 'api_key', id: key.key, name: key.name }) as const;

/**
 * Creating and revoking API keys with their audit events, for every door that does either (the command line
 * today): the key and its event are written in one transaction. The trail names the key by its public api_key
 * and says what it may do; its secret and hash never reach it.
 */
export class ApiKeyAdministration {
  constructor(
    private readonly audit: AuditRecorder,
    private readonly now: () => Date,
  ) {}

  create(em: EntityManager, actor: Actor | SystemActor, input: NewApiKey): Promise<{ apiKey: ApiKey; secret: string }> {
    return em.transactional(async (tx) => {
      const made = await createApiKey(tx, input);
      const { apiKey } = made;
      const granted = {
        permissions: apiKey.permissions,
        readOnly: apiKey.readOnly,
        expiresAt: apiKey.expiresAt ?? null,
      };
      this.audit.record(tx, actor, {
        action: 'api_key.create',
        target: keyTarget(apiKey),
        changes: Object.entries(granted).map(([field, value]) => ({
          field,
          oldValue: null,
          newValue: value instanceof Date ? value.toISOString() : value,
        })),
      });
      return made;
    });
  }

  /** Revokes a key for good; false when there is no such key. Revoking a revoked key changes (and records) nothing. */
  revoke(em: EntityManager, actor: Actor | SystemActor, key: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const found =
        key.length <= 64 ? await tx.findOne(ApiKey, { key }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!found) return false;
      if (!found.revokedAt) {
        found.revokedAt = this.now();
        this.audit.record(tx, actor, {
          action: 'api_key.revoke',
          target: keyTarget(found),
          changes: [{ field: 'revokedAt', oldValue: null, newValue: found.revokedAt.toISOString() }],
        });
      }
      return true;
    });
  }
}
