import type { EntityManager } from '@mikro-orm/postgresql';
import { ANONYMOUS } from '../platform/auth/principal.js';
import type { Authentication, Module, ModuleStandIn } from '../platform/module.js';
import type { AppServices, ModuleLoaders, PlatformServices } from '../platform/services.js';
import { gatewayModule } from './gateway-module.js';

export interface AssemblyOptions {
  /**
   * The app is a federation subgraph (GRAPHQL_FEDERATION=subgraph): a module another one refers to (`refersTo`) may
   * be served by another subgraph, and then stands in as references the router resolves.
   */
  federated?: boolean;
}

/**
 * The modules the app runs: the gateway's own first, then the listed ones in their order, each after the modules it
 * requires. A missing or misplaced requirement, or a name used twice, stops the build with a message saying which.
 * In a subgraph, a module one refers to but the list leaves out is replaced by that module's stand-in (its stub
 * types and the resolvers that return references), right after the module that refers to it.
 */
export function assemble(modules: readonly Module[], options: AssemblyOptions = {}): readonly Module[] {
  const all: Module[] = [];
  const seen = new Set<string>();
  for (const module of [gatewayModule, ...modules]) {
    if (seen.has(module.name)) throw new Error(`Two modules are named ${module.name}`);
    const referred = Object.keys(module.refersTo ?? {});
    const needed = [...(module.requires ?? []), ...(options.federated ? [] : referred)];
    const missing = needed.filter((name) => !seen.has(name));
    if (missing.length) throw new Error(`The ${module.name} module requires ${missing.join(', ')}, listed before it`);
    seen.add(module.name);
    all.push(module);
    for (const name of referred.filter((other) => !seen.has(other))) {
      const standIn = module.refersTo![name];
      all.push({ name: `${module.name}→${name}`, typeDefs: standIn.typeDefs, resolvers: standIn.resolvers });
    }
  }
  return all;
}

/** The modules one refers to that the app leaves out, with their stand-ins: what a subgraph declares as stubs. */
export function standInsOf(modules: readonly Module[]): ModuleStandIn[] {
  const present = new Set(modules.map((module) => module.name));
  return modules.flatMap((module) =>
    Object.entries(module.refersTo ?? {})
      .filter(([name]) => !present.has(name))
      .map(([, standIn]) => standIn),
  );
}

/** Every module's services, made in the modules' order, so each finds those of the modules it requires. */
export function createServices(modules: readonly Module[], platform: PlatformServices): AppServices {
  const services = { ...platform } as AppServices;
  for (const module of modules) {
    if (module.services) Object.assign(services, { [module.name]: module.services(services) });
  }
  return services;
}

/** Releases what the modules' services opened, the last made first. */
export async function closeServices(modules: readonly Module[], services: AppServices): Promise<void> {
  for (const module of [...modules].reverse()) await module.close?.(services);
}

/** A request's loaders: each module's, on the request's EntityManager. */
export function createLoaders(modules: readonly Module[], em: EntityManager, services: AppServices): ModuleLoaders {
  const loaders: Record<string, unknown> = {};
  for (const module of modules) if (module.loaders) loaders[module.name] = module.loaders(em, services);
  return loaders as unknown as ModuleLoaders;
}

/** The one module's authentication; without such a module every caller is anonymous. */
export function authenticationOf(modules: readonly Module[], services: AppServices): Authentication {
  const providers = modules.filter((module) => module.authentication);
  if (providers.length > 1)
    throw new Error(`Only one module may authenticate callers: ${providers.map((m) => m.name).join(', ')}`);
  return (
    providers[0]?.authentication!(services) ?? {
      authenticate: async () => ANONYMOUS,
      tokenSubject: async () => undefined,
    }
  );
}
