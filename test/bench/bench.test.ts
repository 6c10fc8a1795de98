import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuMeter, databaseName } from '../../bench/cpu.js';
import { seed, SMALL_SEED } from '../../bench/seed.js';
import { settle } from '../../bench/settle.js';
import { buildBaseline } from '../../bench/servers/baseline-app.js';
import { account, leaked } from '../../bench/subscribers.js';
import { createTestDatabase } from '../helpers/app.js';

/*
 * A smoke run of `npm run bench`: a small seed, one second per scenario. It proves the bench runs end to end
 * and reports what it promises; the numbers themselves depend on the machine and are never asserted.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const SCENARIOS = [
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
];

/** Runs `bench/run.ts` on a database of its own (Redis unset), writing to a fresh folder; the caller cleans both up. */
async function runBench(folderPrefix: string, args: string[], timeout: number) {
  const database = await createTestDatabase();
  const folder = mkdtempSync(path.join(tmpdir(), folderPrefix));
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: database.url };
  delete env.REDIS_URL;
  const { stdout: printed } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/run.ts', ...args, '--out', folder],
    {
      cwd: ROOT,
      env,
      timeout,
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  return { database, folder, printed };
}

/** The CPU per page of (a), (c) and (q), side by side, server + PostgreSQL. */
const CPU_PER_PAGE_LINE = /CPU per page, server \+ PostgreSQL \(µs\): a [\d,.]+ \+ [\d,.–]+ = [\d,.]+; c .*; q /;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let out: string;
let stdout: string;
let results: any;

beforeAll(async () => {
  // The gateway is compiled first (`npm run build`), a full build when dist/ is missing: hence the longer wait.
  ({
    database: db,
    folder: out,
    printed: stdout,
  } = await runBench(
    'trellis-bench-',
    ['--small', '--duration', '1', '--rounds', '2', '--warmup', '0.5', '--connections', '2', '--subscribers', '20'],
    200_000,
  ));
  const files = readdirSync(out).filter((f) => /^bench-.*\.json$/.test(f));
  expect(files).toHaveLength(1);
  results = JSON.parse(readFileSync(path.join(out, files[0]), 'utf8'));
}, 210_000);

afterAll(async () => {
  // A run that failed to start leaves no folder: its own error is the one to read.
  if (out) rmSync(out, { recursive: true, force: true });
  await db?.drop();
});

