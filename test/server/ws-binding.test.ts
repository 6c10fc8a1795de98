import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createClient, type Context } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GraphqlWsServer, type GraphqlWsOptions, type GraphqlWsSocket } from '../../src/server/ws-binding.js';

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { hello: { type: GraphQLString, resolve: () => 'hi' } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      greeting: {
        type: GraphQLString,
        subscribe: async function* () {
          yield { greeting: 'hello' };
          yield { greeting: 'again' };
        },
      },
    },
  }),
});

interface Told {
  level: 'warn' | 'error';
  message: string;
}

/** A plain HTTP server whose upgrades go to a GraphqlWsServer, each with the data 'caller #n'. */
async function serve(
  options: Partial<GraphqlWsOptions> = {},
  onConnect?: (ctx: Context<any, GraphqlWsSocket<string>>) => unknown,
) {
  const told: Told[] = [];
  const log = {
    warn: (_o: object, message: string) => void told.push({ level: 'warn', message }),
    error: (_o: object, message: string) => void told.push({ level: 'error', message }),
  };
  const graphqlWs = new GraphqlWsServer<string>(
    { schema, onConnect: onConnect as never },
    { maxPayload: 4096, isProd: true, log, ...options },
  );
  let n = 0;
  const server: Server = createServer((_req, res) => res.end());
  server.on('upgrade', (req, socket, head) => graphqlWs.handleUpgrade(req, socket, head, `caller #${++n}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await graphqlWs.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  servers.push(stop);
  return { graphqlWs, url, told, stop };
}

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of servers.splice(0)) await stop().catch(() => undefined);
});

/** A raw WebSocket client; resolves once open. */
async function raw(url: string, protocol: string | undefined, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, protocol ? [protocol] : [], options);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => (socket.once('open', () => resolve()), socket.once('error', reject)));
  return { socket, closed };
}

const next = (socket: WebSocket) =>
  new Promise<any>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

describe('GraphqlWsServer: graphql-ws on ws through makeServer', () => {
  it('serves a subscription to graphql-ws’s own client, the hooks finding the caller’s data and not the upgrade request', async () => {
    const seen: unknown[] = [];
    const { url } = await serve({}, (ctx) => void seen.push(ctx.extra.data, 'request' in ctx.extra));
    const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const results: unknown[] = [];
    await new Promise<void>((resolve, reject) =>
      client.subscribe(
        { query: 'subscription { greeting }' },
        { next: (r) => void results.push(r.data), error: reject, complete: resolve },
      ),
    );
    await client.dispose();
    expect(results).toEqual([{ greeting: 'hello' }, { greeting: 'again' }]);
    expect(seen).toEqual(['caller #1', false]);
  });

  it('answers graphql-ws’s own ping message with a pong', async () => {
    const { url } = await serve();
    const { socket } = await raw(url, 'graphql-transport-ws');
    socket.send(JSON.stringify({ type: 'connection_init' }));
    expect(await next(socket)).toEqual({ type: 'connection_ack' });
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next(socket)).toEqual({ type: 'pong' });
    socket.close();
  });

  it('pings every connection while it lives, and keeps one that answers', async () => {
    const { url } = await serve({ keepAliveMs: 40 });
    const { socket } = await raw(url, 'graphql-transport-ws');
    for (let i = 0; i < 3; i++) await new Promise((resolve) => socket.once('ping', resolve));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('cuts a connection that does not answer its ping', async () => {
    const { url, graphqlWs } = await serve({ keepAliveMs: 40 });
    const { socket, closed } = await raw(url, 'graphql-transport-ws', { autoPong: false });
    const [served] = graphqlWs.clients;
    const gone = new Promise((resolve) => served.once('close', resolve));
    await new Promise((resolve) => socket.once('ping', resolve));
    expect((await closed).code).toBe(1006); // terminated, no closing handshake
    await gone;
    expect(graphqlWs.clients.size).toBe(0);
  });

  it('closes a connection whose connection_init does not come in time with 4408, and not one whose does', async () => {
    const { url } = await serve({ initWaitMs: 50 });
    const late = await raw(url, 'graphql-transport-ws');
    expect(await late.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    const prompt = await raw(url, 'graphql-transport-ws');
    prompt.socket.send(JSON.stringify({ type: 'connection_init' }));
    expect(await next(prompt.socket)).toEqual({ type: 'connection_ack' });
    // Past the wait: still served.
    await new Promise((resolve) => setTimeout(resolve, 100));
    prompt.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next(prompt.socket)).toEqual({ type: 'pong' });
    prompt.socket.close();
  });

  it('closes a connection that offers no protocol with 4406', async () => {
    const { url } = await serve();
    const { socket, closed } = await raw(url, undefined);
    expect(socket.protocol).toBe('');
    expect(await closed).toEqual({ code: 4406, reason: 'Subprotocol not acceptable' });
  });

  it('chooses no protocol for a client offering only the deprecated subscriptions-transport-ws one', async () => {
    const { url } = await serve();
    await expect(raw(url, 'graphql-ws')).rejects.toThrow('Server sent no subprotocol');
  });

  it('closes every connection with 1001 when the server closes, and lets go of them', async () => {
    const { url, graphqlWs, stop } = await serve();
    const a = await raw(url, 'graphql-transport-ws');
    const b = await raw(url, 'graphql-transport-ws');
    b.socket.send(JSON.stringify({ type: 'connection_init' }));
    await next(b.socket);
    expect(graphqlWs.clients.size).toBe(2);
    await stop();
    expect(await a.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect(await b.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect(graphqlWs.clients.size).toBe(0);
  });

  it('closes a connection whose message is larger than allowed with 1009, and tells of it', async () => {
    const { url, told } = await serve({ maxPayload: 1024 });
    const { socket, closed } = await raw(url, 'graphql-transport-ws');
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(2000) } }));
    expect((await closed).code).toBe(1009);
    expect(told).toEqual([{ level: 'warn', message: 'a WebSocket connection failed' }]);
  });

  it('closes with 4500 when a hook fails, saying no more than "Internal server error" in production', async () => {
    const { url, told } = await serve({}, () => {
      throw new Error('a secret detail');
    });
    const { socket, closed } = await raw(url, 'graphql-transport-ws');
    socket.send(JSON.stringify({ type: 'connection_init' }));
    expect(await closed).toEqual({ code: 4500, reason: 'Internal server error' });
    expect(told).toEqual([{ level: 'error', message: 'an internal error while handling a WebSocket message' }]);
  });

  it('gives an internal error’s message as the reason outside production', async () => {
    const { url } = await serve({ isProd: false }, () => {
      throw new Error('what went wrong');
    });
    const { socket, closed } = await raw(url, 'graphql-transport-ws');
    socket.send(JSON.stringify({ type: 'connection_init' }));
    expect(await closed).toEqual({ code: 4500, reason: 'what went wrong' });
  });
});
