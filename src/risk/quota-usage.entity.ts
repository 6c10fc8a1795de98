import { defineEntity, p } from '@mikro-orm/core';

/**
 * The rows PostgresQuotaStore counts in. The store writes them with one atomic SQL statement; the entity
 * exists so the schema is described in one place and migrations can be checked against it.
 */
const QuotaUsageSchema = defineEntity({
  name: 'QuotaUsage',
  tableName: 'quota_usage',
  properties: {
    key: p.text().primary(),
    windowStart: p.datetime().primary(),
    used: p.integer(),
  },
  checks: [{ name: 'quota_usage_used_check', expression: '"used" >= 0' }],
});

export class QuotaUsage extends QuotaUsageSchema.class {}
QuotaUsageSchema.setClass(QuotaUsage);
