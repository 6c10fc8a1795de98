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

/**
 * Which server a subscriber is held on: the gateway, or the reference of (s) (bench/servers/graphql-ws.ts), which is
 * told who the subscriber stands for in connection_init (`group`) instead of being shown credentials.
 */
export type FanOutServer = 'gateway' | 'reference';

/** A change as the gateway delivered it: an administrator's view and the requester's (null if none held). */
export interface HeardViews {
  admin: unknown;
  requester: unknown;
}

export type FanOutMessage =
  | { kind: 'open'; server: FanOutServer; url: string; subscribers: SubscriberSpec[]; concurrency: number }
  | { kind: 'report'; server: FanOutServer; changes: MadeChange[] }
  | { kind: 'heard'; server: FanOutServer; key: string }
  | { kind: 'views'; key: string }
  | { kind: 'close' };

export type FanOutReply =
  | { kind: 'opened'; open: number; failed: number; firstError: string | null }
  | { kind: 'seen'; key: string; subscribers: number }
  | { kind: 'views'; key: string; views: HeardViews }
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

/** What the load process holds for each server: its subscribers, and how many have heard each key. */
const held: Record<FanOutServer, { subscribers: Subscriber[]; heard: Map<string, number> }> = {
  gateway: { subscribers: [], heard: new Map() },
  reference: { subscribers: [], heard: new Map() },
};
/** Each change as the gateway's subscribers received it, so the reference can be fed the very same. */
const views = new Map<string, HeardViews>();
const send = (reply: FanOutReply) => process.send?.(reply);

function open(server: FanOutServer, url: string, spec: SubscriberSpec): Promise<Subscriber> {
  const { heard } = held[server];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const subscriber: Subscriber = { spec, socket, seen: new Map(), leaks: 0, errors: 0 };
    let acknowledged = false;
    const params = server === 'gateway' ? { Authorization: spec.auth } : { group: spec.group };
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: params })));
    socket.on('message', (data) => {
      // ws hands a text message over as one Buffer.
      const message = JSON.parse((data as Buffer).toString('utf8')) as {
        type: string;
        payload?: { data?: { helpRequestChanged?: HeardChange & { requestId: number; at: string } }; errors?: unknown };
      };
      if (message.type === 'connection_ack') {
        acknowledged = true;
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: FAN_OUT_SUBSCRIPTION } }));
        resolve(subscriber);
      } else if (message.type === 'next') {
        const at = Date.now();
        const change = message.payload?.data?.helpRequestChanged;
        if (!change || message.payload?.errors) {
          subscriber.errors++;
          return;
        }
        const key = `${change.requestId}@${change.at}`;
        subscriber.seen.set(key, at);
        heard.set(key, (heard.get(key) ?? 0) + 1);
        if (leaked(spec, change)) subscriber.leaks++;
        if (server === 'gateway') keepView(key, spec, change);
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

/** The first administrator's and the requester's view of each change. */
function keepView(key: string, spec: SubscriberSpec, change: HeardChange): void {
  let kept = views.get(key);
  if (!kept) views.set(key, (kept = { admin: null, requester: null }));
  if (spec.group === 'admin') kept.admin ??= change;
  else if (change.request?.requester?.id === spec.group) kept.requester ??= change;
}

async function openAll(
  server: FanOutServer,
  url: string,
  specs: SubscriberSpec[],
  concurrency: number,
): Promise<FanOutReply> {
  const { subscribers } = held[server];
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      try {
        subscribers.push(await open(server, url, spec));
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
  // The kind is an enum (UPDATED), compared as the legacy name too (updated).
  const kind = change.kind.toLowerCase();
  if (spec.group === 'admin') return kind === 'updated' && typeof change.request?.adminNotes !== 'string';
  const own = change.request?.requester?.id === spec.group;
  return (
    !own || kind === 'sla_breached' || change.request?.adminNotes !== null || change.fields.includes('admin_notes')
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
      void openAll(message.server, message.url, message.subscribers, message.concurrency).then(send);
    } else if (message.kind === 'heard') {
      send({ kind: 'seen', key: message.key, subscribers: held[message.server].heard.get(message.key) ?? 0 });
    } else if (message.kind === 'views') {
      send({ kind: 'views', key: message.key, views: views.get(message.key) ?? { admin: null, requester: null } });
    } else if (message.kind === 'report') {
      send({ kind: 'report', report: account(message.changes, held[message.server].subscribers) });
    } else if (message.kind === 'close') {
      for (const s of [...held.gateway.subscribers, ...held.reference.subscribers]) s.socket.terminate();
      process.exit(0);
    }
  });
  process.once('disconnect', () => process.exit(0));
}
