import { BENCH_API_KEY, benchUserId } from './seed.js';
import { LETTERS, type ScenarioId } from './options.js';

/** (a): one page of help requests with requester, assignee and responses, as a help-desk screen would ask. */
export const LIST_QUERY = /* GraphQL */ `
  query BenchHelpRequests($perPage: Int!) {
    helpRequests(perPage: $perPage) {
      requests {
        id title description status priority category createdAt updatedAt
        requester { id username }
        assignee { id username }
        responses { id response isPublic createdAt responder { id username } }
      }
      pagination { page pages perPage total hasNext hasPrev }
    }
  }
`;

/**
 * (p): the page (a) asks for, as PostGraphile's generated schema names it: the same rows in the same order
 * (newest first, then by id), with requester, assignee and responses (oldest first) and their responders.
 */
export const PEER_LIST_QUERY = /* GraphQL */ `
  query BenchPeerHelpRequests($first: Int!) {
    allHelpRequests(first: $first, orderBy: [CREATED_AT_DESC, ROW_ID_DESC]) {
      nodes {
        rowId title description status priority category createdAt updatedAt
        requester: userByRequesterId { rowId username }
        assignee: userByAssignedToId { rowId username }
        responses: helpResponsesByRequestId(orderBy: [CREATED_AT_ASC, ROW_ID_ASC]) {
          nodes { rowId response isPublic createdAt responder: userByResponderId { rowId username } }
        }
      }
      totalCount
      pageInfo { hasNextPage hasPreviousPage }
    }
  }
`;

/** What the two lists must agree on, row by row and in order: ids, people and responses. */
export function pageShape(source: 'gateway' | 'peer', body: any): unknown[] | null {
  if (source === 'gateway') {
    const requests = body?.data?.helpRequests?.requests;
    return Array.isArray(requests)
      ? requests.map((r: any) => [r.id, r.title, r.status, r.requester?.id ?? null, r.assignee?.id ?? null, r.responses.map((x: any) => [x.id, x.responder?.id ?? null])])
      : null;
  }
  const nodes = body?.data?.allHelpRequests?.nodes;
  return Array.isArray(nodes)
    ? nodes.map((r: any) => [r.rowId, r.title, r.status, r.requester?.rowId ?? null, r.assignee?.rowId ?? null, r.responses.nodes.map((x: any) => [x.rowId, x.responder?.rowId ?? null])])
    : null;
}

/** (g): the help-desk statistics an administrator's dashboard shows. */
export const STATISTICS_QUERY = /* GraphQL */ `
  query BenchStatistics {
    helpStatistics {
      requests { total open byStatus { status count } byCategory { category count } byPriority { priority count } }
      responses { total avgResponseTimeDays }
    }
  }
`;

/** (h): a search as an administrator; the term is in about one request title in twelve, at any size. */
export const SEARCH_TERM = 'vpn';
export const SEARCH_QUERY = /* GraphQL */ `
  query BenchSearch($q: String!) {
    helpSearch(q: $q) {
      faqs { id question }
      helpRequests { id title status createdAt }
    }
  }
`;

/** (e): the public wildfire score of one ZIP, answered from the risk cache once warmed. */
export const WILDFIRE_ZIP = '94103';
export const WILDFIRE_QUERY = /* GraphQL */ `
  query BenchWildfireRisk($zip: String!) {
    wildfireRisk(zip: $zip) {
      zipCode coordinates { latitude longitude } riskLevel riskScore recentFires vegetationRisk weatherRisk lastUpdated
      components { fireActivity vegetation weather }
      dataStatus { fire }
    }
  }
`;

/** The request (e) sends, and (d) too, so the ceiling is measured on the same bytes. */
const wildfireBody = JSON.stringify({ query: WILDFIRE_QUERY, variables: { zip: WILDFIRE_ZIP } });

/**
 * (f) updates seeded users 20–199, in turn: ordinary users in both the full and the small seed, and enough of
 * them that concurrent updates rarely wait for the same row lock.
 */
export const UPDATE_USER_RANGE = [20, 200] as const;

export type ServerName = 'gateway' | 'baseline' | 'ceiling' | 'postgraphile';

export interface ScenarioContext {
  urls: Record<ServerName, string>;
  /** `Bearer …` of the seeded administrator. */
  adminAuth: string;
  /** `Bearer …` the peer's JWT preset accepts, for the same administrator. */
  peerAuth: string;
  pageSize: number;
}

export interface Target {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** When set, every request gets a fresh body from it (the writes change a different user each time). */
  nextBody?: () => string;
}

export interface Scenario {
  id: ScenarioId;
  letter: string;
  title: string;
  server: ServerName;
  target(ctx: ScenarioContext): Target;
  /** Why a sample answer is not what the scenario should be measuring, or null when it is. */
  problem(status: number, body: any, ctx: ScenarioContext): string | null;
}

const json = { 'content-type': 'application/json' };
const graphqlProblem = (status: number, body: any) =>
  status !== 200 ? `status ${status}` : body?.errors ? `GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}` : null;
