import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { BENCH_ADMIN } from './seed.js';
import { buildBaseline, type Queryable } from './servers/baseline-app.js';
import { SCENARIOS, type DeepPage, type ScenarioContext } from './scenarios.js';
import type { ScenarioId } from './options.js';

/** Page sizes the list operations are counted at: the statements per operation must not grow with the page. */
export const COUNTED_PAGE_SIZES = [10, 50, 100] as const;

const STATEMENT = /\b(select|insert|update|delete|begin|commit|rollback)\b/i;

export interface StatementCounts {
  /** Statements one operation of each scenario sends, at the bench's page size. */
  perOperation: Partial<Record<ScenarioId, number>>;
  /** Statements of one list operation by page size: graphql-list, rest-list and sql-baseline. */
  byPageSize: Record<'graphql-list' | 'rest-list' | 'sql-baseline', Record<string, number>>;
  /** The statements of one GraphQL list operation, for reading. */
  graphqlListStatements: string[];
  constantInPageSize: boolean;
}

/**
 * Counts SQL statements per operation. This runs the gateway in this process, through buildApp's onQuery hook
 * (which the load runs leave off: logging every statement would cost them throughput), and the baseline over
 * a pool that counts what it is asked. Operations run one at a time, so every statement is the operation's own.
 */
export async function countStatements(
  gatewayEnv: Record<string, string>,
  pageSize: number,
  prepare: { wildfire: (gatewayUrl: string) => Promise<void> },
  /** The scenarios measured, and where the deep ones read: (j), (k) and (l) are counted only when measured. */
  measured: { scenarios: readonly ScenarioId[]; deep: DeepPage | null },
): Promise<StatementCounts> {
  let recording: string[] | undefined;
  // The app's own timed work (outbox polls, timed automations, the breach monitor) would send statements of its own
  // while an operation is recorded: here it looks only an hour apart, so what is counted is the operation's.
  const quiet = {
    HELP_SLA_CHECK_SECONDS: '3600',
    WEBHOOK_POLL_MS: '600000',
    MAIL_POLL_SECONDS: '3600',
    HELP_AUTOMATION_SECONDS: '3600',
  };
  const app = await buildApp(loadConfig({ ...gatewayEnv, ...quiet, LOG_LEVEL: 'silent', PORT: '0' }), {
    onQuery: (sql) => {
      if (recording && STATEMENT.test(sql)) recording.push(sql.replace(/^\[query\]\s*/, ''));
    },
  });
  const pool = new pg.Pool({ connectionString: gatewayEnv.DATABASE_URL, max: 4 });
  const baselineStatements: string[] = [];
  const counting: Queryable = { query: (text, values) => (baselineStatements.push(text), pool.query(text, values)) };
  const baseline = buildBaseline(counting);
  try {
    const gatewayUrl = await app.listen();
    const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.status !== 200)
      throw new Error(`cannot sign in as ${BENCH_ADMIN.username} (${login.status}): was the database seeded?`);
    const adminAuth = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
    await prepare.wildfire(gatewayUrl);

    const contextFor = (size: number): ScenarioContext => ({
      urls: { gateway: gatewayUrl, baseline: baselineUrl, ceiling: '', postgraphile: '' },
      adminAuth,
      peerAuth: '',
      pageSize: size,
      deep: measured.deep,
    });
    const run = async (id: ScenarioId, size: number): Promise<string[]> => {
      const scenario = SCENARIOS.find((s) => s.id === id)!;
      const target = scenario.target(contextFor(size));
      const send = () =>
        fetch(target.url, { method: target.method, headers: target.headers, body: target.nextBody?.() ?? target.body });
      await (await send()).arrayBuffer(); // once unrecorded, so first-use work (prepared plans, caches) is not counted
      const into = scenario.server === 'baseline' ? baselineStatements : (recording = []);
      into.length = 0;
      const response = await send();
      const body = await response.json().catch(() => undefined);
      const problem = scenario.problem(response.status, body, contextFor(size));
      if (problem) throw new Error(`(${scenario.letter}) ${scenario.id} while counting statements: ${problem}`);
      const statements = [...into];
      recording = undefined;
      return statements;
    };

    const byPageSize = { 'graphql-list': {}, 'rest-list': {}, 'sql-baseline': {} } as StatementCounts['byPageSize'];
    let graphqlListStatements: string[] = [];
    for (const size of COUNTED_PAGE_SIZES) {
      for (const id of ['graphql-list', 'rest-list', 'sql-baseline'] as const) {
        const statements = await run(id, size);
        byPageSize[id][String(size)] = statements.length;
        if (id === 'graphql-list' && size === pageSize) graphqlListStatements = statements;
      }
    }
    const perOperation: StatementCounts['perOperation'] = { ceiling: 0 };
    for (const id of [
      'graphql-list',
      'rest-list',
      'sql-baseline',
      'wildfire-cached',
      'update-user',
      'statistics',
      'search',
      'authenticated',
    ] as const) {
      perOperation[id] = (await run(id, pageSize)).length;
    }
    // The unrecorded first run of (k) fills this instance's risk cache, as the warm-up does for the load.
    for (const id of ['connection-deep', 'area-risk-page', 'offset-deep'] as const) {
      if (measured.scenarios.includes(id)) perOperation[id] = (await run(id, pageSize)).length;
    }
    const constantInPageSize = Object.values(byPageSize).every((counts) => new Set(Object.values(counts)).size === 1);
    return { perOperation, byPageSize, graphqlListStatements, constantInPageSize };
  } finally {
    await baseline.close();
    await pool.end();
    await app.stop();
  }
}
