import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const SCENARIO_IDS = [
  'graphql-list',
  'rest-list',
  'sql-baseline',
  'ceiling',
  'wildfire-cached',
  'update-user',
  'statistics',
  'search',
  'authenticated',
  'connection-deep',
  'area-risk-page',
  'offset-deep',
  'update-request',
  'update-request-triggers',
  'postgraphile',
  'postgraphile-rows',
  'subscriptions',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];
/** The letters the scenarios go by in docs/benchmark.md and the summary, in run order. */
export const LETTERS: Record<ScenarioId, string> = {
  'graphql-list': 'a',
  'rest-list': 'b',
  'sql-baseline': 'c',
  ceiling: 'd',
  'wildfire-cached': 'e',
  'update-user': 'f',
  statistics: 'g',
  search: 'h',
  authenticated: 'i',
  'connection-deep': 'j',
  'area-risk-page': 'k',
  'offset-deep': 'l',
  'update-request': 'm',
  'update-request-triggers': 'n',
  postgraphile: 'p',
  'postgraphile-rows': 'q',
  subscriptions: 's',
};

/** What `--scales` measures at each size: the operations whose cost could grow with the data. */
export const SCALE_SCENARIOS: ScenarioId[] = ['graphql-list', 'rest-list', 'statistics', 'search', 'connection-deep'];

/** What `--soak` runs at once. */
export const SOAK_SCENARIOS: ScenarioId[] = [
  'graphql-list',
  'rest-list',
  'wildfire-cached',
  'update-user',
  'subscriptions',
];

export interface BenchOptions {
  /** Seconds each scenario is measured. */
  duration: number;
  /** Seconds of load before each scenario's first round, not recorded. */
  warmup: number;
  /** Rounds each scenario's measurement is split into; the scenarios take turns, round by round. */
  rounds: number;
  connections: number;
  scenarios: ScenarioId[];
  skipSeed: boolean;
  small: boolean;
  /** Help requests to seed (users, responses and history in proportion); overrides --small. */
  requests: number | null;
  /** Sizes, in help requests, each seeded in a database of its own and measured in turns, smallest first. */
  scales: number[] | null;
  /** Seed and settle, then stop. */
  seedOnly: boolean;
  /** Help requests per page in the list scenarios. */
  pageSize: number;
  /** Folder the results JSON goes to. */
  out: string;
  /** Write V8 CPU profiles of the server processes into <out>/profiles. */
  profile: boolean;
  /** Run the gateway from its TypeScript source through tsx (`npm start`) rather than the compiled build the image runs. */
  source: boolean;
  /** Extra Node flags for the gateway process (NODE_OPTIONS), to compare runtime settings. */
  gatewayNodeOptions: string;
  /** Another checkout of the gateway whose build is measured beside this one, scenario by scenario. */
  against: string | null;
  /** Also measure every gateway scenario on a traced twin of the gateway, exporting to a local OTLP receiver. */
  otel: boolean;
  /** graphql-ws subscribers (s) holds open. */
  subscribers: number;
  /** Seconds of the soak (a, b, e, f and s at once), or null for the scenarios' run. */
  soak: number | null;
  /** A streaming replica of the bench's database server, which the gateway reads queries from (DATABASE_REPLICA_URLS). */
  replica: string | null;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]

  --duration <s>      seconds each scenario is measured, in all (default 10)
  --warmup <s>        seconds of unrecorded load before each scenario is first measured (default 3)
  --rounds <n>        split each measurement into n rounds, taken in turns by the scenarios (a b c … a b c …),
                      so the machine's drift over the run weighs on every scenario alike (default 5)
  --connections <n>   concurrent connections autocannon keeps open (default 10)
  --scenarios <list>  comma-separated letters or names, in any order (default all):
                      a graphql-list, b rest-list, c sql-baseline, d ceiling, e wildfire-cached, f update-user,
                      g statistics, h search, i authenticated, j connection-deep (a page of the cursor connection at
                      90% of the table), k area-risk-page (a page of (a) with each request's area risk, from the warm
                      cache), l offset-deep (the offset page at j's depth), m update-request (an administrator
                      changes a request's priority, no trigger), n update-request-triggers (the same with 50 active
                      triggers, none of whose conditions hold), p postgraphile (PostGraphile 5 with its JWT
                      preset, the peer; its packages live in bench/package.json and are installed on first use),
                      q postgraphile-rows (the peer's page without totalCount), s subscriptions (graphql-ws fan-out:
                      --subscribers connections from a load process of their own, one change a second for --duration s)
  --subscribers <n>   graphql-ws subscribers to helpRequestChanged that (s) and the soak hold (default 10000): nine
                      in ten administrators, one in ten plain users, who must hear only their own requests
  --soak <s>          instead of the scenarios: a, b, e, f and s at once for that many seconds, the gateway's RSS and
                      heap every 30 s; target: RSS after the first minute grows at most 10% to the end
  --page-size <n>     help requests per page in the list scenarios (default 50)
  --skip-seed         use the database as it is (it must have been seeded before)
  --small             seed 200 users / 500 requests / 20 FAQs instead of 10,000 / 50,000 / 500
  --requests <n>      seed n help requests, with n / 5 users and responses and history in proportion
  --scales <list>     comma-separated sizes in help requests, e.g. 50000,1000000: each in a database of its own
                      (<database>_<size>, seeded once and kept), a gateway on each, a, b, g, h and j (or --scenarios)
                      measured on every size in turns, then cost per operation at the largest size over the smallest
                      (target: at most 1.25 times; the aim 1.1)
  --seed-only         seed (and settle) the database, or each size's with --scales, and stop: seeding needs no quiet
                      machine, the measurement does
  --out <dir>         where the results JSON is written (default bench/results)
  --profile           write V8 CPU profiles of the server processes to <out>/profiles (open in Chrome DevTools)
  --source            run the gateway from its TypeScript source through tsx, as \`npm start\` does, instead of the
                      compiled build the Docker image runs (by default the bench runs \`npm run build\`, then
                      dist/main.js with the Dockerfile CMD's Node flags and --import; with --against, both checkouts)
  --gateway-node-options=<flags>
                      extra Node flags for the gateway process (default none), e.g.
                      --gateway-node-options="--max-semi-space-size=64"
  --against <dir>     another checkout of the gateway with its dependencies installed (a git worktree of an
                      earlier commit, say): its gateway runs beside this one on the same database, every gateway
                      scenario is measured on both, in turns, and the summary gives this build over that one
  --otel              also run a traced twin of the gateway (OpenTelemetry on, every request sampled, OTLP/HTTP
                      protobuf to a receiver the bench starts) and measure every gateway scenario on it in turns;
                      target: (a) traced serves at least 0.90 of (a) untraced. With --against <a checkout without
                      tracing>, the untraced gateway over that build's is the cost of tracing off (target: ≥ 0.97)
  --replica <url>     a streaming replica of the database server (postgres://…; its database name is replaced by the
                      bench's): the gateway reads its queries there (DATABASE_REPLICA_URLS), and the report gives
                      the share of read statements the replica served; run once without it to compare
  --help              this text

DATABASE_URL selects the PostgreSQL server (use a database of its own: the bench seeds it and updates users);
without it an embedded PostgreSQL is started with its data in ./.data/bench-pg and stopped at the end.`;

