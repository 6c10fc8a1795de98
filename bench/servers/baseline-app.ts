import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';

/** What the baseline needs of a pool; the runner wraps it to count statements. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

interface RequestRow {
  id: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  category: string;
  created_at: Date;
  updated_at: Date;
  requester_id: string | null;
  assigned_to_id: string | null;
}
interface ResponseRow {
  id: number;
  request_id: number;
  response: string;
  is_public: boolean;
  created_at: Date;
  responder_id: string | null;
  responder_username: string | null;
}

/**
 * The raw-SQL baseline: the administrator's view of one page of help requests with requester, assignee and
 * responses, written by hand against the gateway's tables with `pg`, answering byte for byte the JSON the
 * gateway's GraphQL list answers. Four statements in two rounds (page and the total from the kept counts, as the
 * gateway reads it; then responses with their responders, and the requesters and assignees), no ORM, no GraphQL,
 * no authentication: what the data costs a careful hand-written server.
 */
export function buildBaseline(db: Queryable): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { page?: string; per_page?: string } }>('/help-requests', async (request) => {
    const perPage = Math.min(100, Math.max(1, Number(request.query.per_page ?? 10) || 10));
    const page = Math.max(1, Number(request.query.page ?? 1) || 1);
    const [rows, count] = await Promise.all([
      db.query<RequestRow>(
        `select id, title, description, status, priority, category, created_at, updated_at, requester_id, assigned_to_id
           from help_requests order by created_at desc, id desc limit $1 offset $2`,
        [perPage, (page - 1) * perPage],
      ),
      // The counts triggers keep per status, category and priority (the helpdesk_counts migration), as the gateway reads them.
      db.query<{ total: number }>('select coalesce(sum(requests), 0)::int as total from help_request_counts'),
    ]);
    const requests = rows.rows;
    const peopleIds = [
      ...new Set(requests.flatMap((r) => [r.requester_id, r.assigned_to_id]).filter((id): id is string => id !== null)),
    ];
    const [responses, people] = await Promise.all([
      db.query<ResponseRow>(
        `select r.id, r.request_id, r.response, r.is_public, r.created_at, u.id as responder_id, u.username as responder_username
           from help_responses r left join users u on u.id = r.responder_id
          where r.request_id = any($1::int[]) order by r.created_at, r.id`,
        [requests.map((r) => r.id)],
      ),
      db.query<{ id: string; username: string }>('select id, username from users where id = any($1::varchar[])', [
        peopleIds,
      ]),
    ]);
    const usernames = new Map(people.rows.map((u) => [u.id, u.username]));
    const person = (id: string | null) =>
      id !== null && usernames.has(id) ? { id, username: usernames.get(id)! } : null;
    const byRequest = new Map<number, object[]>(requests.map((r) => [r.id, []]));
    for (const r of responses.rows) {
      byRequest.get(r.request_id)!.push({
        id: r.id,
        response: r.response,
        isPublic: r.is_public,
        createdAt: r.created_at.toISOString(),
        responder: r.responder_id === null ? null : { id: r.responder_id, username: r.responder_username },
      });
    }
    const total = count.rows[0].total;
    const pages = Math.ceil(total / perPage);
    return {
      data: {
        helpRequests: {
          requests: requests.map((r) => ({
            id: r.id,
            title: r.title,
            description: r.description,
            // GraphQL spells enum values in UPPER_CASE; the table keeps them lowercase (in_progress -> IN_PROGRESS).
            status: r.status.toUpperCase(),
            priority: r.priority.toUpperCase(),
            category: r.category.toUpperCase(),
            createdAt: r.created_at.toISOString(),
            updatedAt: r.updated_at.toISOString(),
            requester: person(r.requester_id),
            assignee: person(r.assigned_to_id),
            responses: byRequest.get(r.id),
          })),
          pagination: { page, pages, perPage, total, hasNext: page < pages, hasPrev: page > 1 },
        },
      },
    };
  });
  return app;
}
