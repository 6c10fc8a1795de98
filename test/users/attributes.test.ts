import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/identity/api-keys.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { API_KEY_HEADER, KEY_BODY, NO_SUCH_ID, registryEntry } from './fixtures.js';

/**
 * Users' attributes (preferences): get_attributes and update_user_attributes on /api/public, and their GraphQL
 * twins, User.attributes and updateUserAttributes, in production mode.
 */

let t: TestApp;
let admin: string;
let adminId: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
let root2: { id: string; auth: string };
let workspaceId: string;

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOgnYiUj2oNnwqC21Yhh9oCIwLtR18YV82Uns/MhDiW8 alice@laptop';
const ECDSA384 =
  'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBModPVT9NL1uApbK82OtfQ05xjtg8Pu5hD48ZuoG+Cy9mZwu0EFAgUn5O+4HHkYaulw6HUjlPttfzbCmH+kgDOVcTVhKUD+pUwHJHENT1t5J9bDYHuvSFNlajXpjjn9mPQ==';

/** An OpenSSH key blob: the type as an SSH string, then the key material (here random bytes). */
const sshKey = (type: string, embedded = type, material = 64) => {
  const name = Buffer.from(embedded);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(name.length);
  return `${type} ${Buffer.concat([length, name, Buffer.alloc(material, 7)]).toString('base64')}`;
};

const keys = {
  viewer: { api_key: 'attrviewer0123456789abcd', api_key_secret: 'viewer-secret-0123456789-abcdefghijklmn' },
  modifier: { api_key: 'attrmodify0123456789abcd', api_key_secret: 'modify-secret-0123456789-abcdefghijklmn' },
  readOnly: { api_key: 'attrreadon0123456789abcd', api_key_secret: 'readon-secret-0123456789-abcdefghijklmn' },
  adminModifier: { api_key: 'attradmins0123456789abcd', api_key_secret: 'admins-secret-0123456789-abcdefghijklmn' },
  expired: { api_key: 'attrexpire0123456789abcd', api_key_secret: 'expire-secret-0123456789-abcdefghijklmn' },
};
const header = (key: { api_key: string; api_key_secret: string }) => `ApiKey ${key.api_key}:${key.api_key_secret}`;

const post = (route: string, body: Record<string, unknown>, key: Record<string, unknown> = KEY_BODY) =>
  t.request(`/api/public/${route}`, { method: 'POST', json: { ...key, ...body } });
const getAttributes = (userId: string, key?: Record<string, unknown>) =>
  post('get_attributes', { target_user: { user_id: userId } }, key);
const update = (userId: string, fields: Record<string, unknown>, key?: Record<string, unknown>) =>
  post('update_user_attributes', { target_user_attributes: { user_id: userId, ...fields } }, key);
const attributesRow = async (userId: string) =>
  (await t.app.orm.em.fork().getConnection().execute('select * from user_attributes where user_id = ?', [userId]))[0] ??
  null;

const DEFAULTS = {
  ssh_public_key: null,
  show_tips: true,
  toggle_control_panel: true,
  theme: 'Light',
  preferred_language: null,
  preferred_timezone: null,
  default_image: null,
  auto_login_kasm: false,
};

const ATTRIBUTES =
  'userId sshPublicKey showTips toggleControlPanel theme preferredLanguage preferredTimezone defaultImage { id name } autoLoginKasm';
const UPDATE = `mutation($id: ID!, $input: UserAttributesInput!) { updateUserAttributes(userId: $id, input: $input) { ${ATTRIBUTES} } }`;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  root2 = await t.createUser('root2', { role: 'admin' });
  const em = t.app.orm.em.fork();
  const make = (name: keyof typeof keys, permissions: Parameters<typeof createApiKey>[1]['permissions'], extra = {}) =>
    createApiKey(em, { name, key: keys[name].api_key, secret: keys[name].api_key_secret, permissions, ...extra });
  await make('viewer', ['users:view']);
  await make('modifier', ['users:modify']);
  await make('readOnly', ['users:view', 'users:modify'], { readOnly: true });
  await make('adminModifier', ['users:view', 'users:modify', 'users:modify-admin']);
  await make('expired', ['users:view', 'users:modify'], { expiresAt: new Date(Date.now() - 60_000) });
  const imported = await t.gql(
    'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
    { e: [registryEntry()] },
    admin,
  );
  const installed = await t.gql(
    'mutation($id: ID!) { installWorkspace(entryId: $id) { id } }',
    { id: imported.data.importWorkspaceRegistry[0].id },
    admin,
  );
  workspaceId = installed.data.installWorkspace.id;
});
afterAll(() => t.stop());

