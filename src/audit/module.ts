import { Cursors } from '../platform/graphql/connections.js';
import { defineModule } from '../platform/module.js';
import { AuditEvent } from './audit-event.entity.js';
import { auditRules } from './permissions.js';
import { AuditRecorder } from './recorder.js';
import { AuditRetention } from './retention.js';
import { AuditTrail } from './trail.js';

/** The audit trail: recording privileged changes, reading them back, and pruning old ones. */
export interface Audit {
  /** `recorder.record(tx, actor, { action, target, changes })`, inside the change's transaction. */
  recorder: AuditRecorder;
  trail: AuditTrail;
  retention: AuditRetention;
}

declare module '../platform/services.js' {
  interface ModuleServices {
    audit: Audit;
  }
}

export const auditModule = defineModule({
  name: 'audit',
  typeDefs: ['audit.graphql'],
  entities: [AuditEvent],
  migrations: new URL('./migrations/', import.meta.url),
  resolvers: {
    Query: {
      auditEvents: (_p, { first, after, ...filter }, ctx) =>
        ctx.services.audit.trail.connection(ctx.em, filter, { first, after }),
    },
  },
  rules: auditRules,
  services: ({ config, orm, log, now }): Audit => {
    const recorder = new AuditRecorder(now);
    return {
      recorder,
      trail: new AuditTrail(new Cursors(config.jwt.secret)),
      retention: new AuditRetention(orm, config.audit.retentionDays, now, log, recorder),
    };
  },
  start: async ({ audit }) => audit.retention.start(),
  close: ({ audit }) => audit.retention.stop(),
});
