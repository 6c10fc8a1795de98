import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Faq } from './faq.entity.js';
import { faqViewOf, type FaqView } from './faq-read-model.js';
import { groupByKeys } from '../platform/db/read.js';
import { SettledLoader } from '../platform/graphql/settled-loader.js';
import {
  readHelpRequestsByIds,
  readHistory,
  readResponses,
  type HelpRequestHistoryView,
  type HelpRequestView,
  type HelpResponseView,
} from './help-request-read-model.js';
import { readSchedules, type ScheduleRecord } from './schedule-records.js';
import { scheduleView, type HelpScheduleView } from './schedules.js';
import { readRules } from './sla-rules-read-model.js';
import type { SlaRules } from './sla.js';
import { HELP_PRIORITIES, type HelpPriority } from './vocabulary.js';
import { readRequestAttachments, readResponseAttachments, type HelpAttachmentView } from './attachments/read-model.js';

/**
 * One query per relation per request, however many help requests a list holds. They load everything; what a
 * reader may see of it (public responses, non-internal history) is the service's call.
 */
export function createHelpdeskLoaders(em: EntityManager) {
  const slaRules = new DataLoader<HelpPriority, SlaRules>(async (priorities) => {
    const rules = await readRules(em, priorities);
    return priorities.map((p) => rules.get(p) ?? new Error(`No policy for ${p}`));
  });
  return {
    /** Help requests by number, whoever may read them (the caller's check is the service's); a missing one is null. */
    requestById: new DataLoader<number, HelpRequestView | null>(async (ids) => {
      const rows = await readHelpRequestsByIds(em, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** The entries faqs lists (active ones) by id; any other is null. */
    activeFaqById: new DataLoader<number, FaqView | null>(async (ids) => {
      const rows = await em.find(Faq, { id: { $in: [...ids] }, isActive: true });
      const byId = new Map(rows.map((f) => [f.id, faqViewOf(f)]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Each priority's service-level rules, its schedule included: the policies of a whole list in one statement. */
    slaRules,
    /** The schedules service-level clocks count in, with their views (the priorities whose policy counts in each). */
    countingSchedule: new DataLoader<string, { record: ScheduleRecord; view: HelpScheduleView } | null>(async (ids) => {
      const [schedules, all] = await Promise.all([readSchedules(em, ids), slaRules.loadMany(HELP_PRIORITIES)]);
      return ids.map((id) => {
        const record = schedules.get(id);
        const priorities = HELP_PRIORITIES.filter((_p, i) => !(all[i] instanceof Error) && all[i].scheduleId === id);
        return record ? { record, view: scheduleView(record, priorities) } : null;
      });
    }),
    responsesByRequestId: new SettledLoader<number, HelpResponseView[]>(async (ids) =>
      groupByKeys(ids, await readResponses(em, ids), (r) => r.request.id),
    ),
    attachmentsByRequestId: new SettledLoader<number, HelpAttachmentView[]>(async (ids) =>
      groupByKeys(ids, await readRequestAttachments(em, ids), (a) => a.requestId!),
    ),
    attachmentsByResponseId: new SettledLoader<number, HelpAttachmentView[]>(async (ids) =>
      groupByKeys(ids, await readResponseAttachments(em, ids), (a) => a.responseId!),
    ),
    historyByRequestId: new SettledLoader<number, HelpRequestHistoryView[]>(async (ids) =>
      groupByKeys(ids, await readHistory(em, ids), (h) => h.request.id),
    ),
  };
}
