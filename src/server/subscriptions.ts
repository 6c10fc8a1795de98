import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createSourceEventStream,
  execute,
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  type ExecutionArgs,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { CloseCode, type Context as Connection, type SubscribePayload } from 'graphql-ws';
import type { SessionCookies } from '../platform/auth/session.js';
import type { Credentials } from '../platform/auth/principal.js';
import type { Principal } from '../platform/auth/principal.js';
import type { Config } from '../platform/config.js';
import { DomainError, UnauthenticatedError } from '../platform/errors.js';
import type { Context } from '../platform/graphql/context.js';
import { logOperationErrors } from '../platform/graphql/errors.js';
import { inOperationSpan, traceCarrierOf } from '../platform/observability/operation-span.js';
import type { ContextFor, RequestFacts } from './context.js';
import type { GraphqlPipeline } from './pipeline.js';
import { Upgrades } from './upgrades.js';
import { GraphqlWsServer, type GraphqlWsSocket } from './ws-binding.js';
import { sendNext } from './next-messages.js';
import { signatureOf, signatureProblem } from './router-signature.js';
import { eventKey, operationKey, principalKey, SharedWork, type KeyPart } from './shared-work.js';

/** Subscriptions one connection may hold at once; each holds a listener and costs a query per change. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;
/** How long start-up waits for the cross-replica event channel before serving without it. */
const LISTEN_WAIT_MS = 3_000;

export interface SubscriptionOptions {
  config: Config;
  /** The steps POST /graphql takes, on the same schema (shield and all: Subscription fields have their rules too). */
  pipeline: GraphqlPipeline;
  /** Authenticates credentials and builds a fresh context (forked EntityManager, new loaders), as for an HTTP request. */
  contextFor: ContextFor;
  /** The browser session cookie, a credential on the upgrade when no Authorization comes in connectionParams. */
  session?: SessionCookies;
  /** Resolves once changes published by other replicas reach this one. */
  listening?: Promise<void>;
  /**
   * With FEDERATION_HMAC_SECRET: the router's signature each subscribe message must carry (as Hive Gateway signs every
   * subgraph operation, over WebSocket too), checked before the document is parsed.
   */
  routerSecret?: string;
  /**
   * A federation subgraph: a router relays each subscription's errors to its client but not the close of its own
   * connection here, so credentials refused when the connection opens are refused at each subscribe instead (the
   * same error the client would get from a query), rather than by closing the socket.
   */
  federated?: boolean;
  /** Tells of changes to a user's credentials on any replica (a session ended, a lock): their subscriptions re-check at once. */
  onAccountChange?: (listener: (userId: string | undefined) => void) => () => void;
}

export interface Subscriptions {
  /**
   * The handler of GET /graphql: a WebSocket upgrade that came through the route's hooks opens a graphql-ws
   * connection; any other request goes to `http`.
   */
  // Any route handler, whose request type is the route's own: the constraint takes any.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler<H extends (request: any, reply: any) => unknown>(http: H): H;
}

/**
 * What a connection keeps for its whole life: the few facts of its upgrade request that its contexts are made
 * from, and the credentials it authenticated with. The upgrade's Fastify request and reply are let go.
 */
interface Caller extends RequestFacts {
  /** The session cookie of the upgrade, when it came from a page allowed to use the session. */
  readonly cookie: string | undefined;
  /** The credentials of connection_init, once accepted. */
  credentials?: Credentials;
}

/** What `subscribe` needs of the subscribe message it serves, found by the context the message was checked with. */
interface Subscribing {
  caller: Caller;
  socket: GraphqlWsSocket<Caller>;
  id: string;
  operation: readonly KeyPart[];
}

type WsConnection = Connection<Record<string, unknown> | undefined, GraphqlWsSocket<Caller>>;

