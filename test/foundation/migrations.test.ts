import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate, openOrm, type Orm } from '../../src/platform/db/orm.js';
import { prepareUsername, skeleton } from '../../src/users/usernames.js';
import { createTestDatabase } from '../helpers/app.js';
import { entities } from '../../src/modules.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/platform/db/migrations');

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

/** An empty database, with no migration applied yet. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = inject('pgServerUrl');
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: `${server}/${name}`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migrations', () => {
  it('leave nothing for the schema generator to add: entities and committed migrations agree', async () => {
    await migrate(orm); // idempotent on the already migrated clone
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('import no project code, so a later change to it cannot change what an old migration does', () => {
    const files = readdirSync(MIGRATIONS).filter((f) => /^Migration\d+_\w+\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(path.join(MIGRATIONS, file), 'utf8');
      const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      expect(specifiers.filter((s) => s.startsWith('.') || s.startsWith('/')), file).toEqual([]);
    }
  });

  it('give images:view to the keys that could already read images (registry), and to no other', async () => {
    const db = await emptyDatabase();
    const migrating = await openOrm(db.url, { poolMax: 1 });
    try {
      await migrating.migrator.up({ to: 'Migration20261124000100_user_attributes' });
      const connection = migrating.em.getConnection();
      const keys: Array<[string, string[]]> = [
        ['ordinary', ['users:view', 'users:create', 'users:modify', 'users:delete', 'groups:view', 'groups:modify', 'registry', 'settings']],
        ['registry', ['registry']],
        ['people', ['users:view', 'users:modify']],
      ];
      for (const [i, [name, permissions]] of keys.entries()) {
        await connection.execute(`insert into api_keys (id, key, secret_hash, name, created_at, permissions) values (?, ?, ?, ?, now(), ?::text[])`, [
          String(i).repeat(32),
          `${name}-key`,
          'x'.repeat(64),
          name,
          `{${permissions.join(',')}}`,
        ]);
      }
      await migrate(migrating);
      const rows = await connection.execute<Array<{ name: string; permissions: string[] }>>('select name, permissions from api_keys order by id');
      expect(rows).toEqual([
        { name: 'ordinary', permissions: [...keys[0]![1], 'images:view'] },
        { name: 'registry', permissions: ['registry', 'images:view'] },
        { name: 'people', permissions: ['users:view', 'users:modify'] },
      ]);
    } finally {
      await migrating.close(true);
      await db.drop();
    }
  });

  it('give names that existed before skeletons the key and skeleton the application prepares for them', async () => {
    const db = await emptyDatabase();
    const migrating = await openOrm(db.url, { poolMax: 1 });
    try {
      await migrating.migrator.up({ to: 'Migration20261123000400_api_key_permissions' });
      const names = [
        'ＭａｒｋｕｓＷ', // fullwidth
        '\u0440\u0430\u0443\u0440\u0430l', // Cyrillic р, а, у passing for "paypal"
        'İLKER', // a dotted capital I, which lower-cases to i and a combining dot
        'Zoe\u0308', // a combining diaeresis, composed by NFC
        'ΟΔΥΣΣΕΥΣ', // a final sigma
        'Ⅻ', // no valid username any more: keeps its old key
      ];
      const connection = migrating.em.getConnection();
      for (const [i, name] of names.entries()) {
        await connection.execute(
          `insert into users (id, username, username_key, password_hash, created_at, updated_at) values (?, ?, ?, 'x', ?, ?)`,
          [String(i).repeat(32), name, name.toLowerCase(), new Date(Date.UTC(2026, 0, i + 1)), new Date(Date.UTC(2026, 0, i + 1))],
        );
      }
      await migrate(migrating);

      const rows = await connection.execute<Array<{ username: string; username_key: string; username_skeleton: string }>>(
        'select username, username_key, username_skeleton from users order by created_at',
      );
      const expected = names.map((name) => {
        try {
          const { key, skeleton } = prepareUsername(name);
          return { username: name, username_key: key, username_skeleton: skeleton };
        } catch {
          return { username: name, username_key: name.toLowerCase(), username_skeleton: skeleton(name.toLowerCase()) };
        }
      });
      expect(rows).toEqual(expected);
      expect(rows.at(-1)).toEqual({ username: 'Ⅻ', username_key: 'ⅻ', username_skeleton: 'xii' });
    } finally {
      await migrating.close(true);
      await db.drop();
    }
  });
});