describe('npm run bench', () => {
  it('measures every scenario, with requests per second and latency percentiles, and no failed request', () => {
    expect(Object.keys(results.scenarios)).toEqual(SCENARIOS);
    for (const id of SCENARIOS) {
      const scenario = results.scenarios[id];
      expect(scenario.requestsPerSecond, id).toBeGreaterThan(0);
      expect(Number.isFinite(scenario.latencyMs.p50), id).toBe(true);
      expect(Number.isFinite(scenario.latencyMs.p99), id).toBe(true);
      expect(scenario.non2xx + scenario.errors + scenario.timeouts, id).toBe(0);
    }
  });

  it("measures the compiled build the image ships, started with the Dockerfile CMD's flags, and says so", () => {
    const cmd = JSON.parse(
      /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))![1],
    ) as string[];
    expect(results.gateway.build).toBe('compiled');
    expect(results.gateway.command).toBe(cmd.join(' '));
    expect(results.gateway.command).toMatch(/--import \.\/dist\/platform\/observability\/register\.js dist\/main\.js$/);
    expect(stdout).toContain(`gateway: the compiled build, as the image runs it (${cmd.join(' ')})`);
  });

  it('measures in rounds the scenarios take in turns, and says what each request cost the server in CPU', () => {
    expect(results.options.rounds).toBe(2);
    for (const id of SCENARIOS) {
      const scenario = results.scenarios[id];
      expect(scenario.requestsPerSecondByRound, id).toHaveLength(2);
      // Two rounds of half a second: autocannon stops on its next 100 ms sample.
      expect(scenario.seconds, id).toBeGreaterThanOrEqual(0.9);
      expect(scenario.seconds, id).toBeLessThan(1.6);
      expect(
        Math.abs(scenario.requestsPerSecond - scenario.requests / scenario.seconds) / scenario.requestsPerSecond,
        id,
      ).toBeLessThan(0.01);
      if (process.platform === 'linux') expect(scenario.serverCpuMicrosecondsPerRequest, id).toBeGreaterThan(0);
    }
    // Only the SQL scenarios reach PostgreSQL (this database runs on this machine, embedded or not).
    if (process.platform === 'linux')
      expect(results.scenarios['sql-baseline'].databaseCpuMicrosecondsPerRequest).toBeGreaterThan(0);
    expect(stdout).toContain('CPU µs/req');
  });

  it('reports the SQL statements of one list operation at page sizes 10, 50 and 100, the same at each', () => {
    const { byPageSize, perOperation, constantInPageSize } = results.sqlStatements;
    for (const id of ['graphql-list', 'rest-list', 'sql-baseline']) {
      const counts = Object.values(byPageSize[id]) as number[];
      expect(Object.keys(byPageSize[id]), id).toEqual(['10', '50', '100']);
      expect(
        counts.every((n) => Number.isInteger(n) && n > 0),
        id,
      ).toBe(true);
      expect(new Set(counts).size, id).toBe(1);
    }
    expect(constantInPageSize).toBe(true);
    expect(perOperation['wildfire-cached']).toBe(0);
    expect(perOperation['update-user']).toBeGreaterThan(0);
    // Statistics read the kept counts; a search reads its page of FAQs and of requests.
    expect(perOperation.statistics).toBeGreaterThan(0);
    expect(perOperation.search).toBeGreaterThan(0);
    expect(results.scenarios['graphql-list'].sqlStatementsPerOperation).toBe(byPageSize['graphql-list']['50']);
  });

  it('computes the ratios and a verdict for every target, and prints them', () => {
    for (const ratio of ['a/c', 'b/c', 'e/d', 'b/a', 'a/p', 'a/q', 'j/a', 'k/a', 'j/l'])
      expect(results.ratios[ratio], ratio).toBeGreaterThan(0);
    const names = [
      'a/c',
      'b/a',
      'sql-constant',
      'j/a CPU',
      'k/a',
      'a/p',
      'a/p CPU',
      'a/q',
      's delivery',
      's CPU',
      's p99',
      's memory',
    ];
    expect(results.targets.map((t: { name: string }) => t.name)).toEqual(names);
    // In a run this small the reference of (s) may spend less CPU than one clock tick, which measures as none: its
    // ratios then have no verdict, and the report says SKIP rather than guess.
    const unmeasurable = (t: { name: string; value: unknown }) => /^s (CPU|p99)$/.test(t.name) && t.value === null;
    for (const target of results.targets)
      expect(typeof target.pass, target.name).toBe(unmeasurable(target) ? 'object' : 'boolean');
    for (const target of results.targets) {
      const verdict = unmeasurable(target) ? 'SKIP' : '(PASS|MISS)';
      expect(stdout).toMatch(new RegExp(`${verdict}\\s+${target.name.replace('/', '\\/')}`));
    }
  });

  it('compares like with like: the baseline answers the GraphQL list byte for byte, and the cached scenario never calls upstream', () => {
    expect(results.baselineMatchesGraphql).toBe(true);
    // PostGraphile, the peer, answers the same rows, people and responses in the same order.
    expect(results.peerMatchesGraphql).toBe(true);
    // (q), the peer's page without totalCount, answers the same rows too, and is not asked to count.
    expect(results.peerRowsMatchGraphql).toBe(true);
    expect(stdout).toContain("PostGraphile's rows without totalCount (q) identical to the GraphQL list: yes");
    expect(results.upstreamCallsDuringCachedScenario).toBe(0);
    // The page of (k) reads 50 areas, all from the cache its first answer filled.
    expect(results.upstreamCallsDuringAreaRiskScenario).toBe(0);
  });

  it('gives the baseline the total from the kept counts, as the gateway reads it, and not from counting the rows', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const statements: string[] = [];
    const baseline = buildBaseline({ query: (text, values) => (statements.push(text), pool.query(text, values)) });
    try {
      const page = async () =>
        (await baseline.inject({ method: 'GET', url: '/help-requests?page=1&per_page=10' })).json().data.helpRequests
          .pagination;
      const { total } = await page();
      expect(total).toBe(SMALL_SEED.requests);
      expect(statements.some((sql) => /from help_request_counts/.test(sql))).toBe(true);
      expect(statements.some((sql) => /count\(\*\)/i.test(sql))).toBe(false);
      // A count the triggers keep moves the total, while the rows stay as they were.
      const {
        rows: [cell],
      } = await pool.query(`select status, category, priority from help_request_counts where requests > 0 limit 1`);
      const nudge = (by: number) =>
        pool.query(
          'update help_request_counts set requests = requests + $4 where status = $1 and category = $2 and priority = $3',
          [cell.status, cell.category, cell.priority, by],
        );
      await nudge(7);
      try {
        expect((await page()).total).toBe(SMALL_SEED.requests + 7);
      } finally {
        await nudge(-7);
      }
      expect(CPU_PER_PAGE_LINE.test(stdout)).toBe(true);
    } finally {
      await baseline.close();
      await pool.end();
    }
  });

  it('opens the subscribers of (s) from a load process, and accounts for every change each one was owed', () => {
    const s = results.fanOut;
    expect(s).toMatchObject({
      subscribers: 20,
      plainUsers: 2,
      administrators: 18,
      failedToOpen: 0,
      leaks: 0,
      errors: 0,
    });
    expect(s.credentials.plainUsers).toBe(2);
    expect(s.changes).toBeGreaterThanOrEqual(1);
    // Every administrator hears each change; of the plain users, only the one whose request it was.
    expect(s.expected).toBe(s.changes * (18 + 1));
    expect(s.delivered).toBe(s.expected);
    expect(s.latencyMs.p99).toBeGreaterThanOrEqual(s.latencyMs.p50);
    if (process.platform === 'linux') {
      expect(s.rssAfterBytes).toBeGreaterThan(0);
      expect(s.cpuMicrosecondsPerDeliveredEvent).toBeGreaterThan(0);
    }
    expect(stdout).toMatch(/subscriptions \(s\): 20 subscribers .* delivered 19 of 19, leaks 0/);
    // The reference (a bare graphql-ws server) was fed the same changes for as many subscribers of the same kinds.
    expect(s.reference).toMatchObject({ subscribers: 20, failedToOpen: 0, leaks: 0, errors: 0, expected: s.expected });
    expect(s.reference.delivered).toBe(s.expected);
    expect(stdout).toMatch(/PASS\s+s delivery/);
  });

  it('reads the deep page at 90% of the table, by cursor and by page number, and finds the same requests both ways', () => {
    expect(results.deepPage).toEqual({ total: SMALL_SEED.requests, depth: 450, page: 10 });
    expect(results.deepPagesMatch).toBe(true);
    expect(stdout).toContain('the 50 requests after the first 450 of 500 (page 10)');
    for (const id of ['connection-deep', 'area-risk-page', 'offset-deep'])
      expect(results.sqlStatements.perOperation[id], id).toBeGreaterThan(0);
  });

  it('seeds once: a second seed of the same size finds the data and adds nothing', async () => {
    expect(results.seed.total).toMatchObject({ helpRequests: SMALL_SEED.requests, faqs: SMALL_SEED.faqs });
    expect(results.seed.total.responses).toBeGreaterThan(0);
    expect(results.seed.total.history).toBeGreaterThan(SMALL_SEED.requests);
    const again = await seed(db.url, SMALL_SEED, { progress: false });
    expect(again.inserted).toEqual({ users: 0, helpRequests: 0, responses: 0, history: 0, faqs: 0 });
    expect(again.zipsSet).toBe(0);
    const { history, ...rest } = again.total;
    const { history: seeded, ...seededRest } = results.seed.total;
    expect(rest).toEqual(seededRest);
    // The run's changes added history (the second seed wrote none, above): each change of (s) a priority and an
    // admin note, each update of (m) and (n) a priority. They touch the same requests, so a change may find the
    // priority another left, and the exact count depends on their order; each change of (s) leaves its note.
    expect(history).toBeGreaterThanOrEqual(seeded + results.fanOut.changes + 1);
  });

  it('gives requests seeded without a ZIP code theirs on the next seed, and the newest page ZIP codes all different', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('update help_requests set zip = null');
      const filled = await seed(db.url, SMALL_SEED, { progress: false });
      expect(filled.inserted).toEqual({ users: 0, helpRequests: 0, responses: 0, history: 0, faqs: 0 });
      expect(filled.zipsSet).toBe(SMALL_SEED.requests);
      const { rows } = await client.query(`select count(*)::int as missing, (select count(distinct zip)::int from (
        select zip from help_requests order by created_at desc, id desc limit 100) newest) as distinct_newest from help_requests where zip is null`);
      expect(rows[0]).toEqual({ missing: 0, distinct_newest: 100 });
      expect((await seed(db.url, SMALL_SEED, { progress: false })).zipsSet).toBe(0);
    } finally {
      await client.end();
    }
  });
});

