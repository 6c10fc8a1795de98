import { BENCH_API_KEY, benchUserId } from './seed.js';
import { LETTERS, type ScenarioId } from './options.js';

/** What a help-desk screen shows of each request: (a) reads it, and (j), (k) and (l) read the same. */
const REQUEST_FIELDS = `
        id title description status priority category createdAt updatedAt
        requester { id username }
        assignee { id username }
        responses { id response isPublic createdAt responder { id username } }`;

/** (a): one page of help requests with requester, assignee and responses, as a help-desk screen would ask. */
export const LIST_QUERY = /* GraphQL */ `
  query BenchHelpRequests($perPage: Int!) {
    helpRequests(perPage: $perPage) {
      requests {${REQUEST_FIELDS}
      }
      pagination { page pages perPage total hasNext hasPrev }
    }
  }
`;

/** (j): the page of (a), by cursor, deep in the table; totalCount, as (a) reads its total. */
export const CONNECTION_QUERY = /* GraphQL */ `
  query BenchHelpRequestsConnection($first: Int!, $after: String) {
    helpRequestsConnection(first: $first, after: $after) {
      edges { node {${REQUEST_FIELDS}
      } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      totalCount
    }
  }
`;

/** (l): the page of (a) by number, at the depth of (j). */
export const OFFSET_QUERY = /* GraphQL */ `
  query BenchHelpRequestsPage($page: Int!, $perPage: Int!) {
    helpRequests(page: $page, perPage: $perPage) {
      requests {${REQUEST_FIELDS}
      }
      pagination { page pages perPage total hasNext hasPrev }
    }
  }
`;

/**
 * (k): the page of (a) with each request's area risk. The seed gives the newest requests ZIP codes all different,
 * each in a grid cell of its own, so a page reads as many areas as requests; zip is read to check that.
 */
export const AREA_RISK_QUERY = /* GraphQL */ `
  query BenchHelpRequestsAreaRisk($perPage: Int!) {
    helpRequests(perPage: $perPage) {
      requests {${REQUEST_FIELDS}
        zip
        areaRisk {
          wildfire { riskScore riskLevel dataStatus { fire } }
          earthquake { riskScore riskLevel dataStatus { seismic } }
        }
      }
      pagination { page pages perPage total hasNext hasPrev }
    }
  }
`;

/** The page (j) and (l) read lies at this fraction of the table, in the default order (newest first). */
export const DEEP_FRACTION = 0.9;

/**
 * Where (j) and (l) read: `depth` requests precede their page, of `total`; (j) pages on from `cursor`, the cursor
 * of the request just before, and (l) asks for page number `page`.
 */
export interface DeepPage {
  total: number;
  depth: number;
  page: number;
  /** Null when (j) is not measured: finding it takes one request per 100 rows from the end. */
  cursor: string | null;
}

/** What the walk to the deep page asks: the cursor of the first request of each step. */
const WALK_QUERY = /* GraphQL */ `
  query BenchWalkBack($last: Int!, $before: String) {
    helpRequestsConnection(last: $last, before: $before) {
      pageInfo {
        startCursor
      }
    }
  }
`;

/**
 * Locates the page (j) and (l) read, through the public API only: its depth is DEEP_FRACTION of the table, rounded
 * down to a whole page so (l)'s page number starts at the very same request (and moved up to keep a full page on a
 * table too small for one there); its cursor is found by walking back from the end, 100 requests a step, since
 * the last tenth is the shorter way there (at 1,000,000 requests, 1,000 steps).
 */
