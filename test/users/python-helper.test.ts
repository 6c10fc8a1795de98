import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { insertUsers } from '../helpers/users.js';
import { registryEntry } from './fixtures.js';

/**
 * The platform's Python client helper, call for call over HTTP, on a workspace with more than 500 users: it lists
 * get_users, finds its user by username in that list, and goes on from the user_id it found.
 */
let t: TestApp;
const KEY = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };
const call = (name: string, body: Record<string, unknown> = {}) =>
  t.request(`/api/public/${name}`, { method: 'POST', json: { ...KEY, ...body } });

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  await insertUsers(t.databaseUrl, { count: 520, prefix: 'member', width: 4 });
});
afterAll(() => t?.stop());

describe("The platform's Python helper", () => {
  it('runs its whole sequence against a workspace of more than 500 users', async () => {
    // The user it manages sorts after the 500th: a capped list would never show it.
    const created = await call('create_user', {
      target_user: { username: 'zz.operator', first_name: 'Zoe', password: 'F1rst-Passw0rd!' },
    });
    expect(created.status).toBe(200);

    const listed = await call('get_users');
    expect(listed.status).toBe(200);
    expect(listed.body.users).toHaveLength(522);
    expect(listed.body.total).toBe(522);
    expect(new Set(listed.body.users.map((u: { user_id: string }) => u.user_id)).size).toBe(522);
    const found = listed.body.users.find((u: { username: string }) => u.username === 'zz.operator');
    expect(found).toMatchObject({ user_id: created.body.user.user_id, first_name: 'Zoe' });

    const got = await call('get_user', { target_user: { user_id: found.user_id } });
    expect(got).toMatchObject({ status: 200, body: { user: { username: 'zz.operator' } } });

    const group = await t.gql<{ createGroup: { id: string } }>(
      'mutation { createGroup(input: { name: "Operators" }) { id } }',
      {},
      `ApiKey ${API_KEY}:${API_KEY_SECRET}`,
    );
    const groupId = group.data!.createGroup.id;
    expect(
      await call('add_user_group', { target_user: { user_id: found.user_id }, target_group: { group_id: groupId } }),
    ).toMatchObject({ status: 200, body: {} });

    const changed = await call('update_user_password', {
      target_user: { user_id: found.user_id, password: 'S3cond-Passw0rd!' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.groups.map((g: { name: string }) => g.name)).toContain('Operators');
    expect(JSON.stringify(changed.body)).not.toMatch(/Passw0rd|argon2/);

    const login = (password: string) =>
      t.request('/api/auth/login', { method: 'POST', json: { username: 'zz.operator', password } });
    expect((await login('S3cond-Passw0rd!')).status).toBe(200);
    expect((await login('F1rst-Passw0rd!')).status).toBe(401);

    expect(await call('delete_user', { target_user: { user_id: found.user_id } })).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await call('get_user', { target_user: { user_id: found.user_id } })).toMatchObject({
      status: 400,
      body: { error_message: 'Unknown User' },
    });
    expect((await call('get_users')).body.total).toBe(521);
  });

  it("answers update_user_password and update_user_name with update_user's rules and errors", async () => {
    const { body } = await call('create_user', { target_user: { username: 'yy.naming', password: 'F1rst-Passw0rd!' } });
    const id = body.user.user_id;

    const weak = await call('update_user_password', { target_user: { user_id: id, password: 'short' } });
    const weakTwin = await call('update_user', { target_user: { user_id: id, password: 'short' } });
    expect(weak).toMatchObject({
      status: 400,
      body: { error_message: 'Your password must contain at least one number.' },
    });
    expect(weak.body).toEqual(weakTwin.body);
    expect((await call('update_user_password', { target_user: { user_id: id } })).body).toEqual({
      error_message: 'Missing parameter: target_user.password',
    });
    expect(
      await call('update_user_password', { target_user: { user_id: 'f'.repeat(32), password: 'S3cond-Passw0rd!' } }),
    ).toMatchObject({ status: 400 });
    expect(
      await call('update_user_password', {
        api_key_secret: 'wrong',
        target_user: { user_id: id, password: 'S3cond-Passw0rd!' },
      }),
    ).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });

    const renamed = await call('update_user_name', {
      target_user: { user_id: id, first_name: 'Yann', last_name: 'Young' },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { user: { username: 'yy.naming', first_name: 'Yann', last_name: 'Young' } },
    });
    // Only names travel through this route: a password sent along is not applied.
    await call('update_user_name', {
      target_user: { user_id: id, username: 'yy.renamed', password: 'Th1rd-Passw0rd!' },
    });
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'yy.renamed', password: 'F1rst-Passw0rd!' },
    });
    expect(login.status).toBe(200);
    const taken = await call('update_user_name', { target_user: { user_id: id, username: 'member0001' } });
    expect(taken).toMatchObject({
      status: 400,
      body: { error_message: expect.stringContaining('User already exists') },
    });
  });

  it("lists images, sets a new user's default image and SSH key, and reads the attributes back", async () => {
    const header = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;
    const imported = await t.gql<{ importWorkspaceRegistry: Array<{ id: string }> }>(
      'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
      { e: [registryEntry()] },
      header,
    );
    await t.gql(
      'mutation($id: ID!) { installWorkspace(entryId: $id) { id } }',
      { id: imported.data!.importWorkspaceRegistry[0].id },
      header,
    );

    const images = await call('get_images');
    expect(images.status).toBe(200);
    const chrome = images.body.images.find((i: { friendly_name: string }) => i.friendly_name === 'Chrome');
    expect(chrome).toMatchObject({
      name: 'kasmweb/chrome:1.16.0',
      enabled: true,
      available: true,
      image_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const { body } = await call('create_user', { target_user: { username: 'xx.launcher' } });
    const id = body.user.user_id;
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOgnYiUj2oNnwqC21Yhh9oCIwLtR18YV82Uns/MhDiW8 xx@launcher';
    const set = await call('update_user_attributes', {
      target_user_attributes: {
        user_id: id,
        default_image: chrome.image_id,
        ssh_public_key: key,
        auto_login_kasm: true,
      },
    });
    expect(set).toMatchObject({ status: 200, body: {} });
    const got = await call('get_attributes', { target_user: { user_id: id } });
    expect(got).toMatchObject({
      status: 200,
      body: {
        user_attributes: {
          user_id: id,
          default_image: chrome.image_id,
          ssh_public_key: key,
          auto_login_kasm: true,
          theme: 'Light',
        },
      },
    });

    expect(
      await call('update_user_attributes', { target_user_attributes: { user_id: id, ssh_public_key: 'not a key' } }),
    ).toMatchObject({ status: 400 });
    expect((await call('get_attributes', { target_user: { user_id: id } })).body.user_attributes.ssh_public_key).toBe(
      key,
    );
    await call('delete_user', { target_user: { user_id: id } });
    expect(await call('get_attributes', { target_user: { user_id: id } })).toMatchObject({
      status: 404,
      body: { error_message: 'Unknown User' },
    });
  });

  it('still answers one page when the caller asks for a limit', async () => {
    const page = await call('get_users', { limit: 10, offset: 5 });
    expect(page.body.users).toHaveLength(10);
    expect(page.body.total).toBeGreaterThan(500);
  });
});
