/**
 * Writes a module's next migration: `npm run migration:create -- <module> <name>` creates
 * src/<module>/migrations/Migration<UTC timestamp>_<name>.ts holding the SQL that brings a fully migrated database
 * in line with the entities. DATABASE_URL must name a scratch database: every committed migration is applied to it
 * first. Read the SQL before committing: the schema generator knows the entities, not the triggers or data a change
 * may also need.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config.js';
import { entities, loadAllMigrations, modules, unmappedTables } from './modules.js';
import { migrate, openOrm } from './platform/db/orm.js';

const [moduleName, name] = process.argv.slice(2);
const usage = `Usage: npm run migration:create -- <module> <name>   (module: ${modules.map((m) => m.name).join(', ')}; name: lower-case letters, digits and _)`;
const module = modules.find((m) => m.name === moduleName);
if (!module || !name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error(usage);
  process.exit(2);
}
if (!module.migrations) {
  console.error(
    `The ${module.name} module declares no migrations folder (its module.ts: migrations: new URL('./migrations/', import.meta.url))`,
  );
  process.exit(2);
}
const config = loadConfig();
if (!config.db.url) {
  console.error('DATABASE_URL must name a scratch database');
  process.exit(2);
}
const orm = await openOrm(config.db.url, {
  poolMax: 2,
  entities,
  migrations: await loadAllMigrations(),
  unmappedTables,
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
const folder = fileURLToPath(module.migrations);
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
mkdirSync(folder, { recursive: true });
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
