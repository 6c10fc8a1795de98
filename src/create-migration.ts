/**
 * Writes a module's next migration: `npm run migration:create -- <module> <name>` creates
 * src/<module>/migrations/Migration<UTC timestamp>_<name>.ts holding the SQL that brings a fully migrated database
 * in line with the entities. DATABASE_URL must name a scratch database: every committed migration is applied to it
 * first. Read the SQL before committing: the schema generator knows the entities, not the triggers or data a change
 * may also need.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from './platform/config.js';
import { modules } from './modules.js';
import { loadMigrations } from './platform/db/migrations.js';
import { migrate, openOrm } from './platform/db/orm.js';
import type { Module } from './platform/module.js';

const [moduleArgument, name] = process.argv.slice(2);
const usage = `Usage: npm run migration:create -- <module> <name>   (module: a folder of src/ with a module.ts, such as ${modules.map((m) => m.name).join(', ')}, or the path of one; name: lower-case letters, digits and _)`;
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
if (!moduleArgument || !name || !/^[a-z][a-z0-9_]*$/.test(name)) fail(usage);

/**
 * The module by its folder, listed or not: a module is written (folder, module.ts) before its line in src/modules.ts,
 * and its first migration comes before that line too. A listed module is the list's own object.
 */
async function moduleOf(argument: string): Promise<Module> {
  const listed = modules.find((m) => m.name === argument);
  if (listed) return listed;
  const srcDir = path.dirname(fileURLToPath(import.meta.url));
  const folder = /^[a-z][a-z0-9-]*$/.test(argument) ? path.join(srcDir, argument) : path.resolve(argument);
  const shown = path.relative(process.cwd(), folder) || folder;
  if (!existsSync(folder)) fail(`There is no module folder ${shown}/ (write its module.ts there first).\n${usage}`);
  const file = path.join(folder, 'module.ts');
  if (!existsSync(file)) fail(`${shown}/ has no module.ts exporting its module (defineModule).`);
  const exported = Object.values((await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const found = exported.find(
    (value): value is Module =>
      typeof value === 'object' && value !== null && 'name' in value && 'typeDefs' in value && 'resolvers' in value,
  );
  return found ?? fail(`${shown}/module.ts exports no module (defineModule).`);
}

const module = await moduleOf(moduleArgument);
if (!module.migrations) {
  fail(
    `The ${module.name} module declares no migrations folder (its module.ts: migrations: new URL('./migrations/', import.meta.url))`,
  );
}
const folder = fileURLToPath(module.migrations!);
// Every listed module's migrations and entities, and this one's when it is not listed yet.
const all = modules.includes(module) ? modules : [...modules, module];
const config = loadConfig();
if (!config.db.url) {
  console.error('DATABASE_URL must name a scratch database');
  process.exit(2);
}
// The first migration of a module makes its folder.
mkdirSync(folder, { recursive: true });
const orm = await openOrm(config.db.url, {
  poolMax: 2,
  entities: all.flatMap((m) => m.entities ?? []),
  migrations: await loadMigrations(all),
  unmappedTables: all.flatMap((m) => m.unmappedTables ?? []),
});
let sql: string;
try {
  await migrate(orm);
  sql = await orm.schema.getUpdateSchemaSQL({ wrap: false });
} finally {
  await orm.close();
}

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const className = `Migration${stamp}_${name}`;
const file = `${folder.replace(/\/?$/, '/')}${className}.ts`;
if (existsSync(file)) {
  console.error(`${file} exists already`);
  process.exit(1);
}
/** The diff's statements as addSql calls, each in a template literal as the committed migrations write them. */
const addSql = (sql: string, none: string) => {
  const statements = sql
    .split(/;\n+/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean);
  if (!statements.length) return `    // ${none}`;
  return statements
    .map((s) => `    this.addSql(\`${s.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${')};\`);`)
    .join('\n');
};
writeFileSync(
  file,
  `import { Migration } from '@mikro-orm/migrations';

/** What this changes, and why (say so here before committing). */
export class ${className} extends Migration {
  override async up(): Promise<void> {
${addSql(sql, 'The entities and the migrations agree: write the change by hand.')}
  }

  override async down(): Promise<void> {
    // How to undo it, by hand: the schema generator's reverse diff would also drop the hand-written triggers.
  }
}
`,
);
console.log(file);
