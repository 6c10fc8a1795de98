import type { EntityManager } from '@mikro-orm/postgresql';
import { HELP_CATEGORIES, HELP_PRIORITIES, HELP_STATUSES, type HelpCategory, type HelpPriority, type HelpStatus } from './vocabulary.js';

export interface HelpStatistics {
  requests: {
    total: number;
    open: number;
    byCategory: { category: HelpCategory; count: number }[];
    byStatus: { status: HelpStatus; count: number }[];
    byPriority: { priority: HelpPriority; count: number }[];
  };
  responses: { total: number; avgResponseTimeDays: number };
}

/*
 * One statement, so every figure comes from the same snapshot. It reads the counts triggers keep (see the
 * helpdesk_counts migration), not the requests, so it costs the same at any size. The average runs over
 * requests that have at least one response, from the request's creation to its first response (public or
 * not), in days rounded to 2 decimals.
 */
const STATISTICS_SQL = `
select
  (select coalesce(json_object_agg(s.status, s.n), '{}') from (select status::text as status, sum(requests)::int as n from help_request_counts group by status) s) as by_status,
  (select coalesce(json_object_agg(c.category, c.n), '{}') from (select category, sum(requests)::int as n from help_request_counts group by category) c) as by_category,
  (select coalesce(json_object_agg(p.priority, p.n), '{}') from (select priority::text as priority, sum(requests)::int as n from help_request_counts group by priority) p) as by_priority,
  r.responses::int as responses,
  case when r.responded_requests > 0 then round(r.first_response_seconds / r.responded_requests / 86400, 2)::float8 end as avg_response_time_days
from help_response_counts r
`;

interface Row {
  by_status: Record<string, number>;
  by_category: Record<string, number>;
  by_priority: Record<string, number>;
  responses: number;
  avg_response_time_days: number | null;
}

/** Counts and response times of the help desk, for administrators. */
export class HelpStatisticsService {
  async summary(em: EntityManager): Promise<HelpStatistics> {
    const [row] = await em.execute<Row[]>(STATISTICS_SQL);
    const byStatus = HELP_STATUSES.map((status) => ({ status, count: row!.by_status[status] ?? 0 }));
    return {
      requests: {
        total: byStatus.reduce((sum, s) => sum + s.count, 0),
        open: row!.by_status.open ?? 0,
        // Every value appears, zeros included, so a client never has to guess whether a key is missing or zero.
        byCategory: HELP_CATEGORIES.map((category) => ({ category, count: row!.by_category[category] ?? 0 })),
        byStatus,
        byPriority: HELP_PRIORITIES.map((priority) => ({ priority, count: row!.by_priority[priority] ?? 0 })),
      },
      responses: { total: row!.responses, avgResponseTimeDays: row!.avg_response_time_days ?? 0 },
    };
  }
}
