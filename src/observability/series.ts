import type { Registry } from 'prom-client';

/**
 * Counters and histograms for paths that record on every request. prom-client's own metrics validate the label
 * object and rebuild its hash on each update, which costs more than a cached answer takes to send; these find
 * the series of a label set by one string key and add to plain numbers. They register in a prom-client
 * Registry like its own metrics (it reads `get()` when scraped), so the exposition is the same.
 */

type Labels<L extends string> = Record<L, string>;

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

abstract class SeriesMetric<L extends string, S extends { labels: Labels<L> }> {
  readonly aggregator = 'sum';
  abstract readonly type: 'counter' | 'histogram';
  protected readonly series = new Map<string, S>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
  ) {
    // The registry accepts any object that answers get() as its metrics do; its typings name only its own classes.
    registry.registerMetric(this as never);
  }

  protected seriesOf(labels: Labels<L>): S {
    // Each value prefixed with its length: no value can pass for a boundary between two others.
    let key = '';
    for (const name of this.labelNames) {
      const value = String(labels[name]);
      key += value.length + ':' + value;
    }
    let series = this.series.get(key);
    if (!series) {
      const own = {} as Labels<L>;
      for (const name of this.labelNames) own[name] = labels[name];
      series = this.create(own);
      this.series.set(key, series);
    }
    return series;
  }

  protected abstract create(labels: Labels<L>): S;
  protected abstract values(): MetricValue[];

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }

  reset(): void {
    this.series.clear();
  }
}

export class SeriesCounter<L extends string> extends SeriesMetric<L, { labels: Labels<L>; value: number }> {
  readonly type = 'counter';

  constructor(registry: Registry, options: { name: string; help: string; labelNames: readonly L[] }) {
    super(registry, options.name, options.help, options.labelNames);
  }

  inc(labels: Labels<L>, by = 1): void {
    this.seriesOf(labels).value += by;
  }

  protected create(labels: Labels<L>) {
    return { labels, value: 0 };
  }

  protected values(): MetricValue[] {
    return [...this.series.values()].map(({ labels, value }) => ({ labels, value }));
  }
}

interface HistogramSeries<L extends string> {
  labels: Labels<L>;
  /** Observations per bucket, not cumulative; the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

export class SeriesHistogram<L extends string> extends SeriesMetric<L, HistogramSeries<L>> {
  readonly type = 'histogram';
  private readonly bounds: readonly number[];

  constructor(registry: Registry, options: { name: string; help: string; labelNames: readonly L[]; buckets: readonly number[] }) {
    super(registry, options.name, options.help, options.labelNames);
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels<L>, value: number): void {
    if (!Number.isFinite(value)) return;
    const series = this.seriesOf(labels);
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  protected create(labels: Labels<L>): HistogramSeries<L> {
    return { labels, counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
  }

  protected values(): MetricValue[] {
    const out: MetricValue[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += counts[i]!;
        out.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      out.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      out.push({ labels, value: sum, metricName: `${this.name}_sum` });
      out.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return out;
  }
}