describe("(s)'s accounting", () => {
  const changes = [
    { key: '1@t1', requester: 'alice', sentAt: 1000 },
    { key: '2@t2', requester: 'bob', sentAt: 2000 },
  ];
  const subscriber = (group: string, seen: Array<[string, number]>, leaks = 0) => ({
    spec: { auth: '', group },
    seen: new Map(seen),
    leaks,
    errors: 0,
  });

  it('owes an administrator every change and a plain user only theirs, and measures from the sending', () => {
    const report = account(changes, [
      subscriber('admin', [
        ['1@t1', 1100],
        ['2@t2', 2300],
      ]),
      subscriber('alice', [['1@t1', 1200]]),
      subscriber('bob', []),
    ]);
    expect(report).toEqual({
      expected: 4,
      delivered: 3,
      leaks: 0,
      errors: 0,
      latencyMs: { p50: 200, p99: 300, max: 300 },
    });
  });

  it('counts a change heard by a subscriber it was not owed to as a leak, as well as what the subscriber itself flagged', () => {
    const report = account(changes, [
      subscriber(
        'alice',
        [
          ['1@t1', 1050],
          ['2@t2', 2050],
        ],
        1,
      ),
    ]);
    expect(report).toMatchObject({ expected: 1, delivered: 1, leaks: 2 });
  });

  describe('what a delivery may show', () => {
    const note = (adminNotes: string | null, requester = 'alice') => ({ adminNotes, requester: { id: requester } });
    it.each([
      [
        'an administrator, a change with its note',
        'admin',
        { kind: 'updated', fields: ['priority', 'admin_notes'], request: note('n') },
        false,
      ],
      [
        "an administrator, a change shown without its note (someone else's view)",
        'admin',
        { kind: 'updated', fields: ['priority'], request: note(null) },
        true,
      ],
      [
        'an administrator, a breach the monitor announced on a request without a note',
        'admin',
        { kind: 'sla_breached', fields: ['resolution'], request: note(null) },
        false,
      ],
      [
        'a requester, their own change without internals',
        'alice',
        { kind: 'updated', fields: ['priority'], request: note(null) },
        false,
      ],
      [
        "a requester, someone else's change",
        'alice',
        { kind: 'updated', fields: ['priority'], request: note(null, 'bob') },
        true,
      ],
      ['a requester, an admin note', 'alice', { kind: 'updated', fields: ['priority'], request: note('n') }, true],
      [
        'a requester, an internal field named',
        'alice',
        { kind: 'updated', fields: ['admin_notes'], request: note(null) },
        true,
      ],
      [
        'a requester, a breach of their own request',
        'alice',
        { kind: 'sla_breached', fields: ['resolution'], request: note(null) },
        true,
      ],
    ])('%s: leak %s', (_name, group, change, leak) => {
      expect(leaked({ group }, change)).toBe(leak);
    });
  });
});