export async function locateDeepPage(
  gatewayUrl: string,
  adminAuth: string,
  pageSize: number,
  withCursor: boolean,
  log: (message: string) => void,
): Promise<DeepPage> {
  const ask = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { ...json, authorization: adminAuth },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    if (response.status !== 200 || body.errors)
      throw new Error(`locating the deep page: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data.helpRequestsConnection;
  };
  const { totalCount: total } = await ask('{ helpRequestsConnection(first: 1) { totalCount } }');
  if (total < pageSize)
    throw new Error(`the deep page needs at least ${pageSize} help requests, the table holds ${total}`);
  const depth = Math.floor(Math.min(total * DEEP_FRACTION, total - pageSize) / pageSize) * pageSize;
  const page = depth / pageSize + 1;
  if (!withCursor || depth === 0) return { total, depth, page, cursor: null };
  // The cursor to read on after is that of the request at depth - 1 (counting from 0): the first of the last
  // total - depth + 1 requests.
  const rows = total - depth + 1;
  let before: string | null = null;
  let walked = 0;
  let reported = 0;
  while (walked < rows) {
    const last = Math.min(100, rows - walked);
    before = (await ask(WALK_QUERY, { last, before })).pageInfo.startCursor as string;
    walked += last;
    if (walked === rows || walked - reported >= rows / 10) {
      log(
        `deep page: walked back ${walked.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} requests from the end`,
      );
      reported = walked;
    }
  }
  return { total, depth, page, cursor: before };
}

/**
 * (p): the page (a) asks for, as PostGraphile's generated schema names it: the same rows in the same order
 * (newest first, then by id), with requester, assignee and responses (oldest first) and their responders.
 */
export const PEER_LIST_QUERY = /* GraphQL */ `
  query BenchPeerHelpRequests($first: Int!) {
    allHelpRequests(first: $first, orderBy: [CREATED_AT_DESC, ROW_ID_DESC]) {
      nodes {
        rowId
        title
        description
        status
        priority
        category
        createdAt
        updatedAt
        requester: userByRequesterId {
          rowId
          username
        }
        assignee: userByAssignedToId {
          rowId
          username
        }
        responses: helpResponsesByRequestId(orderBy: [CREATED_AT_ASC, ROW_ID_ASC]) {
          nodes {
            rowId
            response
            isPublic
            createdAt
            responder: userByResponderId {
              rowId
              username
            }
          }
        }
      }
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
      }
    }
  }
`;

/**
 * (q): the page of (p) without `totalCount`, which PostGraphile counts row by row: PostGraphile used well, the
 * same rows, people and responses in the same order, and no count.
 */
export const PEER_ROWS_QUERY = PEER_LIST_QUERY.replace('BenchPeerHelpRequests', 'BenchPeerHelpRequestRows').replace(
  /\n\s*totalCount\n/,
  '\n',
);

/** What the two lists must agree on, row by row and in order: ids, people and responses. */
export function pageShape(source: 'gateway' | 'peer', body: any): unknown[] | null {
  if (source === 'gateway') {
    const requests = body?.data?.helpRequests?.requests;
    return Array.isArray(requests)
      ? requests.map((r: any) => [
          r.id,
          r.title,
          String(r.status).toUpperCase(),
          r.requester?.id ?? null,
          r.assignee?.id ?? null,
          r.responses.map((x: any) => [x.id, x.responder?.id ?? null]),
        ])
      : null;
  }
  const nodes = body?.data?.allHelpRequests?.nodes;
  return Array.isArray(nodes)
    ? nodes.map((r: any) => [
        r.rowId,
        r.title,
        String(r.status).toUpperCase(),
        r.requester?.rowId ?? null,
        r.assignee?.rowId ?? null,
        r.responses.nodes.map((x: any) => [x.rowId, x.responder?.rowId ?? null]),
      ])
    : null;
}

/** (g): the help-desk statistics an administrator's dashboard shows. */
export const STATISTICS_QUERY = /* GraphQL */ `
  query BenchStatistics {
    helpStatistics {
      requests {
        total
        open
        byStatus {
          status
          count
        }
        byCategory {
          category
          count
        }
        byPriority {
          priority
          count
        }
      }
      responses {
        total
        avgResponseTimeDays
      }
      serviceLevels {
        ...BenchServiceLevels
      }
      serviceLevelsByPriority {
        ...BenchServiceLevels
      }
    }
  }
  fragment BenchServiceLevels on HelpServiceLevelStatistics {
    priority
    firstResponseBreachRate
    resolutionBreachRate
    medianFirstResponseSeconds
    p90FirstResponseSeconds
    medianResolutionSeconds
    p90ResolutionSeconds
    satisfactionAverage
    satisfactionCount
    topTags {
      tag
      count
    }
  }
`;

/** (h): a search as an administrator; the term is in about one request title in twelve, at any size. */
export const SEARCH_TERM = 'vpn';
export const SEARCH_QUERY = /* GraphQL */ `
  query BenchSearch($q: String!) {
    helpSearch(q: $q) {
      faqs {
        id
        question
      }
      helpRequests {
        id
        title
        status
        createdAt
      }
    }
  }
`;

/** (e): the public wildfire score of one ZIP, answered from the risk cache once warmed. */
export const WILDFIRE_ZIP = '94103';
export const WILDFIRE_QUERY = /* GraphQL */ `
  query BenchWildfireRisk($zip: String!) {
    wildfireRisk(zip: $zip) {
      zipCode
      coordinates {
        latitude
        longitude
      }
      riskLevel
      riskScore
      recentFires
      vegetationRisk
      weatherRisk
      lastUpdated
      components {
        fireActivity
        vegetation
        weather
      }
      dataStatus {
        fire
      }
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
  /** Where the deep scenarios read; null when neither (j) nor (l) is measured. */
  deep: DeepPage | null;
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
  /** Puts the data in the state the scenario measures, before its warm-up and each of its rounds. */
  before?(ctx: ScenarioContext): Promise<void>;
}

const json = { 'content-type': 'application/json' };
const graphqlProblem = (status: number, body: any) =>
  status !== 200
    ? `status ${status}`
    : body?.errors
      ? `GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}`
      : null;
const pageProblem = (requests: unknown, ctx: ScenarioContext) =>
  Array.isArray(requests) && requests.length === ctx.pageSize ? null : `expected ${ctx.pageSize} requests on the page`;
const deepPage = (ctx: ScenarioContext): DeepPage => {
  if (!ctx.deep) throw new Error('the deep page has not been located');
  return ctx.deep;
};
/** (k) measures reading risk from the cache, for as many areas as requests: anything else is another scenario. */
const areaRiskProblem = (requests: any[]): string | null => {
  const zips = new Set(requests.map((r) => r.zip));
  if (zips.size !== requests.length || zips.has(null))
    return `expected ${requests.length} different ZIP codes on the page, found ${zips.size} (was the database seeded with them?)`;
  for (const r of requests) {
    const fire = r.areaRisk?.wildfire?.dataStatus?.fire;
    const seismic = r.areaRisk?.earthquake?.dataStatus?.seismic;
    if (fire !== 'CACHED' || seismic !== 'CACHED')
      return `ZIP ${r.zip}: fire data is ${fire}, seismic data ${seismic}, not both cached`;
  }
  return null;
};

/** (m) and (n): an administrator changes seeded requests 1–200 in turn, each time to a priority it does not have. */
const UPDATE_REQUEST_QUERY = /* GraphQL */ `
  mutation BenchUpdateHelpRequest($id: Int!, $priority: HelpPriority!) {
    updateHelpRequest(id: $id, input: { priority: $priority }) {
      id
      priority
    }
  }
`;
/** Updates made so far by (m) and (n) together, so that neither asks a request for the priority it already has. */
let updatesMade = 0;
const updateRequestTarget = (ctx: ScenarioContext): Target => {
  return {
    method: 'POST',
    url: `${ctx.urls.gateway}/graphql`,
    headers: { ...json, authorization: ctx.adminAuth },
    // 200 is not a multiple of 3: each visit of a request asks for another priority than the last.
    nextBody: () => {
      const n = ++updatesMade;
      const variables = { id: 1 + (n % 200), priority: (['LOW', 'MEDIUM', 'HIGH'] as const)[n % 3] };
      return JSON.stringify({ query: UPDATE_REQUEST_QUERY, variables });
    },
  };
};
const updateRequestProblem = (status: number, body: { data?: { updateHelpRequest?: { id?: number } } }) =>
  graphqlProblem(status, body) ?? (body?.data?.updateHelpRequest?.id ? null : 'no request in the answer');

/** The triggers (n) runs with: 50, active on every update, realistic conditions of which none holds for the seed. */
export const BENCH_TRIGGERS = 50;
async function setTriggers(ctx: ScenarioContext, count: number): Promise<void> {
  const call = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${ctx.urls.gateway}/graphql`, {
      method: 'POST',
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: { helpTriggers?: Array<{ id: string }> }; errors?: unknown };
    if (body.errors) throw new Error(`setting up triggers: ${JSON.stringify(body.errors).slice(0, 300)}`);
    return body.data;
  };
  const helpTriggers = (await call('{ helpTriggers { id } }'))?.helpTriggers ?? [];
  if (helpTriggers.length === count) return;
  for (const { id } of helpTriggers) await call('mutation($id: ID!) { deleteHelpTrigger(id: $id) }', { id });
  for (let i = 0; i < count; i++)
    await call('mutation($input: CreateHelpTriggerInput!) { createHelpTrigger(input: $input) { id } }', {
      input: {
        name: `Bench trigger ${i}`,
        events: ['UPDATED', 'STATUS_CHANGED', 'ASSIGNED'],
        conditions: {
          all: [
            { field: 'CONTACT_DOMAIN', operator: 'IS', value: `customer-${i}.example` },
            { field: 'PRIORITY', operator: 'CHANGED' },
          ],
          any: [
            { field: 'TITLE', operator: 'CONTAINS', value: `bench-${i}` },
            { field: 'TAGS', operator: 'CONTAINS', value: `bench-${i}` },
          ],
        },
        actions: [{ type: 'ADD_TAGS', value: `bench-${i}` }],
      },
    });
}

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
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ?? pageProblem(body?.data?.helpRequests?.requests, ctx),
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
    target: (ctx) => ({
      method: 'GET',
      url: `${ctx.urls.baseline}/help-requests?page=1&per_page=${ctx.pageSize}`,
      headers: {},
    }),
    problem: (status, body, ctx) =>
      status !== 200 ? `status ${status}` : pageProblem(body?.data?.helpRequests?.requests, ctx),
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
      (body?.data?.wildfireRisk?.dataStatus?.fire === 'CACHED'
        ? null
        : `fire data is ${body?.data?.wildfireRisk?.dataStatus?.fire}, not cached`),
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
            target_user: {
              user_id: benchUserId(from + (n % (to - from))),
              first_name: `Bench ${n}`,
              organization: 'Load test',
            },
          });
        },
      };
    },
    problem: (status, body) =>
      status !== 200
        ? `status ${status}: ${JSON.stringify(body).slice(0, 200)}`
        : body?.user?.user_id
          ? null
          : 'no user in the answer',
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
    problem: (status, body) =>
      graphqlProblem(status, body) ?? (body?.data?.helpStatistics?.requests?.total > 0 ? null : 'no requests counted'),
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
    problem: (status, body) =>
      graphqlProblem(status, body) ??
      (body?.data?.helpSearch?.helpRequests?.length > 0 ? null : 'the search found no requests'),
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
    problem: (status, body) =>
      graphqlProblem(status, body) ?? (body?.data?.__typename === 'Query' ? null : 'no __typename in the answer'),
  },
  {
    id: 'connection-deep',
    letter: LETTERS['connection-deep'],
    title: `GraphQL helpRequestsConnection, the page at ${DEEP_FRACTION * 100}% of the table by cursor`,
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({
        query: CONNECTION_QUERY,
        variables: { first: ctx.pageSize, after: deepPage(ctx).cursor },
      }),
    }),
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ?? pageProblem(body?.data?.helpRequestsConnection?.edges, ctx),
  },
  {
    id: 'area-risk-page',
    letter: LETTERS['area-risk-page'],
    title: "GraphQL list of (a) with each request's area risk, from the warm cache",
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: AREA_RISK_QUERY, variables: { perPage: ctx.pageSize } }),
    }),
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ??
      pageProblem(body?.data?.helpRequests?.requests, ctx) ??
      areaRiskProblem(body.data.helpRequests.requests),
  },
  {
    id: 'offset-deep',
    letter: LETTERS['offset-deep'],
    title: 'GraphQL helpRequests by page number, at the depth of (j)',
    server: 'gateway',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.gateway}/graphql`,
      headers: { ...json, authorization: ctx.adminAuth },
      body: JSON.stringify({ query: OFFSET_QUERY, variables: { page: deepPage(ctx).page, perPage: ctx.pageSize } }),
    }),
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ?? pageProblem(body?.data?.helpRequests?.requests, ctx),
  },
  {
    id: 'update-request',
    letter: LETTERS['update-request'],
    title: "GraphQL updateHelpRequest (a request's priority) as an administrator, no trigger",
    server: 'gateway',
    target: updateRequestTarget,
    problem: updateRequestProblem,
    before: (ctx) => setTriggers(ctx, 0),
  },
  {
    id: 'update-request-triggers',
    letter: LETTERS['update-request-triggers'],
    title: `The update of (m) with ${BENCH_TRIGGERS} active triggers, none of whose conditions holds`,
    server: 'gateway',
    target: updateRequestTarget,
    problem: updateRequestProblem,
    before: (ctx) => setTriggers(ctx, BENCH_TRIGGERS),
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
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ?? pageProblem(body?.data?.allHelpRequests?.nodes, ctx),
  },
  {
    id: 'postgraphile-rows',
    letter: LETTERS['postgraphile-rows'],
    title: 'PostGraphile 5 (JWT preset), the rows of (p) without totalCount',
    server: 'postgraphile',
    target: (ctx) => ({
      method: 'POST',
      url: `${ctx.urls.postgraphile}/graphql`,
      headers: { ...json, authorization: ctx.peerAuth },
      body: JSON.stringify({ query: PEER_ROWS_QUERY, variables: { first: ctx.pageSize } }),
    }),
    problem: (status, body, ctx) =>
      graphqlProblem(status, body) ??
      pageProblem(body?.data?.allHelpRequests?.nodes, ctx) ??
      (body.data.allHelpRequests.totalCount === undefined ? null : 'the peer was asked to count'),
  },
];
