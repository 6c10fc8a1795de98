import { cpus, totalmem, type as osType, release } from 'node:os';
import type { ScenarioId } from './options.js';
import type { StatementCounts } from './sql-counts.js';
import type { FanOutResult } from './fan-out.js';
import type { Settled } from './settle.js';

export interface ScenarioResult {
  letter: string;
  title: string;
  method: string;
  url: string;
  /** Completed requests over the seconds measured, all rounds together. */
  requestsPerSecond: number;
  /** The same, round by round: how much the machine drifted while the scenarios took turns. */
  requestsPerSecondByRound: number[];
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number };
  requests: number;
  seconds: number;
  /** Answers autocannon counted outside 2xx, connection errors and timeouts: a healthy run has none. */
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  /** CPU (user and system) the answering server process spent per request while measured; null off Linux. */
  serverCpuMicrosecondsPerRequest: number | null;
  /** CPU the PostgreSQL processes serving the bench's database (its sessions and their parallel workers) spent per request meanwhile; null off Linux or with a remote server. */
  databaseCpuMicrosecondsPerRequest: number | null;
  /**
   * CPU every other PostgreSQL process of this machine spent meanwhile (checkpointer, writers, autovacuum, other
   * databases' sessions), per request: not the request's cost, shown so a disturbed measurement shows.
   */
  otherPostgresCpuMicrosecondsPerRequest?: number | null;
  sqlStatementsPerOperation: number | null;
}

export interface Target {
  name: string;
  description: string;
  threshold: number | null;
  value: number | boolean | null;
  pass: boolean | null;
}

export interface BenchResults {
  /** With --replica: read statements served by the replica and by the primary during the scenarios, and the share. */
  replicaReads?: { replica: number; primary: number; share: number | null } | null;
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; os: string; node: string };
  options: Record<string, unknown>;
  /** Which gateway ran: the compiled build the image ships, or the TypeScript source through tsx (--source). */
  gateway: { build: 'compiled' | 'source'; command: string };
  database: { source: 'DATABASE_URL' | 'embedded'; serverVersion: string };
  seed: unknown;
  /** What settling the database before the load did (VACUUM (ANALYZE), CHECKPOINT, autovacuum idle). */
  settled?: Settled | null;
  scenarios: Partial<Record<ScenarioId, ScenarioResult>>;
  ratios: Record<'a/c' | 'b/c' | 'e/d' | 'b/a' | 'a/p' | 'a/q' | 'j/a' | 'k/a' | 'j/l' | 'n/m cost', number | null>;
  sqlStatements: StatementCounts | null;
  /** Whether the baseline answered exactly the JSON the GraphQL list answered, on one sampled page. */
  baselineMatchesGraphql: boolean | null;
  /** Whether PostGraphile answered the same rows, people and responses in the same order, on one sampled page. */
  peerMatchesGraphql: boolean | null;
  /** The same for (q), PostGraphile's page without totalCount. */
  peerRowsMatchGraphql: boolean | null;
  /** Calls the fake risk upstreams received while (e) was measured: 0 when every answer came from the cache. */
  upstreamCallsDuringCachedScenario: number | null;
  /** The same while (k) was measured: 0 when every area of its page came from the cache. */
  upstreamCallsDuringAreaRiskScenario: number | null;
  /** Where (j) and (l) read: the requests before their page, of how many, and (l)'s page number. */
  deepPage: { total: number; depth: number; page: number } | null;
  /** Whether (j)'s page after its cursor held the same requests as (l)'s page, in the same order, on one sample. */
  deepPagesMatch: boolean | null;
  /** (s): subscriptions fan-out; null when not measured. */
  fanOut: FanOutResult | null;
  targets: Target[];
  /** With `--against`: the other build's results for the gateway scenarios, and this build over that one. */
  against: {
    checkout: string;
    commit: string | null;
    scenarios: Partial<Record<ScenarioId, ScenarioResult>>;
    ratios: Partial<Record<ScenarioId, Comparison>>;
  } | null;
  /** With `--otel`. */
  tracing?: TracingResults | null;
}