describe('npm run bench -- --scales', () => {
  let scaleDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let scaleOut: string;
  let printed: string;
  let comparison: any;

  beforeAll(async () => {
    ({
      database: scaleDb,
      folder: scaleOut,
      printed,
    } = await runBench(
      'trellis-bench-scales-',
      [
        '--scales',
        '600,300',
        '--scenarios',
        'a,g,h',
        '--duration',
        '0.5',
        '--rounds',
        '1',
        '--warmup',
        '0',
        '--connections',
        '2',
      ],
      150_000,
    ));
    const [dir] = readdirSync(scaleOut).filter((f) => f.startsWith('scales-'));
    comparison = JSON.parse(readFileSync(path.join(scaleOut, dir, 'comparison.json'), 'utf8'));
  }, 160_000);

  afterAll(async () => {
    if (scaleOut) rmSync(scaleOut, { recursive: true, force: true });
    if (!scaleDb) return;
    // Each size had a database of its own, named after the one DATABASE_URL names.
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(scaleDb.url), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    try {
      for (const size of [300, 600])
        await admin.query(`drop database if exists "${databaseName(scaleDb.url)}_${size}" with (force)`);
    } finally {
      await admin.end();
    }
    await scaleDb.drop();
  });

  it('seeds each size in a database of its own, settles it, and measures the chosen scenarios at each', () => {
    expect(comparison.sizes).toEqual([300, 600]);
    expect(comparison.runs).toHaveLength(2);
    const [small, large] = comparison.runs.map((file: string) => JSON.parse(readFileSync(file, 'utf8')));
    expect(small.seed.total.helpRequests).toBe(300);
    expect(large.seed.total.helpRequests).toBe(600);
    expect(large.seed.inserted.helpRequests).toBe(600);
    expect(large.seed.total.users).toBeGreaterThan(small.seed.total.users);
    for (const run of [small, large]) {
      expect(Object.keys(run.scenarios)).toEqual(['graphql-list', 'statistics', 'search']);
      expect(run.settled).toMatchObject({ checkpoint: true });
      expect(run.gateway.build).toBe('compiled');
    }
    expect(printed).toContain('gateway: the compiled build, as the image runs it');
  });

  it('measures the sizes side by side, and compares the cost per operation at the largest with the smallest, with a verdict for each', () => {
    for (const id of ['graphql-list', 'statistics', 'search']) {
      const scenario = comparison.scenarios[id];
      expect(scenario.requestsPerSecond, id).toHaveLength(2);
      if (process.platform === 'linux') {
        expect(scenario.growth, id).toBeGreaterThan(0);
        expect(scenario.growth, id).toBeCloseTo(
          scenario.cpuMicrosecondsPerRequest[1] / scenario.cpuMicrosecondsPerRequest[0],
          1,
        );
        expect(scenario.server[0] + scenario.database[0], id).toBeCloseTo(scenario.cpuMicrosecondsPerRequest[0], 0);
        expect(typeof scenario.pass, id).toBe('boolean');
      }
      expect(printed, id).toMatch(new RegExp(`(PASS|MISS|SKIP)\\s+[a-h] ${id}.*\\(target ≤ 1.25, aim ≤ 1.1\\)`));
    }
  });
});

