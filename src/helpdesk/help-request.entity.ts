import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { HELP_CATEGORIES, HELP_PRIORITIES, HELP_STATUSES, HISTORY_ACTIONS } from './vocabulary.js';

/*
 * People are referenced with ON DELETE SET NULL: deleting a user must not delete, nor block, the help
 * requests they filed, answered or were assigned; those stay readable with a null person.
 * The searchable text is a generated tsvector kept by PostgreSQL itself, so no write path can forget it.
 */

const HelpRequestSchema = defineEntity({
  name: 'HelpRequest',
  tableName: 'help_requests',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(200),
    description: p.text(),
    category: p.enum(HELP_CATEGORIES),
    priority: p.enum(HELP_PRIORITIES).nativeEnumName('help_priority'),
    contactEmail: p.string().length(254).nullable(),
    /** The ZIP code of the area the request comes from, when the requester gave one. */
    zip: p.string().length(5).nullable(),
    status: p.enum(HELP_STATUSES).nativeEnumName('help_status'),
    requester: p.manyToOne(User).nullable().deleteRule('set null'),
    assignedTo: p.manyToOne(User).nullable().deleteRule('set null').index('help_requests_assigned_to_id_index'),
    adminNotes: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().index('help_requests_updated_at_index'),
    searchVector: p
      .type('tsvector')
      .$type<Opt<string>>()
      .generated(
        `(setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', coalesce("description", '')), 'B')) stored`,
      )
      .lazy()
      .hidden(),
    /** When the first response came; a trigger on help_responses keeps it (see the helpdesk_counts migration). */
    firstResponseAt: p.datetime().$type<Opt<Date | null>>().nullable().lazy().hidden(),
    // Service levels (see sla.ts and the help_service_levels migration). Due times arrive from a trigger when a
    // row is inserted without them, and are recomputed there when the priority changes.
    firstResponseDueAt: p.datetime().$type<Opt<Date>>(),
    resolutionDueAt: p.datetime().$type<Opt<Date>>(),
    pausedSeconds: p.integer().$type<Opt<number>>().default(0),
    pausedSince: p.datetime().$type<Opt<Date | null>>().nullable(),
    firstPublicResponseAt: p.datetime().$type<Opt<Date | null>>().nullable(),
    resolvedAt: p.datetime().$type<Opt<Date | null>>().nullable(),
    firstResponseSeconds: p.integer().$type<Opt<number | null>>().nullable(),
    resolutionSeconds: p.integer().$type<Opt<number | null>>().nullable(),
    firstResponseBreached: p.boolean().$type<Opt<boolean>>().default(false),
    resolutionBreached: p.boolean().$type<Opt<boolean>>().default(false),
    // The clock's checkpoint (see sla.ts and the help_business_hours migration): the schedule it counts in (null:
    // calendar time), and the seconds it had used at slaCountedAt.
    slaScheduleId: p.uuid().$type<Opt<string | null>>().nullable(),
    slaUsedSeconds: p.integer().$type<Opt<number>>().default(0),
    // A row made without the service starts its checkpoint where the database's trigger would.
    slaCountedAt: p
      .datetime()
      .$type<Opt<Date>>()
      .onCreate(
        (r: { createdAt: Date; pausedSeconds?: number }) =>
          new Date(r.createdAt.getTime() + (r.pausedSeconds ?? 0) * 1000),
      ),
    slaBreached: p
      .boolean()
      .$type<Opt<boolean>>()
      .generated('("first_response_breached" or "resolution_breached") stored')
      .lazy()
      .hidden(),
    /** Administrators' labels, normalised (see validation.ts). */
    tags: p.array().$type<Opt<string[]>>().default([]),
    satisfactionScore: p.smallint().$type<Opt<number | null>>().nullable(),
    satisfactionComment: p.text().$type<Opt<string | null>>().nullable(),
    ratedAt: p.datetime().$type<Opt<Date | null>>().nullable(),
    ratingUpdatedAt: p.datetime().$type<Opt<Date | null>>().nullable(),
  },
  indexes: [
    // One index per way the list is filtered or sorted; the requester's own list is the most common read.
    { name: 'help_requests_requester_created_index', properties: ['requester', 'createdAt'] },
    { name: 'help_requests_status_created_index', properties: ['status', 'createdAt'] },
    { name: 'help_requests_category_created_index', properties: ['category', 'createdAt'] },
    { name: 'help_requests_priority_created_index', properties: ['priority', 'createdAt'] },
    { name: 'help_requests_created_at_index', properties: ['createdAt'] },
    { name: 'help_requests_title_index', properties: ['title'] },
    // Keyset pages sorted by a column of few values read these (see the help_request_keyset_indexes migration).
    { name: 'help_requests_status_id_index', properties: ['status', 'id'] },
    { name: 'help_requests_priority_id_index', properties: ['priority', 'id'] },
    { name: 'help_requests_category_id_index', properties: ['category', 'id'] },
    { name: 'help_requests_search_index', properties: ['searchVector'], type: 'gin' },
    // Service levels: sorts by due time, the breached filter, the tag filter, and the breach monitor's claims.
    { name: 'help_requests_first_response_due_index', properties: ['firstResponseDueAt', 'id'] },
    { name: 'help_requests_resolution_due_index', properties: ['resolutionDueAt', 'id'] },
    { name: 'help_requests_sla_breached_created_index', properties: ['slaBreached', 'createdAt'] },
    { name: 'help_requests_sla_breached_id_index', properties: ['slaBreached', 'id'] },
    { name: 'help_requests_tags_index', properties: ['tags'], type: 'gin' },
    {
      name: 'help_requests_first_response_running_index',
      expression: `create index "help_requests_first_response_running_index" on "help_requests" ("first_response_due_at") where not "first_response_breached" and "first_public_response_at" is null and "paused_since" is null`,
    },
    {
      name: 'help_requests_resolution_running_index',
      expression: `create index "help_requests_resolution_running_index" on "help_requests" ("resolution_due_at") where not "resolution_breached" and "resolved_at" is null and "paused_since" is null`,
    },
  ],
  checks: [
    {
      name: 'help_requests_satisfaction_score_check',
      expression: '"satisfaction_score" >= 1 and "satisfaction_score" <= 5',
    },
  ],
});

