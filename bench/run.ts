import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import path from 'node:path';
import autocannon, { type RawResult } from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../test/risk/fake-upstream.js';
import { buildGateway, gatewayCommand, startChild, type Child, type GatewayBuild } from './children.js';
import { CpuMeter, databaseName } from './cpu.js';
import { settle, type Settled } from './settle.js';
import { parseOptions, USAGE, type BenchOptions, type ScenarioId } from './options.js';
import {
  comparison,
  machine,
  ratios,
  summary,
  targets,
  tracingTargets,
  type BenchResults,
  type ScenarioResult,
} from './report.js';
import {
  locateDeepPage,
  pageShape,
  SCENARIOS,
  WILDFIRE_QUERY,
  WILDFIRE_ZIP,
  type DeepPage,
  type Scenario,
  type ScenarioContext,
  type ServerName,
  type Target,
} from './scenarios.js';
import { compareScales, scaleHeader, scaleSummary } from './scales.js';
import { BENCH_ADMIN, benchUserId, FULL_SEED, seed, seedOf, SMALL_SEED } from './seed.js';
import { countStatements } from './sql-counts.js';
import { runFanOut, type FanOutResult } from './fan-out.js';
import { runSoak, soakSummary } from './soak.js';
import { startOtelReceiver, type OtelReceiver } from './otel-receiver.js';

/*
 * npm run bench: seeds a database, starts the gateway, a raw-SQL baseline and a bare-Fastify ceiling as
 * child processes, loads the scenarios with autocannon from this process, in turns, round by round, on the same data,
 * counts the SQL statements per operation, prints a summary with the targets, and writes the numbers as JSON.
 */

const log = (message: string) => process.stderr.write(`${message}\n`);

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The peer's packages live in bench/package.json, out of the gateway's install: installed here on first use. */
function ensurePeerInstalled(): void {
  if (existsSync(path.join(BENCH_DIR, 'node_modules', 'postgraphile', 'package.json'))) return;
  log('installing the peer (PostGraphile) into bench/node_modules');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: BENCH_DIR, stdio: 'inherit' });
}

/** A token the peer's JWT preset accepts (HS256, audience "postgraphile"), for the bench's administrator. */
function peerToken(secret: string): Promise<string> {
  return new SignJWT({ role_name: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(benchUserId(0))
    .setAudience('postgraphile')
    .setExpirationTime('6h')
    .sign(new TextEncoder().encode(secret));
}

async function openDatabase(): Promise<{
  url: string;
  source: 'DATABASE_URL' | 'embedded';
  embedded?: EmbeddedDatabase;
}> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  log('DATABASE_URL is not set: starting an embedded PostgreSQL in ./.data/bench-pg');
  const embedded = await startEmbeddedPostgres({ dataDir: './.data/bench-pg' });
  const admin = new pg.Client({ connectionString: embedded.url('postgres') });
  await admin.connect();
  try {
    if ((await admin.query(`select 1 from pg_database where datname = 'trellis_bench'`)).rowCount === 0) {
      await admin.query('create database trellis_bench');
    }
  } finally {
    await admin.end();
  }
  return { url: embedded.url('trellis_bench'), source: 'embedded', embedded };
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0].v;
  } finally {
    await client.end();
  }
}

