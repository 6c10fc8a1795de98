import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CpuMeter } from './cpu.js';
import { ADMINS, BENCH_ADMIN, BENCH_API_KEY, benchUserId } from './seed.js';
import type {
  DeliveryReport,
  FanOutMessage,
  FanOutReply,
  FanOutServer,
  HeardViews,
  MadeChange,
  SubscriberSpec,
} from './subscribers.js';

/*
 * (s), subscriptions fan-out: many graphql-ws subscribers to helpRequestChanged, held by a load process of their
 * own (bench/subscribers.ts), nine in ten as administrators (who hear every change), one in ten as plain users
 * (who must hear only changes to their own requests, and never what only administrators see). An administrator
 * changes one request a second; the load process records when each change reaches each subscriber.
 *
 * Beside it, in the same run, the reference: a bare graphql-ws server (bench/servers/graphql-ws.ts, `useServer` on
 * ws) holding as many subscribers of the same kinds, from the same load process, each asking the same document.
 * After each change has reached the gateway's subscribers, the reference is posted that change as they received it
 * and fans it out; the gateway's CPU per delivery and p99 are read against the reference's, measured in turns.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const json = { 'content-type': 'application/json' };

/** Distinct sign-ins the administrators' subscriptions share, and distinct plain users (each signed in once). */
export const ADMIN_SESSIONS = 10;
export const PLAIN_USERS = 10;
/** Connections the load process opens at once. */
const OPEN_CONCURRENCY = 50;
/** How long a change may take to reach everyone before the accounting counts what is missing. */
const SETTLE_MS = 15_000;

export interface FanOutResult {
  subscribers: number;
  administrators: number;
  plainUsers: number;
  /** Distinct credentials behind the subscribers: administrators' sign-ins and plain users. */
  credentials: { administrators: number; plainUsers: number };
  failedToOpen: number;
  openSeconds: number;
  changes: number;
  expected: number;
  delivered: number;
  leaks: number;
  errors: number;
  /** From the moment the mutation was sent (so including its own commit) to delivery. */
  latencyMs: { p50: number; p99: number; max: number } | null;
  /** The mutation's own round trip, median: what the latency above includes before the commit. */
  mutationMs: number | null;
  rssBeforeBytes: number | null;
  rssAfterBytes: number | null;
  rssPerSubscriberKiB: number | null;
  /** The gateway's heap in use before the subscribers opened and once they all heard a first change. */
  heapUsedBeforeBytes: number | null;
  heapUsedAfterBytes: number | null;
  cpuMicrosecondsPerDeliveredEvent: number | null;
  /** The bare graphql-ws server fed the same changes for as many subscribers, in the same run; null if not run. */
  reference: ReferenceResult | null;
  /** The gateway's CPU per delivered event over the reference's. */
  cpuRatioToReference: number | null;
  /** The gateway's p99 over the reference's. */
  p99RatioToReference: number | null;
}

export interface ReferenceResult {
  subscribers: number;
  failedToOpen: number;
  changes: number;
  expected: number;
  delivered: number;
  leaks: number;
  errors: number;
  /** From the moment the change was posted to it to delivery. */
  latencyMs: { p50: number; p99: number; max: number } | null;
  rssPerSubscriberKiB: number | null;
  cpuMicrosecondsPerDeliveredEvent: number | null;
}

/** Resident memory of a process, from /proc (Linux); null elsewhere. */
export function rssOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Heap of the gateway from its Prometheus metrics (prom-client's default Node metrics). */
export async function heapOf(
  metricsUrl: string,
  token: string,
): Promise<{ used: number | null; total: number | null }> {
  try {
    const text = await (await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } })).text();
    const read = (name: string) => {
      const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
      return match ? Number(match[1]) : null;
    };
    return { used: read('nodejs_heap_size_used_bytes'), total: read('nodejs_heap_size_total_bytes') };
  } catch {
    return { used: null, total: null };
  }
}

async function post(url: string, body: unknown, auth?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...json, ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status >= 300 || answer?.errors)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

const login = async (gatewayUrl: string, username: string, password: string) =>
  `Bearer ${(await post(`${gatewayUrl}/api/auth/login`, { username, password })).access_token}`;

interface PlainUser {
  userId: string;
  auth: string;
  requestId: number;
  /** The request's priority now: each change sets the other one, so the requester always has something to hear. */
  priority: string;
}

/**
 * Plain users with at least one request, each given a password through the developer API (the bench's key) and
 * signed in: seeded users share a hash of a password nobody is told.
 */
