import { LETTERS, type ScenarioId } from './options.js';
import { totalCpu, type BenchResults } from './report.js';

/*
 * --scales: a database per size, a gateway per size, the scenarios measured on every size in turns (bench/run.ts),
 * then cost per operation (the server's CPU and PostgreSQL's, per request) at the largest size against the
 * smallest. CPU per request is the measure because it drifts far less with the machine's load than requests per
 * second; measuring the sizes in turns puts both under the same load.
 */

/** At the largest size each operation may cost at most this many times what it costs at the smallest. */
export const SCALE_TARGET = 1.25;
/** What flat means: the bar above leaves room for the machine's noise, this is where a scenario should sit. */
export const SCALE_AIM = 1.1;

export interface ScaleComparison {
  sizes: number[];
  /** Per scenario and size: requests per second and CPU µs per request (server + PostgreSQL). */
  scenarios: Partial<
    Record<
      ScenarioId,
      {
        requestsPerSecond: number[];
        /** Server + PostgreSQL, and each part. */
        cpuMicrosecondsPerRequest: (number | null)[];
        server: (number | null)[];
        database: (number | null)[];
        /** Every other PostgreSQL process of the machine meanwhile, per request: not counted in the cost. */
        otherPostgres?: (number | null)[];
        growth: number | null;
        pass: boolean | null;
      }
    >
  >;
  runs: string[];
}

/** The comparison of one `--scales` run: each scenario's cost at every size, and at the largest over the smallest. */
export function compareScales(
  sizes: number[],
  scenarios: ScenarioId[],
  runs: BenchResults[],
  files: string[],
): ScaleComparison {
  const comparison: ScaleComparison = { sizes, scenarios: {}, runs: files };
  for (const id of scenarios) {
    const costs = runs.map((run) => totalCpu(run.scenarios[id]));
    const [first, last] = [costs[0], costs.at(-1)];
    const growth = first && last ? Math.round((last / first) * 100) / 100 : null;
    comparison.scenarios[id] = {
      requestsPerSecond: runs.map((run) => run.scenarios[id]?.requestsPerSecond ?? 0),
      cpuMicrosecondsPerRequest: costs,
      server: runs.map((run) => run.scenarios[id]?.serverCpuMicrosecondsPerRequest ?? null),
      database: runs.map((run) => run.scenarios[id]?.databaseCpuMicrosecondsPerRequest ?? null),
      otherPostgres: runs.map((run) => run.scenarios[id]?.otherPostgresCpuMicrosecondsPerRequest ?? null),
      growth,
      pass: growth === null ? null : growth <= SCALE_TARGET,
    };
  }
  return comparison;
}

/** Which gateway ran, on what, and how long each size was measured. */
export function scaleHeader(run: BenchResults): string {
  const { options } = run as { options: Record<string, any> };
  return [
    `Trellis bench --scales, ${run.startedAt} — ${run.machine.cpus} cores (${run.machine.cpuModel}), Node ${run.machine.node}, PostgreSQL ${run.database.serverVersion} (${run.database.source})`,
    run.gateway.build === 'compiled'
      ? `gateway: the compiled build, as the image runs it (${run.gateway.command}), one per size, each on a database of its own`
      : `gateway: the TypeScript source through tsx, as npm start runs it (--source: ${run.gateway.command}), one per size, each on a database of its own`,
    `${options.duration} s per scenario and size in ${options.rounds} round(s), sizes and scenarios taking turns, after ${options.warmup} s warm-up; ${options.connections} connections, page size ${options.pageSize}; each database settled first (VACUUM (ANALYZE), CHECKPOINT, no autovacuum at work)`,
  ].join('\n');
}

export function scaleSummary(c: ScaleComparison): string {
  const sizes = c.sizes.map((s) => s.toLocaleString('en-US'));
  const lines = [
    `Cost per operation (server + PostgreSQL CPU µs per request = total; req/s) at ${sizes.join(' / ')} help requests`,
  ];
  const us = (v: number | null | undefined) =>
    v === null || v === undefined ? '–' : Math.round(v).toLocaleString('en-US');
  for (const [id, s] of Object.entries(c.scenarios)) {
    const cells = s.cpuMicrosecondsPerRequest.map(
      (v, i) => `${us(s.server?.[i])} + ${us(s.database?.[i])} = ${us(v)} µs (${Math.round(s.requestsPerSecond[i])}/s)`,
    );
    const verdict = s.pass === null ? 'SKIP' : s.pass ? 'PASS' : 'MISS';
    lines.push(
      `${verdict}  ${`${LETTERS[id as ScenarioId]} ${id}`.padEnd(18)} ${cells.join('  →  ')}   × ${s.growth?.toFixed(2) ?? '–'} (target ≤ ${SCALE_TARGET}, aim ≤ ${SCALE_AIM})`,
    );
  }
  const outside = Object.entries(c.scenarios).filter(([, s]) => s.otherPostgres?.some((v) => v !== null));
  if (outside.length > 0) {
    lines.push(
      `PostgreSQL CPU outside the measured databases meanwhile, not counted above (µs/req): ` +
        outside.map(([id, s]) => `${LETTERS[id as ScenarioId]} ${s.otherPostgres!.map(us).join(' / ')}`).join(', '),
    );
  }
  return lines.join('\n');
}