/**
 * GraphQL subscriptions over WebSocket (the graphql-ws protocol) on GET /graphql, beside the HTTP API.
 *
 * The upgrade goes through Fastify's routing like any request, so every hook of GET /graphql runs on it (request
 * id, rate limit, the router's signature in subgraph mode), and only the route's handler hands the socket to
 * `ws` and graphql-ws (`GraphqlWsServer`). A connection then keeps only what those libraries need and a `Caller`.
 *
 * The caller is authenticated from `connectionParams.Authorization` when the connection opens (bad credentials
 * close it with 4403 and the reason), again for every subscribe message, and again for every change delivered,
 * each time reading the user afresh: a revoked token, a locked account or a changed role ends the subscription
 * with an error at the next change instead of when the socket happens to close. Without an Authorization in the
 * protocol, the upgrade's session cookie counts, but only from an allowlisted or the gateway's own Origin: the
 * browser sends cookies on a WebSocket upgrade from any page and CORS does not apply, so a hostile page could
 * otherwise ride a visitor's session.
 *
 * Documents go through the pipeline POST /graphql uses (parsing, validation, limits, error formatting); Apollo's
 * count of recursive selections has no public rule, and here the other limits refuse fragment fan-out. Only
 * subscriptions are served here: queries and mutations go through HTTP, with its rate limits.
 */