describe('settling the database before the load', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('rewrites compact a small table that churn spread over many pages, and leaves a table of wide rows as it is', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('create table churned (id int primary key, n int not null)');
      await client.query('insert into churned select g, 0 from generate_series(1, 10) g');
      // As a seed's batches update a kept count, with no autovacuum in between.
      await client.query('do $$ begin for i in 1..3000 loop update churned set n = n + 1; end loop; end $$');
      await client.query('create table wide (id int primary key, body text)');
      await client.query('alter table wide alter column body set storage plain');
      // Five rows of 1.5 kB to a page: wide, but as compact as such rows get.
      await client.query(`insert into wide select g, repeat('x', 1500) from generate_series(1, 60) g`);
      await client.query('analyze churned, wide');
      const pages = async (table: string) =>
        (await client.query(`select pg_relation_size($1) / 8192 as pages`, [table])).rows[0].pages as string;
      expect(Number(await pages('churned'))).toBeGreaterThan(8);
      expect(Number(await pages('wide'))).toBeGreaterThan(8);
      const settled = await settle(db.url, () => {});
      expect(settled.compacted).toEqual(['public.churned']);
      expect(Number(await pages('churned'))).toBe(1);
      expect((await client.query('select sum(n)::int as n from churned')).rows[0].n).toBe(30_000);
      expect(settled.checkpoint).toBe(true);
      expect(settled.autovacuumWaitSeconds).toBeLessThan(5);
    } finally {
      await client.end();
    }
  });
});