describe('get_attributes', () => {
  it('answers the defaults for a user who never changed any', async () => {
    const res = await getAttributes(bob.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_attributes: { user_id: bob.id, ...DEFAULTS } });
  });

  it.each([
    ['an unknown user_id', NO_SUCH_ID],
    ['a user_id that is not an id', 'nope'],
  ])('answers %s with 404 Unknown User', async (_name, id) => {
    expect(await getAttributes(id)).toMatchObject({ status: 404, body: { error_message: 'Unknown User' } });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no target_user', {}, 'Missing parameter: target_user'],
    ['no user_id', { target_user: {} }, 'Missing parameter: target_user.user_id'],
    ['a user_id that is a number', { target_user: { user_id: 7 } }, 'Invalid parameter: target_user.user_id'],
  ])('answers %s with 400', async (_name, body, message) => {
    expect(await post('get_attributes', body)).toMatchObject({ status: 400, body: { error_message: message } });
  });

  it('answers 400 without credentials, 403 for a wrong secret, 401 for an expired key and 403 for a key without users:view', async () => {
    const target = { target_user: { user_id: alice.id } };
    expect(await post('get_attributes', target, {})).toMatchObject({
      status: 400,
      body: { error_message: 'Invalid Request' },
    });
    expect(await post('get_attributes', target, { api_key: API_KEY, api_key_secret: 'not-the-secret' })).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });
    expect(await getAttributes(alice.id, keys.expired)).toMatchObject({
      status: 401,
      body: { error_message: 'Access has expired' },
    });
    expect(await getAttributes(alice.id, keys.modifier)).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    // Refused before the user is looked up: a key without the permission cannot probe which users exist.
    expect(await getAttributes(NO_SUCH_ID, keys.modifier)).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    expect((await getAttributes(alice.id, keys.viewer)).status).toBe(200);
  });
});