function positive(name: string, value: string | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return n;
}

function scaleList(value: string): number[] {
  const sizes = value.split(',').map((s) => positive('scales', s.trim(), 0, true));
  if (sizes.length < 2) throw new Error('--scales needs at least two sizes, e.g. 50000,1000000');
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** A checkout `--against` can start: one with the bench's gateway server and its dependencies installed. */
function checkout(dir: string): string {
  const root = path.resolve(dir);
  for (const needed of ['bench/servers/gateway.ts', 'node_modules/tsx']) {
    if (!existsSync(path.join(root, needed)))
      throw new Error(
        `--against ${dir}: ${needed} is missing (is it a checkout of the gateway, with npm ci run in it?)`,
      );
  }
  return root;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      scenarios: { type: 'string' },
      'page-size': { type: 'string' },
      'skip-seed': { type: 'boolean', default: false },
      small: { type: 'boolean', default: false },
      requests: { type: 'string' },
      scales: { type: 'string' },
      'seed-only': { type: 'boolean', default: false },
      out: { type: 'string' },
      profile: { type: 'boolean', default: false },
      source: { type: 'boolean', default: false },
      'gateway-node-options': { type: 'string' },
      against: { type: 'string' },
      otel: { type: 'boolean', default: false },
      subscribers: { type: 'string' },
      soak: { type: 'string' },
      replica: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const scenarios = (values.scenarios ?? (values.scales ? SCALE_SCENARIOS : SCENARIO_IDS).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const id = SCENARIO_IDS.find((candidate) => candidate === s || LETTERS[candidate] === s);
      if (!id)
        throw new Error(`unknown scenario "${s}": use ${SCENARIO_IDS.map((c) => `${LETTERS[c]} (${c})`).join(', ')}`);
      return id;
    });
  if (values.against !== undefined && values.scales !== undefined)
    throw new Error('--against compares one run of scenarios: it cannot be combined with --scales');
  if (values.soak !== undefined && (values.scales !== undefined || values.against !== undefined))
    throw new Error('--soak runs alone: it cannot be combined with --scales or --against');
  if (values['seed-only'] && values['skip-seed']) throw new Error('--seed-only and --skip-seed contradict each other');
  if (values.otel && (values.soak !== undefined || values.scales !== undefined))
    throw new Error('--otel measures the scenarios: it cannot be combined with --soak or --scales');
  if (values.replica !== undefined && (values.soak !== undefined || values.scales !== undefined))
    throw new Error('--replica measures the scenarios: it cannot be combined with --soak or --scales');
  if (
    values.replica !== undefined &&
    !(URL.canParse(values.replica) && /^postgres(ql)?:$/.test(new URL(values.replica).protocol))
  )
    throw new Error('--replica must be a postgres:// URL');
  const pageSize = positive('page-size', values['page-size'], 50, true);
  if (pageSize > 100) throw new Error('--page-size is at most 100 (the API refuses larger pages)');
  return {
    duration: positive('duration', values.duration, 10),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 3),
    rounds: positive('rounds', values.rounds, 5, true),
    connections: positive('connections', values.connections, 10, true),
    // Run order is the letters' whatever order they were named in, so two runs compare scenario by scenario.
    scenarios: values.soak !== undefined ? SOAK_SCENARIOS : SCENARIO_IDS.filter((id) => scenarios.includes(id)),
    skipSeed: values['skip-seed'],
    small: values.small,
    requests: values.requests === undefined ? null : positive('requests', values.requests, 0, true),
    scales: values.scales === undefined ? null : scaleList(values.scales),
    seedOnly: values['seed-only'],
    pageSize,
    out: values.out ?? 'bench/results',
    profile: values.profile,
    source: values.source,
    gatewayNodeOptions: values['gateway-node-options'] ?? '',
    against: values.against === undefined ? null : checkout(values.against),
    otel: values.otel,
    subscribers: positive('subscribers', values.subscribers, 10_000, true),
    soak: values.soak === undefined ? null : positive('soak', values.soak, 0),
    replica: values.replica ?? null,
    help: values.help,
  };
}