describe("PostgreSQL's CPU, as the bench counts it", () => {
  let measured: Awaited<ReturnType<typeof createTestDatabase>>;
  let other: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    [measured, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([measured?.drop(), other?.drop()]);
  });

  it.runIf(process.platform === 'linux')(
    "counts the work of the measured database's sessions as its own, and any other database's apart",
    async () => {
      const clients = [
        new pg.Client({ connectionString: measured.url }),
        new pg.Client({ connectionString: other.url }),
      ];
      await Promise.all(clients.map((c) => c.connect()));
      const busy = (client: pg.Client) => client.query('select count(*) from generate_series(1, 4000000)');
      try {
        const meter = new CpuMeter(process.pid, databaseName(measured.url));
        meter.start();
        await busy(clients[1]);
        meter.stop();
        expect(meter.otherDatabaseSeconds).toBeGreaterThanOrEqual(0.1);
        expect(meter.databaseSeconds).toBeLessThan(meter.otherDatabaseSeconds! / 4);
        meter.start();
        await busy(clients[0]);
        meter.stop();
        expect(meter.databaseSeconds).toBeGreaterThanOrEqual(0.1);
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    },
  );
});

describe('npm run bench -- --against', () => {
  let againstDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let againstOut: string;
  let printed: string;
  let measured: any;

  beforeAll(async () => {
    // This checkout against itself: the comparison works the same with a worktree of another commit.
    ({
      database: againstDb,
      folder: againstOut,
      printed,
    } = await runBench(
      'trellis-bench-against-',
      [
        '--small',
        '--scenarios',
        'd,e',
        '--against',
        ROOT,
        '--source',
        '--duration',
        '1',
        '--rounds',
        '2',
        '--warmup',
        '0',
        '--connections',
        '2',
      ],
      110_000,
    ));
    const [file] = readdirSync(againstOut).filter((f) => /^bench-.*\.json$/.test(f));
    measured = JSON.parse(readFileSync(path.join(againstOut, file), 'utf8'));
  }, 120_000);

  afterAll(async () => {
    rmSync(againstOut, { recursive: true, force: true });
    await againstDb?.drop();
  });

  it("measures each gateway scenario on the other checkout's gateway too, in the same rounds, and nothing else twice", () => {
    expect(measured.against.checkout).toBe(ROOT);
    expect(Object.keys(measured.scenarios)).toEqual(['ceiling', 'wildfire-cached']);
    expect(Object.keys(measured.against.scenarios)).toEqual(['wildfire-cached']);
    const theirs = measured.against.scenarios['wildfire-cached'];
    expect(theirs.requestsPerSecondByRound).toHaveLength(2);
    expect(theirs.non2xx + theirs.errors + theirs.timeouts).toBe(0);
    expect(printed).toMatch(/e′ wildfire-cached\s+[\d,]+/);
  });

  it('runs both gateways from their TypeScript source through tsx with --source, and says so', () => {
    expect(measured.gateway.build).toBe('source');
    expect(measured.gateway.command).toMatch(/--import tsx .*bench\/servers\/gateway\.ts$/);
    expect(printed).toContain('gateway: the TypeScript source through tsx, as npm start runs it (--source');
  });

  it('gives this build over that one, overall and round by round, and prints it', () => {
    const compared = measured.against.ratios['wildfire-cached'];
    const [mine, theirs] = [measured.scenarios['wildfire-cached'], measured.against.scenarios['wildfire-cached']];
    expect(compared.requestsPerSecond).toBeCloseTo(mine.requestsPerSecond / theirs.requestsPerSecond, 2);
    expect(compared.byRound).toEqual(
      mine.requestsPerSecondByRound.map((r: number, i: number) =>
        expect.closeTo(r / theirs.requestsPerSecondByRound[i], 2),
      ),
    );
    expect(compared.medianByRound).toBeGreaterThan(0);
    expect(printed).toContain('this build / that build:');
    expect(printed).toMatch(/wildfire-cached\s+req\/s \d\.\d\d \(rounds: median \d\.\d\d/);
  });

  it('refuses a folder that is not a gateway checkout with its dependencies', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--against', tmpdir()], {
      cwd: ROOT,
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toContain('bench/servers/gateway.ts is missing');
  });

  it('refuses a run with no gateway scenario to compare', async () => {
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--against', ROOT, '--scenarios', 'c,d'],
      { cwd: ROOT },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toContain('none is selected');
  });
});

