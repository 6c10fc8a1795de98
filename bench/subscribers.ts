import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';

/*
 * The load process of (s): holds many graphql-ws connections (graphql-transport-ws, written out by hand so each
 * costs one socket and a few objects here), each subscribed once to helpRequestChanged, and records when each
 * change reaches each subscriber. Runs in a process of its own so the runner's clock and event loop, and the
 * gateway's, are not the ones the deliveries queue on. Talks to the runner over IPC (see FanOutMessage).
 */

/** What each subscriber asks: the change, and the request as it may see it (adminNotes only for administrators). */
export const FAN_OUT_SUBSCRIPTION = /* GraphQL */ `
  subscription BenchHelpRequestChanged {
    helpRequestChanged {
      kind
      requestId
      fields
      at
      request {
        id
        title
        status
        priority
        adminNotes
        requester {
          id
          username
        }
      }
    }
  }
`;

export interface SubscriberSpec {
  /** `Bearer …` */
  auth: string;
  /** 'admin', or the user id of the plain user it signs in as. */
  group: string;
}

/** One change the runner made: `key` is `<requestId>@<at>`, `requester` the user id who owns the request. */
export interface MadeChange {
  key: string;
  requester: string;
  sentAt: number;
}

export type FanOutMessage =
  | { kind: 'open'; url: string; subscribers: SubscriberSpec[]; concurrency: number }
  | { kind: 'report'; changes: MadeChange[] }
  | { kind: 'heard'; key: string }
  | { kind: 'close' };

export type FanOutReply =
  | { kind: 'opened'; open: number; failed: number; firstError: string | null }
  | { kind: 'seen'; key: string; subscribers: number }
  | { kind: 'report'; report: DeliveryReport };

export interface DeliveryReport {
  expected: number;
  delivered: number;
  /** Deliveries a subscriber should never have had: someone else's request, or what only administrators see. */
  leaks: number;
  /** Errors or closes the subscribers received while measured. */
  errors: number;
  latencyMs: { p50: number; p99: number; max: number } | null;
}

interface Subscriber {
  spec: SubscriberSpec;
  socket: WebSocket;
  /** When each change key arrived. */
  seen: Map<string, number>;
  leaks: number;
  errors: number;
}

const subscribers: Subscriber[] = [];
/** How many subscribers have heard each key, so the runner can wait for a change to reach everyone. */
const heard = new Map<string, number>();
const send = (reply: FanOutReply) => process.send?.(reply);

function open(url: string, spec: SubscriberSpec): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const subscriber: Subscriber = { spec, socket, seen: new Map(), leaks: 0, errors: 0 };
    let acknowledged = false;
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: spec.auth } })),
    );
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: any };
      if (message.type === 'connection_ack') {
        acknowledged = true;
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: FAN_OUT_SUBSCRIPTION } }));
        resolve(subscriber);
      } else if (message.type === 'next') {
        const at = Date.now();
        const change = message.payload?.data?.helpRequestChanged;
        if (!change || message.payload.errors) {
          subscriber.errors++;
          return;
        }
        const key = `${change.requestId}@${change.at}`;
        subscriber.seen.set(key, at);
        heard.set(key, (heard.get(key) ?? 0) + 1);
        if (leaked(spec, change)) subscriber.leaks++;
      } else if (message.type === 'error' || message.type === 'complete') {
        subscriber.errors++;
      } else if (message.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
      }
    });
    socket.once('error', (error) => (acknowledged ? subscriber.errors++ : reject(error)));
    socket.once('close', (code, reason) => {
      if (!acknowledged) reject(new Error(`closed before acknowledging: ${code} ${String(reason)}`));
      else subscriber.errors++;
    });
  });
}

async function openAll(url: string, specs: SubscriberSpec[], concurrency: number): Promise<FanOutReply> {
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      try {
        subscribers.push(await open(url, spec));
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return { kind: 'opened', open: subscribers.length, failed, firstError };
}

/** A change as a subscriber receives it (the fields of FAN_OUT_SUBSCRIPTION this judges). */
export interface HeardChange {
  kind: string;
  fields: string[];
  request: { adminNotes: string | null; requester: { id: string } | null } | null;
}

/**
 * Whether a delivery shows a subscriber what it may not see. A plain user hears only changes to their own
 * requests, never an admin note, an internal field or a service-level breach. An administrator shown a change the
 * runner made (each sets an admin note) without its note was given someone else's view; the other changes an
 * administrator hears meanwhile (breaches the help desk's monitor announces) are theirs to hear.
 */
export function leaked(spec: Pick<SubscriberSpec, 'group'>, change: HeardChange): boolean {
  if (spec.group === 'admin') return change.kind === 'updated' && typeof change.request?.adminNotes !== 'string';
  const own = change.request?.requester?.id === spec.group;
  return (
    !own ||
    change.kind === 'sla_breached' ||
    change.request?.adminNotes !== null ||
    change.fields.includes('admin_notes')
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function account(
  changes: MadeChange[],
  held: Array<Pick<Subscriber, 'spec' | 'seen' | 'leaks' | 'errors'>>,
): DeliveryReport {
  let expected = 0;
  let delivered = 0;
  let leaks = 0;
  let errors = 0;
  const latencies: number[] = [];
  for (const subscriber of held) {
    leaks += subscriber.leaks;
    errors += subscriber.errors;
    for (const change of changes) {
      const owed = subscriber.spec.group === 'admin' || subscriber.spec.group === change.requester;
      const at = subscriber.seen.get(change.key);
      if (owed) expected++;
      if (at === undefined) continue;
      if (owed) {
        delivered++;
        latencies.push(at - change.sentAt);
      } else {
        leaks++;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    expected,
    delivered,
    leaks,
    errors,
    latencyMs: latencies.length
      ? { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1)! }
      : null,
  };
}

// Only as the load process (forked by the runner), not when imported for its accounting.
if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.on('message', (message: FanOutMessage) => {
    if (message.kind === 'open') {
      void openAll(message.url, message.subscribers, message.concurrency).then(send);
    } else if (message.kind === 'heard') {
      send({ kind: 'seen', key: message.key, subscribers: heard.get(message.key) ?? 0 });
    } else if (message.kind === 'report') {
      send({ kind: 'report', report: account(message.changes, subscribers) });
    } else if (message.kind === 'close') {
      for (const s of subscribers) s.socket.terminate();
      process.exit(0);
    }
  });
  process.once('disconnect', () => process.exit(0));
}
