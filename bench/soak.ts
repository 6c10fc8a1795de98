import autocannon, { type RawResult } from 'autocannon';
import { FanOut, heapOf, rssOf } from './fan-out.js';
import type { Target } from './scenarios.js';

/*
 * --soak: the gateway under a mix for a long stretch (the list through GraphQL and REST, the cached wildfire score,
 * the user updates, all at once, while subscribers hear one change a second), its memory sampled every 30 s. A
 * process that keeps something per request, or per change delivered, shows it here as RSS that keeps growing.
 */

export const SAMPLE_SECONDS = 30;
/** RSS from the first minute to the end may grow at most this much. */
export const SOAK_GROWTH = 0.1;

export interface SoakSample {
  second: number;
  rssBytes: number | null;
  heapUsedBytes: number | null;
  heapTotalBytes: number | null;
}

export interface SoakResult {
  seconds: number;
  subscribers: number;
  samples: SoakSample[];
  /** RSS at the end over RSS at the first sample at or after one minute, minus one; null when too short. */
  growthAfterFirstMinute: number | null;
  pass: boolean | null;
  /** Requests per second of each loaded scenario over the whole soak, and failed requests. */
  load: Record<string, { requestsPerSecond: number; non2xx: number; errors: number }>;
  changes: number;
  delivered: number;
  expected: number;
  leaks: number;
}

/** Growth of RSS from the first sample at or after a minute to the last; null without two such samples. */
export function growthAfterFirstMinute(samples: SoakSample[]): number | null {
  const settled = samples.filter((s) => s.second >= 60 && s.rssBytes !== null);
  if (settled.length < 2) return null;
  return Math.round((settled.at(-1)!.rssBytes! / settled[0].rssBytes! - 1) * 1000) / 1000;
}

export async function runSoak(options: {
  gateway: { url: string; pid: number };
  metricsToken: string;
  targets: Record<string, Target>;
  load: (target: Target, seconds: number) => Promise<RawResult>;
  seconds: number;
  subscribers: number;
  log: (message: string) => void;
}): Promise<SoakResult> {
  const { gateway, seconds, log } = options;
  const fanOut = await FanOut.open(gateway.url, options.subscribers, log);
  try {
    const samples: SoakSample[] = [];
    const started = Date.now();
    const sample = async () => {
      const heap = await heapOf(`${gateway.url}/metrics`, options.metricsToken);
      const s = {
        second: Math.round((Date.now() - started) / 1000),
        rssBytes: rssOf(gateway.pid),
        heapUsedBytes: heap.used,
        heapTotalBytes: heap.total,
      };
      samples.push(s);
      const mib = (n: number | null) => (n === null ? '–' : (n / 2 ** 20).toFixed(0));
      log(
        `soak ${String(s.second).padStart(5)} s: RSS ${mib(s.rssBytes)} MiB, heap ${mib(s.heapUsedBytes)} of ${mib(s.heapTotalBytes)} MiB`,
      );
    };
    await sample();
    const timer = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
    const loads = Object.entries(options.targets).map(
      async ([id, target]) => [id, await options.load(target, seconds)] as const,
    );
    let changing = true;
    const changes = (async () => {
      for (let i = 1; changing; i++) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * 1000 - Date.now())));
        if (changing) await fanOut.change().catch((error: unknown) => log(`soak: a change failed: ${String(error)}`));
      }
    })();
    const done = await Promise.all(loads);
    changing = false;
    await changes;
    clearInterval(timer);
    await sample();
    for (const change of fanOut.changes.slice(-3)) await fanOut.settle(change);
    const report = await fanOut.report();
    const growth = growthAfterFirstMinute(samples);
    return {
      seconds,
      subscribers: options.subscribers,
      samples,
      growthAfterFirstMinute: growth,
      pass: growth === null ? null : growth <= SOAK_GROWTH,
      load: Object.fromEntries(
        done.map(([id, r]) => {
          const merged = autocannon.aggregateResult([r], { url: options.targets[id].url });
          return [
            id,
            {
              requestsPerSecond: Math.round((r.totalCompletedRequests / r.duration) * 10) / 10,
              non2xx: merged.non2xx,
              errors: merged.errors + merged.timeouts,
            },
          ];
        }),
      ),
      changes: fanOut.changes.length,
      delivered: report.delivered,
      expected: report.expected,
      leaks: report.leaks,
    };
  } finally {
    await fanOut.close();
  }
}

export function soakSummary(result: SoakResult): string {
  const mib = (n: number | null) => (n === null ? '–' : (n / 2 ** 20).toFixed(1));
  const lines = [
    `soak: ${result.seconds} s of a, b, e and f at once, with ${result.subscribers.toLocaleString('en-US')} subscribers hearing one change a second`,
  ];
  lines.push('  second   RSS MiB   heap used MiB   heap total MiB');
  for (const s of result.samples)
    lines.push(
      `  ${String(s.second).padStart(6)}  ${mib(s.rssBytes).padStart(8)}  ${mib(s.heapUsedBytes).padStart(14)}  ${mib(s.heapTotalBytes).padStart(15)}`,
    );
  lines.push(
    `  load: ${Object.entries(result.load)
      .map(([id, l]) => `${id} ${l.requestsPerSecond}/s (${l.non2xx} non-2xx, ${l.errors} errors)`)
      .join(', ')}`,
  );
  lines.push(
    `  changes ${result.changes}, delivered ${result.delivered.toLocaleString('en-US')} of ${result.expected.toLocaleString('en-US')}, leaks ${result.leaks}`,
  );
  const verdict = result.pass === null ? 'SKIP' : result.pass ? 'PASS' : 'MISS';
  const value =
    result.growthAfterFirstMinute === null ? 'not measured' : `${(result.growthAfterFirstMinute * 100).toFixed(1)}%`;
  lines.push(
    `${verdict}  soak RSS      ${value.padEnd(13)} RSS grows at most ${SOAK_GROWTH * 100}% from the first minute to the end`,
  );
  return lines.join('\n');
}
