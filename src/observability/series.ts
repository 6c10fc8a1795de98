import type { Registry } from 'prom-client';

/**
 * Counters and histograms for paths that record on every request. prom-client's own metrics validate the label
 * object and rebuild its hash on each update, which costs more than a cached answer takes to send; these find
 * the series of a label set value by value and add to plain numbers. They register in a prom-client
 * Registry like its own metrics (it reads `get()` when scraped), so the exposition is the same.
 */

type Labels<L extends string> = Record<L, string>;

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** A trie of label values, one level per label name, with a series at the end of each full path. */
type Level<S> = Map<string, Level<S> | S>;

abstract class SeriesMetric<L extends string, S extends { labels: Labels<L> }> {
  readonly aggregator = 'sum';
  abstract readonly type: 'counter' | 'histogram';
  /** Every series, in the order they were first recorded. */
  protected readonly series: S[] = [];
  #root: Level<S> = new Map();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
  ) {
    // The registry accepts any object that answers get() as its metrics do; its typings name only its own classes.
    registry.registerMetric(this as never);
  }

  /**
   * Finds a label set's series one value at a time: label values are mostly the same few strings (a method, a
   * route, a status code), whose hashes V8 keeps, so no key is built and hashed per update.
   */
  protected seriesOf(labels: Labels<L>): S {
    const names = this.labelNames;
    let level = this.#root;
    for (let i = 0; i < names.length - 1; i++) {
      const value = String(labels[names[i]!]);
      let next = level.get(value) as Level<S> | undefined;
      if (!next) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const last = names.length === 0 ? '' : String(labels[names[names.length - 1]!]);
    let series = level.get(last) as S | undefined;
    if (!series) {
      const own = {} as Labels<L>;
      for (const name of names) own[name] = String(labels[name]);
      series = this.create(own);
      level.set(last, series);
      this.series.push(series);
    }
    return series;
  }

  protected abstract create(labels: Labels<L>): S;
  protected abstract values(): MetricValue[];

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }

  reset(): void {
    this.series.length = 0;
    this.#root = new Map();
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
    return this.series.map(({ labels, value }) => ({ labels, value }));
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
    for (const { labels, counts, sum, count } of this.series) {
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
