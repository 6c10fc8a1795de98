import { register } from 'node:module';
import type { Span } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { TracingConfig } from '../config.js';
import { redactUrl } from '../hardening/logging.js';
import { parametrisedSql, sqlOperationName } from './sql-text.js';
import { markTracingActive } from './tracing.js';

/*
 * The OpenTelemetry SDK, loaded only when tracing is on (src/platform/observability/register.ts imports this file
 * dynamically). Only what the gateway needs is instrumented: the HTTP server, PostgreSQL, Redis and upstream calls;
 * GraphQL operations get their spans where the gateway executes them (operation-span.ts), since graphql-jit runs
 * queries that graphql-js instrumentation never sees. The exporters, protocol and batch delay come from config.ts;
 * the rest an operator configures (endpoint, headers, compression, sampler, propagators, batch sizes, resource) the
 * SDK reads from its OTEL_* variables.
 */

export interface RunningTracing {
  /** Exports what is still batched, then stops. */
  shutdown(): Promise<void>;
}

export async function startTracing(
  config: TracingConfig,
  options: {
    /** Registers the ESM loader hook, which must happen before the instrumented modules are first imported. */
    esmHook?: boolean;
    /** Instead of the exporters OTEL_TRACES_EXPORTER names (tests read spans from memory). */
    spanProcessors?: SpanProcessor[];
  } = {},
): Promise<RunningTracing> {
  if (!options.esmHook) return startSdk(config, options.spanProcessors);
  // Only the modules an instrumentation asks for are wrapped when imported as ESM; the others load untouched.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const running = startSdk(config, options.spanProcessors);
  await waitForAllMessagesAcknowledged();
  return running;
}

function startSdk(config: TracingConfig, spanProcessors: SpanProcessor[] | undefined): RunningTracing {
  const instance = new NodeSDK({
    ...(config.serviceName ? { serviceName: config.serviceName } : {}),
    spanProcessors: spanProcessors ?? batchProcessors(config),
    // Metrics stay with /metrics (prom-client) and logs with pino: the SDK sends traces only.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: instrumentations(config),
  });
  instance.start();
  const shutdown = async () => {
    markTracingActive(false);
    await instance.shutdown();
  };
  markTracingActive(true, shutdown);
  return { shutdown };
}

/**
 * One batch per exporter OTEL_TRACES_EXPORTER names. The exporters read endpoint, headers, compression and timeout
 * from their OTEL_EXPORTER_OTLP_* variables, the batches their OTEL_BSP_* ones but the delay, which config.ts decides.
 */
function batchProcessors(config: TracingConfig): SpanProcessor[] {
  return config.exporters.map((name) => {
    const exporter: SpanExporter =
      name === 'console'
        ? new ConsoleSpanExporter()
        : config.protocol === 'http/json'
          ? new OtlpJsonExporter()
          : new OtlpProtobufExporter();
    return new BatchSpanProcessor(exporter, { scheduledDelayMillis: config.batchDelayMs });
  });
}

function instrumentations(config: TracingConfig) {
  const shownUrl = (url: string) => redactUrl(url, config.urlSecrets);
  return [
    // Client errors (4xx) leave the server span unset, a 5xx marks it failed: the instrumentation's own rule.
    new HttpInstrumentation({
      requireParentforOutgoingSpans: true,
      // A GET /graphql carries its document and variables in the query string: masked as the request log masks them.
      requestHook(span, request) {
        const url = 'url' in request ? request.url : undefined;
        if (url?.includes('?')) span.setAttribute('url.query', shownUrl(url).split('?')[1] ?? '');
      },
    }),
    new PgInstrumentation({
      requireParentSpan: true,
      ignoreConnectSpans: true,
      requestHook(span: Span, { query }) {
        span.setAttribute('db.query.text', parametrisedSql(query.text));
        const operation = sqlOperationName(query.text);
        if (operation) span.setAttribute('db.operation.name', operation);
      },
    }),
    // The command's name only: keys name users and addresses (rate-limit counters), arguments carry values.
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    new UndiciInstrumentation({
      requireParentforSpans: true,
      // FIRMS carries its MAP_KEY in the path: the span records the URL as a log line would show it.
      requestHook(span, request) {
        const url = shownUrl(`${request.origin}${request.path}`);
        const query = url.indexOf('?');
        span.setAttributes({
          'url.full': url,
          'url.path': new URL(url).pathname,
          'url.query': query < 0 ? '' : url.slice(query),
        });
      },
    }),
  ];
}
