import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate, openOrm, type Orm } from '../../../src/platform/db/orm.js';
import { prepareUsername, skeleton } from '../../../src/users/usernames.js';
import { createTestDatabase } from '../../helpers/app.js';
import { entities, loadAllMigrations, modules, unmappedTables } from '../../../src/modules.js';
import { MIGRATION_FILE } from '../../../src/platform/db/migrations.js';

/** Each module's migrations folder. */
const FOLDERS = modules.flatMap((module) => (module.migrations ? [fileURLToPath(module.migrations)] : []));

let orm: Orm;
let drop: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await openOrm(db.url, { poolMax: 2, entities, migrations: await loadAllMigrations(), unmappedTables });
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
    const files = FOLDERS.flatMap((folder) =>
      readdirSync(folder)
        .filter((f) => MIGRATION_FILE.test(f))
        .map((f) => path.join(folder, f)),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm),
      ].map((m) => m[1]);
      expect(
        specifiers.filter((s) => s.startsWith('.') || s.startsWith('/')),
        file,
      ).toEqual([]);
    }
  });

  it('upgrade a database migrated before each module had its own migrations, running nothing again and missing nothing', async () => {
    // The names a database records once every migration as committed before then has run: the first created
    // the tables of users and API keys at once, and each file since has kept its name.
    const before = [
      'Migration20261122000100_identity',
      'Migration20261122000200_workspace_platform',
      'Migration20261122000300_risk_quota',
      'Migration20261122000400_helpdesk',
      'Migration20261123000100_tokens_revoked_at',
      'Migration20261123000200_helpdesk_counts',
      'Migration20261123000300_account_changed',
      'Migration20261123000400_api_key_permissions',
      'Migration20261123000500_username_skeletons',
      'Migration20261124000100_user_attributes',
      'Migration20261124000200_images_view_permission',
      'Migration20261124000300_help_request_keyset_indexes',
      'Migration20261124000500_help_request_zip',
      'Migration20261125000100_sessions',
      'Migration20261125001000_audit_events',
      'Migration20261125002000_help_service_levels',
    ];
    const migrations = await loadAllMigrations();
    const db = await emptyDatabase();
    const migrating = await openOrm(db.url, { poolMax: 1, entities, migrations, unmappedTables });
    try {
      const connection = migrating.em.getConnection();
      // The old first migration ran the very statements the users' and the identity module's first ones run now.
      await migrating.migrator.up({ to: 'Migration20261125002000_help_service_levels' });
      await connection.execute('delete from mikro_orm_migrations');
      for (const [i, name] of before.entries()) {
        await connection.execute('insert into mikro_orm_migrations (name, executed_at) values (?, ?)', [
          name,
          new Date(Date.UTC(2026, 10, 22, 0, i)),
        ]);
      }
      await connection.execute(
        `insert into api_keys (id, key, secret_hash, name, created_at, permissions) values ('${'k'.repeat(32)}', 'kept', '${'x'.repeat(64)}', 'kept', now(), '{}')`,
      );

      await migrate(migrating); // creating api_keys again would fail: the table exists, with a row

      const applied = await connection.execute<Array<{ name: string; executed_at: string }>>(
        `select name, to_char(executed_at at time zone 'UTC', 'HH24:MI') as executed_at from mikro_orm_migrations`,
      );
      expect(applied.map((row) => row.name).sort()).toEqual(migrations.map((m) => m.name));
      // The split migration keeps the time the old one ran; nothing else was touched.
      expect(
        applied
          .filter((row) => row.executed_at === '00:00')
          .map((row) => row.name)
          .sort(),
      ).toEqual(['Migration20261122000100_users', 'Migration20261122000150_api_keys']);
      expect(await migrating.migrator.getPending()).toEqual([]);
      expect(await connection.execute('select name from api_keys')).toEqual([{ name: 'kept' }]);
      expect((await migrating.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    } finally {
      await migrating.close(true);
      await db.drop();
    }
  });

  it('give images:view to the keys that could already read images (registry), and to no other', async () => {
    const db = await emptyDatabase();
    const migrating = await openOrm(db.url, { poolMax: 1, migrations: await loadAllMigrations() });
    try {
      await migrating.migrator.up({ to: 'Migration20261124000100_user_attributes' });
      const connection = migrating.em.getConnection();
      const keys: Array<[string, string[]]> = [
        [
          'ordinary',
          [
            'users:view',
            'users:create',
            'users:modify',
            'users:delete',
            'groups:view',
            'groups:modify',
            'registry',
            'settings',
          ],
        ],
        ['registry', ['registry']],
        ['people', ['users:view', 'users:modify']],
      ];
      for (const [i, [name, permissions]] of keys.entries()) {
        await connection.execute(
          `insert into api_keys (id, key, secret_hash, name, created_at, permissions) values (?, ?, ?, ?, now(), ?::text[])`,
          [String(i).repeat(32), `${name}-key`, 'x'.repeat(64), name, `{${permissions.join(',')}}`],
        );
      }
      await migrate(migrating);
      const rows = await connection.execute<Array<{ name: string; permissions: string[] }>>(
        'select name, permissions from api_keys order by id',
      );
      expect(rows).toEqual([
        { name: 'ordinary', permissions: [...keys[0][1], 'images:view'] },
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
    const migrating = await openOrm(db.url, { poolMax: 1, migrations: await loadAllMigrations() });
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
          [
            String(i).repeat(32),
            name,
            name.toLowerCase(),
            new Date(Date.UTC(2026, 0, i + 1)),
            new Date(Date.UTC(2026, 0, i + 1)),
          ],
        );
      }
      await migrate(migrating);

      const rows = await connection.execute<
        Array<{ username: string; username_key: string; username_skeleton: string }>
      >('select username, username_key, username_skeleton from users order by created_at');
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