describe('update_user_attributes', () => {
  it('sets every attribute, answers {}, and get_attributes reads them back in canonical form', async () => {
    const res = await update(alice.id, {
      ssh_public_key: `  ${ED25519}  `,
      show_tips: false,
      toggle_control_panel: false,
      theme: 'Dark',
      preferred_language: 'en-us',
      preferred_timezone: 'europe/berlin',
      default_image: workspaceId,
      auto_login_kasm: true,
    });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(res.body).toEqual({});
    expect((await getAttributes(alice.id)).body).toEqual({
      user_attributes: {
        user_id: alice.id,
        ssh_public_key: ED25519,
        show_tips: false,
        toggle_control_panel: false,
        theme: 'Dark',
        preferred_language: 'en-US',
        preferred_timezone: 'Europe/Berlin',
        default_image: workspaceId,
        auto_login_kasm: true,
      },
    });
  });

  it('changes only the fields sent, and null clears the optional ones', async () => {
    const before = (await getAttributes(alice.id)).body.user_attributes;
    expect((await update(alice.id, { theme: 'Light' })).status).toBe(200);
    expect((await getAttributes(alice.id)).body.user_attributes).toEqual({ ...before, theme: 'Light' });
    expect(
      (
        await update(alice.id, {
          ssh_public_key: null,
          preferred_language: null,
          preferred_timezone: null,
          default_image: null,
        })
      ).status,
    ).toBe(200);
    expect((await getAttributes(alice.id)).body.user_attributes).toEqual({
      ...before,
      theme: 'Light',
      ssh_public_key: null,
      preferred_language: null,
      preferred_timezone: null,
      default_image: null,
    });
  });

  it.each([
    ['an ecdsa-sha2-nistp384 key without a comment', ECDSA384],
    ['an ssh-rsa key', sshKey('ssh-rsa', 'ssh-rsa', 270)],
    ['a security-key ed25519 key', `${sshKey('sk-ssh-ed25519@openssh.com')} yubikey`],
    ['a security-key ecdsa key', sshKey('sk-ecdsa-sha2-nistp256@openssh.com')],
  ])('accepts %s', async (_name, key) => {
    expect((await update(bob.id, { ssh_public_key: key })).status).toBe(200);
    expect((await getAttributes(bob.id)).body.user_attributes.ssh_public_key).toBe(key);
  });

  const SSH = 'SSH public key';
  const badValues: Array<[string, Record<string, unknown>, string]> = [
    ['an SSH key of an unknown type', { ssh_public_key: sshKey('ssh-dss') }, `${SSH} must start with a known key type`],
    [
      'a private key',
      { ssh_public_key: '-----BEGIN OPENSSH PRIVATE KEY-----' },
      `${SSH} must start with a known key type`,
    ],
    [
      'an SSH key with authorized_keys options in front',
      { ssh_public_key: `no-pty ${ED25519}` },
      `${SSH} must start with a known key type`,
    ],
    [
      'an SSH key without key data',
      { ssh_public_key: 'ssh-ed25519' },
      `${SSH} must have its key data in base64 after the type`,
    ],
    [
      'an SSH key whose data is not base64',
      { ssh_public_key: 'ssh-ed25519 AAAA$$$$' },
      `${SSH} must have its key data in base64 after the type`,
    ],
    [
      'an SSH key whose data names another type',
      { ssh_public_key: sshKey('ssh-rsa', 'ssh-ed25519') },
      `${SSH}'s key data is not a ssh-rsa key`,
    ],
    [
      'an SSH key whose data is truncated',
      { ssh_public_key: 'ssh-ed25519 AAAAC3NzaC1l' },
      `${SSH}'s key data is not a ssh-ed25519 key`,
    ],
    [
      'two SSH keys on two lines',
      { ssh_public_key: `${ED25519}\n${ECDSA384}` },
      `${SSH} must be a single line (one key)`,
    ],
    [
      'an SSH key over 16 KiB',
      { ssh_public_key: `${ED25519} ${'x'.repeat(16 * 1024)}` },
      `${SSH} must be at most 16 KiB`,
    ],
    [
      'a language with an underscore',
      { preferred_language: 'en_US' },
      'Preferred language must be a BCP 47 language tag, such as en-US',
    ],
    [
      'a language that is one letter',
      { preferred_language: 'x' },
      'Preferred language must be a BCP 47 language tag, such as en-US',
    ],
    [
      'an unknown time zone',
      { preferred_timezone: 'Mars/Olympus_Mons' },
      'Preferred timezone must be an IANA time zone, such as Europe/Berlin',
    ],
    [
      'a UTC offset for a time zone',
      { preferred_timezone: '+01:00' },
      'Preferred timezone must be an IANA time zone, such as Europe/Berlin',
    ],
    [
      'a theme other than Light or Dark',
      { theme: 'Blue' },
      'Invalid parameter: target_user_attributes.theme (one of Light, Dark)',
    ],
    [
      'a theme in other letter case',
      { theme: 'dark' },
      'Invalid parameter: target_user_attributes.theme (one of Light, Dark)',
    ],
    ['show_tips as a string', { show_tips: 'yes' }, 'Invalid parameter: target_user_attributes.show_tips'],
    [
      'toggle_control_panel as null',
      { toggle_control_panel: null },
      'Invalid parameter: target_user_attributes.toggle_control_panel',
    ],
    [
      'auto_login_kasm as a number',
      { auto_login_kasm: 1 },
      'Invalid parameter: target_user_attributes.auto_login_kasm',
    ],
    [
      'a default image that is not installed',
      { default_image: NO_SUCH_ID },
      'Default image must be the id of an installed workspace',
    ],
    [
      'a default image that is not an id',
      { default_image: 'kasmweb/chrome:1.16.0' },
      'Default image must be the id of an installed workspace',
    ],
  ];

  it.each(badValues)(
    'answers %s with 400 and a clear message, and writes nothing (a good value sent along included)',
    async (_name, fields, message) => {
      const before = await attributesRow(bob.id);
      const res = await update(bob.id, { ...fields, show_tips: false, preferred_language: 'fr', ...fields });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error_message: expect.stringContaining(message) });
      expect(await attributesRow(bob.id)).toEqual(before);
    },
  );

  it.each([
    ['an unknown user_id', NO_SUCH_ID],
    ['a user_id that is not an id', 'nope'],
  ])('answers %s with 404 Unknown User and creates nothing', async (_name, id) => {
    expect(await update(id, { theme: 'Dark' })).toMatchObject({ status: 404, body: { error_message: 'Unknown User' } });
    expect(
      await t.app.orm.em
        .fork()
        .getConnection()
        .execute('select count(*)::int as n from user_attributes where user_id = ?', [id]),
    ).toEqual([{ n: 0 }]);
  });

  it('answers 400 without target_user_attributes or its user_id', async () => {
    expect(await post('update_user_attributes', {})).toMatchObject({
      status: 400,
      body: { error_message: 'Missing parameter: target_user_attributes' },
    });
    expect(await post('update_user_attributes', { target_user_attributes: { theme: 'Dark' } })).toMatchObject({
      status: 400,
      body: { error_message: 'Missing parameter: target_user_attributes.user_id' },
    });
  });

  it('is refused without credentials, with a wrong secret, an expired key, a key without users:modify and a read-only key', async () => {
    const before = await attributesRow(bob.id);
    const body = { target_user_attributes: { user_id: bob.id, theme: 'Dark' } };
    expect(await post('update_user_attributes', body, {})).toMatchObject({
      status: 400,
      body: { error_message: 'Invalid Request' },
    });
    expect(
      await post('update_user_attributes', body, { api_key: API_KEY, api_key_secret: 'not-the-secret' }),
    ).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });
    expect(await update(bob.id, { theme: 'Dark' }, keys.expired)).toMatchObject({
      status: 401,
      body: { error_message: 'Access has expired' },
    });
    expect(await update(bob.id, { theme: 'Dark' }, keys.viewer)).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    expect(await update(bob.id, { theme: 'Dark' }, keys.readOnly)).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    expect(await attributesRow(bob.id)).toEqual(before);
    expect((await update(bob.id, { theme: 'Dark' }, keys.modifier)).status).toBe(200);
  });

  it("changes an administrator's attributes only with users:modify-admin", async () => {
    expect(await update(root2.id, { theme: 'Dark' })).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    expect(await update(root2.id, { theme: 'Dark' }, keys.modifier)).toMatchObject({
      status: 403,
      body: { error_message: 'Unauthorized' },
    });
    expect(await attributesRow(root2.id)).toBeNull();
    expect((await getAttributes(root2.id)).body.user_attributes.theme).toBe('Light');
    expect((await update(root2.id, { theme: 'Dark' }, keys.adminModifier)).status).toBe(200);
    expect((await getAttributes(root2.id)).body.user_attributes.theme).toBe('Dark');
  });

  it("loses the user's default image when that workspace is uninstalled, and the attributes when the user is deleted", async () => {
    const carol = await t.createUser('carol');
    const entry = await t.gql(
      'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
      { e: [registryEntry({ name: 'kasmweb/gimp:1.16.0', friendly_name: 'GIMP' })] },
      admin,
    );
    const gimp = (
      await t.gql(
        'mutation($id: ID!) { installWorkspace(entryId: $id) { id } }',
        { id: entry.data.importWorkspaceRegistry[0].id },
        admin,
      )
    ).data.installWorkspace.id;
    expect((await update(carol.id, { default_image: gimp, theme: 'Dark' })).status).toBe(200);
    await t.gql('mutation($id: ID!) { uninstallWorkspace(id: $id) }', { id: gimp }, admin);
    expect((await getAttributes(carol.id)).body.user_attributes).toMatchObject({ default_image: null, theme: 'Dark' });
    expect((await post('delete_user', { target_user: { user_id: carol.id } })).status).toBe(200);
    expect(await attributesRow(carol.id)).toBeNull();
  });
});

