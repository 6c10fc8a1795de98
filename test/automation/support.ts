import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app.js';

/** The environment the automation suites run the app in: local receivers allowed, short timings. */
export const AUTOMATION_ENV = {
  WEBHOOK_SECRETS_KEY: 'test-webhook-secrets-key-0123456789abcdef',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '500',
  WEBHOOK_RETRY_SECONDS: '0.05,0.05,0.05',
  WEBHOOK_POLL_MS: '50',
  HELP_AUTOMATION_SECONDS: '3600',
};

/** A JSON body, of no static type: the assertions check its shape. */

export type Json = any;

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body, verified with the receiver side of the Standard Webhooks library against the receiver's secret. */
  payload: Json;
  /** Why verification failed, when it did. */
  refused?: string;
}

/** What the receiver answers one delivery with. */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A webhook receiver as an integration partner would write it: a local HTTP server that verifies each delivery's
 * signature with the `standardwebhooks` library before believing it.
 */
export class Receiver {
  readonly received: Received[] = [];
  secret: string | undefined;
  answer: (n: number) => Answer = () => ({ status: 204 });
  #server: Server;
  #waiters: Array<{ n: number; resolve: () => void }> = [];

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server);
    server.on('request', (req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        const entry: Received = { headers: req.headers, body, payload: undefined };
        try {
          if (!receiver.secret) throw new Error('no secret yet');
          entry.payload = new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>);
        } catch (error) {
          entry.refused = (error as Error).message;
        }
        receiver.received.push(entry);
        const answer = receiver.answer(receiver.received.length);
        if (answer !== 'hang') res.writeHead(answer.status, answer.headers).end();
        for (const w of receiver.#waiters.filter((w) => receiver.received.length >= w.n)) w.resolve();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks`;
  }

  /** Resolves once `n` deliveries have arrived in all. */
  waitFor(n: number): Promise<void> {
    if (this.received.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ n, resolve }));
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

export const WEBHOOK_FIELDS = 'id url events active description disabledReason failingSince droppedEvents droppedSince';

/** GraphQL calls the automation suites make, as an administrator unless told otherwise. */
export async function automation(t: TestApp) {
  const admin = await t.login('admin', ADMIN_PASSWORD);
  const ok = async <T = Json>(query: string, variables?: Record<string, unknown>, auth = admin): Promise<T> => {
    const res = await t.gql<T>(query, variables, auth);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  return {
    admin,
    ok,
    async createWebhook(url: string, events: string[] = ['CREATED'], description?: string) {
      const data = await ok<{ createHelpWebhook: { webhook: { id: string }; secret: string } }>(
        `mutation($input: CreateHelpWebhookInput!) { createHelpWebhook(input: $input) { webhook { ${WEBHOOK_FIELDS} } secret } }`,
        { input: { url, events, description } },
      );
      return data.createHelpWebhook;
    },
    async webhook(id: string) {
      const data = await ok<{ helpWebhooks: Array<{ id: string } & Record<string, Json>> }>(
        `{ helpWebhooks { ${WEBHOOK_FIELDS} } }`,
      );
      return data.helpWebhooks.find((w) => w.id === id);
    },
    async deliveries(webhookId: string) {
      const data = await ok<{ helpWebhookDeliveries: { edges: Array<{ node: Record<string, Json> }> } }>(
        `query($id: ID!) { helpWebhookDeliveries(webhookId: $id, first: 100) { edges { node {
           id messageId eventType state attempts lastStatus lastError nextAttemptAt createdAt deliveredAt } } } }`,
        { id: webhookId },
      );
      return data.helpWebhookDeliveries.edges.map((e) => e.node);
    },
    async deleteWebhooks() {
      const data = await ok<{ helpWebhooks: Array<{ id: string }> }>('{ helpWebhooks { id } }');
      for (const { id } of data.helpWebhooks) await ok('mutation($id: ID!) { deleteHelpWebhook(id: $id) }', { id });
    },
    async createTrigger(input: Record<string, unknown>) {
      const data = await ok<{ createHelpTrigger: { id: string } }>(
        'mutation($input: CreateHelpTriggerInput!) { createHelpTrigger(input: $input) { id } }',
        { input },
      );
      return data.createHelpTrigger.id;
    },
    /** Files a request as `auth` and returns its number. */
    async file(auth: string, input: Record<string, unknown> = {}) {
      const data = await ok<{ createHelpRequest: { id: number } }>(
        'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
        { input: { title: 'Printer on fire', description: 'Smoke everywhere', ...input } },
        auth,
      );
      return data.createHelpRequest.id;
    },
    async update(id: number, input: Record<string, unknown>, auth = admin) {
      const data = await ok<{ updateHelpRequest: Record<string, Json> }>(
        `mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) {
           id status priority category tags assignedToId } }`,
        { id, input },
        auth,
      );
      return data.updateHelpRequest;
    },
    async request(id: number) {
      const data = await ok<{ helpRequest: Record<string, Json> }>(
        `query($id: Int!) { helpRequest(id: $id) { id status priority category tags assignedToId
           history { action field oldValue newValue } responses { response isPublic } } }`,
        { id },
      );
      return data.helpRequest;
    },
  };
}

/** Waits until `check` holds, looking again after each short pause (for what the app does on its own time). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
