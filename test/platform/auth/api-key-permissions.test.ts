import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDINARY_API_KEY_PERMISSIONS } from '../../../src/platform/auth/api-key-permissions.js';
import { createApiKey } from '../../../src/identity/api-keys.js';
import { migrate, openOrm } from '../../../src/platform/db/orm.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  createTestDatabase,
  startTestApp,
  type TestApp,
} from '../../helpers/app.js';
import { entities, loadAllMigrations } from '../../../src/modules.js';

/**
 * An API key administers the workspace platform within its permissions, and an administrator's account only with
 * users:modify-admin: a key that provisions users must not be able to become an administrator.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NEW_PASSWORD = 'Tak3n-0ver!pw';

let t: TestApp;
let adminId: string;
let otherAdmin: { id: string; auth: string };
let bob: { id: string; auth: string };
let course: string;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  const admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
  otherAdmin = await t.createUser('root2', { role: 'admin' });
  bob = await t.createUser('bob');
  course = (await t.gql('mutation { createGroup(input: { name: "Course" }) { id } }', {}, admin)).data.createGroup.id;
});
afterAll(() => t.stop());

const post = (
  route: string,
  body: Record<string, unknown>,
  key = { api_key: API_KEY, api_key_secret: API_KEY_SECRET },
) => t.request(`/api/public/${route}`, { method: 'POST', json: { ...key, ...body } });

const adminRow = async (id: string) =>
  (
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select username, first_name, locked, disabled, token_version from users where id = ?', [id])
  )[0];

/**
 * Runs the operator CLI against the app's database, compiled, as the Docker image runs it (`node dist/cli.js`; the
 * run's global setup builds dist/). `npm run cli`, the same code through tsx, is run by the embedded database's tests.
 */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['dist/cli.js', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: t.databaseUrl,
        LOG_LEVEL: 'warn',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("an ordinary key and an administrator's account", () => {
  it('cannot set an administrator password and sign in as them', async () => {
    const res = await post('update_user', { target_user: { user_id: adminId, password: NEW_PASSWORD } });
    expect(res).toMatchObject({ status: 403, body: { error_message: 'Unauthorized' } });
    expect(
      (await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: NEW_PASSWORD } }))
        .status,
    ).toBe(401);
    await expect(t.login('admin', ADMIN_PASSWORD)).resolves.toMatch(/^Bearer /);
  });

  it('cannot rename, lock, disable, sign out, regroup or delete an administrator, and nothing about them changes', async () => {
    const before = await adminRow(otherAdmin.id);
    const target = { user_id: otherAdmin.id };
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['update_user', { target_user: { ...target, first_name: 'Mallory' } }],
      ['update_user', { target_user: { ...target, username: 'root3' } }],
      ['update_user', { target_user: { ...target, locked: true } }],
      ['update_user', { target_user: { ...target, disabled: true } }],
      ['logout_user', { target_user: target }],
      ['add_user_group', { target_user: target, target_group: { group_id: course } }],
      ['remove_user_group', { target_user: target, target_group: { group_id: course } }],
      ['delete_user', { target_user: target, force: true }],
    ];
    for (const [route, body] of attempts) {
      expect(await post(route, body), route).toMatchObject({ status: 403, body: { error_message: 'Unauthorized' } });
    }
    expect(await adminRow(otherAdmin.id)).toEqual(before);
    expect((await t.gql('{ me { id } }', {}, otherAdmin.auth)).data.me.id).toBe(otherAdmin.id);
  });

  it('is FORBIDDEN in GraphQL too, while the same key still manages ordinary users', async () => {
    const header = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;
    const update = 'mutation($id: ID!) { updateUser(id: $id, input: { password: "Tak3n-0ver!pw" }) { id } }';
    const denied = await t.gql(update, { id: otherAdmin.id }, header);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(denied.data).toBeNull();
    const done = await post('update_user', {
      target_user: { user_id: bob.id, first_name: 'Robert', password: NEW_PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.body.user.first_name).toBe('Robert');
    await expect(t.login('bob', NEW_PASSWORD)).resolves.toMatch(/^Bearer /);
  });
});