/** What tracing costs (`--otel`): the traced twin's results, and traced over untraced, scenario by scenario. */
export interface TracingResults {
  /** OTLP export requests the receiver took during the whole run, and their bytes. */
  exports: { requests: number; bytes: number };
  scenarios: Partial<Record<ScenarioId, ScenarioResult>>;
  ratios: Partial<Record<ScenarioId, Comparison>>;
}

/**
 * Tracing's targets: every request traced (ratio 1.0) costs at most 10% of (a)'s throughput; tracing off costs
 * nothing measurable, which only a build without tracing (--against) can show: within 3%, the bench's own noise.
 */
export function tracingTargets(
  tracing: TracingResults | null,
  against: Partial<Record<ScenarioId, Comparison>> | null,
): Target[] {
  const on = tracing?.ratios['graphql-list']?.medianByRound ?? null;
  const off = against?.['graphql-list']?.medianByRound ?? null;
  return [
    {
      name: 'otel on (a)',
      description: '(a) traced, every request sampled, over (a) untraced (median of rounds) ≥ 0.90',
      threshold: 0.9,
      value: on,
      pass: on === null ? null : on >= 0.9,
    },
    {
      name: 'otel off (a)',
      description: against
        ? '(a) with tracing off over (a) of the --against build (median of rounds) ≥ 0.97'
        : 'needs --against <a checkout without tracing>',
      threshold: 0.97,
      value: off,
      pass: off === null ? null : off >= 0.97,
    },
  ];
}

/** This build over the other, for one scenario: above 1 means this build serves more, or spends less CPU. */
/** One line per compared scenario: the throughput ratio (and its rounds' median and range) and the CPU one. */
function comparisonLines(compared: Partial<Record<ScenarioId, Comparison>>): string[] {
  return Object.entries(compared).flatMap(([id, c]) =>
    c
      ? [
          `  ${pad(id, 18)} req/s ${c.requestsPerSecond.toFixed(2)} (rounds: median ${c.medianByRound.toFixed(2)}, ${Math.min(...c.byRound).toFixed(2)}–${Math.max(...c.byRound).toFixed(2)})` +
            `, by CPU per request ${c.cpu === null ? '–' : c.cpu.toFixed(2)}`,
        ]
      : [],
  );
}

export interface Comparison {
  /** Requests per second, all rounds together. */
  requestsPerSecond: number;
  /** Round by round (each pair measured side by side), and their median. */
  byRound: number[];
  medianByRound: number;
  /** The other build's server CPU per request over this build's; null off Linux. */
  cpu: number | null;
}

export const machine = (): BenchResults['machine'] => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  os: `${osType()} ${release()}`,
  node: process.version,
});

/** A ratio as the reports give it: to three decimals. */
const rounded = (n: number) => Math.round(n * 1000) / 1000;

const ratio = (results: BenchResults['scenarios'], top: ScenarioId, bottom: ScenarioId): number | null => {
  const a = results[top]?.requestsPerSecond;
  const b = results[bottom]?.requestsPerSecond;
  return a !== undefined && b !== undefined && b > 0 ? rounded(a / b) : null;
};

const costRatio = (results: BenchResults['scenarios'], top: ScenarioId, bottom: ScenarioId): number | null => {
  const cost = (id: ScenarioId) => {
    const r = results[id];
    return r?.serverCpuMicrosecondsPerRequest != null && r.databaseCpuMicrosecondsPerRequest != null
      ? r.serverCpuMicrosecondsPerRequest + r.databaseCpuMicrosecondsPerRequest
      : null;
  };
  const [a, b] = [cost(top), cost(bottom)];
  return a !== null && b !== null && b > 0 ? rounded(a / b) : null;
};