export async function registerSubscriptions(
  fastify: FastifyInstance,
  options: SubscriptionOptions,
): Promise<Subscriptions> {
  const { config, pipeline, contextFor, session } = options;
  const { schema } = pipeline;
  /** What each subscribe message being set up needs, found by the context it was checked with. */
  const subscribing = new WeakMap<object, Subscribing>();
  /** In a subgraph, the subscriptions whose caller was refused, each answered with its refusal alone. */
  const refused = new WeakMap<object, GraphQLError>();

  // A replica that serves subscribers before it hears other replicas' changes would leave them waiting silently.
  if (options.listening) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), LISTEN_WAIT_MS)));
    if (await Promise.race([options.listening.then(() => false), late])) {
      fastify.log.warn('not yet hearing changes from other replicas: subscribers here miss them until Redis answers');
    }
    clearTimeout(timer);
  }

  const delivery = new Delivery(contextFor, new CredentialWatch(options.onAccountChange));
  const upgrades = new Upgrades(fastify);

  fastify.addHook('preClose', async () => {
    delivery.watch.stop();
    upgrades.stop();
    await graphqlWs.close();
    await delivery.settled();
  });

  const format = (error: GraphQLError) => pipeline.formatError(error.toJSON(), error);

  /** Opens the subscription's event stream, then maps each change through `Delivery` (see `Subscription`). */
  async function subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const refusal = refused.get(args.contextValue as object);
    if (refusal) return { errors: [refusal] };
    const started = args.contextValue as Context;
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    const { caller, socket, id, operation } = subscribing.get(started)!;
    subscribing.delete(started);
    // The source stream holds what it needs; the subscribe context's EntityManager and loaders need not live as
    // long as the subscription (graphql-ws keeps these arguments for its hooks, which do not read them).
    args.contextValue = undefined;
    const definition = getOperationAST(args.document, args.operationName) ?? undefined;
    return delivery.watch.add(
      new Subscription(
        source[Symbol.asyncIterator](),
        args,
        definition,
        caller,
        socket,
        id,
        started.principal,
        operation,
        delivery,
      ),
    );
  }

  const graphqlWs = new GraphqlWsServer<Caller>(
    {
      schema,
      subscribe,

      async onConnect(connection: WsConnection) {
        const { extra: socket } = connection;
        const caller = socket.data;
        const authorization = authorizationOf(connection.connectionParams);
        if (authorization === false) {
          socket.close(CloseCode.BadRequest, 'connectionParams.Authorization must be a string');
          return false;
        }
        const credentials: Credentials = {
          authorization,
          session: authorization === undefined ? caller.cookie : undefined,
        };
        try {
          await contextFor(caller, credentials);
        } catch (error) {
          if (!options.federated) {
            refuse(socket, caller, error);
            return false;
          }
        }
        caller.credentials = credentials;
        return true;
      },

      async onSubscribe(connection: WsConnection, id: string, payload: SubscribePayload) {
        const caller = connection.extra.data;
        if (Object.keys(connection.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [coded(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`, 'RATE_LIMITED')];
        }
        if (options.routerSecret) {
          const problem = signatureProblem(
            options.routerSecret,
            payload.query,
            payload.variables,
            signatureOf(payload.extensions),
          );
          if (problem) return [coded(problem.message, problem.status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN')];
        }
        const prepared = pipeline.prepare(payload);
        if ('errors' in prepared) return [...prepared.errors];
        const { document, operation } = prepared;
        if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [
            coded(
              'Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql',
              'BAD_REQUEST',
            ),
          ];
        }
        let contextValue: Context;
        try {
          contextValue = await renew(contextFor, caller, id);
        } catch (error) {
          if (!options.federated) return [asGraphQLError(error)];
          // A router relays a result's errors to its client as they are, but masks a refused subscribe: the refusal
          // goes as the subscription's one result instead, as a query's would.
          const refusal = {};
          refused.set(refusal, asGraphQLError(error));
          return {
            schema,
            document,
            operationName: payload.operationName,
            variableValues: payload.variables,
            contextValue: refusal,
          };
        }
        subscribing.set(contextValue, {
          caller,
          socket: connection.extra,
          id,
          operation: operationKey(payload.query, payload.operationName, payload.variables),
        });
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        };
      },

      onNext(connection: WsConnection, _id, _payload, _args, result) {
        if (!result.errors?.length) return;
        logOperationErrors(connection.extra.data.log, result.errors);
        return { ...result, errors: result.errors.map(format) };
      },

      onError(connection: WsConnection, _id, _payload, errors) {
        logOperationErrors(connection.extra.data.log, errors);
        return errors.map(format);
      },
    },
    { maxPayload: config.http.bodyLimitBytes, isProd: config.isProduction, log: fastify.log },
  );

  return {
    handler(http) {
      return function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const upgrade = upgrades.take(request.raw);
        if (!upgrade) return http.call(this, request, reply);
        reply.hijack();
        const caller: Caller = {
          id: request.id,
          ip: request.ip,
          log: request.log,
          headers: { 'user-agent': request.headers['user-agent'] },
          cookie: session?.trustedOrigin(request) ? session.tokenOf(request) : undefined,
        };
        upgrade.hand(reply.raw, (socket, head) => graphqlWs.handleUpgrade(request.raw, socket, head, caller));
      } as typeof http;
    },
  };
}

/** A context for the subscription `id` of a caller, its credentials read afresh. */
async function renew(contextFor: ContextFor, caller: Caller, id: string): Promise<Context> {
  const context = await contextFor(caller, caller.credentials!);
  return { ...context, requestId: `${caller.id}:${id}` };
}

/**
 * A subscription POSTed to /graphql would run as a one-off query of a field that only streams: refused up front
 * with a 400 that says where subscriptions are served, before any resolver runs.
 */
export const refuseSubscriptionsOverHttp: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) return;
        throw new GraphQLError('Subscriptions are served over WebSocket (graphql-transport-ws) at /graphql', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    };
  },
};

/** `connectionParams.Authorization` (or `authorization`): undefined when absent, false when not a string. */
function authorizationOf(params: Readonly<Record<string, unknown>> | undefined): string | undefined | false {
  const value = params?.Authorization ?? params?.authorization;
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : false;
}

/** Closes a connection whose credentials failed: 4403 with the reason, 1013 (try again later) while the database is away. */
function refuse(socket: GraphqlWsSocket<Caller>, caller: Caller, error: unknown): void {
  if (error instanceof DomainError) {
    socket.close(error.code === 'SERVICE_UNAVAILABLE' ? 1013 : CloseCode.Forbidden, error.message);
    return;
  }
  caller.log.error({ err: error }, 'unexpected error while authenticating a WebSocket connection');
  socket.close(CloseCode.InternalServerError, 'Internal server error');
}

/** Same user, same role: what a subscription's filtering was decided on still holds. */
function sameCaller(before: Principal, now: Principal): boolean {
  if (before.kind !== now.kind) return false;
  if (before.kind === 'user' && now.kind === 'user') return before.userId === now.userId && before.role === now.role;
  return true;
}

const coded = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError(error instanceof Error ? error.message : String(error), {
    originalError: error instanceof Error ? error : undefined,
  });
}

/**
 * The work of delivering a change, one object for the whole server: each change is executed for each subscriber
 * in a context made now (the principal read again, the request loaded through a fresh EntityManager, never from
 * an identity map that has aged since subscribe), both shared with the change's other subscribers for whom they
 * are the same (see SharedWork): one renewal per credentials, one execution per principal, document and
 * variables, and event as the subscriber sees it.
 */
class Delivery {
  /** Renewals and executions that subscribers of the same change would repeat with the same answer. */
  readonly #renewing = new SharedWork();
  readonly #executions = new SharedWork();
  /** Renewals and executions under way; shutdown lets them finish before the database pool closes. */
  readonly #executing = new Set<Promise<unknown>>();

  constructor(
    readonly contextFor: ContextFor,
    readonly watch: CredentialWatch,
  ) {}

  /** Resolves once the renewals and executions under way are done. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#executing]);
  }

  /** `work`, counted among those under way until it settles (once per shared piece of work, not per subscriber). */
  #track<T>(work: Promise<T>): Promise<T> {
    this.#executing.add(work);
    const done = () => void this.#executing.delete(work);
    work.then(done, done);
    return work;
  }

  async change(
    subscription: Subscription<unknown>,
    change: unknown,
  ): Promise<{ result: ExecutionResult; last?: boolean }> {
    const { caller, args } = subscription;
    const { authorization, session } = caller.credentials!;
    const event = eventKey(change);
    let renewed: { context: Context; principal: string };
    try {
      // Who presents them from where: the same credentials from the same address read the same principal.
      renewed = await this.#renewing.run([caller.ip, authorization ?? null, session ?? null, event], async () => {
        const context = await this.#track(renew(this.contextFor, caller, subscription.id));
        return { context, principal: principalKey(context.principal) };
      });
    } catch (error) {
      return { result: { errors: [asGraphQLError(error)] }, last: true };
    }
    if (!sameCaller(subscription.principal, renewed.context.principal)) {
      const changed = new UnauthenticatedError('Your access has changed: subscribe again', 'expired');
      return { result: { errors: [changed] }, last: true };
    }
    // One span per execution, linked to the change's own span (its mutation, perhaps on another replica).
    const result = await this.#executions.run([renewed.principal, ...subscription.operation, event], async () =>
      this.#track(
        inOperationSpan(
          args.document,
          subscription.definition,
          async () => execute({ ...args, rootValue: change, contextValue: renewed.context }),
          traceCarrierOf(change),
        ),
      ),
    );
    return { result };
  }
}

/**
 * Subscriptions by the user they serve, each re-checked as soon as that user's credentials change on any replica
 * (a session ended, the account locked or demoted), rather than at its next change, which may never come: a
 * signed-out session must not keep listening. Everyone's are re-checked when changes may have been missed.
 */
class CredentialWatch {
  readonly #byUser = new Map<string, Set<Subscription<unknown>>>();
  readonly #stopListening: (() => void) | undefined;

  constructor(onAccountChange: SubscriptionOptions['onAccountChange']) {
    this.#stopListening = onAccountChange?.((userId) => this.#heard(userId));
  }

  /** Watches the subscription until it ends; returns it. */
  add<T>(subscription: Subscription<T>): Subscription<T> {
    const { userId } = subscription;
    if (userId !== undefined) {
      const set = this.#byUser.get(userId) ?? new Set();
      this.#byUser.set(userId, set.add(subscription));
    }
    return subscription;
  }

  forget(subscription: Subscription<unknown>): void {
    const { userId } = subscription;
    if (userId === undefined) return;
    const set = this.#byUser.get(userId);
    if (set?.delete(subscription) && set.size === 0) this.#byUser.delete(userId);
  }

  stop(): void {
    this.#stopListening?.();
  }

  #heard(userId: string | undefined): void {
    const subscriptions =
      userId === undefined
        ? [...this.#byUser.values()].flatMap((set) => [...set])
        : [...(this.#byUser.get(userId) ?? [])];
    for (const subscription of subscriptions) subscription.check();
  }
}

/**
 * One open subscription: maps each value of its source through `Delivery`, ending after a result marked `last`,
 * or with a refusal once `check()` finds the caller may no longer hear: at once, even while waiting for a change,
 * since ending the source settles the `next()` waiting on it (as the help desk's streams do). Unlike an async
 * generator, `return()` ends it at once even while it waits for the next change, so an unsubscribe never waits on one.
 *
 * A result without errors, which the subscribers seeing the change alike share, is sent by the subscription itself
 * as its `next` message, the result's JSON made once for all of them (see next-messages.ts); `next()` resolves
 * for graphql-ws only with what graphql-ws sends (a result with errors, formatted for this subscriber by its hooks,
 * a refusal) or at the end, which graphql-ws completes. Each subscription waits for its own socket's write before
 * taking its next change, as graphql-ws's own loop does, and for no one else's: a slow socket slows only itself.
 *
 * A class, not closures: one is held for every open subscription, and holds only data (what it serves, whom, and
 * where its work is done); its methods, and the Delivery, are shared by all of them.
 */
class Subscription<T> implements AsyncGenerator<ExecutionResult> {
  /** The user whose credentials changing re-checks it; undefined for callers who are not users. */
  readonly userId: string | undefined;
  #ended = false;
  /** The result that ends it, from the moment the caller is refused until the next `next()` delivers it. */
  #refused: ExecutionResult | undefined;
  /** One check at a time; a change heard during one is checked again after it, as that one may have read too early. */
  #checking = false;
  #again = false;

  constructor(
    private readonly iterator: AsyncIterator<T>,
    /** The execution arguments without a context: each change gets a fresh one. */
    readonly args: ExecutionArgs,
    readonly definition: OperationDefinitionNode | undefined,
    readonly caller: Caller,
    /** The connection's socket, on which its `next` messages are sent. */
    private readonly socket: GraphqlWsSocket<Caller>,
    /** The subscription's id on its connection. */
    readonly id: string,
    /** The principal its filtering was decided on. */
    readonly principal: Principal,
    /** The document, operation name and variables, as parts of a key of shared work. */
    readonly operation: readonly KeyPart[],
    private readonly delivery: Delivery,
  ) {
    this.userId = principal.kind === 'user' ? principal.userId : undefined;
  }

  /**
   * Not an async function: while the source waits for a change, only its promise and a few reactions are held.
   * Each change sent here starts a fresh wait rather than chaining one promise onto the last, so a subscription
   * that hears changes for days holds no more than one that has just begun.
   */
  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.#refused) return this.#deliverRefusal();
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => this.#pull(resolve, reject));
  }

  #pull(resolve: (step: IteratorResult<ExecutionResult>) => void, reject: (error: unknown) => void): void {
    this.iterator
      .next()
      .then((step) => this.#step(step))
      .then((step) => (step ? resolve(step) : this.#pull(resolve, reject)), reject);
  }

  /** What graphql-ws is to send next, or undefined once this change's `next` message is sent here. */
  async #step(step: IteratorResult<T>): Promise<IteratorResult<ExecutionResult> | undefined> {
    if (this.#refused) return this.#deliverRefusal();
    if (step.done || this.#ended) {
      await this.#end();
      return { value: undefined, done: true };
    }
    const { result, last } = await this.delivery.change(this, step.value);
    if (last) {
      await this.#end();
      return { value: result, done: false };
    }
    // Refused while the change was read: the refusal instead of the change. Completed or closed: nothing more.
    if (this.#refused) return this.#deliverRefusal();
    if (this.#ended) return { value: undefined, done: true };
    if (result.errors?.length) return { value: result, done: false };
    try {
      await sendNext(this.socket, this.id, result);
    } catch (error) {
      // The socket failed under the write (it is closing); graphql-ws tells the error, and this ends.
      await this.#end();
      throw error;
    }
    return undefined;
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    await this.#end();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
    await this.#end();
    throw error;
  }

  [Symbol.asyncIterator](): AsyncGenerator<ExecutionResult> {
    return this;
  }

  /** Reads the caller again; if they may no longer hear, ends the stream with the refusal. */
  check(): void {
    if (this.#ended) return;
    if (this.#checking) return void (this.#again = true);
    this.#checking = true;
    void this.#refusal()
      .then((result) => {
        if (result && !this.#ended) {
          this.#refused = result;
          // Ending the source now settles a `next()` waiting on it, which then delivers the refusal. A source that
          // fails to end changes nothing for the caller, who is refused either way.
          this.#end().catch(() => undefined);
        }
      })
      .finally(() => {
        this.#checking = false;
        if (this.#again) {
          this.#again = false;
          this.check();
        }
      });
  }

  /** The result that ends the subscription when its caller's credentials no longer hold, or undefined. */
  async #refusal(): Promise<ExecutionResult | undefined> {
    let context: Context;
    try {
      context = await renew(this.delivery.contextFor, this.caller, this.id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE') return undefined; // checked again at the next change
      return { errors: [asGraphQLError(error)] };
    }
    return sameCaller(this.principal, context.principal)
      ? undefined
      : { errors: [new UnauthenticatedError('Your access has changed: subscribe again', 'expired')] };
  }

  async #deliverRefusal(): Promise<IteratorResult<ExecutionResult>> {
    const value = this.#refused!;
    this.#refused = undefined;
    await this.#end();
    return { value, done: false };
  }

  async #end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    this.delivery.watch.forget(this);
    await this.iterator.return?.();
  }
}
