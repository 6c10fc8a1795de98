import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How a call to an upstream service (USGS, FIRMS, a geocoder) ended. */
export type UpstreamOutcome = 'ok' | 'error' | 'timeout' | 'quota_exceeded';

/** How a GraphQL operation ended: rejected before execution (parse, validation, unknown operation), with errors, or clean. */
export type OperationOutcome = 'ok' | 'error' | 'invalid';

/** The parts of a `pg` Pool the gauges read. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/**
 * The gateway's Prometheus metrics. One per app, on its own registry, so two apps in one process (tests,
 * or a blue/green swap) never count into each other. Domain code reaches it as `services.metrics`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One finished call to an upstream service; `seconds` when the caller timed it. */
  upstreamCall(service: string, outcome: UpstreamOutcome, seconds?: number): void;
  /** One cache read: a hit, or a miss that goes on to compute or fetch the value. */
  cacheLookup(cache: string, hit: boolean): void;
  /** One HTTP response; `route` is the route pattern, never the raw URL. */
  httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  graphqlOperation(
    name: string | null | undefined,
    type: string | undefined,
    outcome: OperationOutcome,
    seconds: number,
  ): void;
  /** One document outside the trusted-documents manifest: run (`log`) or refused (`enforce`). */
  untrustedDocument(outcome: 'served' | 'refused'): void;
  /** Reports the pool's connections on every scrape. */
  watchPool(pool: PoolStats): void;
  /** One read statement, by what served it: `primary` or a replica's name (`replica-1`, …). */
  readServed(target: string): void;
  /** Reports each read replica's lag and whether it serves, on every scrape. */
  watchReplicas(status: () => ReadonlyArray<{ name: string; serving: boolean; lagSeconds: number | null }>): void;
  /** The exposition text: this app's metrics plus the process's (CPU, memory, event loop, GC). */
  render(): Promise<{ contentType: string; body: string }>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** GraphQL names are client-chosen: past this many distinct ones, new names count as `(other)`. */
const MAX_OPERATION_NAMES = 200;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;
const CODE_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
/** The operation label of a request whose document never resolved to an operation (unparsable or invalid). */
export const UNRESOLVED_OPERATION = '(unresolved)';

/** Process metrics are per process, not per app: collected once, into a registry of their own. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const httpRequests = new Counter({
    name: 'trellis_http_requests_total',
    help: 'HTTP responses by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'trellis_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const operations = new Counter({
    name: 'trellis_graphql_operations_total',
    help: 'GraphQL operations (from /graphql and from the REST routes) by operation name, type and outcome',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers,
  });
  const operationDuration = new Histogram({
    name: 'trellis_graphql_operation_duration_seconds',
    help: 'Time to parse, validate and execute a GraphQL operation, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const upstreamCalls = new Counter({
    name: 'trellis_upstream_calls_total',
    help: 'Calls to upstream services by service and outcome',
    labelNames: ['service', 'outcome'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'trellis_upstream_call_duration_seconds',
    help: 'Duration of upstream calls, retries included, by service',
    labelNames: ['service'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const cacheLookups = new Counter({
    name: 'trellis_cache_lookups_total',
    help: 'Cache reads by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers,
  });
  const untrustedDocuments = new Counter({
    name: 'trellis_graphql_untrusted_documents_total',
    help: 'Documents sent to /graphql (HTTP or WebSocket) that are not in the trusted-documents manifest, by outcome: served (TRUSTED_DOCUMENTS=log) or refused (enforce)',
    labelNames: ['outcome'] as const,
    registers,
  });

  let pool: PoolStats | undefined;
  const poolGauge = (name: string, help: string, read: (p: PoolStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = pool ? read(pool) : undefined;
        if (value !== undefined) this.set(value);
      },
    });
  poolGauge('trellis_db_pool_connections', 'Open connections in the database pool', (p) => p.totalCount);
  poolGauge('trellis_db_pool_idle_connections', 'Open connections waiting for work', (p) => p.idleCount);
  poolGauge(
    'trellis_db_pool_waiting_requests',
    'Queries queued for a connection because the pool is at its maximum',
    (p) => p.waitingCount,
  );
  poolGauge(
    'trellis_db_pool_max_connections',
    'Largest number of connections the pool opens (DB_POOL_MAX)',
    (p) => p.options.max,
  );

  const reads = new Counter({
    name: 'trellis_db_reads_total',
    help: 'Read statements outside transactions, by what served them: primary, or a replica by its place in DATABASE_REPLICA_URLS',
    labelNames: ['target'] as const,
    registers,
  });
  let replicas: Parameters<Metrics['watchReplicas']>[0] | undefined;
  new Gauge({
    name: 'trellis_db_replica_lag_seconds',
    help: 'How far each read replica was behind the primary at its last check (absent while it cannot be asked)',
    labelNames: ['replica'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of replicas?.() ?? []) if (r.lagSeconds !== null) this.set({ replica: r.name }, r.lagSeconds);
    },
  });
  new Gauge({
    name: 'trellis_db_replica_serving',
    help: 'Whether each read replica serves reads (1), or is left out for being down, behind or promoted (0)',
    labelNames: ['replica'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of replicas?.() ?? []) this.set({ replica: r.name }, r.serving ? 1 : 0);
    },
  });

  const operationNames = new Set<string>();
  const operationLabel = (name: string | null | undefined): string => {
    if (!name) return '(anonymous)';
    if (operationNames.has(name) || name === UNRESOLVED_OPERATION) return name;
    if (!GRAPHQL_NAME.test(name)) return '(other)';
    if (operationNames.size >= MAX_OPERATION_NAMES) return '(other)';
    operationNames.add(name);
    return name;
  };
  // Service and cache names come from code, but a typo or an interpolated value must not become a new series per call.
  const codeLabel = (value: string) => (CODE_NAME.test(value) ? value : 'other');
  // prom-client throws on a duration that is not a finite number; a bad reading is dropped, the response is not failed.
  const timed = (seconds: number | undefined): seconds is number => seconds !== undefined && Number.isFinite(seconds);

  return {
    registry,
    upstreamCall(service, outcome, seconds) {
      upstreamCalls.inc({ service: codeLabel(service), outcome });
      if (timed(seconds)) upstreamDuration.observe({ service: codeLabel(service) }, seconds);
    },
    cacheLookup(cache, hit) {
      cacheLookups.inc({ cache: codeLabel(cache), result: hit ? 'hit' : 'miss' });
    },
    httpRequest(method, route, statusCode, seconds) {
      const labels = {
        method: METHODS.has(method) ? method : 'OTHER',
        // Unmatched requests share one label: a scan of random paths must not create a series per path.
        route: route ?? '(unmatched)',
        status_code: String(statusCode),
      };
      httpRequests.inc(labels);
      if (timed(seconds)) httpDuration.observe(labels, seconds);
    },
    graphqlOperation(name, type, outcome, seconds) {
      const labels = { operation: operationLabel(name), type: type ?? 'unknown' };
      operations.inc({ ...labels, outcome });
      if (timed(seconds)) operationDuration.observe(labels, seconds);
    },
    untrustedDocument(outcome) {
      untrustedDocuments.inc({ outcome });
    },
    watchPool(p) {
      pool = p;
    },
    readServed(target) {
      reads.inc({ target });
    },
    watchReplicas(status) {
      replicas = status;
    },
    async render() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: registry.contentType, body: await merged.metrics() };
    },
  };
}
