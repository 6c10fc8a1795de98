import { auditModule } from './audit/module.js';
import { helpdeskModule } from './helpdesk/module.js';
import { identityModule } from './identity/module.js';
import { loadMigrations } from './platform/db/migrations.js';
import type { Module } from './platform/module.js';
import { riskModule } from './risk/module.js';
import { usersModule } from './users/module.js';

/** The gateway's domains, each a module (its folder's module.ts); a module comes after those it requires. */
export const modules: readonly Module[] = [auditModule, usersModule, identityModule, riskModule, helpdeskModule];

/** Every module's entities: what the ORM maps when the whole gateway runs (the CLI, the migration check). */
export const entities = modules.flatMap((module) => module.entities ?? []);

/** Every module's tables that no entity maps, which the schema diff leaves alone. */
export const unmappedTables = modules.flatMap((module) => module.unmappedTables ?? []);

/** Every module's migrations, in the order they apply: what a database serving the whole gateway has applied. */
export const loadAllMigrations = () => loadMigrations(modules);