export class HelpRequest extends HelpRequestSchema.class {}
HelpRequestSchema.setClass(HelpRequest);
export { HelpRequestSchema };

const HelpRequestHistorySchema = defineEntity({
  name: 'HelpRequestHistory',
  tableName: 'help_request_history',
  properties: {
    id: p.integer().primary().autoincrement(),
    request: p.manyToOne(HelpRequest).deleteRule('cascade'),
    action: p.enum(HISTORY_ACTIONS),
    field: p.string().length(50).nullable(),
    oldValue: p.text().nullable(),
    newValue: p.text().nullable(),
    /** Internal entries (admin notes, private responses) are shown to administrators only. */
    internal: p.boolean().default(false),
    actor: p.manyToOne(User).nullable().deleteRule('set null').index('help_request_history_actor_id_index'),
    /** The rule (trigger id) that made the change, when a rule made it (the actor is then null). */
    byRule: p.string().length(100).$type<Opt<string | null>>().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'help_request_history_request_index', properties: ['request', 'id'] }],
});

export class HelpRequestHistory extends HelpRequestHistorySchema.class {}
HelpRequestHistorySchema.setClass(HelpRequestHistory);
export { HelpRequestHistorySchema };

const HelpResponseSchema = defineEntity({
  name: 'HelpResponse',
  tableName: 'help_responses',
  properties: {
    id: p.integer().primary().autoincrement(),
    request: p.manyToOne(HelpRequest).deleteRule('cascade'),
    responder: p.manyToOne(User).nullable().deleteRule('set null').index('help_responses_responder_id_index'),
    response: p.text(),
    newStatus: p.enum(HELP_STATUSES).nativeEnumName('help_status').nullable(),
    isPublic: p.boolean().default(true),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'help_responses_request_index', properties: ['request', 'createdAt'] }],
});

export class HelpResponse extends HelpResponseSchema.class {}
HelpResponseSchema.setClass(HelpResponse);
export { HelpResponseSchema };