async function plainUsers(gatewayUrl: string, wanted: number): Promise<PlainUser[]> {
  const found: PlainUser[] = [];
  const password = 'Bench-Us3r!pass';
  for (let n = ADMINS + 1; found.length < wanted && n < ADMINS + 1 + wanted * 20; n++) {
    const userId = benchUserId(n);
    try {
      await post(`${gatewayUrl}/api/public/update_user`, {
        api_key: BENCH_API_KEY.key,
        api_key_secret: BENCH_API_KEY.secret,
        target_user: { user_id: userId, password },
      });
    } catch {
      continue; // not seeded at this size
    }
    const username = (
      await post(`${gatewayUrl}/api/public/get_user`, {
        api_key: BENCH_API_KEY.key,
        api_key_secret: BENCH_API_KEY.secret,
        target_user: { user_id: userId },
      })
    ).user.username;
    const auth = await login(gatewayUrl, username, password);
    const own = await post(
      `${gatewayUrl}/graphql`,
      { query: '{ helpRequests(perPage: 1) { requests { id priority } } }' },
      auth,
    );
    const request = own.data.helpRequests.requests[0];
    if (request) found.push({ userId, auth, requestId: request.id, priority: request.priority });
  }
  if (found.length === 0) throw new Error('no plain user with a help request: was the database seeded?');
  return found;
}

/** The subscribers, their credentials, the load process holding them, and the changes made for them. */
export class FanOut {
  readonly changes: MadeChange[] = [];
  /** The same changes, as posted to the reference. */
  readonly published: MadeChange[] = [];
  readonly mutationTimes: number[] = [];
  #n = 0;

  private constructor(
    private readonly gatewayUrl: string,
    private readonly child: ChildProcess,
    private readonly adminAuth: string,
    readonly specs: SubscriberSpec[],
    readonly users: PlainUser[],
    readonly admins: number,
  ) {}

  /**
   * Signs the subscribers' callers in, then opens the subscriptions; `signedIn` runs between the two, so what the
   * gateway holds for the subscribers can be told from what the sign-ins left (each hashes a password with argon2,
   * whose 19 MiB a thread's malloc arena keeps: about 76 MiB once the four libuv threads have each hashed one).
   */
  static async open(
    gatewayUrl: string,
    subscribers: number,
    log: (message: string) => void,
    signedIn?: () => Promise<void>,
  ): Promise<FanOut & { opened: FanOutReply & { kind: 'opened' }; openSeconds: number }> {
    const adminAuths: string[] = [];
    for (let i = 0; i < Math.min(ADMIN_SESSIONS, subscribers); i++)
      adminAuths.push(await login(gatewayUrl, BENCH_ADMIN.username, BENCH_ADMIN.password));
    const plainCount = Math.floor(subscribers / 10);
    const users = plainCount > 0 ? await plainUsers(gatewayUrl, Math.min(PLAIN_USERS, plainCount)) : [];
    const specs: SubscriberSpec[] = Array.from({ length: subscribers }, (_, i) =>
      i < plainCount
        ? { auth: users[i % users.length].auth, group: users[i % users.length].userId }
        : { auth: adminAuths[i % adminAuths.length], group: 'admin' },
    );
    await signedIn?.();
    const child = fork(path.join(HERE, 'subscribers.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const fanOut = new FanOut(gatewayUrl, child, adminAuths[0], specs, users, subscribers - plainCount);
    log(
      `(s) opening ${subscribers.toLocaleString('en-US')} subscriptions (${plainCount.toLocaleString('en-US')} as ${users.length} plain users, the rest as ${adminAuths.length} administrator sign-ins)`,
    );
    const started = Date.now();
    const opened = await fanOut.#ask(
      { kind: 'open', server: 'gateway', url: gatewayUrl, subscribers: specs, concurrency: OPEN_CONCURRENCY },
      'opened',
    );
    const openSeconds = (Date.now() - started) / 1000;
    log(
      `(s) ${opened.open.toLocaleString('en-US')} open in ${openSeconds.toFixed(1)} s${opened.failed ? `, ${opened.failed} failed: ${opened.firstError}` : ''}`,
    );
    return Object.assign(fanOut, { opened, openSeconds });
  }

  /** Opens as many subscribers of the same kinds on the reference server, from the same load process. */
  async openReference(referenceUrl: string): Promise<FanOutReply & { kind: 'opened' }> {
    return this.#ask(
      { kind: 'open', server: 'reference', url: referenceUrl, subscribers: this.specs, concurrency: OPEN_CONCURRENCY },
      'opened',
    );
  }

