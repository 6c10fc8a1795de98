import { readdir } from 'node:fs/promises';
import type { MigrationObject } from '@mikro-orm/core';
import type pg from 'pg';

/** A migration's file: `Migration<UTC timestamp>_<name>.ts` (`.js` once compiled), exporting the class of that name. */
export const MIGRATION_FILE = /^(Migration\d{14}_\w+)\.(?:ts|js)$/;

/**
 * Every migration of the given modules, in name order (that is, by timestamp) whichever module each belongs to, so
 * a database is built in the order it was designed in: a module's tables come after those of the modules it
 * requires. A module's migrations are the files in its `migrations` folder.
 */
export async function loadMigrations(
  modules: ReadonlyArray<{ name: string; migrations?: URL }>,
): Promise<MigrationObject[]> {
  const found = new Map<string, MigrationObject>();
  for (const module of modules) {
    if (!module.migrations) continue;
    const folder = new URL(module.migrations.href.replace(/\/?$/, '/'));
    for (const file of (await readdir(folder)).sort()) {
      const name = MIGRATION_FILE.exec(file)?.[1];
      if (!name) continue;
      if (found.has(name))
        throw new Error(`Two migrations are named ${name} (the second in the ${module.name} module)`);
      const url = new URL(file, folder);
      const exported = ((await import(url.href)) as Record<string, unknown>)[name];
      if (typeof exported !== 'function') throw new Error(`${url.pathname} exports no class named ${name}`);
      found.set(name, { name, class: exported as MigrationObject['class'] });
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Migrations a database may have applied under a name no longer in use, with the names their work has now. The first
 * one created the tables of two modules; each module now creates its own. A database that applied the old one has
 * in effect applied the new ones: they are recorded as applied and never run there.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, readonly string[]>> = {
  Migration20261122000100_identity: ['Migration20261122000100_users', 'Migration20261122000150_api_keys'],
};

/** Records the migrations a database applied under an old name under their new names, in one transaction. */
export async function recordRenamedMigrations(client: pg.Client, table: string): Promise<void> {
  const exists = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [`"${table}"`]);
  if (!exists.rows[0]?.found) return;
  await client.query('begin');
  try {
    for (const [old, names] of Object.entries(RENAMED_MIGRATIONS)) {
      await client.query(
        `with gone as (delete from "${table}" where "name" = $1 returning "executed_at")
         insert into "${table}" ("name", "executed_at")
         select u.n, gone."executed_at" from gone cross join unnest($2::text[]) with ordinality as u(n, i)
          where not exists (select 1 from "${table}" m where m."name" = u.n) order by u.i`,
        [old, names],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
