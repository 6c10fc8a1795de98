import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CloseCode, handleProtocols, makeServer, type ServerOptions, type WebSocket as Transport } from 'graphql-ws';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/** How often a connection is pinged, and how long its pong may take before it is cut (graphql-ws's useServer: 12 s). */
const KEEP_ALIVE_MS = 12_000;
/** How long closing sockets may take at shutdown before they are cut. */
const CLOSE_WAIT_MS = 1_000;
/** How long a connection may wait before its connection_init (graphql-ws's default). */
const INIT_WAIT_MS = 3_000;

export interface GraphqlWsOptions {
  /** The largest message a client may send; a larger one closes the connection (1009). */
  maxPayload: number;
  /** Ping interval and pong deadline; 0 turns keep-alive off. */
  keepAliveMs?: number;
  /** How long a connection may wait before its connection_init: then it is closed with 4408. */
  initWaitMs?: number;
  /** In production a close's reason never carries an internal error's message. */
  isProd: boolean;
  /** Where a socket's error (a client's bad frame) and an internal error (one a message's handling threw) are told. */
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * One graphql-ws connection: `ws`'s socket, with what the binding keeps of it (the message handler graphql-ws
 * gave, the function to call when it closes, its keep-alive state) and the caller's `data`. graphql-ws's hooks
 * get it as `extra`. Its listeners are functions shared by every connection, called with the socket as `this`.
 */
export class GraphqlWsSocket<D = unknown> extends WebSocket {
  /** What the server that accepted it gave it: the caller. */
  data!: D;
  #options!: GraphqlWsOptions;
  #handle: ((text: string) => Promise<void>) | undefined;
  #closed: ((code: number, reason: string) => Promise<void>) | undefined;
  /** Until its connection_init comes: the timer that closes it (let go of then, not kept for the socket's life). */
  #initWait: NodeJS.Timeout | undefined;
  /** The keep-alive tick at which it is next pinged, or cut if its last ping is still unanswered. */
  #due = 0;
  #awaitingPong = false;

  /** graphql-ws's transport of this socket. */
  static transport(socket: GraphqlWsSocket<unknown>): Transport {
    return new SocketTransport(socket);
  }