  /** Posts the reference a change as the gateway's subscribers received it; returns it as the reference's change. */
  async publish(referenceUrl: string, change: MadeChange, record = true): Promise<MadeChange> {
    const { views } = await this.#ask({ kind: 'views', key: change.key }, 'views');
    const sentAt = Date.now();
    const response = await fetch(`${referenceUrl}/publish`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ requesterId: change.requester, ...views } satisfies HeardViews & { requesterId: string }),
    });
    if (response.status !== 204) throw new Error(`the reference answered ${response.status} to a change`);
    const made = { ...change, sentAt };
    if (record) this.published.push(made);
    return made;
  }

  #ask<K extends FanOutReply['kind']>(message: FanOutMessage, reply: K): Promise<Extract<FanOutReply, { kind: K }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (answer: FanOutReply) => {
        if (answer.kind !== reply) return;
        if (
          (reply === 'seen' || reply === 'views') &&
          'key' in message &&
          (answer as { key: string }).key !== message.key
        )
          return;
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(answer as Extract<FanOutReply, { kind: K }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the subscribers' process exited (${code})`));
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send(message);
    });
  }

  /** Subscribers owed a change to a request of `requester`. */
  owed(requester: string): number {
    return this.specs.filter((s) => s.group === 'admin' || s.group === requester).length;
  }

  /**
   * One change, as an administrator: the next plain user's request gets another priority and admin note (which
   * only administrators may hear of). Returns its key, `<requestId>@<at>`.
   */
  async change(record = true): Promise<MadeChange> {
    const n = this.#n++;
    const user = this.users.length ? this.users[n % this.users.length] : null;
    const requestId = user?.requestId ?? 1;
    const priority = user?.priority === 'HIGH' ? 'LOW' : 'HIGH';
    if (user) user.priority = priority;
    const sentAt = Date.now();
    const answer = await post(
      `${this.gatewayUrl}/graphql`,
      {
        query:
          'mutation BenchChange($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { id updatedAt } }',
        variables: { id: requestId, input: { priority, adminNotes: `bench note ${n} ${sentAt}` } },
      },
      this.adminAuth,
    );
    this.mutationTimes.push(Date.now() - sentAt);
    const made = {
      key: `${answer.data.updateHelpRequest.id}@${answer.data.updateHelpRequest.updatedAt}`,
      requester: user?.userId ?? '',
      sentAt,
    };
    if (record) this.changes.push(made);
    return made;
  }

  /** Waits until a change has reached every subscriber owed it, or `SETTLE_MS` has passed; returns how many it reached. */
  async settle(change: MadeChange, timeoutMs = SETTLE_MS, server: FanOutServer = 'gateway'): Promise<number> {
    const owed = this.owed(change.requester);
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { subscribers } = await this.#ask({ kind: 'heard', server, key: change.key }, 'seen');
      if (subscribers >= owed || Date.now() > until) return subscribers;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  report(server: FanOutServer = 'gateway'): Promise<DeliveryReport> {
    const changes = server === 'gateway' ? this.changes : this.published;
    return this.#ask({ kind: 'report', server, changes }, 'report').then((r) => r.report);
  }

  close(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ kind: 'close' });
    return exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

const ratio = (mine: number | null | undefined, theirs: number | null | undefined) =>
  mine !== null && mine !== undefined && theirs ? Math.round((mine / theirs) * 100) / 100 : null;

