import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Link,
  type Span,
} from '@opentelemetry/api';

/*
 * The gateway's own spans (GraphQL operations, timed work) and the trace context it carries across Redis. Only
 * the OpenTelemetry API is loaded here, never the SDK: with tracing off every function below returns at its first
 * line, so an untraced process pays one property read per call.
 */

const ACTIVE = Symbol.for('trellis.tracing.active');
const SHUTDOWN = Symbol.for('trellis.tracing.shutdown');
type Flagged = typeof globalThis & { [ACTIVE]?: boolean; [SHUTDOWN]?: () => Promise<void> };

/**
 * Set by the SDK's start-up (src/platform/observability/sdk.ts) with the way to flush and stop it; a global, so
 * every copy of this module agrees (the one Node's `--import` loaded and the app's).
 */
export function markTracingActive(active: boolean, shutdown?: () => Promise<void>): void {
  (globalThis as Flagged)[ACTIVE] = active;
  (globalThis as Flagged)[SHUTDOWN] = shutdown;
}

/** Sends the spans still batched and stops tracing; nothing to do when the process does not trace. */
export async function stopTracing(): Promise<void> {
  await (globalThis as Flagged)[SHUTDOWN]?.();
}

export function tracingActive(): boolean {
  return (globalThis as Flagged)[ACTIVE] === true;
}

const tracer = () => trace.getTracer('trellis');

/**
 * Runs `work` inside a span that is the current one for everything `work` starts (statements, Redis commands,
 * upstream calls); a throw marks the span as failed and passes through.
 */
export async function inSpan<T>(
  name: string,
  options: { attributes?: Attributes; links?: Link[]; root?: boolean; kind?: SpanKind },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingActive()) return work(undefined);
  const parent = options.root ? ROOT_CONTEXT : context.active();
  const span = tracer().startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: options.attributes,
      links: options.links,
      root: options.root,
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** Work done on a timer: a trace of its own, never a child of whatever request happened to be current. */
export function inRootSpan<T>(name: string, work: () => Promise<T>): Promise<T> {
  return inSpan(name, { root: true }, () => work());
}

/** The W3C trace context of the current span, as it travels in a message: absent when nothing is traced. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!tracingActive()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent
    ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) }
    : undefined;
}

/** A link to the span a carrier names (the change that caused a subscription event), or none. */
export function linksTo(carrier: TraceCarrier | undefined): Link[] {
  if (!carrier || !tracingActive()) return [];
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, carrier));
  return spanContext && trace.isSpanContextValid(spanContext) ? [{ context: spanContext }] : [];
}

/** `trace_id` and `span_id` of the current span, for a log line; nothing outside a traced span. */
export function traceFieldsOfCurrentSpan(): { trace_id: string; span_id: string } | undefined {
  if (!tracingActive()) return undefined;
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