async function send(target: Target): Promise<{ status: number; body: any }> {
  const response = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    body: target.nextBody?.() ?? target.body,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

async function wildfire(gatewayUrl: string): Promise<any> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: WILDFIRE_QUERY, variables: { zip: WILDFIRE_ZIP } }),
  });
  const body = await response.json();
  if (response.status !== 200 || body.errors)
    throw new Error(`wildfireRisk failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Signs the bench's administrator in on a gateway: `Bearer <access token>`. */
async function signIn(gatewayUrl: string): Promise<string> {
  const login = await send({
    method: 'POST',
    url: `${gatewayUrl}/api/auth/login`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200)
    throw new Error(
      `cannot sign in as ${BENCH_ADMIN.username} at ${gatewayUrl}: ${login.status} (was the database seeded?)`,
    );
  return `Bearer ${login.body.access_token}`;
}

/** The commit a checkout is at, marked when its files differ from it; null when git cannot tell. */
function commitOf(root: string): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !==
      '';
    return dirty ? `${commit} with changes` : commit;
  } catch {
    return null;
  }
}

/** Fills the risk cache and checks that the second answer came from it. */
async function warmRiskCache(gatewayUrl: string): Promise<any> {
  await wildfire(gatewayUrl);
  const cached = await wildfire(gatewayUrl);
  const status = cached.data.wildfireRisk.dataStatus.fire;
  if (status !== 'CACHED')
    throw new Error(`wildfireRisk is not answered from the cache (fire: ${status}): is the fake upstream reachable?`);
  return cached;
}

/** One stretch of load; raw, so the rounds of a scenario can be merged into one result. */
function load(target: Target, options: BenchOptions, seconds: number): Promise<RawResult> {
  // autocannon stops on a sample tick: sampling every 100 ms keeps a round within 0.1 s of its length.
  const common = {
    url: target.url,
    connections: options.connections,
    duration: seconds,
    timeout: 30,
    sampleInt: 100,
    skipAggregateResult: true as const,
  };
  if (target.nextBody) {
    const nextBody = target.nextBody;
    return autocannon({
      ...common,
      requests: [
        {
          method: target.method,
          headers: target.headers,
          setupRequest: (request) => ({ ...request, body: nextBody() }),
        },
      ],
    });
  }
  return autocannon({ ...common, method: target.method, headers: target.headers, body: target.body });
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const perRequest = (seconds: number | null, requests: number) =>
  seconds === null || requests === 0 ? null : round((seconds / requests) * 1e6, 1);

/** The gateway's environment: production, quiet, its upstreams the fake, its limits out of the load's way. */
function gatewayEnvFor(databaseUrl: string, fake: FakeUpstream): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // One client from one address would spend the default budget (600 a minute) in a fraction of a second.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_WINDOW_SECONDS: '1',
    SEISMIC_API_URL: fake.seismicUrl,
    FIRE_API_URL: fake.fireUrl,
    FIRE_API_TOKEN: FAKE_MAP_KEY,
    ZIP_GEOCODER_URL: fake.geocoderUrl,
    // The quota is counted in this database for the UTC day, across runs; the fake upstream bills nothing, and
    // the area-risk scenario fills the cache of each gateway (and of the counting one) from 50 areas per run.
    FIRE_DAILY_QUOTA: '100000',
    // The soak reads the gateway's heap from its metrics.
    METRICS_TOKEN: randomBytes(16).toString('hex'),
  };
}

/** A database of its own for one size of `--scales`, on the server `url` points at: `<its name>_<size>`, made when missing. */
async function databaseForSize(url: string, size: number): Promise<string> {
  const own = new URL(url);
  const name = `${databaseName(url)}_${size}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0)
      await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  own.pathname = `/${encodeURIComponent(name)}`;
  return own.toString();
}

/** Asks each run's target once before anything is measured, and stops the run on an answer its scenario refuses. */
async function checkSamples<R extends { scenario: Scenario; target: Target; ctx: ScenarioContext }>(
  runs: R[],
  name: (run: R) => string,
): Promise<void> {
  for (const run of runs) {
    // The first answer of (k) fills the gateway's risk cache with its areas, as warmRiskCache does for (e); the
    // sample below must then find every area cached.
    if (run.scenario.id === 'area-risk-page') await send(run.target);
    const sample = await send(run.target);
    const problem = run.scenario.problem(sample.status, sample.body, run.ctx);
    if (problem) throw new Error(`${name(run)}: ${problem}`);
  }
}

/** What every results file says of its run: when, on which machine, with which options, build and database. */
function runOf(
  startedAt: Date,
  options: BenchOptions,
  gateway: BenchResults['gateway'],
  database: BenchResults['database'],
): Pick<BenchResults, 'startedAt' | 'finishedAt' | 'machine' | 'options' | 'gateway' | 'database'> {
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    options: { ...options, help: undefined },
    gateway,
    database,
  };
}

/**
 * What a run started and must stop (processes, servers, an embedded PostgreSQL): `cleanup` stops them in reverse
 * order, at the end of the run and when it is interrupted (Ctrl-C, SIGTERM).
 */
function cleanupOnExit(): { cleanups: Array<() => Promise<unknown>>; cleanup: () => Promise<void> } {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => log(`cleanup: ${String(error)}`));
    cleanups.length = 0;
  };
  const interrupted = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return { cleanups, cleanup };
}

/**
 * --scales: a database per size (`<database>_<size>`, each seeded to its size once and kept, so a second run seeds
 * nothing), each settled; a gateway per size; then every selected scenario measured on each size in turns, round by
 * round, as `--against` measures two builds. The growth from the smallest size to the largest is then a ratio of
 * two costs measured side by side, under the same load of the machine, not half an hour and a seed apart.
 */
