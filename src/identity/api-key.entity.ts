import { defineEntity, p } from '@mikro-orm/core';
import { newHexId } from '../platform/ids.js';

const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p
      .string()
      .length(32)
      .primary()
      .onCreate(() => newHexId()),
    /** The public half, sent as `api_key`. */
    key: p.string().length(64).unique('api_keys_key_unique'),
    /** SHA-256 of the secret. The secret is 256 random bits, so a slow KDF would add cost and no safety. */
    secretHash: p.string().length(64).hidden(),
    name: p.string().length(100),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    /** API_KEY_PERMISSIONS names; what the key may do. */
    permissions: p.array().$type<string[]>(),
    /** A read-only key may view, never change, whatever its permissions say. */
    readOnly: p.boolean().default(false),
  },
});

export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
export { ApiKeySchema };
