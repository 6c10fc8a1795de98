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
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
