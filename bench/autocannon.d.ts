// The part of autocannon's programmatic API the bench uses (the package ships no type declarations).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
  }
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: Request[];
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    /** Milliseconds between samples; a run also stops on a sample, so this bounds how far it overshoots `duration`. */
    sampleInt?: number;
    /** Resolve with the raw counts and encoded histograms, for `aggregateResult` to combine several runs. */
    skipAggregateResult?: boolean;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    duration: number;
    '2xx': number;
  }
  /** What a run resolves with under `skipAggregateResult`. */
  export interface RawResult {
    totalCompletedRequests: number;
    totalBytes: number;
    /** Seconds the run lasted, to the hundredth. */
    duration: number;
  }
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult> & { stop(): void };
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  namespace autocannon {
    /** Merges raw results: latency percentiles over every request, errors and status counts summed. */
    function aggregateResult(results: RawResult[], options: { url: string; connections?: number }): Result;
  }
  export default autocannon;
}
