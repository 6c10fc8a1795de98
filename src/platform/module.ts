import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { IRules } from 'graphql-shield';
import type { Credentials, Principal } from './auth/principal.js';
import type { SessionCookies } from './auth/session.js';
import type { Config } from './config.js';
import type { Context } from './graphql/context.js';
import type { Orm } from './db/orm.js';
import type { Resolvers } from './graphql/generated/resolvers-types.js';
import type { RestApi } from './rest/api.js';
import type { OperationRunner } from './rest/bridge.js';
import type { AppServices } from './services.js';

/**
 * One domain of the gateway, as the assembly (src/server) sees it. A module is a folder with one `module.ts`
 * that exports one of these; `src/modules.ts` lists them, and the assembly loops over the list for the schema,
 * permissions, services, loaders, entities, REST routes and shutdown. Nothing below a module knows it exists.
 *
 * A module's services and loaders are typed for resolvers by declaration merging, under the module's name:
 *   declare module '../platform/services.js' { interface ModuleServices { helpdesk: Helpdesk } }
 *   declare module '../platform/services.js' { interface ModuleLoaders { helpdesk: HelpdeskLoaders } }
 */
export interface Module<S = unknown, L = unknown> {
  /** Where its services and loaders live in the context: `ctx.services.<name>`, `ctx.loaders.<name>`. */
  name: string;
  /** Modules this one uses (their types in its SDL, their services or loaders): they must be listed before it. */
  requires?: readonly string[];
  /**
   * Modules this one uses when the process has them and, in a subgraph (GRAPHQL_FEDERATION=subgraph) without them,
   * refers to by key instead, the router resolving the references from the subgraph that has them. A process
   * outside federation needs them as it needs `requires`.
   */
  refersTo?: Record<string, ModuleStandIn>;
  /**
   * Its SDL files, extending the root types common.graphql declares: a name is a file in schema/ (where codegen
   * reads it), a URL any file (`new URL('./its.graphql', import.meta.url)`).
   */
  typeDefs: readonly (string | URL)[];
  resolvers?: Resolvers;
  /**
   * graphql-shield rules by type and field: every root field it adds needs one (deny by default), and an object
   * type listed here has every field ruled.
   */
  rules?: Record<string, Record<string, IRules>>;
  /**
   * Its types other subgraphs may reference or extend when the gateway runs as a federation subgraph
   * (GRAPHQL_FEDERATION=subgraph), by type name.
   */
  references?: Record<string, EntityReference>;
  /** Its MikroORM entities. */
  entities?: readonly EntityClass[];
  /**
   * The folder of its migrations, `new URL('./migrations/', import.meta.url)`: files named
   * `Migration<timestamp>_<name>.ts`, each exporting that class (`npm run migration:create -- <module> <name>` writes
   * one). An app applies its modules' migrations, all in name order, so it creates its modules' tables only.
   */
  migrations?: URL;
  /** Tables its migrations create that no entity maps (counts its triggers keep): the schema diff leaves them alone. */
  unmappedTables?: readonly string[];
  /** Made once per app, after the services of the modules listed before it. */
  services?: (services: AppServices) => S;
  /** Made once per request, on the request's EntityManager. */
  loaders?: (em: EntityManager, services: AppServices) => L;
  /** Its legacy REST routes, registered in the scope where zod schemas validate requests. */
  routes?: (api: FastifyInstance, deps: RouteDeps) => void;
  /** The REST API its routes make up: the paths it owns, its OpenAPI tag, its error body (defineRestApi). */
  restApi?: RestApi;
  /** Root query fields whose anonymous answers the public response cache may replay, with the test an answer must pass. */
  replayable?: ReplayPolicy;
  /** The one module that turns a request's credentials into a principal provides this; without one, every caller is anonymous. */
  authentication?: (services: AppServices) => Authentication;
  /** Runs once at start-up, after every module's services exist (first-start accounts, say). */
  start?: (services: AppServices) => Promise<void>;
  /** Resolves once the module is ready to serve subscribers (its changes from other replicas reach this one). */
  ready?: (services: AppServices) => Promise<void>;
  /**
   * What it adds to /api/ready's body, under its own keys (a mailbox's state): shown to whoever watches, never a
   * reason for the gateway to be unready, since what it reports is retried on its own.
   */
  readiness?: (services: AppServices) => Record<string, unknown>;
  /** Releases what its services opened; modules close in reverse order. */
  close?: (services: AppServices) => Promise<void>;
}

/**
 * What stands in for a module another subgraph serves: its types as stubs (the key fields only, in plain SDL: the
 * subgraph marks each `@key(..., resolvable: false)`), and resolvers that return references (`{key}`) in place of
 * the ones that read the module's services or loaders.
 */
export interface ModuleStandIn {
  typeDefs: readonly (string | URL)[];
  /** The stub types and their keys. */
  stubs: Record<string, { key: string }>;
  resolvers: Resolvers;
}

/**
 * How a router's representation of a type (`{__typename, <key>}`) becomes the object: the key field, the root field
 * whose rule decides who may resolve one (the same rule as asking by that root field), and the lookup, through the
 * request's loaders, resolving to null when the caller may not read it or it does not exist.
 */
export interface EntityReference {
  key: string;
  rootField: string;
  resolve: (key: unknown, ctx: Context) => Promise<unknown>;
}

/** Root fields a public cache may replay, each with the test a resolved value must pass first. */
export type ReplayPolicy = Record<string, (value: never) => boolean>;

export interface RouteDeps {
  /** What the routes run their stored GraphQL operations through (runOperation). */
  runner: OperationRunner;
  /**
   * @deprecated The same as `runner`, under the name the help desk's routes still read; goes once they read
   * `runner`.
   */
  gateway: OperationRunner;
  session: SessionCookies;
  config: Config;
  orm: Orm;
  /** What the modules add to /api/ready's body (their `readiness`), merged. */
  readiness: () => Record<string, unknown>;
}

export interface Authentication {
  /** The principal a request's credentials name; throws a DomainError when they are refused. */
  authenticate(em: EntityManager, credentials: Credentials): Promise<Principal>;
  /** Whom a bearer token names once its signature checks out (the rate limit's key), without reading the database. */
  tokenSubject(token: string): Promise<string | undefined>;
  /**
   * Calls the listener with a user's id whenever, on any replica, something that decides whether their credentials
   * hold may have changed (a session ended, the account locked...), or with undefined when changes may have been
   * missed; returns how to stop. Open subscriptions re-check their caller on it.
   */
  onAccountChange?(listener: (userId: string | undefined) => void): () => void;
}

/** Declares a module, its services' and loaders' types inferred from their factories. */
export function defineModule<S, L = unknown>(module: Module<S, L>): Module<S, L> {
  return module;
}
