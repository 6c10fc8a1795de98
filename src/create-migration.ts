/**
 * Prints the SQL that would bring a fully migrated database in line with the entities:
 * the body of the next migration. Usage: DATABASE_URL=postgres://… npm run migration:create
 * (a scratch database: all committed migrations are applied to it first).
 */
import { loadConfig } from './platform/config.js';
import { entities } from './modules.js';
import { migrate, openOrm } from './platform/db/orm.js';

const config = loadConfig();
if (!config.db.url) {
  console.error('DATABASE_URL must name a scratch database');
  process.exit(2);
}
const orm = await openOrm(config.db.url, { poolMax: 2, entities });
await migrate(orm);
const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false });
console.log(sql.trim() || '-- entities and migrations agree; nothing to add');
await orm.close();
