import { Cursors } from '../platform/graphql/connections.js';
import { helpApi } from './rest/api.js';
import { defineModule } from '../platform/module.js';
import { HelpRequestChangeHooks } from './change-hooks.js';
import { HelpRequestEvents } from './events.js';
import { Faq } from './faq.entity.js';
import { FaqService } from './faqs.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from './help-request.entity.js';
import { createHelpdeskLoaders } from './loaders.js';
import { helpdeskRules } from './permissions.js';
import { RedisChannel } from './redis-channel.js';
import { HelpRequestService } from './requests.js';
import { helpdeskResolvers } from './resolvers.js';
import { registerHelpRoutes } from './rest/routes.js';
import { HelpScheduleService } from './schedules.js';
import { SlaMonitor } from './sla-monitor.js';
import { attachmentResolvers, attachmentRules } from './attachments/resolvers.js';
import { registerAttachmentRoutes } from './attachments/routes.js';
import { HelpAttachmentService } from './attachments/service.js';
import { storageFor } from './attachments/storage.js';
import { HelpSlaPolicyService } from './sla-policies.js';
import { HelpStatisticsService } from './statistics.js';

/** Help requests, their responses and history, FAQs and statistics. */
export interface Helpdesk {
  requests: HelpRequestService;
  /** Changes to help requests, including those made inside a caller's transaction (applyInTransaction, addInternalNote). */
  helpRequestChanges: HelpRequestService;
  /** What other modules run inside each help-request change's transaction: `changeHooks.register(name, hook)`. */
  changeHooks: HelpRequestChangeHooks;
  faqs: FaqService;
  /** Help-request changes, published after commit. */
  events: HelpRequestEvents;
  statistics: HelpStatisticsService;
  /** Each priority's service-level targets. */
  slaPolicies: HelpSlaPolicyService;
  /** Business-hours schedules the targets may count in. */
  schedules: HelpScheduleService;
  /** This replica's look-out for due times that pass unmet. */
  slaMonitor: SlaMonitor;
  /** Files on requests and responses: uploads, their tokens, downloads, and the purge of what nothing holds. */
  attachments: HelpAttachmentService;
}

/** Two resolver or rule maps as one, type by type. */
const merged = <T extends Record<string, object>>(a: T, b: Record<string, object>): T =>
  Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((type) => [type, { ...a[type], ...b[type] }]),
  ) as T;

declare module '../platform/services.js' {
  interface ModuleServices {
    helpdesk: Helpdesk;
  }
  interface ModuleLoaders {
    helpdesk: ReturnType<typeof createHelpdeskLoaders>;
  }
}

/** A key given as a number or its decimal text, within a database integer; anything else names nothing. */
function requestNumber(key: unknown): number | null {
  const value = typeof key === 'string' && /^\d{1,10}$/.test(key) ? Number(key) : key;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

export const helpdeskModule = defineModule({
  name: 'helpdesk',
  // Requesters, assignees and responders are the workspace platform's users; administrators' status changes,
  // assignments and FAQ upkeep go into the audit trail.
  requires: ['audit', 'users'],
  // A request's area is scored by risk: in this process when it has the module; in a subgraph without it, the
  // request names the area by its ZIP code and the router asks the risk subgraph for the rest.
  refersTo: {
    risk: {
      typeDefs: ['references/area-risk.graphql'],
      stubs: { AreaRisk: { key: 'zipCode' } },
      resolvers: { HelpRequest: { areaRisk: (r) => (r.zip ? ({ zipCode: r.zip } as never) : null) } },
    },
  },
  typeDefs: ['helpdesk.graphql', 'helpdesk-attachments.graphql'],
  entities: [HelpRequest, HelpRequestHistory, HelpResponse, Faq],
  migrations: new URL('./migrations/', import.meta.url),
  unmappedTables: [
    // Kept by triggers (the helpdesk_counts migration).
    'help_request_counts',
    'help_request_requester_counts',
    'help_response_counts',
    // Service levels: policies and kept counts, read and written with SQL of their own (the help_service_levels migration).
    'help_sla_policies',
    'help_sla_counts',
    'help_sla_histograms',
    'help_request_tag_counts',
    'help_request_priority_tag_counts',
    'help_request_breached_counts',
    // Business-hours schedules, likewise (the help_business_hours migration).
    'help_schedules',
    // Attachments, read and written with SQL of their own (the help_attachments migration).
    'help_attachments',
    'help_attachment_contents',
    'help_attachment_deletions',
  ],
  resolvers: merged(helpdeskResolvers, attachmentResolvers),
  rules: merged(helpdeskRules, attachmentRules),
  services: ({ config, redis, log, now, orm, audit }): Helpdesk => {
    // With Redis, changes reach every replica through one channel; without, they stay in this process.
    const channel = redis && new RedisChannel(redis, `${config.redisKeyPrefix}events:help-requests`, log);
    const events = new HelpRequestEvents(log, channel);
    const slaPolicies = new HelpSlaPolicyService(now, audit.recorder);
    const attachments = new HelpAttachmentService(
      now,
      config.attachments,
      storageFor(config.attachments),
      events,
      audit.recorder,
    );
    orm.em.getEventManager().registerSubscriber(events.subscriber);
    const changeHooks = new HelpRequestChangeHooks();
    const requests = new HelpRequestService(
      now,
      events,
      new Cursors(config.jwt.secret),
      audit.recorder,
      slaPolicies,
      changeHooks,
      attachments,
    );
    const slaMonitor = new SlaMonitor(requests, () => orm.em.fork(), now, log, config.helpSlaCheckSeconds * 1000);
    return {
      requests,
      helpRequestChanges: requests,
      changeHooks,
      faqs: new FaqService(now, audit.recorder),
      events,
      statistics: new HelpStatisticsService(),
      slaPolicies,
      schedules: new HelpScheduleService(now, audit.recorder),
      slaMonitor,
      attachments,
    };
  },
  start: async ({ helpdesk, orm, log }) => {
    helpdesk.attachments.start(
      () => orm.em.fork(),
      (error) => log.warn({ err: error }, 'purging help-desk uploads failed; retrying later'),
    );
    return helpdesk.slaMonitor.start();
  },
  loaders: createHelpdeskLoaders,
  references: {
    // A requester resolves their own requests only, an administrator any: helpRequest(id)'s rule and check.
    HelpRequest: {
      key: 'id',
      rootField: 'helpRequest',
      resolve: async (id, ctx) => {
        const number = requestNumber(id);
        const request = number === null ? null : await ctx.loaders.helpdesk.requestById.load(number);
        return request && ctx.services.helpdesk.requests.mayRead(ctx.principal, request) ? request : null;
      },
    },
    // The entries faqs lists: active ones, for anyone.
    Faq: {
      key: 'id',
      rootField: 'faqs',
      resolve: async (id, ctx) => {
        const n = requestNumber(id);
        return n === null ? null : ctx.loaders.helpdesk.activeFaqById.load(n);
      },
    },
  },
  routes: (api, { gateway, config }) => {
    registerHelpRoutes(api, gateway);
    registerAttachmentRoutes(api, gateway, { maxBytes: config.attachments.maxBytes });
  },
  restApi: helpApi,
  ready: ({ helpdesk }) => helpdesk.events.ready(),
  close: async ({ helpdesk }) => {
    await helpdesk.slaMonitor.stop();
    await helpdesk.attachments.stop();
    await helpdesk.events.close();
  },
});
