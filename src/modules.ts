import { auditModule } from './audit/module.js';
import { automationModule } from './automation/module.js';
import { helpdeskModule } from './helpdesk/module.js';
import { identityModule } from './identity/module.js';
import { mailModule } from './mail/module.js';
import { ConfigError } from './platform/config.js';
import { loadMigrations } from './platform/db/migrations.js';
import type { Module } from './platform/module.js';
import { riskModule } from './risk/module.js';
import { usersModule } from './users/module.js';

/** The gateway's domains, each a module (its folder's module.ts); a module comes after those it requires. */
export const modules: readonly Module[] = [
  auditModule,
  usersModule,
  identityModule,
  riskModule,
  helpdeskModule,
  mailModule,
  automationModule,
];

/**
 * The modules named by TRELLIS_MODULES, in the list's order (every module when none is named). A name no module has,
 * or a module without one it requires, is a configuration error naming both, so the process does not start. In a
 * subgraph (`federated`), a module one only refers to (`refersTo`) may be left out: another subgraph serves it.
 */
export function selectModules(
  names: readonly string[] | undefined,
  options: { federated?: boolean; among?: readonly Module[] } = {},
): readonly Module[] {
  // `among` is the list to choose from: this one, or (in a test) this one with a module added.
  const { among = modules } = options;
  if (!names) return among;
  const known = new Set(among.map((module) => module.name));
  const unknown = names.filter((name) => !known.has(name));
  const problems = unknown.length
    ? [`TRELLIS_MODULES: unknown module ${unknown.join(', ')} (the modules are ${[...known].join(', ')})`]
    : [];
  const selected = among.filter((module) => names.includes(module.name));
  for (const module of selected) {
    const needed = [...(module.requires ?? []), ...(options.federated ? [] : Object.keys(module.refersTo ?? {}))];
    const missing = needed.filter((name) => !names.includes(name));
    if (!missing.length) continue;
    const referred = missing.filter((name) => module.refersTo?.[name]);
    const hint = referred.length
      ? ` (a subgraph, GRAPHQL_FEDERATION=subgraph, may leave out ${referred.join(', ')}: another subgraph serves it)`
      : '';
    problems.push(
      `TRELLIS_MODULES: the ${module.name} module requires ${missing.join(', ')}, which the list leaves out${hint}`,
    );
  }
  if (!unknown.length && !selected.length) problems.push('TRELLIS_MODULES: names no module');
  if (problems.length) throw new ConfigError(problems);
  return selected;
}

/** Every module's entities: what the ORM maps when the whole gateway runs (the CLI, the migration check). */
export const entities = modules.flatMap((module) => module.entities ?? []);

/** Every module's tables that no entity maps, which the schema diff leaves alone. */
export const unmappedTables = modules.flatMap((module) => module.unmappedTables ?? []);

/** Every module's migrations, in the order they apply: what a database serving the whole gateway has applied. */
export const loadAllMigrations = () => loadMigrations(modules);
