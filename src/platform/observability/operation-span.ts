import { Kind, print, stripIgnoredCharacters, visit, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { inSpan, linksTo, tracingActive, type TraceCarrier } from './tracing.js';

/*
 * A span for each GraphQL execution, made where the gateway executes rather than by instrumenting graphql-js:
 * queries run as functions graphql-jit compiled, which graphql-js instrumentation never sees.
 */

// Apollo hands the executor the same DocumentNode for the same query text, so a document is blanked once.
const blankedDocuments = new WeakMap<DocumentNode, string>();

/**
 * The document as a trace may show it: values written into it (a search term, an id, a password in a login
 * mutation) become empty placeholders, as Apollo's usage reporting shows operations, so only variables' names remain.
 */
export function blankedDocument(document: DocumentNode): string {
  let text = blankedDocuments.get(document);
  if (text === undefined) {
    const blanked = visit(document, {
      IntValue: () => ({ kind: Kind.INT, value: '0' }),
      FloatValue: () => ({ kind: Kind.FLOAT, value: '0' }),
      StringValue: () => ({ kind: Kind.STRING, value: '' }),
      ListValue: () => ({ kind: Kind.LIST, values: [] }),
      ObjectValue: () => ({ kind: Kind.OBJECT, fields: [] }),
    });
    text = stripIgnoredCharacters(print(blanked));
    blankedDocuments.set(document, text);
  }
  return text;
}

/** Runs one execution of `operation` inside its operation span (named as the semantic conventions say). */
export function inOperationSpan<T>(
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  work: () => Promise<T>,
  cause?: TraceCarrier,
): Promise<T> {
  if (!tracingActive()) return work();
  const type = operation?.operation ?? 'query';
  const name = operation?.name?.value;
  return inSpan(
    name ? `${type} ${name}` : type,
    {
      attributes: {
        'graphql.operation.type': type,
        ...(name ? { 'graphql.operation.name': name } : {}),
        'graphql.document': blankedDocument(document),
      },
      links: linksTo(cause),
    },
    () => work(),
  );
}

/** The trace context a subscription event carries (`{ field: { trace } }`), put there by whoever published it. */
export function traceCarrierOf(event: unknown): TraceCarrier | undefined {
  if (!tracingActive() || typeof event !== 'object' || event === null) return undefined;
  for (const value of Object.values(event)) {
    const trace = (value as { trace?: unknown } | null)?.trace;
    if (typeof trace === 'object' && trace !== null && typeof (trace as TraceCarrier).traceparent === 'string')
      return trace as TraceCarrier;
  }
  return undefined;
}