describe('the GraphQL twins', () => {
  it('a user reads and changes their own attributes', async () => {
    const changed = await t.gql(
      UPDATE,
      { id: bob.id, input: { theme: 'LIGHT', preferredTimezone: 'America/New_York', defaultImageId: workspaceId } },
      bob.auth,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateUserAttributes).toMatchObject({
      userId: bob.id,
      theme: 'LIGHT',
      preferredTimezone: 'America/New_York',
      defaultImage: { id: workspaceId, name: 'kasmweb/chrome:1.16.0' },
    });
    const read = await t.gql(`{ me { attributes { ${ATTRIBUTES} } } }`, {}, bob.auth);
    expect(read.data.me.attributes).toEqual(changed.data.updateUserAttributes);
  });

  it("a user may not change someone else's attributes, and nothing changes", async () => {
    const before = await attributesRow(alice.id);
    const res = await t.gql(UPDATE, { id: alice.id, input: { theme: 'DARK' } }, bob.auth);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
    expect(await attributesRow(alice.id)).toEqual(before);
  });

  it('anonymous callers are UNAUTHENTICATED', async () => {
    expect((await t.gql(UPDATE, { id: alice.id, input: { theme: 'DARK' } })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("an administrator reads and changes anyone's, another administrator's included", async () => {
    const read = await t.gql(
      `query($id: ID) { user(id: $id) { attributes { userId theme } } }`,
      { id: alice.id },
      admin,
    );
    expect(read.data.user.attributes).toEqual({ userId: alice.id, theme: expect.any(String) });
    const changed = await t.gql(UPDATE, { id: root2.id, input: { showTips: false } }, admin);
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateUserAttributes.showTips).toBe(false);
    expect(
      (await t.gql(UPDATE, { id: adminId, input: { autoLoginKasm: true } }, admin)).data.updateUserAttributes
        .autoLoginKasm,
    ).toBe(true);
  });

  it('answers bad values with BAD_USER_INPUT and the same message as REST', async () => {
    const res = await t.gql(
      UPDATE,
      { id: bob.id, input: { sshPublicKey: sshKey('ssh-rsa', 'ssh-ed25519') } },
      bob.auth,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: "SSH public key's key data is not a ssh-rsa key",
      extensions: { code: 'BAD_USER_INPUT', field: 'sshPublicKey' },
    });
    const nullFlag = await t.gql(UPDATE, { id: bob.id, input: { showTips: null } }, bob.auth);
    expect(nullFlag.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers an unknown user with NOT_FOUND "Unknown User" for an administrator', async () => {
    expect((await t.gql(UPDATE, { id: NO_SUCH_ID, input: { theme: 'DARK' } }, admin)).errors?.[0]).toMatchObject({
      message: 'Unknown User',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('API keys: users:view reads, users:modify changes, and a key without users:view reads no attributes by any path', async () => {
    expect(
      (await t.gql('query($id: ID) { user(id: $id) { attributes { theme } } }', { id: alice.id }, header(keys.viewer)))
        .errors,
    ).toBeUndefined();
    expect(
      (await t.gql(UPDATE, { id: alice.id, input: { theme: 'DARK' } }, header(keys.viewer))).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await t.gql(UPDATE, { id: alice.id, input: { theme: 'DARK' } }, header(keys.readOnly))).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await t.gql(UPDATE, { id: root2.id, input: { theme: 'DARK' } }, API_KEY_HEADER)).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    // A key that may change users but not read them gets the change done, and no attributes back.
    const blind = await t.gql(
      'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Al" }) { id attributes { sshPublicKey } } }',
      { id: alice.id },
      header(keys.modifier),
    );
    expect(blind.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(blind.data)).not.toContain('ssh-');
    const done = await t.gql(UPDATE, { id: alice.id, input: { theme: 'DARK' } }, header(keys.modifier));
    expect(done.errors).toBeUndefined();
  });
});

describe('the bootstrap key, which has the ordinary permissions', () => {
  it('reads and changes ordinary users', async () => {
    expect(
      (
        await t.gql(
          'query($id: ID) { user(id: $id) { attributes { theme } } }',
          { id: alice.id },
          `ApiKey ${API_KEY}:${API_KEY_SECRET}`,
        )
      ).errors,
    ).toBeUndefined();
    expect((await update(alice.id, { preferred_language: 'de-CH' })).status).toBe(200);
    expect((await getAttributes(alice.id)).body.user_attributes.preferred_language).toBe('de-CH');
  });
});