/** The reference of (s), bench/servers/graphql-ws.ts, in a process of its own: its URL and pid. */
async function startReference(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = fork(path.join(HERE, 'servers', 'graphql-ws.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { kind?: string; url?: string }) => {
      if (message.kind === 'ready' && message.url) resolve(message.url);
    });
    child.once('exit', (code) => reject(new Error(`the reference server exited before it was ready (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * (s): opens the subscribers on the gateway, lets one unmeasured change reach them all (so every subscription is in
 * place), reads the gateway's memory, then opens as many on the reference and lets the same change reach them.
 * Then, `seconds` times, one change a second: the gateway's change until every subscriber owed it has heard it,
 * then the same change posted to the reference until its subscribers have; each server's CPU is counted over its
 * own turns, so neither pays for the other's.
 */
export async function runFanOut(
  gateway: { url: string; pid: number; metricsToken: string },
  subscribers: number,
  seconds: number,
  log: (message: string) => void,
): Promise<FanOutResult> {
  const reference = await startReference();
  try {
    return await measureFanOut(gateway, reference, subscribers, seconds, log);
  } finally {
    await reference.stop();
  }
}

async function measureFanOut(
  gateway: { url: string; pid: number; metricsToken: string },
  reference: { url: string; pid: number },
  subscribers: number,
  seconds: number,
  log: (message: string) => void,
): Promise<FanOutResult> {
  // Read once the callers are signed in: the sign-ins' memory is not the subscribers'.
  let rssBeforeBytes: number | null = null;
  let heapBefore: Awaited<ReturnType<typeof heapOf>> = { used: null, total: null };
  const fanOut = await FanOut.open(gateway.url, subscribers, log, async () => {
    rssBeforeBytes = rssOf(gateway.pid);
    heapBefore = await heapOf(`${gateway.url}/metrics`, gateway.metricsToken);
  });
  try {
    const probe = await fanOut.change(false);
    const reached = await fanOut.settle(probe, 60_000);
    log(
      `(s) the first change reached ${reached.toLocaleString('en-US')} of ${fanOut.owed(probe.requester).toLocaleString('en-US')}`,
    );
    const rssAfterBytes = rssOf(gateway.pid);
    const heapAfter = await heapOf(`${gateway.url}/metrics`, gateway.metricsToken);

    const referenceRssBefore = rssOf(reference.pid);
    const openedReference = await fanOut.openReference(reference.url);
    const referenceProbe = await fanOut.publish(reference.url, probe, false);
    const referenceReached = await fanOut.settle(referenceProbe, 60_000, 'reference');
    const referenceRssAfter = rssOf(reference.pid);
    log(
      `(s) the reference (graphql-ws's useServer on ws): ${openedReference.open.toLocaleString('en-US')} open${openedReference.failed ? `, ${openedReference.failed} failed: ${openedReference.firstError}` : ''}, the first change reached ${referenceReached.toLocaleString('en-US')}; measuring ${seconds} changes on each, in turns`,
    );

    const cpu = new CpuMeter(gateway.pid);
    const referenceCpu = new CpuMeter(reference.pid);
    const start = Date.now();
    for (let i = 0; i < seconds; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * 1000 - Date.now())));
      cpu.start();
      const change = await fanOut.change();
      await fanOut.settle(change);
      cpu.stop();
      referenceCpu.start();
      await fanOut.settle(await fanOut.publish(reference.url, change), undefined, 'reference');
      referenceCpu.stop();
    }
    const report = await fanOut.report();
    const referenceReport = await fanOut.report('reference');
    const perDelivery = (meter: CpuMeter, delivered: number) =>
      meter.serverSeconds !== null && delivered > 0
        ? Math.round((meter.serverSeconds / delivered) * 1e6 * 10) / 10
        : null;
    const kibEach = (before: number | null, after: number | null) =>
      before !== null && after !== null ? Math.round(((after - before) / subscribers / 1024) * 10) / 10 : null;
    const cpuMicrosecondsPerDeliveredEvent = perDelivery(cpu, report.delivered);
    const referenceResult: ReferenceResult = {
      subscribers,
      failedToOpen: openedReference.failed,
      changes: fanOut.published.length,
      ...referenceReport,
      rssPerSubscriberKiB: kibEach(referenceRssBefore, referenceRssAfter),
      cpuMicrosecondsPerDeliveredEvent: perDelivery(referenceCpu, referenceReport.delivered),
    };
    return {
      subscribers,
      administrators: fanOut.admins,
      plainUsers: subscribers - fanOut.admins,
      credentials: { administrators: Math.min(ADMIN_SESSIONS, subscribers), plainUsers: fanOut.users.length },
      failedToOpen: fanOut.opened.failed,
      openSeconds: Math.round(fanOut.openSeconds * 10) / 10,
      changes: fanOut.changes.length,
      ...report,
      mutationMs: median(fanOut.mutationTimes),
      rssBeforeBytes,
      rssAfterBytes,
      rssPerSubscriberKiB: kibEach(rssBeforeBytes, rssAfterBytes),
      heapUsedBeforeBytes: heapBefore.used,
      heapUsedAfterBytes: heapAfter.used,
      cpuMicrosecondsPerDeliveredEvent,
      reference: referenceResult,
      cpuRatioToReference: ratio(cpuMicrosecondsPerDeliveredEvent, referenceResult.cpuMicrosecondsPerDeliveredEvent),
      p99RatioToReference: ratio(report.latencyMs?.p99, referenceReport.latencyMs?.p99),
    };
  } finally {
    await fanOut.close();
  }
}