describe('npm run bench -- --soak', () => {
  let soakDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let soakOut: string;
  let printed: string;
  let soak: any;

  beforeAll(async () => {
    ({
      database: soakDb,
      folder: soakOut,
      printed,
    } = await runBench(
      'trellis-bench-soak-',
      ['--small', '--soak', '3', '--subscribers', '10', '--connections', '1'],
      110_000,
    ));
    const [file] = readdirSync(soakOut).filter((f) => /^soak-.*\.json$/.test(f));
    soak = JSON.parse(readFileSync(path.join(soakOut, file), 'utf8')).soak;
  }, 120_000);

  afterAll(async () => {
    rmSync(soakOut, { recursive: true, force: true });
    await soakDb?.drop();
  });

  it('loads a, b, e and f at once while the subscribers hear every change, without a failed request or a leak', () => {
    expect(Object.keys(soak.load)).toEqual(['graphql-list', 'rest-list', 'wildfire-cached', 'update-user']);
    for (const [id, load] of Object.entries<any>(soak.load)) {
      expect(load.requestsPerSecond, id).toBeGreaterThan(0);
      expect(load.non2xx + load.errors, id).toBe(0);
    }
    expect(soak.changes).toBeGreaterThan(0);
    expect(soak.delivered).toBe(soak.expected);
    expect(soak.leaks).toBe(0);
  });

  it("samples the gateway's RSS and heap, and leaves the verdict to a soak of more than a minute", () => {
    expect(soak.samples.length).toBeGreaterThanOrEqual(2);
    for (const sample of soak.samples) {
      if (process.platform === 'linux') expect(sample.rssBytes).toBeGreaterThan(0);
      expect(sample.heapUsedBytes).toBeGreaterThan(0);
    }
    expect(soak.growthAfterFirstMinute).toBeNull();
    expect(printed).toMatch(/SKIP\s+soak RSS/);
    expect(printed).toMatch(/second\s+RSS MiB\s+heap used MiB/);
  });
});
