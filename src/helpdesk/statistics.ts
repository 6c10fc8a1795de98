import type { EntityManager } from '@mikro-orm/postgresql';
import { bucketUpperEdge } from './sla.js';
import {
  HELP_CATEGORIES,
  HELP_PRIORITIES,
  HELP_STATUSES,
  type HelpCategory,
  type HelpPriority,
  type HelpStatus,
} from './vocabulary.js';

export interface HelpStatistics {
  requests: {
    total: number;
    open: number;
    byCategory: { category: HelpCategory; count: number }[];
    byStatus: { status: HelpStatus; count: number }[];
    byPriority: { priority: HelpPriority; count: number }[];
  };
  responses: { total: number; avgResponseTimeDays: number };
  serviceLevels: ServiceLevels;
  serviceLevelsByPriority: ServiceLevels[];
}

export interface ServiceLevels {
  priority: HelpPriority | null;
  firstResponseBreachRate: number;
  resolutionBreachRate: number;
  medianFirstResponseSeconds: number | null;
  p90FirstResponseSeconds: number | null;
  medianResolutionSeconds: number | null;
  p90ResolutionSeconds: number | null;
  satisfactionAverage: number | null;
  satisfactionCount: number;
  topTags: { tag: string; count: number }[];
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
  (select coalesce(json_agg(s), '[]') from (select priority::text as priority, first_response_breached::int as frb, first_response_decided::int as frd,
     resolution_breached::int as rb, resolution_decided::int as rd, ratings::int as ratings, rating_sum::int as rating_sum from help_sla_counts) s) as sla_counts,
  (select json_agg(json_build_array(kind, priority::text, counts::text)) from help_sla_histograms) as histograms,
  (select coalesce(json_agg(t), '[]') from (select tag, requests::int as count from help_request_tag_counts where requests > 0 order by requests desc, tag limit 20) t) as top_tags,
  (select coalesce(json_agg(t), '[]') from (select p.priority::text as priority, t.tag, t.requests::int as count
     from unnest(enum_range(null::help_priority)) as p(priority)
     cross join lateral (select tag, requests from help_request_priority_tag_counts x where x.priority = p.priority and requests > 0 order by requests desc, tag limit 20) t) t) as priority_tags,
  case when r.responded_requests > 0 then round(r.first_response_seconds / r.responded_requests / 86400, 2)::float8 end as avg_response_time_days
from help_response_counts r
`;

interface Row {
  by_status: Record<string, number>;
  by_category: Record<string, number>;
  by_priority: Record<string, number>;
  responses: number;
  avg_response_time_days: number | null;
  sla_counts: {
    priority: HelpPriority;
    frb: number;
    frd: number;
    rb: number;
    rd: number;
    ratings: number;
    rating_sum: number;
  }[];
  /** [kind, priority, counts as PostgreSQL writes an array: {0,3,1,…}]: 8 rows of 320 counts whatever the size. */
  histograms: ['first_response' | 'resolution', HelpPriority, string][];
  top_tags: { tag: string; count: number }[];
  priority_tags: { priority: HelpPriority; tag: string; count: number }[];
}

/** The nearest-rank percentile of a histogram (the ceil(p * n)-th smallest time), as its bucket's upper edge. */
function percentileOf(counts: number[], p: number): number | null {
  const n = counts.reduce((sum, c) => sum + c, 0);
  if (n === 0) return null;
  const rank = Math.ceil(p * n);
  let seen = 0;
  for (const [bucket, count] of counts.entries()) {
    seen += count;
    if (seen >= rank) return bucketUpperEdge(bucket);
  }
  return bucketUpperEdge(counts.length - 1);
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

type HistogramKind = 'first_response' | 'resolution';
type Histograms = { kind: HistogramKind; priority: HelpPriority; counts: number[] }[];

/** The kept histograms as numbers, read once per statistics request (8 arrays of 320 counts). */
const histogramsOf = (row: Row): Histograms =>
  (row.histograms ?? []).map(([kind, priority, text]) => ({
    kind,
    priority,
    counts: text.slice(1, -1).split(',').map(Number),
  }));

/** One kind's histogram for a priority, or summed over every priority (null). */
function histogramFor(histograms: Histograms, kind: HistogramKind, priority: HelpPriority | null): number[] {
  const sum: number[] = [];
  for (const h of histograms) {
    if (h.kind !== kind || (priority !== null && h.priority !== priority)) continue;
    h.counts.forEach((c, i) => (sum[i] = (sum[i] ?? 0) + c));
  }
  return sum;
}

/**
 * The service levels of one priority (or all, with null) from the kept counts the statement read: breach rates,
 * percentiles (a bucket's upper edge, see sla.ts), satisfaction and the most used tags.
 */
function serviceLevels(row: Row, histograms: Histograms, priority: HelpPriority | null): ServiceLevels {
  const counts = row.sla_counts.filter((c) => priority === null || c.priority === priority);
  const total = (key: 'frb' | 'frd' | 'rb' | 'rd' | 'ratings' | 'rating_sum') =>
    counts.reduce((sum, c) => sum + c[key], 0);
  const firstResponse = histogramFor(histograms, 'first_response', priority);
  const resolution = histogramFor(histograms, 'resolution', priority);
  const ratings = total('ratings');
  return {
    priority,
    firstResponseBreachRate: rate(total('frb'), total('frd')),
    resolutionBreachRate: rate(total('rb'), total('rd')),
    medianFirstResponseSeconds: percentileOf(firstResponse, 0.5),
    p90FirstResponseSeconds: percentileOf(firstResponse, 0.9),
    medianResolutionSeconds: percentileOf(resolution, 0.5),
    p90ResolutionSeconds: percentileOf(resolution, 0.9),
    satisfactionAverage: ratings > 0 ? Math.round((total('rating_sum') / ratings) * 100) / 100 : null,
    satisfactionCount: ratings,
    topTags:
      priority === null
        ? row.top_tags
        : row.priority_tags.filter((t) => t.priority === priority).map(({ tag, count }) => ({ tag, count })),
  };
}

/** Counts and response times of the help desk, for administrators. */
export class HelpStatisticsService {
  async summary(em: EntityManager): Promise<HelpStatistics> {
    const [row] = await em.execute<Row[]>(STATISTICS_SQL);
    const histograms = histogramsOf(row);
    const byStatus = HELP_STATUSES.map((status) => ({ status, count: row.by_status[status] ?? 0 }));
    return {
      requests: {
        total: byStatus.reduce((sum, s) => sum + s.count, 0),
        open: row.by_status.open ?? 0,
        // Every value appears, zeros included, so a client never has to guess whether a key is missing or zero.
        byCategory: HELP_CATEGORIES.map((category) => ({ category, count: row.by_category[category] ?? 0 })),
        byStatus,
        byPriority: HELP_PRIORITIES.map((priority) => ({ priority, count: row.by_priority[priority] ?? 0 })),
      },
      responses: { total: row.responses, avgResponseTimeDays: row.avg_response_time_days ?? 0 },
      serviceLevels: serviceLevels(row, histograms, null),
      serviceLevelsByPriority: HELP_PRIORITIES.map((priority) => serviceLevels(row, histograms, priority)),
    };
  }
}
