import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesCounter, SeriesHistogram } from '../../src/observability/series.js';

const BUCKETS = [0.005, 0.01, 0.1, 1];
const VALUES = [0, 0.005, 0.0051, 0.05, 0.1, 0.7, 1, 3, 250];

/** The same observations through prom-client's own metrics and through ours: a scrape must not tell them apart. */
function pair() {
  const theirs = new Registry();
  const ours = new Registry();
  const spec = { name: 'probe_duration_seconds', help: 'Probe "durations"\nby route', labelNames: ['method', 'route'] as const, buckets: BUCKETS };
  const counterSpec = { name: 'probe_total', help: 'Probes', labelNames: ['method', 'route'] as const };
  return {
    theirs,
    ours,
    histograms: [new Histogram({ ...spec, registers: [theirs] }), new SeriesHistogram(ours, spec)] as const,
    counters: [new Counter({ ...counterSpec, registers: [theirs] }), new SeriesCounter(ours, counterSpec)] as const,
  };
}

describe('metric series', () => {
  it('expose counters and histograms exactly as prom-client does', async () => {
    const { theirs, ours, histograms, counters } = pair();
    const labelSets = [
      { method: 'GET', route: '/api/health' },
      { method: 'POST', route: '/graphql' },
      { method: 'POST', route: 'a "quoted" \\ route\nwith a newline' },
    ];
    for (const [i, labels] of labelSets.entries()) {
      for (const value of VALUES.slice(i)) {
        histograms[0].observe(labels, value);
        histograms[1].observe(labels, value);
      }
      counters[0].inc(labels, i + 1);
      counters[1].inc(labels, i + 1);
      counters[0].inc(labels);
      counters[1].inc(labels);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('probe_duration_seconds_bucket{le="0.01",method="GET",route="/api/health"} 3');
  });

  it('keep label sets apart even when their values share a separator-like character', async () => {
    const { ours, counters } = pair();
    counters[1].inc({ method: 'a', route: 'b\u0000c' });
    counters[1].inc({ method: 'a\u0000b', route: 'c' });
    const lines = (await ours.metrics()).split('\n').filter((l) => l.startsWith('probe_total'));
    expect(lines).toHaveLength(2);
  });

  it('merge with other registries and start over on reset', async () => {
    const { ours, counters } = pair();
    counters[1].inc({ method: 'GET', route: '/' }, 5);
    const merged = Registry.merge([ours, new Registry()]);
    expect(await merged.metrics()).toContain('probe_total{method="GET",route="/"} 5');
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('probe_total{');
  });
});