const pageProblem = (requests: unknown, ctx: ScenarioContext) =>
  Array.isArray(requests) && requests.length === ctx.pageSize ? null : `expected ${ctx.pageSize} requests on the page`;

export const SCENARIOS: Scenario[] = [
  {
    id: 'graphql-list',
    letter: LETTERS['graphql-list'],
    title: 'GraphQL list of help requests (requester, assignee, responses)',
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: LIST_QUERY, variables: { perPage: ctx.pageSize } }),
    }),
    problem: (status, body, ctx) => graphqlProblem(status, body) ?? pageProblem(body?.data?.helpRequests?.requests, ctx),
  },
  {
    id: 'rest-list',
    letter: LETTERS['rest-list'],
    title: 'GET /api/help/requests, the same page through REST',
    server: 'gateway',
    target: (ctx) => ({
      method: 'GET',
      url: `${ctx.urls.gateway}/api/help/requests?page=1&per_page=${ctx.pageSize}&sort_by=created_date&sort_order=desc`,
      headers: { authorization: ctx.adminAuth },
    }),
    problem: (status, body, ctx) => (status !== 200 ? `status ${status}` : pageProblem(body?.requests, ctx)),
  },
  {
    id: 'sql-baseline',
    letter: LETTERS['sql-baseline'],
    title: 'Hand-written SQL through pg, same JSON as (a)',
    server: 'baseline',
    target: (ctx) => ({ method: 'GET', url: `${ctx.urls.baseline}/help-requests?page=1&per_page=${ctx.pageSize}`, headers: {} }),
    problem: (status, body, ctx) => (status !== 200 ? `status ${status}` : pageProblem(body?.data?.helpRequests?.requests, ctx)),
  },
  {
    id: 'ceiling',
    letter: LETTERS.ceiling,
    title: 'Bare Fastify route, fixed JSON body',
    server: 'ceiling',
    target: (ctx) => ({ method: 'POST', url: `${ctx.urls.ceiling}/fixed`, headers: json, body: wildfireBody }),
    problem: (status) => (status !== 200 ? `status ${status}` : null),
  },
  {
    id: 'wildfire-cached',
    letter: LETTERS['wildfire-cached'],
    title: `GraphQL wildfireRisk(zip: "${WILDFIRE_ZIP}"), from the warm cache`,
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: json,
      body: wildfireBody,
    }),
    problem: (status, body) =>
      graphqlProblem(status, body) ??
      (body?.data?.wildfireRisk?.dataStatus?.fire === 'cached' ? null : `fire data is ${body?.data?.wildfireRisk?.dataStatus?.fire}, not cached`),
  },
  {
    id: 'update-user',
    letter: LETTERS['update-user'],
    title: 'POST /api/public/update_user (API key in the body)',
    server: 'gateway',
    target: (ctx) => {
      let n = 0;
      const [from, to] = UPDATE_USER_RANGE;
      return {
        method: 'POST',
        url: `${ctx.urls.gateway}/api/public/update_user`,
        headers: json,
        nextBody: () => {
          n++;
          return JSON.stringify({
            api_key: BENCH_API_KEY.key,
            api_key_secret: BENCH_API_KEY.secret,
            target_user: { user_id: benchUserId(from + (n % (to - from))), first_name: `Bench ${n}`, organization: 'Load test' },
          });
        },
      };
    },
    problem: (status, body) => (status !== 200 ? `status ${status}: ${JSON.stringify(body).slice(0, 200)}` : body?.user?.user_id ? null : 'no user in the answer'),
  },
  {
    id: 'statistics',
    letter: LETTERS.statistics,
    title: 'GraphQL helpStatistics, as an administrator',
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: STATISTICS_QUERY }),
    }),
    problem: (status, body) => graphqlProblem(status, body) ?? (body?.data?.helpStatistics?.requests?.total > 0 ? null : 'no requests counted'),
  },
  {
    id: 'search',
    letter: LETTERS.search,
    title: `GraphQL helpSearch(q: "${SEARCH_TERM}"), as an administrator`,
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: SEARCH_QUERY, variables: { q: SEARCH_TERM } }),
    }),
    problem: (status, body) => graphqlProblem(status, body) ?? (body?.data?.helpSearch?.helpRequests?.length > 0 ? null : 'the search found no requests'),
  },
  {
    id: 'authenticated',
    letter: LETTERS.authenticated,
    title: 'GraphQL { __typename } as an administrator: the fixed cost of an authenticated request',
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: '{ __typename }' }),
    }),
    problem: (status, body) => graphqlProblem(status, body) ?? (body?.data?.__typename === 'Query' ? null : 'no __typename in the answer'),
  },
  {
    id: 'postgraphile',
    letter: LETTERS.postgraphile,
    title: 'PostGraphile 5 (JWT preset), the page of (a)',
    server: 'postgraphile',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.postgraphile}/graphql`,
      headers: { ...json, authorization: ctx.peerAuth },
      body: JSON.stringify({ query: PEER_LIST_QUERY, variables: { first: ctx.pageSize } }),
    }),
    problem: (status, body, ctx) => graphqlProblem(status, body) ?? pageProblem(body?.data?.allHelpRequests?.nodes, ctx),
  },
];