  static accepted<D>(socket: GraphqlWsSocket<D>, data: D, options: GraphqlWsOptions): void {
    socket.data = data;
    socket.#options = options;
    socket.on('error', GraphqlWsSocket.#error);
  }

  static opened(
    socket: GraphqlWsSocket<unknown>,
    closed: (code: number, reason: string) => Promise<void>,
    due: number,
    initWaitMs: number,
  ): void {
    socket.#closed = closed;
    socket.#due = due;
    socket.on('message', GraphqlWsSocket.#message);
    socket.on('pong', GraphqlWsSocket.#pong);
    // `on`, not `once`: ws emits 'close' once, and `once` would keep a wrapper and its state per socket.
    socket.on('close', GraphqlWsSocket.#close);
    if (initWaitMs > 0 && Number.isFinite(initWaitMs) && socket.readyState === WebSocket.OPEN) {
      socket.#initWait = setTimeout(GraphqlWsSocket.#initTimeout, initWaitMs, socket);
    }
  }

  /** Its connection_init came: no timer waits for it any longer. */
  static initialised(socket: GraphqlWsSocket<unknown>): void {
    clearTimeout(socket.#initWait);
    socket.#initWait = undefined;
  }

  static #initTimeout(socket: GraphqlWsSocket<unknown>): void {
    if (socket.#initWait === undefined) return;
    socket.#initWait = undefined;
    socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
  }

  static listen(socket: GraphqlWsSocket<unknown>, handle: (text: string) => Promise<void>): void {
    socket.#handle = handle;
  }

  /** Pings the socket if its time has come, or cuts it if the last ping went unanswered for a whole period. */
  static tick(socket: GraphqlWsSocket<unknown>, tick: number, period: number): void {
    if (socket.readyState !== WebSocket.OPEN || socket.#due > tick) return;
    if (socket.#awaitingPong) return socket.terminate();
    socket.#awaitingPong = true;
    socket.#due = tick + period;
    socket.ping();
  }

  /**
   * A message's text goes to graphql-ws, and this frame ends: graphql-ws keeps a subscribe message's handling
   * suspended for the subscription's life, and nothing of ours (the message's Buffer) waits with it.
   */
  static #message(this: WebSocket, data: RawData): void {
    const socket = this as GraphqlWsSocket<unknown>;
    // ws hands a message as one Buffer (its binaryType is nodebuffer), whose String is the message's UTF-8 text.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    socket.#handle?.(texts.intern(String(data))).catch((error: unknown) => GraphqlWsSocket.#failed(socket, error));
  }

  /** ws closes the socket itself (1009 for a message too large, 1002 for a bad frame); told, as useServer does. */
  static #error(this: WebSocket, error: Error): void {
    const socket = this as GraphqlWsSocket<unknown>;
    socket.#options.log.warn({ err: error }, 'a WebSocket connection failed');
    socket.close(CloseCode.InternalServerError, reasonOf(socket.#options, error));
  }

  /** A message's handling threw (a bug, not a client's mistake): 4500, as useServer closes. */
  static #failed(socket: GraphqlWsSocket<unknown>, error: unknown): void {
    socket.#options.log.error({ err: error }, 'an internal error while handling a WebSocket message');
    socket.close(CloseCode.InternalServerError, reasonOf(socket.#options, error));
  }

  static #pong(this: WebSocket): void {
    (this as GraphqlWsSocket<unknown>).#awaitingPong = false;
  }

  static #close(this: WebSocket, code: number, reason: Buffer): void {
    const socket = this as GraphqlWsSocket<unknown>;
    socket.off('message', GraphqlWsSocket.#message);
    socket.off('pong', GraphqlWsSocket.#pong);
    GraphqlWsSocket.initialised(socket);
    const closed = socket.#closed;
    socket.#closed = undefined;
    socket.#handle = undefined;
    closed?.(code, String(reason)).catch((error: unknown) =>
      socket.#options.log.error({ err: error }, 'an error while closing a WebSocket connection'),
    );
  }
}

/**
 * Recent messages' texts and documents, so that subscribers sending the same subscribe message share one copy of
 * it: graphql-ws keeps each subscribe message's text and parsed payload for the subscription's life, and every
 * subscriber of one document (a trusted document above all) sends the same. Bounded: at most `MAX` texts of at most
 * `LONGEST` characters, forgotten all at once when full. connection_init messages (credentials) are never kept.
 */
class Interned {
  static readonly MAX = 1_000;
  static readonly LONGEST = 4_096;
  readonly #texts = new Map<string, string>();

  intern(text: string): string {
    if (text.length > Interned.LONGEST || text.includes('connection_init')) return text;
    const known = this.#texts.get(text);
    if (known !== undefined) return known;
    if (this.#texts.size >= Interned.MAX) this.#texts.clear();
    this.#texts.set(text, text);
    return text;
  }
}

const texts = new Interned();

/** graphql-ws's `jsonMessageReviver`: a subscribe message's document, interned. */
function internQuery(key: string, value: unknown): unknown {
  return key === 'query' && typeof value === 'string' ? texts.intern(value) : value;
}

/** graphql-ws's view of a socket: one small object, its methods shared. */
class SocketTransport implements Transport {
  constructor(private readonly socket: GraphqlWsSocket<unknown>) {}

  get protocol(): string {
    return this.socket.protocol;
  }

  /** Resolves once the data is written (graphql-ws then sends the next result), or at once on a closed socket. */
  send(data: string): Promise<void> {
    const { socket } = this;
    return new Promise((resolve, reject) => {
      if (socket.readyState !== WebSocket.OPEN) return resolve();
      socket.send(data, (error) => (error ? reject(error) : resolve()));
    });
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }

  onMessage(handle: (data: string) => Promise<void>): void {
    GraphqlWsSocket.listen(this.socket, handle);
  }
}

/**
 * graphql-ws (the graphql-transport-ws protocol) on `ws`, through graphql-ws's transport-agnostic `makeServer`: what
 * graphql-ws's own `useServer` does (the subprotocol chosen by `handleProtocols`, a ping every 12 s and a cut when
 * its pong does not come within as long, 4500 for an internal error, the sockets closed at shutdown), keeping per
 * connection only the socket and what graphql-ws holds. Upgrades are handed in with `handleUpgrade` (no HTTP server
 * of its own) and the caller's data, which the hooks find as `extra.data`; the upgrade's request is not kept.
 *
 * Keep-alive is one timer for every connection: it ticks each second (or each period, when shorter) and pings those
 * whose time has come, so pings stay spread over the period as connections opened, rather than all sent at once.
 */
export class GraphqlWsServer<D, P extends Record<string, unknown> | undefined = Record<string, unknown> | undefined> {
  readonly #wss: WebSocketServer;
  readonly #server: ReturnType<typeof makeServer<P, GraphqlWsSocket<D>>>;
  readonly #options: GraphqlWsOptions;
  readonly #keepAlive: NodeJS.Timeout | undefined;
  /** Ticks a period lasts, and the ticks so far. */
  readonly #period: number = 1;
  #tick = 0;

  constructor(server: ServerOptions<P, GraphqlWsSocket<D>>, options: GraphqlWsOptions) {
    this.#options = options;
    // The connection_init timer is the binding's own, let go of once the message comes (graphql-ws's stays
    // referenced by the connection until it closes); subscribe messages' documents are interned (see `texts`).
    const { onConnect, jsonMessageReviver } = server;
    this.#server = makeServer({
      ...server,
      connectionInitWaitTimeout: 0,
      onConnect: (ctx) => {
        GraphqlWsSocket.initialised(ctx.extra);
        return onConnect?.(ctx);
      },
      jsonMessageReviver: jsonMessageReviver ?? internQuery,
    });
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayload,
      handleProtocols,
      WebSocket: GraphqlWsSocket,
    });
    const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
    if (keepAliveMs > 0 && Number.isFinite(keepAliveMs)) {
      this.#period = Math.max(1, Math.round(keepAliveMs / 1000));
      this.#keepAlive = setInterval(() => this.#ping(), keepAliveMs / this.#period).unref();
    }
  }

  /** Open connections. */
  get clients(): ReadonlySet<GraphqlWsSocket<D>> {
    return this.#wss.clients as Set<GraphqlWsSocket<D>>;
  }

  /** Completes the WebSocket handshake of an upgrade and serves graphql-ws on it, with `data` for the hooks. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, data: D): void {
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#open(ws as GraphqlWsSocket<D>, data));
  }

  /** Says goodbye (1001) to every client, cuts those that do not finish the closing handshake in time, and stops. */
  async close(waitMs = CLOSE_WAIT_MS): Promise<void> {
    clearInterval(this.#keepAlive);
    const open = [...this.#wss.clients];
    const closed = open.map(
      (socket) =>
        new Promise<void>((resolve) =>
          socket.readyState === WebSocket.CLOSED ? resolve() : socket.once('close', () => resolve()),
        ),
    );
    for (const socket of open) socket.close(1001, 'Server shutting down');
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.all(closed), cut]);
    clearTimeout(timer);
    for (const socket of open) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    await Promise.all(closed);
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #open(socket: GraphqlWsSocket<D>, data: D): void {
    GraphqlWsSocket.accepted(socket, data, this.#options);
    // graphql-ws closes at once (4406) a socket whose client offered no graphql-transport-ws.
    const closed = this.#server.opened(GraphqlWsSocket.transport(socket), socket);
    GraphqlWsSocket.opened(socket, closed, this.#tick + this.#period, this.#options.initWaitMs ?? INIT_WAIT_MS);
  }

  #ping(): void {
    const tick = ++this.#tick;
    for (const socket of this.#wss.clients) GraphqlWsSocket.tick(socket as GraphqlWsSocket<D>, tick, this.#period);
  }
}

/** A close's reason for an internal error: its message outside production, within the 123 bytes a reason may take. */
function reasonOf(options: GraphqlWsOptions, error: unknown): string {
  const generic = 'Internal server error';
  if (options.isProd) return generic;
  const message = error instanceof Error ? error.message : String(error);
  return Buffer.byteLength(message) > 123 ? generic : message;
}
