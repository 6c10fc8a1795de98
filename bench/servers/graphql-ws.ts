import { EventEmitter, on } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, type GraphQLField } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { announce } from './child.js';

/*
 * The reference of (s): a bare graphql-ws server, graphql-ws's own `useServer` on `ws` as its documentation sets it
 * up, with an in-process event emitter for its changes. The runner posts it each change the gateway delivered, as
 * the gateway's subscribers received it (an administrator's view and the requester's), and it fans that change out
 * to the same subscribers, asking the same document, the way such a server does: each subscription filters the
 * events and graphql-js executes and graphql-ws serialises the result, once per subscriber. No database, no
 * authentication: what is left is the cost of graphql-ws and ws themselves, against which the gateway's is read.
 */

/** The types of what the bench's subscription document asks, as the gateway's schema has them. */
const schema = buildSchema(/* GraphQL */ `
  type Query {
    ok: Boolean
  }
  type User {
    id: ID!
    username: String!
  }
  type HelpRequest {
    id: Int!
    title: String!
    status: String!
    priority: String!
    adminNotes: String
    requester: User
  }
  type HelpRequestChange {
    kind: String!
    requestId: Int!
    request: HelpRequest!
    fields: [String!]!
    at: String!
  }
  type Subscription {
    helpRequestChanged: HelpRequestChange!
  }
`);

/** One change as the runner posts it: what an administrator saw, what its requester saw, and whose it is. */
interface Published {
  requesterId: string;
  admin: unknown;
  requester: unknown;
}

/** Who a subscriber is, from its connection_init: 'admin', or the user id of the requester it stands for. */
interface Subscriber {
  group: string;
}

const changes = new EventEmitter();
changes.setMaxListeners(0);

const field = schema.getSubscriptionType()!.getFields().helpRequestChanged as GraphQLField<Published, Subscriber>;
// An administrator hears every change; a requester only those to their own requests, and their own view of them.
field.subscribe = async function* (_root, _args, subscriber) {
  for await (const [change] of on(changes, 'change') as AsyncIterable<[Published]>) {
    if (subscriber.group === 'admin' || subscriber.group === change.requesterId) yield change;
  }
};
field.resolve = (change, _args, subscriber) => (subscriber.group === 'admin' ? change.admin : change.requester);

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/publish') {
    response.writeHead(404).end();
    return;
  }
  read(request).then(
    (body) => {
      changes.emit('change', JSON.parse(body) as Published);
      response.writeHead(204).end();
    },
    () => response.writeHead(400).end(),
  );
});
const wss = new WebSocketServer({ server, path: '/graphql' });
const graphqlWs = useServer(
  {
    schema,
    context: (ctx) => {
      const group = ctx.connectionParams?.group;
      return { group: typeof group === 'string' ? group : '' } satisfies Subscriber;
    },
  },
  wss,
);

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
announce(`http://127.0.0.1:${port}`, async () => {
  await graphqlWs.dispose();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
