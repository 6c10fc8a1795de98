import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a request is a WebSocket upgrade being routed (a hook may leave its checks to the subscribe messages). */
export function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return Upgrades.pending.has(request.raw);
}

/**
 * WebSocket upgrades dispatched through Fastify's router, as requests whose answer, if the route gives one over
 * HTTP (a refusal from a hook, a path that serves no WebSocket), ends the connection. A route that serves the
 * upgrade takes its socket with `take(raw).hand(…)`.
 */
export class Upgrades {
  /** Upgrades being routed, by their request (one table for every app of the process: a request is in one only). */
  static readonly pending = new WeakMap<IncomingMessage, Upgrade>();
  readonly #pending = Upgrades.pending;
  readonly #listener = (raw: IncomingMessage, socket: Duplex, head: Buffer) => this.#dispatch(raw, socket, head);

  constructor(private readonly fastify: FastifyInstance) {
    fastify.server.on('upgrade', this.#listener);
  }

  take(raw: IncomingMessage): Upgrade | undefined {
    const upgrade = this.#pending.get(raw);
    this.#pending.delete(raw);
    return upgrade;
  }

  stop(): void {
    this.fastify.server.off('upgrade', this.#listener);
  }

  #dispatch(raw: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Node takes its own error listener off the socket before an upgrade: a client gone while the hooks run is let go.
    socket.on('error', destroy);
    const response = new ServerResponse(raw);
    response.assignSocket(socket as Socket);
    response.once('finish', () => socket.destroy());
    this.#pending.set(raw, new Upgrade(socket, head, response));
    try {
      this.fastify.routing(raw, response);
    } catch (error) {
      this.fastify.log.warn({ err: error }, 'a WebSocket upgrade could not be routed');
      socket.destroy();
    }
  }
}

class Upgrade {
  constructor(
    private readonly socket: Duplex,
    private readonly head: Buffer,
    private readonly response: ServerResponse,
  ) {}

  /** Gives the socket to `take` (ws sets its own error listener at once), no longer tied to the HTTP response. */
  hand(response: ServerResponse, take: (socket: Duplex, head: Buffer) => void): void {
    if (response !== this.response) throw new Error('the upgrade was answered by another response');
    response.detachSocket(this.socket as Socket);
    take(this.socket, this.head);
    this.socket.off('error', destroy);
  }
}

function destroy(this: Duplex): void {
  this.destroy();
}