describe('keys with other permissions', () => {
  it('a key granted users:modify-admin changes an administrator; BOOTSTRAP_API_KEY_PERMISSIONS grants it to the bootstrap key', async () => {
    const granted = await startTestApp({
      NODE_ENV: 'production',
      BOOTSTRAP_API_KEY_PERMISSIONS: 'ordinary,users:modify-admin',
    });
    try {
      const admin = await granted.login('admin', ADMIN_PASSWORD);
      const id = (await granted.gql('{ me { id } }', {}, admin)).data.me.id;
      const res = await granted.request('/api/public/update_user', {
        method: 'POST',
        json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET, target_user: { user_id: id, first_name: 'Ada' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.first_name).toBe('Ada');
    } finally {
      await granted.stop();
    }
  });

  it('a key without a permission answers 403 Unauthorized for what it lacks, and changes nothing', async () => {
    const em = t.app.orm.em.fork();
    const viewer = { api_key: 'viewerkey0123456789abcde', api_key_secret: 'viewer-secret-0123456789-abcdefghijklmn' };
    await createApiKey(em, {
      name: 'viewer',
      key: viewer.api_key,
      secret: viewer.api_key_secret,
      permissions: ['users:view'],
    });
    expect((await post('get_users', {}, viewer)).status).toBe(200);
    expect((await post('validate_credentials', {}, viewer)).status).toBe(200);
    for (const [route, body] of [
      ['create_user', { target_user: { username: 'eve' } }],
      ['update_user', { target_user: { user_id: bob.id, first_name: 'Eve' } }],
      ['delete_user', { target_user: { user_id: bob.id } }],
      ['get_groups', {}],
      ['add_user_group', { target_user: { user_id: bob.id }, target_group: { group_id: course } }],
    ] as const) {
      expect(await post(route, body, viewer), route).toMatchObject({
        status: 403,
        body: { error_message: 'Unauthorized' },
      });
    }
    const header = `ApiKey ${viewer.api_key}:${viewer.api_key_secret}`;
    expect((await t.gql('{ workspaceSettings { agentCpuCores } }', {}, header)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await post('get_user', { target_user: { username: 'eve' } }, viewer)).status).toBe(400);
    expect((await post('get_user', { target_user: { user_id: bob.id } }, viewer)).body.user.first_name).toBe('Robert');
  });
});

describe('the operator CLI', () => {
  it('creates a read-only key with chosen permissions, lists keys without secrets, and revokes them', async () => {
    const created = await cli(
      'create-api-key',
      'reporting',
      '--permissions',
      'users:view,users:modify',
      '--read-only',
      '--expires-in-days',
      '30',
    );
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ permissions: ['users:view', 'users:modify'], read_only: true });
    expect(new Date(key.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const creds = { api_key: key.api_key, api_key_secret: key.api_key_secret };

    expect((await post('get_user', { target_user: { user_id: bob.id } }, creds)).status).toBe(200);
    const write = await post('update_user', { target_user: { user_id: bob.id, first_name: 'Readonly' } }, creds);
    expect(write).toMatchObject({ status: 403, body: { error_message: 'Unauthorized' } });
    expect((await post('get_user', { target_user: { user_id: bob.id } }, creds)).body.user.first_name).toBe('Robert');

    const listed = await cli('list-api-keys');
    expect(listed.code, listed.stderr).toBe(0);
    const keys = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(keys.find((k) => k.api_key === API_KEY)).toMatchObject({
      name: 'bootstrap',
      permissions: [...ORDINARY_API_KEY_PERMISSIONS],
      read_only: false,
    });
    expect(keys.find((k) => k.api_key === key.api_key)).toMatchObject({
      name: 'reporting',
      permissions: ['users:view', 'users:modify'],
      read_only: true,
    });
    expect(listed.stdout).not.toContain(key.api_key_secret);
    expect(listed.stdout).not.toMatch(/secret|hash/i);

    expect((await cli('revoke-api-key', key.api_key)).code).toBe(0);
    expect(await post('get_users', {}, creds)).toMatchObject({
      status: 401,
      body: { error_message: 'Access has expired' },
    });
  }, 120_000);

  it('refuses an unknown permission and creates no key', async () => {
    const before = (await cli('list-api-keys')).stdout.trim().split('\n').length;
    const res = await cli('create-api-key', 'typo', '--permissions', 'users:veiw');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('Unknown permission: users:veiw');
    expect((await cli('list-api-keys')).stdout.trim().split('\n').length).toBe(before);
  }, 120_000);
});

describe('keys that existed before permissions', () => {
  it('keep working with the ordinary set, which leaves administrators alone', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // Back to the schema as it was, with a key in it, then forward again.
      await client.query(
        `delete from mikro_orm_migrations where name in ('Migration20261123000400_api_key_permissions', 'Migration20261124000200_images_view_permission')`,
      );
      await client.query('alter table api_keys drop column permissions, drop column read_only');
      await client.query(
        `insert into api_keys (id, key, secret_hash, name, created_at) values ('${'a'.repeat(32)}', 'oldkey', 'x', 'old', now())`,
      );
      const orm = await openOrm(db.url, { poolMax: 1, entities, migrations: await loadAllMigrations() });
      await migrate(orm);
      await orm.close(true);
      const row = (await client.query(`select permissions, read_only from api_keys where key = 'oldkey'`)).rows[0];
      // The later migration gives images:view to keys with registry, so an old key ends with today's ordinary set.
      expect({ ...row, permissions: [...row.permissions].sort() }).toEqual({
        permissions: [...ORDINARY_API_KEY_PERMISSIONS].sort(),
        read_only: false,
      });
      expect(row.permissions).toContain('images:view');
      expect(row.permissions).not.toContain('users:modify-admin');
    } finally {
      await client.end();
      await db.drop();
    }
  });
});