export function ratios(results: BenchResults['scenarios']): BenchResults['ratios'] {
  return {
    'a/c': ratio(results, 'graphql-list', 'sql-baseline'),
    'b/c': ratio(results, 'rest-list', 'sql-baseline'),
    'e/d': ratio(results, 'wildfire-cached', 'ceiling'),
    'b/a': ratio(results, 'rest-list', 'graphql-list'),
    'a/p': ratio(results, 'graphql-list', 'postgraphile'),
    'a/q': ratio(results, 'graphql-list', 'postgraphile-rows'),
    'j/a': ratio(results, 'connection-deep', 'graphql-list'),
    'k/a': ratio(results, 'area-risk-page', 'graphql-list'),
    'j/l': ratio(results, 'connection-deep', 'offset-deep'),
    // Cost, not speed: server and PostgreSQL CPU per update with 50 triggers over the same without (target <= 1.1).
    'n/m cost': costRatio(results, 'update-request-triggers', 'update-request'),
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** This build over the other, scenario by scenario, for the scenarios both measured. */
export function comparison(
  mine: BenchResults['scenarios'],
  theirs: BenchResults['scenarios'],
): Partial<Record<ScenarioId, Comparison>> {
  const result: Partial<Record<ScenarioId, Comparison>> = {};
  for (const [id, other] of Object.entries(theirs) as Array<[ScenarioId, ScenarioResult]>) {
    const own = mine[id];
    if (!own || other.requestsPerSecond <= 0) continue;
    const byRound = own.requestsPerSecondByRound.map((value, i) => rounded(value / other.requestsPerSecondByRound[i]));
    const [ownCpu, otherCpu] = [own.serverCpuMicrosecondsPerRequest, other.serverCpuMicrosecondsPerRequest];
    result[id] = {
      requestsPerSecond: rounded(own.requestsPerSecond / other.requestsPerSecond),
      byRound,
      medianByRound: rounded(median(byRound)),
      cpu: ownCpu && otherCpu ? rounded(otherCpu / ownCpu) : null,
    };
  }
  return result;
}

/** Total CPU (server and PostgreSQL) per request. */
export const totalCpu = (r: ScenarioResult | undefined): number | null =>
  r?.serverCpuMicrosecondsPerRequest === null || r?.serverCpuMicrosecondsPerRequest === undefined
    ? null
    : r.serverCpuMicrosecondsPerRequest + (r.databaseCpuMicrosecondsPerRequest ?? 0);

/** The page's CPU of the gateway (a), the hand-written baseline (c) and the peer without a count (q), side by side. */
export function cpuPerPage(
  results: BenchResults['scenarios'],
): Array<{ letter: string; server: number | null; database: number | null }> {
  return (['graphql-list', 'sql-baseline', 'postgraphile-rows'] as const)
    .map((id) => results[id])
    .filter((r): r is ScenarioResult => r !== undefined && r.serverCpuMicrosecondsPerRequest !== null)
    .map((r) => ({
      letter: r.letter,
      server: r.serverCpuMicrosecondsPerRequest,
      database: r.databaseCpuMicrosecondsPerRequest,
    }));
}

/** How many times less CPU per page (a) spends than the peer (p): their CPU over ours. */
function peerCpuRatio(results: BenchResults['scenarios']): number | null {
  const [mine, theirs] = [totalCpu(results['graphql-list']), totalCpu(results.postgraphile)];
  return mine && theirs ? rounded(theirs / mine) : null;
}

/** A deep connection page (j) may cost at most this many times the first page of the list (a), in CPU per request. */
export const DEEP_PAGE_COST = 1.25;

/** (a)'s CPU per request over (j)'s: at least 1 / DEEP_PAGE_COST when the deep page costs what the target allows. */
function deepCpuRatio(results: BenchResults['scenarios']): number | null {
  const [first, deep] = [totalCpu(results['graphql-list']), totalCpu(results['connection-deep'])];
  return first && deep ? rounded(first / deep) : null;
}

/** (s): the gateway's CPU per delivered event at most this many times the bare graphql-ws server's, in the same run. */
export const FAN_OUT_CPU_RATIO = 1.5;
/** (s): the gateway's p99 from the change to its delivery at most this many times the bare graphql-ws server's. */
export const FAN_OUT_P99_RATIO = 1.25;
/** (s): the gateway's memory per open subscription, in KiB (ws and graphql-ws alone hold about 10.5). */
export const FAN_OUT_KIB_PER_SUBSCRIBER = 12;
/** (s): the subscriber count the p99 and memory bars are set for; fewer make both look better than they are. */
export const FAN_OUT_SUBSCRIBERS = 10_000;

function fanOutTargets(s: FanOutResult | null): Target[] {
  if (!s) return [];
  const all = s.expected > 0 && s.delivered === s.expected && s.leaks === 0 && s.errors === 0 && s.failedToOpen === 0;
  const kib = s.rssPerSubscriberKiB;
  const at =
    s.subscribers === FAN_OUT_SUBSCRIBERS
      ? ''
      : ` (the bar is set at ${FAN_OUT_SUBSCRIBERS.toLocaleString('en-US')} subscribers; ${s.subscribers.toLocaleString('en-US')} here)`;
  return [
    {
      name: 's delivery',
      description: `every change reached every subscriber owed it (${s.subscribers.toLocaleString('en-US')} subscribers), none reached one not owed it or showed one what only administrators see`,
      threshold: 1,
      value: s.expected > 0 ? Math.round((s.delivered / s.expected) * 10000) / 10000 : null,
      pass: s.expected > 0 ? all : null,
    },
    {
      name: 's CPU',
      description: `the gateway's CPU per delivered event ≤ ${FAN_OUT_CPU_RATIO} × a bare graphql-ws server's (useServer on ws, the same changes to as many subscribers, in turns)${at}`,
      threshold: FAN_OUT_CPU_RATIO,
      value: s.cpuRatioToReference,
      pass: s.cpuRatioToReference === null ? null : s.cpuRatioToReference <= FAN_OUT_CPU_RATIO,
    },
    {
      name: 's p99',
      description: `the gateway's p99 from sending the change to its delivery ≤ ${FAN_OUT_P99_RATIO} × the bare graphql-ws server's${at}`,
      threshold: FAN_OUT_P99_RATIO,
      value: s.p99RatioToReference,
      pass: s.p99RatioToReference === null ? null : s.p99RatioToReference <= FAN_OUT_P99_RATIO,
    },
    {
      name: 's memory',
      description: `the gateway's RSS per open subscription ≤ ${FAN_OUT_KIB_PER_SUBSCRIBER} KiB${at}`,
      threshold: FAN_OUT_KIB_PER_SUBSCRIBER,
      value: kib,
      pass: kib === null ? null : kib <= FAN_OUT_KIB_PER_SUBSCRIBER,
    },
  ];
}

export function targets(
  r: BenchResults['ratios'],
  sql: StatementCounts | null,
  results: BenchResults['scenarios'] = {},
  fanOut: FanOutResult | null = null,
): Target[] {
  const atLeast = (name: keyof typeof r, threshold: number, description: string): Target => ({
    name,
    description,
    threshold,
    value: r[name],
    pass: r[name] === null ? null : r[name] >= threshold,
  });
  const peerCpu = peerCpuRatio(results);
  const peer: Target[] = results.postgraphile
    ? [
        atLeast('a/p', 1.5, 'GraphQL list ≥ 1.5 × PostGraphile (JWT preset, with totalCount) in requests per second'),
        {
          name: 'a/p CPU',
          description: 'PostGraphile spends ≥ 1.5 × the CPU per page (server + PostgreSQL) of the GraphQL list',
          threshold: 1.5,
          value: peerCpu,
          pass: peerCpu === null ? null : peerCpu >= 1.5,
        },
      ]
    : [];
  const peerRows: Target[] = results['postgraphile-rows']
    ? [atLeast('a/q', 1.5, "GraphQL list ≥ 1.5 × PostGraphile's page without totalCount, in requests per second")]
    : [];
  const deepCpu = deepCpuRatio(results);
  const minDeep = rounded(1 / DEEP_PAGE_COST);
  const deep: Target[] =
    results['connection-deep'] && results['graphql-list']
      ? [
          {
            name: 'j/a CPU',
            description: `the page at 90% by cursor costs ≤ ${DEEP_PAGE_COST} × the first page of the list in CPU per request (server + PostgreSQL): a's / j's ≥ ${minDeep}`,
            threshold: minDeep,
            value: deepCpu,
            pass: deepCpu === null ? null : deepCpu >= minDeep,
          },
        ]
      : [];
  const areaRisk: Target[] =
    results['area-risk-page'] && results['graphql-list']
      ? [
          atLeast(
            'k/a',
            0.8,
            "the list with every request's area risk (50 areas, cached) ≥ 0.8 × the list, in requests per second",
          ),
        ]
      : [];
  return [
    atLeast(
      'a/c',
      0.8,
      'GraphQL list ≥ 0.8 × the raw-SQL baseline (which reads the same kept counts), in requests per second',
    ),
    atLeast('b/a', 0.9, 'REST list ≥ 0.9 × the GraphQL list'),
    {
      name: 'sql-constant',
      description: `SQL statements per list operation the same at page sizes ${sql ? Object.keys(sql.byPageSize['graphql-list']).join(', ') : '10, 50, 100'}`,
      threshold: null,
      value: sql?.constantInPageSize ?? null,
      pass: sql?.constantInPageSize ?? null,
    },
    ...deep,
    ...areaRisk,
    ...peer,
    ...peerRows,
    ...fanOutTargets(fanOut),
  ];
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));
const num = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** autocannon measures latency in whole milliseconds; a fraction only appears in averages. */
const ms = (n: number) => num(n, Number.isInteger(n) ? 0 : 1);

const header = () =>
  `${pad('scenario', 22)}${pad('req/s', 10, true)}${pad('p50 ms', 9, true)}${pad('p99 ms', 9, true)}${pad('SQL/op', 8, true)}${pad('CPU µs/req', 12, true)}${pad('PG µs/req', 11, true)}${pad('non-2xx/err', 13, true)}${pad('rounds min–max', 18, true)}`;
const row = (name: string, r: ScenarioResult) =>
  `${pad(name, 22)}${pad(num(r.requestsPerSecond), 10, true)}${pad(ms(r.latencyMs.p50), 9, true)}` +
  `${pad(ms(r.latencyMs.p99), 9, true)}${pad(num(r.sqlStatementsPerOperation), 8, true)}${pad(num(r.serverCpuMicrosecondsPerRequest, 1), 12, true)}${pad(num(r.databaseCpuMicrosecondsPerRequest, 1), 11, true)}${pad(`${r.non2xx}/${r.errors + r.timeouts}`, 13, true)}` +
  `${pad(`${num(Math.min(...r.requestsPerSecondByRound))}–${num(Math.max(...r.requestsPerSecondByRound))}`, 18, true)}`;

export function summary(results: BenchResults): string {
  const lines: string[] = [];
  const { options } = results;
  lines.push(
    `Trellis bench, ${results.startedAt} — ${results.machine.cpus} cores (${results.machine.cpuModel}), Node ${results.machine.node}, ` +
      `PostgreSQL ${results.database.serverVersion} (${results.database.source})`,
  );
  lines.push(
    results.gateway.build === 'compiled'
      ? `gateway: the compiled build, as the image runs it (${results.gateway.command})`
      : `gateway: the TypeScript source through tsx, as npm start runs it (--source: ${results.gateway.command})`,
  );
  lines.push(
    `${options.duration} s per scenario in ${options.rounds} round(s), the scenarios taking turns, after ${options.warmup} s warm-up; ` +
      `${options.connections} connections, page size ${options.pageSize}`,
  );
  if (results.settled) {
    const { vacuumSeconds, compacted, checkpoint, autovacuumWaitSeconds } = results.settled;
    lines.push(
      `database settled before the load: VACUUM (ANALYZE) ${vacuumSeconds} s${compacted.length ? ` (rewritten compact: ${compacted.join(', ')})` : ''}, ${checkpoint ? 'CHECKPOINT' : 'no CHECKPOINT (not permitted)'}, ${autovacuumWaitSeconds} s waiting for autovacuum`,
    );
  }
  lines.push('');
  lines.push(header());
  for (const [id, r] of Object.entries(results.scenarios)) if (r) lines.push(row(`${r.letter} ${id}`, r));
  lines.push('');
  if (results.against) {
    const { checkout, commit, scenarios, ratios: compared } = results.against;
    lines.push(`against ${checkout}${commit ? ` (${commit})` : ''}: its gateway, measured in turns with this one's`);
    lines.push(header());
    for (const [id, r] of Object.entries(scenarios)) if (r) lines.push(row(`${r.letter}′ ${id}`, r));
    lines.push('this build / that build:');
    lines.push(...comparisonLines(compared));
    lines.push('');
  }
  if (results.tracing) {
    const { exports, scenarios, ratios: compared } = results.tracing;
    lines.push(
      `traced twin (--otel): every request sampled, ${exports.requests} OTLP exports (${(exports.bytes / 2 ** 20).toFixed(1)} MiB) to the local receiver`,
    );
    lines.push(header());
    for (const [id, r] of Object.entries(scenarios)) if (r) lines.push(row(`${r.letter}+otel ${id}`, r));
    lines.push('traced / untraced:');
    lines.push(...comparisonLines(compared));
    lines.push('');
  }
  lines.push(
    `ratios: ${Object.entries(results.ratios)
      .map(([k, v]) => `${k} = ${v === null ? '–' : v.toFixed(2)}`)
      .join(', ')}`,
  );
  if (results.sqlStatements) {
    const sizes = Object.keys(results.sqlStatements.byPageSize['graphql-list']);
    lines.push(`SQL statements per list operation by page size (${sizes.join(' / ')}):`);
    for (const [id, counts] of Object.entries(results.sqlStatements.byPageSize)) {
      lines.push(`  ${pad(id, 14)} ${Object.values(counts).join(' / ')}`);
    }
  }
  if (results.baselineMatchesGraphql !== null)
    lines.push(`baseline JSON identical to the GraphQL list: ${results.baselineMatchesGraphql ? 'yes' : 'NO'}`);
  if (results.peerMatchesGraphql !== null)
    lines.push(
      `PostGraphile's rows and order identical to the GraphQL list: ${results.peerMatchesGraphql ? 'yes' : 'NO'}`,
    );
  if (results.peerRowsMatchGraphql !== null)
    lines.push(
      `PostGraphile's rows without totalCount (q) identical to the GraphQL list: ${results.peerRowsMatchGraphql ? 'yes' : 'NO'}`,
    );
  const perPage = cpuPerPage(results.scenarios);
  if (perPage.length > 0) {
    lines.push(
      `CPU per page, server + PostgreSQL (µs): ${perPage.map(({ letter, server, database }) => `${letter} ${num(server)} + ${num(database)} = ${num((server ?? 0) + (database ?? 0))}`).join('; ')}`,
    );
  }
  const outside = Object.values(results.scenarios).filter(
    (r): r is ScenarioResult => typeof r?.otherPostgresCpuMicrosecondsPerRequest === 'number',
  );
  if (outside.length > 0) {
    lines.push(
      `PostgreSQL CPU outside the bench's database meanwhile, not counted above (µs/req): ${outside.map((r) => `${r.letter} ${num(r.otherPostgresCpuMicrosecondsPerRequest, 1)}`).join(', ')}`,
    );
  }
  if (results.upstreamCallsDuringCachedScenario !== null) {
    lines.push(`upstream calls while (e) was measured: ${results.upstreamCallsDuringCachedScenario}`);
  }
  if (results.upstreamCallsDuringAreaRiskScenario !== null) {
    lines.push(`upstream calls while (k) was measured: ${results.upstreamCallsDuringAreaRiskScenario}`);
  }
  if (results.deepPage) {
    const { depth, total, page } = results.deepPage;
    lines.push(
      `deep page (j, l): the ${options.pageSize} requests after the first ${depth.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (page ${page.toLocaleString('en-US')})`,
    );
  }
  if (results.fanOut) {
    const f = results.fanOut;
    const kib = (n: number | null) => (n === null ? '–' : `${(n / 2 ** 20).toFixed(0)} MiB`);
    lines.push(
      `subscriptions (s): ${f.subscribers.toLocaleString('en-US')} subscribers (${f.plainUsers.toLocaleString('en-US')} plain users on ${f.credentials.plainUsers} accounts, ` +
        `${f.administrators.toLocaleString('en-US')} administrators on ${f.credentials.administrators} sign-ins), opened in ${f.openSeconds} s${f.failedToOpen ? `, ${f.failedToOpen} failed to open` : ''}; ` +
        `${f.changes} changes: delivered ${f.delivered.toLocaleString('en-US')} of ${f.expected.toLocaleString('en-US')}, leaks ${f.leaks}, errors ${f.errors}; ` +
        `latency from sending p50 ${f.latencyMs?.p50 ?? '–'} ms, p99 ${f.latencyMs?.p99 ?? '–'} ms, max ${f.latencyMs?.max ?? '–'} ms (the mutation itself: ${f.mutationMs ?? '–'} ms); ` +
        `gateway RSS ${kib(f.rssBeforeBytes)} → ${kib(f.rssAfterBytes)}, ${f.rssPerSubscriberKiB ?? '–'} KiB per subscriber (heap in use ${kib(f.heapUsedBeforeBytes)} → ${kib(f.heapUsedAfterBytes)}); CPU ${f.cpuMicrosecondsPerDeliveredEvent ?? '–'} µs per delivered event`,
    );
    const r = f.reference;
    if (r)
      lines.push(
        `subscriptions (s), the reference (graphql-ws's useServer on ws, the same changes to as many subscribers, in turns): delivered ${r.delivered.toLocaleString('en-US')} of ${r.expected.toLocaleString('en-US')}, leaks ${r.leaks}, errors ${r.errors}${r.failedToOpen ? `, ${r.failedToOpen} failed to open` : ''}; ` +
          `latency from posting p50 ${r.latencyMs?.p50 ?? '–'} ms, p99 ${r.latencyMs?.p99 ?? '–'} ms, max ${r.latencyMs?.max ?? '–'} ms; ${r.rssPerSubscriberKiB ?? '–'} KiB RSS per subscriber; CPU ${r.cpuMicrosecondsPerDeliveredEvent ?? '–'} µs per delivered event; ` +
          `the gateway over the reference: CPU per delivery × ${f.cpuRatioToReference ?? '–'}, p99 × ${f.p99RatioToReference ?? '–'}`,
      );
  }
  if (results.deepPagesMatch !== null)
    lines.push(`the cursor's page holds the offset page's requests: ${results.deepPagesMatch ? 'yes' : 'NO'}`);
  lines.push('');
  for (const t of results.targets) {
    const verdict = t.pass === null ? 'SKIP' : t.pass ? 'PASS' : 'MISS';
    const value =
      typeof t.value === 'number' ? t.value.toFixed(2) : t.value === null ? 'not measured' : t.value ? 'yes' : 'no';
    lines.push(`${verdict}  ${pad(t.name, 13)} ${pad(value, 13)} ${t.description}`);
  }
  return lines.join('\n');
}
