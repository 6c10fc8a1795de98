import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openOrm, type Orm } from '../../src/platform/db/orm.js';
import { createTestDatabase } from '../helpers/app.js';
import { entities } from '../../src/modules.js';

let orm: Orm;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await openOrm(db.url, { poolMax: 2, entities });
});
afterAll(async () => {
  await orm.close(true);
  await drop();
});

describe('migrations', () => {
  it('leave nothing for the schema generator to add: entities and committed migrations agree', async () => {
    await migrate(orm); // idempotent on the already migrated clone
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });
});
