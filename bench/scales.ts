import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LETTERS, type BenchOptions, type ScenarioId } from './options.js';
import { totalCpu, type BenchResults } from './report.js';

/*
 * --scales: one bench run per size, smallest first, each topping the same database up to its size, then cost per
 * operation (the server's CPU and PostgreSQL's, per request) at the largest size against the smallest. CPU per
 * request is the measure because it drifts far less with the machine's load than requests per second.
 */

/** At the largest size each operation may cost at most this many times what it costs at the smallest. */
export const SCALE_TARGET = 1.25;

export interface ScaleComparison {
  sizes: number[];
  /** Per scenario and size: requests per second and CPU µs per request (server + PostgreSQL). */
  scenarios: Partial<Record<ScenarioId, { requestsPerSecond: number[]; cpuMicrosecondsPerRequest: (number | null)[]; growth: number | null; pass: boolean | null }>>;
  runs: string[];
}

function runOnce(options: BenchOptions, size: number, out: string): Promise<void> {
  const args = [
    '--requests', String(size), '--scenarios', options.scenarios.join(','), '--out', out,
    '--duration', String(options.duration), '--warmup', String(options.warmup), '--rounds', String(options.rounds),
    '--connections', String(options.connections), '--page-size', String(options.pageSize),
    ...(options.profile ? ['--profile'] : []),
    ...(options.source ? ['--source'] : []),
    ...(options.gatewayNodeOptions ? [`--gateway-node-options=${options.gatewayNodeOptions}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, args, { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the bench at ${size} requests exited with ${code}`))));
  });
}

const latest = (dir: string): string => {
  const files = readdirSync(dir).filter((f) => f.startsWith('bench-') && f.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`no results in ${dir}`);
  return path.join(dir, files[files.length - 1]!);
};

export async function runScales(options: BenchOptions, log: (message: string) => void): Promise<void> {
  const sizes = options.scales!;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const runs: BenchResults[] = [];
  const files: string[] = [];
  for (const size of sizes) {
    const out = path.join(options.out, `scales-${stamp}`, String(size));
    mkdirSync(out, { recursive: true });
    log(`\n=== ${size.toLocaleString('en-US')} help requests ===`);
    await runOnce(options, size, out);
    files.push(latest(out));
    runs.push(JSON.parse(readFileSync(files.at(-1)!, 'utf8')) as BenchResults);
  }

  const comparison: ScaleComparison = { sizes, scenarios: {}, runs: files };
  for (const id of options.scenarios) {
    const costs = runs.map((run) => totalCpu(run.scenarios[id]));
    const [first, last] = [costs[0], costs.at(-1)];
    const growth = first && last ? Math.round((last / first) * 100) / 100 : null;
    comparison.scenarios[id] = {
      requestsPerSecond: runs.map((run) => run.scenarios[id]?.requestsPerSecond ?? 0),
      cpuMicrosecondsPerRequest: costs,
      growth,
      pass: growth === null ? null : growth <= SCALE_TARGET,
    };
  }
  const file = path.join(options.out, `scales-${stamp}`, 'comparison.json');
  writeFileSync(file, `${JSON.stringify(comparison, null, 2)}\n`);
  console.log(`\n${scaleSummary(comparison)}\n\nresults: ${file}`);
}

export function scaleSummary(c: ScaleComparison): string {
  const sizes = c.sizes.map((s) => s.toLocaleString('en-US'));
  const lines = [`Cost per operation (server + PostgreSQL CPU µs per request; req/s) at ${sizes.join(' / ')} help requests`];
  for (const [id, s] of Object.entries(c.scenarios)) {
    const cells = s.cpuMicrosecondsPerRequest.map((v, i) => `${v === null ? '–' : Math.round(v).toLocaleString('en-US')} µs (${Math.round(s.requestsPerSecond[i]!)}/s)`);
    const verdict = s.pass === null ? 'SKIP' : s.pass ? 'PASS' : 'MISS';
    lines.push(`${verdict}  ${`${LETTERS[id as ScenarioId]} ${id}`.padEnd(18)} ${cells.join('  →  ')}   × ${s.growth?.toFixed(2) ?? '–'} (target ≤ ${SCALE_TARGET})`);
  }
  return lines.join('\n');
}
