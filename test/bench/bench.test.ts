import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, SMALL_SEED } from '../../bench/seed.js';
import { createTestDatabase } from '../helpers/app.js';

/*
 * A smoke run of `npm run bench`: a small seed, one second per scenario. It proves the bench runs end to end
 * and reports what it promises; the numbers themselves depend on the machine and are never asserted.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const SCENARIOS = [
  'graphql-list', 'rest-list', 'sql-baseline', 'ceiling', 'wildfire-cached', 'update-user', 'statistics', 'search', 'authenticated',
  'connection-deep', 'area-risk-page', 'offset-deep', 'postgraphile',
];

/** Runs `bench/run.ts` on a database of its own (Redis unset), writing to a fresh folder; the caller cleans both up. */
async function runBench(folderPrefix: string, args: string[], timeout: number) {
  const database = await createTestDatabase();
  const folder = mkdtempSync(path.join(tmpdir(), folderPrefix));
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: database.url };
  delete env.REDIS_URL;
  const { stdout: printed } = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args, '--out', folder], {
    cwd: ROOT,
    env,
    timeout,
    maxBuffer: 10 * 1024 * 1024,
  });
  return { database, folder, printed };
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let out: string;
let stdout: string;
let results: any;

beforeAll(async () => {
  ({ database: db, folder: out, printed: stdout } = await runBench('trellis-bench-', ['--small', '--duration', '1', '--rounds', '2', '--warmup', '0.5', '--connections', '2'], 110_000));
  const files = readdirSync(out).filter((f) => /^bench-.*\.json$/.test(f));
  expect(files).toHaveLength(1);
  results = JSON.parse(readFileSync(path.join(out, files[0]!), 'utf8'));
}, 120_000);

afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
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

  it('measures in rounds the scenarios take in turns, and says what each request cost the server in CPU', () => {
    expect(results.options.rounds).toBe(2);
    for (const id of SCENARIOS) {
      const scenario = results.scenarios[id];
      expect(scenario.requestsPerSecondByRound, id).toHaveLength(2);
      // Two rounds of half a second: autocannon stops on its next 100 ms sample.
      expect(scenario.seconds, id).toBeGreaterThanOrEqual(0.9);
      expect(scenario.seconds, id).toBeLessThan(1.6);
      expect(Math.abs(scenario.requestsPerSecond - scenario.requests / scenario.seconds) / scenario.requestsPerSecond, id).toBeLessThan(0.01);
      if (process.platform === 'linux') expect(scenario.serverCpuMicrosecondsPerRequest, id).toBeGreaterThan(0);
    }
    // Only the SQL scenarios reach PostgreSQL (this database runs on this machine, embedded or not).
    if (process.platform === 'linux') expect(results.scenarios['sql-baseline'].databaseCpuMicrosecondsPerRequest).toBeGreaterThan(0);
    expect(stdout).toContain('CPU µs/req');
  });

  it('reports the SQL statements of one list operation at page sizes 10, 50 and 100, the same at each', () => {
    const { byPageSize, perOperation, constantInPageSize } = results.sqlStatements;
    for (const id of ['graphql-list', 'rest-list', 'sql-baseline']) {
      const counts = Object.values(byPageSize[id]) as number[];
      expect(Object.keys(byPageSize[id]), id).toEqual(['10', '50', '100']);
      expect(counts.every((n) => Number.isInteger(n) && n > 0), id).toBe(true);
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
    for (const ratio of ['a/c', 'b/c', 'e/d', 'b/a', 'a/p', 'j/a', 'k/a', 'j/l']) expect(results.ratios[ratio], ratio).toBeGreaterThan(0);
    const names = ['a/c', 'b/a', 'sql-constant', 'j/a CPU', 'k/a', 'a/p', 'a/p CPU'];
    expect(results.targets.map((t: { name: string }) => t.name)).toEqual(names);
    for (const target of results.targets) expect(typeof target.pass, target.name).toBe('boolean');
    for (const name of names) expect(stdout).toMatch(new RegExp(`(PASS|MISS)\\s+${name.replace('/', '\\/')}`));
  });

  it('compares like with like: the baseline answers the GraphQL list byte for byte, and the cached scenario never calls upstream', () => {
    expect(results.baselineMatchesGraphql).toBe(true);
    // PostGraphile, the peer, answers the same rows, people and responses in the same order.
    expect(results.peerMatchesGraphql).toBe(true);
    expect(results.upstreamCallsDuringCachedScenario).toBe(0);
    // The page of (k) reads 50 areas, all from the cache its first answer filled.
    expect(results.upstreamCallsDuringAreaRiskScenario).toBe(0);
  });

  it('reads the deep page at 90% of the table, by cursor and by page number, and finds the same requests both ways', () => {
    expect(results.deepPage).toEqual({ total: SMALL_SEED.requests, depth: 450, page: 10 });
    expect(results.deepPagesMatch).toBe(true);
    expect(stdout).toContain('the 50 requests after the first 450 of 500 (page 10)');
    for (const id of ['connection-deep', 'area-risk-page', 'offset-deep']) expect(results.sqlStatements.perOperation[id], id).toBeGreaterThan(0);
  });

  it('seeds once: a second seed of the same size finds the data and adds nothing', async () => {
    expect(results.seed.total).toMatchObject({ helpRequests: SMALL_SEED.requests, faqs: SMALL_SEED.faqs });
    expect(results.seed.total.responses).toBeGreaterThan(0);
    expect(results.seed.total.history).toBeGreaterThan(SMALL_SEED.requests);
    const again = await seed(db.url, SMALL_SEED, { progress: false });
    expect(again.inserted).toEqual({ users: 0, helpRequests: 0, responses: 0, history: 0, faqs: 0 });
    expect(again.zipsSet).toBe(0);
    expect(again.total).toEqual(results.seed.total);
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

describe('npm run bench -- --scales', () => {
  let scaleDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let scaleOut: string;
  let printed: string;
  let comparison: any;

  beforeAll(async () => {
    ({ database: scaleDb, folder: scaleOut, printed } = await runBench(
      'trellis-bench-scales-',
      ['--scales', '600,300', '--scenarios', 'a,g,h', '--duration', '0.5', '--rounds', '1', '--warmup', '0', '--connections', '2'],
      150_000,
    ));
    const [dir] = readdirSync(scaleOut).filter((f) => f.startsWith('scales-'));
    comparison = JSON.parse(readFileSync(path.join(scaleOut, dir!, 'comparison.json'), 'utf8'));
  }, 160_000);

  afterAll(async () => {
    rmSync(scaleOut, { recursive: true, force: true });
    await scaleDb?.drop();
  });

  it('seeds each size in turn, smallest first, and measures the chosen scenarios at each', () => {
    expect(comparison.sizes).toEqual([300, 600]);
    expect(comparison.runs).toHaveLength(2);
    const [small, large] = comparison.runs.map((file: string) => JSON.parse(readFileSync(file, 'utf8')));
    expect(small.seed.total.helpRequests).toBe(300);
    expect(large.seed.total.helpRequests).toBe(600);
    expect(large.seed.inserted.helpRequests).toBe(300);
    expect(large.seed.total.users).toBeGreaterThan(small.seed.total.users);
    expect(Object.keys(large.scenarios)).toEqual(['graphql-list', 'statistics', 'search']);
  });

  it('compares the cost per operation at the largest size with the smallest, and prints a verdict for each', () => {
    for (const id of ['graphql-list', 'statistics', 'search']) {
      const scenario = comparison.scenarios[id];
      expect(scenario.requestsPerSecond, id).toHaveLength(2);
      if (process.platform === 'linux') {
        expect(scenario.growth, id).toBeGreaterThan(0);
        expect(typeof scenario.pass, id).toBe('boolean');
      }
      expect(printed, id).toMatch(new RegExp(`(PASS|MISS|SKIP)\\s+[a-h] ${id}`));
    }
  });
});

describe('npm run bench -- --against', () => {
  let againstDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let againstOut: string;
  let printed: string;
  let measured: any;

  beforeAll(async () => {
    // This checkout against itself: the comparison works the same with a worktree of another commit.
    ({ database: againstDb, folder: againstOut, printed } = await runBench(
      'trellis-bench-against-',
      ['--small', '--scenarios', 'd,e', '--against', ROOT, '--duration', '1', '--rounds', '2', '--warmup', '0', '--connections', '2'],
      110_000,
    ));
    const [file] = readdirSync(againstOut).filter((f) => /^bench-.*\.json$/.test(f));
    measured = JSON.parse(readFileSync(path.join(againstOut, file!), 'utf8'));
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

  it('gives this build over that one, overall and round by round, and prints it', () => {
    const compared = measured.against.ratios['wildfire-cached'];
    const [mine, theirs] = [measured.scenarios['wildfire-cached'], measured.against.scenarios['wildfire-cached']];
    expect(compared.requestsPerSecond).toBeCloseTo(mine.requestsPerSecond / theirs.requestsPerSecond, 2);
    expect(compared.byRound).toEqual(mine.requestsPerSecondByRound.map((r: number, i: number) => expect.closeTo(r / theirs.requestsPerSecondByRound[i], 2)));
    expect(compared.medianByRound).toBeGreaterThan(0);
    expect(printed).toContain('this build / that build:');
    expect(printed).toMatch(/wildfire-cached\s+req\/s \d\.\d\d \(rounds: median \d\.\d\d/);
  });

  it('refuses a folder that is not a gateway checkout with its dependencies', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--against', tmpdir()], { cwd: ROOT }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toContain('bench/servers/gateway.ts is missing');
  });

  it('refuses a run with no gateway scenario to compare', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--against', ROOT, '--scenarios', 'c,d'], { cwd: ROOT }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toContain('none is selected');
  });
});