async function measureScales(options: BenchOptions): Promise<void> {
  const startedAt = new Date();
  const selected = SCENARIOS.filter((s) => options.scenarios.includes(s.id));
  const foreign = selected.filter((s) => s.server !== 'gateway' || s.id === 'subscriptions');
  if (foreign.length > 0)
    throw new Error(
      `--scales measures the gateway's scenarios: ${foreign.map((s) => s.letter).join(', ')} cannot be measured at each size`,
    );
  const { cleanups, cleanup } = cleanupOnExit();
  try {
    const server = await openDatabase();
    if (server.embedded) cleanups.push(() => server.embedded!.stop());
    const sizes: Array<{ size: number; url: string; seed: unknown; settled: Settled | null }> = [];
    for (const size of options.scales!) {
      const url = await databaseForSize(server.url, size);
      let seedReport: unknown = { skipped: true };
      if (!options.skipSeed) {
        log(`${databaseName(url)}: seeding ${size.toLocaleString('en-US')} help requests (only what is missing)`);
        const report = await seed(url, seedOf(size), { progress: Boolean(process.stderr.isTTY) });
        seedReport = { size: seedOf(size), ...report };
      }
      sizes.push({ size, url, seed: seedReport, settled: null });
    }
    const pgVersion = await serverVersion(sizes[0].url);
    for (const entry of sizes) {
      log(`${databaseName(entry.url)}: settling (VACUUM (ANALYZE), CHECKPOINT, no autovacuum worker at work)`);
      entry.settled = await settle(entry.url, log);
    }
    if (options.seedOnly) {
      log(`seeded and settled: ${sizes.map(({ url }) => databaseName(url)).join(', ')} (--seed-only)`);
      return;
    }

    const fake: FakeUpstream = await startFakeUpstream();
    cleanups.push(() => fake.close());
    const build: GatewayBuild = options.source ? 'source' : 'compiled';
    const gateway = { build, command: gatewayCommand(path.resolve(BENCH_DIR, '..'), build) };
    if (build === 'compiled') {
      log('building the gateway (npm run build)');
      buildGateway(path.resolve(BENCH_DIR, '..'));
    }
    const childOptions = options.profile ? { profileDir: path.resolve(options.out, 'profiles') } : {};
    const envExtra: Record<string, string> = options.gatewayNodeOptions
      ? { NODE_OPTIONS: options.gatewayNodeOptions }
      : {};
    const atSize: Array<{ size: number; child: Child; ctx: ScenarioContext; database: string }> = [];
    for (const { size, url } of sizes) {
      log(`starting the gateway on ${size.toLocaleString('en-US')} help requests`);
      const child = await startChild(
        'gateway',
        { ...gatewayEnvFor(url, fake), ...envExtra },
        { ...childOptions, build, label: `gateway-${size}` },
      );
      cleanups.push(() => child.stop());
      const urls: Record<ServerName, string> = { gateway: child.url, baseline: '', ceiling: '', postgraphile: '' };
      if (options.scenarios.includes('wildfire-cached')) await warmRiskCache(child.url);
      const adminAuth = await signIn(child.url);
      let deep: DeepPage | null = null;
      if (options.scenarios.includes('connection-deep') || options.scenarios.includes('offset-deep')) {
        log(`locating the page at 90% of ${size.toLocaleString('en-US')} requests`);
        deep = await locateDeepPage(
          child.url,
          adminAuth,
          options.pageSize,
          options.scenarios.includes('connection-deep'),
          log,
        );
      }
      atSize.push({
        size,
        child,
        ctx: { urls, adminAuth, peerAuth: '', pageSize: options.pageSize, deep },
        database: databaseName(url),
      });
    }

    const runs = selected.flatMap((scenario) =>
      atSize.map(({ size, child, ctx, database }) => ({
        scenario,
        size,
        ctx,
        target: scenario.target(ctx),
        rounds: [] as RawResult[],
        cpu: new CpuMeter(child.pid, database),
      })),
    );
    const name = (run: (typeof runs)[number]) =>
      `(${run.scenario.letter}@${run.size.toLocaleString('en-US')}) ${run.scenario.id}`;
    await checkSamples(runs, name);
    const roundSeconds = options.duration / options.rounds;
    log(
      `${runs.map((r) => `${r.scenario.letter}@${r.size}`).join(' ')}, in turns: ${options.rounds} round(s) of ${roundSeconds.toFixed(1)} s each at ${options.connections} connections`,
    );
    for (let turn = 1; turn <= options.rounds; turn++) {
      for (const run of runs) {
        if (turn === 1 && options.warmup > 0) {
          log(`${name(run)}: warm-up ${options.warmup} s`);
          await load(run.target, options, options.warmup);
        }
        log(`${name(run)}: round ${turn} of ${options.rounds}`);
        run.cpu.start();
        run.rounds.push(await load(run.target, options, roundSeconds));
        run.cpu.stop();
      }
    }
    const perSize = new Map<number, BenchResults['scenarios']>(sizes.map(({ size }) => [size, {}]));
    for (const run of runs) {
      const after = await send(run.target);
      const problemAfter = run.scenario.problem(after.status, after.body, run.ctx);
      if (problemAfter) throw new Error(`${name(run)} after the load: ${problemAfter}`);
      perSize.get(run.size)![run.scenario.id] = toResult(run.scenario, run.target, options, run.rounds, run.cpu, null);
    }
    await cleanup();

    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const folder = path.join(options.out, `scales-${stamp}`);
    const files: string[] = [];
    const results: BenchResults[] = [];
    for (const { size, seed: seedReport, settled } of sizes) {
      const scenarios = perSize.get(size)!;
      const at = atSize.find((a) => a.size === size)!;
      const r = ratios(scenarios);
      const result: BenchResults = {
        ...runOf(startedAt, options, gateway, { source: server.source, serverVersion: pgVersion }),
        seed: seedReport,
        settled,
        scenarios,
        ratios: r,
        sqlStatements: null,
        baselineMatchesGraphql: null,
        peerMatchesGraphql: null,
        peerRowsMatchGraphql: null,
        upstreamCallsDuringCachedScenario: null,
        upstreamCallsDuringAreaRiskScenario: null,
        deepPage: at.ctx.deep ? { total: at.ctx.deep.total, depth: at.ctx.deep.depth, page: at.ctx.deep.page } : null,
        deepPagesMatch: null,
        fanOut: null,
        targets: [],
        against: null,
      };
      mkdirSync(path.join(folder, String(size)), { recursive: true });
      const file = path.join(folder, String(size), `bench-${stamp}.json`);
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      files.push(file);
      results.push(result);
    }
    const compared = compareScales(options.scales!, options.scenarios, results, files);
    const file = path.join(folder, 'comparison.json');
    writeFileSync(file, `${JSON.stringify(compared, null, 2)}\n`);
    console.log(`\n${scaleHeader(results[0])}\n\n${scaleSummary(compared)}\n\nresults: ${file}`);
  } finally {
    await cleanup();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.scales) {
    await measureScales(options);
    return;
  }
  if (options.against && !SCENARIOS.some((s) => s.server === 'gateway' && options.scenarios.includes(s.id))) {
    throw new Error('--against compares the gateway scenarios (a, b, e–i), and none is selected');
  }
  const startedAt = new Date();
  const { cleanups, cleanup } = cleanupOnExit();

  try {
    const database = await openDatabase();
    if (database.embedded) cleanups.push(() => database.embedded!.stop());
    const pgVersion = await serverVersion(database.url);

    let seedReport: unknown = { skipped: true };
    if (!options.skipSeed) {
      const size = options.requests ? seedOf(options.requests) : options.small ? SMALL_SEED : FULL_SEED;
      log(`seeding ${size.users} users, ${size.requests} help requests, ${size.faqs} FAQs (only what is missing)`);
      const report = await seed(database.url, size, { progress: Boolean(process.stderr.isTTY) });
      const added = Object.values(report.inserted).reduce((a, b) => a + b, 0);
      if (added > 0) log(`seed: added ${JSON.stringify(report.inserted)} in ${report.seconds.toFixed(1)} s`);
      if (report.zipsSet > 0) log(`seed: gave ${report.zipsSet} help requests a ZIP code`);
      if (added === 0 && report.zipsSet === 0) log('seed: the data is already there, nothing to add');
      seedReport = { size, ...report };
    }
    log('settling the database: VACUUM (ANALYZE), CHECKPOINT, no autovacuum worker at work');
    const settled = await settle(database.url, log);
    const dbName = databaseName(database.url);
    if (options.seedOnly) {
      log(`${dbName}: seeded and settled (--seed-only)`);
      return;
    }

    const fake: FakeUpstream = await startFakeUpstream();
    cleanups.push(() => fake.close());
    // The fixture carries one malformed row on purpose (the tests check it is skipped); here it would only put a
    // warning in the output, so the fake answers with the well-formed rows.
    const [header, ...rows] = fake.fireBody.trim().split('\n');
    fake.fireBody =
      [header, ...rows.filter((row) => row.split(',').length === header.split(',').length)].join('\n') + '\n';
    const gatewayEnv: Record<string, string> = {
      ...gatewayEnvFor(database.url, fake),
      ...(options.replica
        ? {
            DATABASE_REPLICA_URLS: Object.assign(new URL(options.replica), {
              pathname: new URL(database.url).pathname,
            }).toString(),
          }
        : {}),
    };

    const needed = new Set<ServerName>(SCENARIOS.filter((s) => options.scenarios.includes(s.id)).map((s) => s.server));
    if (needed.has('ceiling')) needed.add('gateway'); // the ceiling answers the gateway's own wildfire body
    if (options.scenarios.includes('subscriptions')) needed.add('gateway');
    const children: Partial<Record<ServerName, Child>> = {};
    const urls: Record<ServerName, string> = { gateway: '', baseline: '', ceiling: '', postgraphile: '' };
    log(`starting ${[...needed].join(', ')}`);
    const childOptions = options.profile ? { profileDir: path.resolve(options.out, 'profiles') } : {};
    // What ships is measured: the compiled build, as the image runs it, unless --source asks for tsx.
    const build: GatewayBuild = options.source ? 'source' : 'compiled';
    const gateway = { build, command: gatewayCommand(path.resolve(BENCH_DIR, '..'), build) };
    if (build === 'compiled' && needed.has('gateway')) {
      log('building the gateway (npm run build)');
      buildGateway(path.resolve(BENCH_DIR, '..'));
      if (options.against) buildGateway(options.against);
    }
    const gatewayProcessEnv = {
      ...gatewayEnv,
      ...(options.gatewayNodeOptions ? { NODE_OPTIONS: options.gatewayNodeOptions } : {}),
    };
    if (needed.has('gateway')) {
      children.gateway = await startChild('gateway', gatewayProcessEnv, { ...childOptions, build });
      cleanups.push(() => children.gateway!.stop());
      urls.gateway = children.gateway.url;
    }
    let cachedAnswer: unknown;
    if (needed.has('gateway')) cachedAnswer = await warmRiskCache(urls.gateway);
    let against: { child: Child; url: string } | null = null;
    if (options.against) {
      log(`starting the gateway of ${options.against}`);
      const child = await startChild('gateway', gatewayProcessEnv, {
        ...childOptions,
        build,
        root: options.against,
        label: 'gateway-against',
      });
      cleanups.push(() => child.stop());
      against = { child, url: child.url };
      if (options.scenarios.includes('wildfire-cached')) await warmRiskCache(child.url);
    }
    let traced: { child: Child; url: string; receiver: OtelReceiver } | null = null;
    if (options.otel && needed.has('gateway')) {
      const receiver = await startOtelReceiver();
      cleanups.push(() => receiver.close());
      log(`starting the traced gateway (OTLP/HTTP protobuf to ${receiver.url})`);
      // Every request sampled (ratio 1.0), batched and exported as an operator would configure it.
      const child = await startChild(
        'gateway',
        {
          ...gatewayProcessEnv,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
          OTEL_TRACES_SAMPLER: 'parentbased_always_on',
        },
        { ...childOptions, build, label: 'gateway-traced' },
      );
      cleanups.push(() => child.stop());
      traced = { child, url: child.url, receiver };
      if (options.scenarios.includes('wildfire-cached')) await warmRiskCache(child.url);
    }
    if (needed.has('baseline')) {
      children.baseline = await startChild(
        'baseline',
        { DATABASE_URL: database.url, NODE_ENV: 'production' },
        childOptions,
      );
      cleanups.push(() => children.baseline!.stop());
      urls.baseline = children.baseline.url;
    }
    if (needed.has('ceiling')) {
      children.ceiling = await startChild(
        'ceiling',
        { NODE_ENV: 'production', BENCH_FIXED_BODY: JSON.stringify(cachedAnswer) },
        childOptions,
      );
      cleanups.push(() => children.ceiling!.stop());
      urls.ceiling = children.ceiling.url;
    }

    let peerAuth = '';
    if (needed.has('postgraphile')) {
      ensurePeerInstalled();
      const secret = randomBytes(32).toString('hex');
      children.postgraphile = await startChild(
        'postgraphile',
        { DATABASE_URL: database.url, NODE_ENV: 'production', BENCH_JWT_SECRET: secret },
        childOptions,
      );
      cleanups.push(() => children.postgraphile!.stop());
      urls.postgraphile = children.postgraphile.url;
      peerAuth = `Bearer ${await peerToken(secret)}`;
    }

    const adminAuth = needed.has('gateway') ? await signIn(urls.gateway) : '';
    let deep: DeepPage | null = null;
    if (options.scenarios.includes('connection-deep') || options.scenarios.includes('offset-deep')) {
      log('locating the page at 90% of the table');
      deep = await locateDeepPage(
        urls.gateway,
        adminAuth,
        options.pageSize,
        options.scenarios.includes('connection-deep'),
        log,
      );
    }
    const ctx: ScenarioContext = { urls, adminAuth, peerAuth, pageSize: options.pageSize, deep };

    if (options.soak !== null) {
      const targets = Object.fromEntries(
        SCENARIOS.filter((s) => options.scenarios.includes(s.id)).map((s) => [s.id, s.target(ctx)]),
      );
      log(`soak: ${Object.keys(targets).join(', ')} and subscriptions for ${options.soak} s`);
      const soak = await runSoak({
        gateway: { url: urls.gateway, pid: children.gateway!.pid },
        metricsToken: gatewayEnv.METRICS_TOKEN,
        targets,
        load: (target, seconds) => load(target, options, seconds),
        seconds: options.soak,
        subscribers: options.subscribers,
        log,
      });
      await cleanup();
      mkdirSync(options.out, { recursive: true });
      const file = path.join(options.out, `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine: machine(), options: { ...options, help: undefined }, gateway, database: { source: database.source, serverVersion: pgVersion }, soak }, null, 2)}\n`,
      );
      console.log(`\n${soakSummary(soak)}\n\nresults: ${file}`);
      return;
    }

    // After the servers start, so the deep page is located first; they stay idle meanwhile.
    log('counting SQL statements per operation');
    const sql = await countStatements(
      gatewayEnv,
      options.pageSize,
      { wildfire: (url) => warmRiskCache(url).then(() => undefined) },
      { scenarios: options.scenarios, deep },
    );

    // The other build's gateway stands in for this one's, with a token of its own.
    const againstCtx: ScenarioContext | null = against
      ? { ...ctx, urls: { ...urls, gateway: against.url }, adminAuth: await signIn(against.url) }
      : null;
    const tracedCtx: ScenarioContext | null = traced
      ? { ...ctx, urls: { ...urls, gateway: traced.url }, adminAuth: await signIn(traced.url) }
      : null;

    let baselineMatchesGraphql: boolean | null = null;
    if (urls.gateway && urls.baseline) {
      const [graphql, baseline] = await Promise.all(
        SCENARIOS.filter((s) => s.id === 'graphql-list' || s.id === 'sql-baseline').map((s) => send(s.target(ctx))),
      );
      baselineMatchesGraphql = JSON.stringify(graphql.body) === JSON.stringify(baseline.body);
      if (!baselineMatchesGraphql) log('warning: the baseline did not answer the same JSON as the GraphQL list');
    }

    // (p) and (q) each answer the same rows, people and responses in the same order as (a), checked one by one.
    let peerMatchesGraphql: boolean | null = null;
    let peerRowsMatchGraphql: boolean | null = null;
    if (urls.gateway && urls.postgraphile) {
      const graphql = await send(SCENARIOS.find((s) => s.id === 'graphql-list')!.target(ctx));
      const mine = pageShape('gateway', graphql.body);
      const sameRows = async (id: ScenarioId) => {
        const peer = await send(SCENARIOS.find((s) => s.id === id)!.target(ctx));
        return mine !== null && JSON.stringify(mine) === JSON.stringify(pageShape('peer', peer.body));
      };
      if (options.scenarios.includes('postgraphile')) {
        peerMatchesGraphql = await sameRows('postgraphile');
        if (!peerMatchesGraphql)
          log('warning: PostGraphile (p) did not answer the same rows in the same order as the GraphQL list');
      }
      if (options.scenarios.includes('postgraphile-rows')) {
        peerRowsMatchGraphql = await sameRows('postgraphile-rows');
        if (!peerRowsMatchGraphql)
          log('warning: PostGraphile (q) did not answer the same rows in the same order as the GraphQL list');
      }
    }

    // The cursor walk reached the deep page from the end, the offset page counts its way there: the same rows,
    // when both found the same depth.
    let deepPagesMatch: boolean | null = null;
    if (deep?.cursor) {
      const [connection, offset] = await Promise.all(
        SCENARIOS.filter((s) => s.id === 'connection-deep' || s.id === 'offset-deep').map((s) => send(s.target(ctx))),
      );
      const ids = (nodes: Array<{ id: number }> | undefined) => JSON.stringify(nodes?.map((n) => n.id) ?? null);
      deepPagesMatch = offset
        ? ids(connection.body?.data?.helpRequestsConnection?.edges?.map((e: any) => e.node)) ===
          ids(offset.body?.data?.helpRequests?.requests)
        : null;
      if (deepPagesMatch === false)
        log('warning: the deep connection page and the offset page at its depth hold different requests');
    }

    // (s) first, on a gateway that has served no load yet, so its RSS per subscriber is not hidden in a heap the
    // other scenarios grew; its subscribers close before they start, so none weighs on them.
    let fanOut: FanOutResult | null = null;
    if (options.scenarios.includes('subscriptions')) {
      fanOut = await runFanOut(
        { url: urls.gateway, pid: children.gateway!.pid, metricsToken: gatewayEnv.METRICS_TOKEN },
        options.subscribers,
        Math.max(1, Math.round(options.duration)),
        log,
      );
    }

    const readsBefore = options.replica ? await readsOf(urls.gateway, gatewayEnv.METRICS_TOKEN) : null;
    const selected = SCENARIOS.filter((s) => options.scenarios.includes(s.id));
    // With --against, each gateway scenario is followed by its twin on the other build, in every round.
    // With --otel, each gateway scenario is also measured on the traced twin, in the same rounds.
    type Side = 'this' | 'against' | 'traced';
    const runs = selected.flatMap((scenario) => {
      const here = {
        scenario,
        ctx,
        side: 'this' as Side,
        target: scenario.target(ctx),
        rounds: [] as RawResult[],
        cpu: new CpuMeter(children[scenario.server]!.pid, dbName),
      };
      if (scenario.server !== 'gateway') return [here];
      const twins = [here];
      if (against && againstCtx) {
        twins.push({
          scenario,
          ctx: againstCtx,
          side: 'against',
          target: scenario.target(againstCtx),
          rounds: [],
          cpu: new CpuMeter(against.child.pid, dbName),
        });
      }
      if (traced && tracedCtx) {
        twins.push({
          scenario,
          ctx: tracedCtx,
          side: 'traced',
          target: scenario.target(tracedCtx),
          rounds: [],
          cpu: new CpuMeter(traced.child.pid, dbName),
        });
      }
      return twins;
    });
    const mark = (side: Side) => (side === 'against' ? '′' : side === 'traced' ? '+otel' : '');
    const name = (run: (typeof runs)[number]) => `(${run.scenario.letter}${mark(run.side)}) ${run.scenario.id}`;
    await checkSamples(runs, name);
    // The scenarios take turns, round by round, so a machine that speeds up or slows down during the run does so
    // for all of them alike, and a ratio compares stretches measured side by side rather than a minute apart.
    const roundSeconds = options.duration / options.rounds;
    log(
      `${runs.map((r) => `${r.scenario.letter}${mark(r.side)}`).join(' ')}, in turns: ${options.rounds} round(s) of ${roundSeconds.toFixed(1)} s each at ${options.connections} connections`,
    );
    const upstreamCalls = () => fake.calls('fire') + fake.calls('seismic') + fake.calls('geocoder');
    let upstreamCallsDuringCachedScenario: number | null = null;
    let upstreamCallsDuringAreaRiskScenario: number | null = null;
    for (let turn = 1; turn <= options.rounds; turn++) {
      for (const run of runs) {
        const { scenario, target } = run;
        await scenario.before?.(run.ctx);
        if (turn === 1 && options.warmup > 0) {
          log(`${name(run)}: warm-up ${options.warmup} s`);
          await load(target, options, options.warmup);
        }
        log(`${name(run)}: round ${turn} of ${options.rounds}`);
        const upstreamBefore = upstreamCalls();
        run.cpu.start();
        run.rounds.push(await load(target, options, roundSeconds));
        run.cpu.stop();
        if (scenario.id === 'wildfire-cached') {
          upstreamCallsDuringCachedScenario =
            (upstreamCallsDuringCachedScenario ?? 0) + upstreamCalls() - upstreamBefore;
        }
        if (scenario.id === 'area-risk-page') {
          upstreamCallsDuringAreaRiskScenario =
            (upstreamCallsDuringAreaRiskScenario ?? 0) + upstreamCalls() - upstreamBefore;
        }
      }
    }
    const scenarios: BenchResults['scenarios'] = {};
    const theirs: BenchResults['scenarios'] = {};
    const tracedResults: BenchResults['scenarios'] = {};
    for (const run of runs) {
      const { scenario, target, rounds, cpu } = run;
      const after = await send(target);
      const problemAfter = scenario.problem(after.status, after.body, run.ctx);
      if (problemAfter) throw new Error(`${name(run)} after the load: ${problemAfter}`);
      if (run.side === 'this')
        scenarios[scenario.id] = toResult(
          scenario,
          target,
          options,
          rounds,
          cpu,
          sql.perOperation[scenario.id] ?? null,
        );
      else if (run.side === 'traced')
        tracedResults[scenario.id] = toResult(scenario, target, options, rounds, cpu, null);
      else theirs[scenario.id] = toResult(scenario, target, options, rounds, cpu, null);
    }
    const exported = traced?.receiver.exports() ?? null;
    const readsAfter = readsBefore ? await readsOf(urls.gateway, gatewayEnv.METRICS_TOKEN) : null;
    const replicaReads =
      readsBefore && readsAfter
        ? (({ replica, primary }) => ({
            replica,
            primary,
            share: replica + primary > 0 ? replica / (replica + primary) : null,
          }))({
            replica: readsAfter.replica - readsBefore.replica,
            primary: readsAfter.primary - readsBefore.primary,
          })
        : null;

    await cleanup();
    const r = ratios(scenarios);
    const againstRatios = options.against ? comparison(scenarios, theirs) : null;
    const tracing =
      traced && exported
        ? { exports: exported, scenarios: tracedResults, ratios: comparison(tracedResults, scenarios) }
        : null;
    const results: BenchResults = {
      ...runOf(startedAt, options, gateway, { source: database.source, serverVersion: pgVersion }),
      seed: seedReport,
      settled,
      scenarios,
      ratios: r,
      sqlStatements: sql,
      baselineMatchesGraphql,
      peerMatchesGraphql,
      peerRowsMatchGraphql,
      upstreamCallsDuringCachedScenario,
      upstreamCallsDuringAreaRiskScenario,
      deepPage: deep ? { total: deep.total, depth: deep.depth, page: deep.page } : null,
      deepPagesMatch,
      fanOut,
      targets: [...targets(r, sql, scenarios, fanOut), ...(options.otel ? tracingTargets(tracing, againstRatios) : [])],
      against:
        options.against && againstRatios
          ? { checkout: options.against, commit: commitOf(options.against), scenarios: theirs, ratios: againstRatios }
          : null,
      tracing,
      replicaReads,
    };
    mkdirSync(options.out, { recursive: true });
    const file = path.join(options.out, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    const replicaLine = replicaReads
      ? `\n\nreplica: served ${replicaReads.replica} of ${replicaReads.replica + replicaReads.primary} read statements (${replicaReads.share === null ? 'n/a' : `${Math.round(replicaReads.share * 1000) / 10}%`})`
      : '';
    console.log(`\n${summary(results)}${replicaLine}\n\nresults: ${file}`);
  } finally {
    await cleanup();
  }
}

/** Read statements by what served them, from the gateway's metrics (trellis_db_reads_total). */
async function readsOf(gatewayUrl: string, token: string): Promise<{ replica: number; primary: number }> {
  const text = await (await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  let replica = 0;
  let primary = 0;
  for (const [, target, value] of text.matchAll(/^trellis_db_reads_total\{target="([^"]+)"\} ([0-9.e+]+)$/gm)) {
    if (target === 'primary') primary += Number(value);
    else replica += Number(value);
  }
  return { replica, primary };
}

function toResult(
  scenario: Scenario,
  target: Target,
  options: BenchOptions,
  rounds: RawResult[],
  cpu: CpuMeter,
  statements: number | null,
): ScenarioResult {
  const result = autocannon.aggregateResult(rounds, { url: target.url, connections: options.connections });
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const requests = rounds.reduce((sum, r) => sum + r.totalCompletedRequests, 0);
  return {
    letter: scenario.letter,
    title: scenario.title,
    method: target.method,
    url: target.url.replace(/^http:\/\/[^/]+/, ''),
    requestsPerSecond: round(requests / seconds, 1),
    requestsPerSecondByRound: rounds.map((r) => round(r.totalCompletedRequests / r.duration, 1)),
    latencyMs: {
      p50: round(result.latency.p50),
      p90: round(result.latency.p90),
      p99: round(result.latency.p99),
      average: round(result.latency.average),
      max: round(result.latency.max),
    },
    requests,
    seconds: round(seconds),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: Math.round(rounds.reduce((sum, r) => sum + r.totalBytes, 0) / seconds),
    serverCpuMicrosecondsPerRequest: perRequest(cpu.serverSeconds, requests),
    databaseCpuMicrosecondsPerRequest: perRequest(cpu.databaseSeconds, requests),
    otherPostgresCpuMicrosecondsPerRequest: perRequest(cpu.otherDatabaseSeconds, requests),
    sqlStatementsPerOperation: statements,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
