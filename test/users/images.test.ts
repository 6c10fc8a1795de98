import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/identity/api-keys.js';
import { ADMIN_PASSWORD, API_KEY, startTestApp, type TestApp } from '../helpers/app.js';
import { KEY_BODY, registryEntry } from './fixtures.js';

/** get_images: what users can launch, one image per installed workspace, and its GraphQL twin `workspaces`. */

let t: TestApp;
let admin: string;
let alice: { id: string; auth: string };
let chromeEntry: string;
let gimpEntry: string;

const keys = {
  images: { api_key: 'imagesonly0123456789abcd', api_key_secret: 'images-secret-0123456789-abcdefghijklmn' },
  registry: { api_key: 'registryon0123456789abcd', api_key_secret: 'regist-secret-0123456789-abcdefghijklmn' },
  users: { api_key: 'usersonly00123456789abcd', api_key_secret: 'usersx-secret-0123456789-abcdefghijklmn' },
};
const header = (key: { api_key: string; api_key_secret: string }) => `ApiKey ${key.api_key}:${key.api_key_secret}`;
const getImages = (key: Record<string, unknown> = KEY_BODY) =>
  t.request('/api/public/get_images', { method: 'POST', json: key });

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  const em = t.app.orm.em.fork();
  await createApiKey(em, {
    name: 'images',
    key: keys.images.api_key,
    secret: keys.images.api_key_secret,
    permissions: ['images:view'],
  });
  await createApiKey(em, {
    name: 'registry',
    key: keys.registry.api_key,
    secret: keys.registry.api_key_secret,
    permissions: ['registry'],
  });
  await createApiKey(em, {
    name: 'users',
    key: keys.users.api_key,
    secret: keys.users.api_key_secret,
    permissions: ['users:view', 'users:modify'],
  });
  const imported = await t.gql(
    'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id name } }',
    {
      e: [
        registryEntry(),
        registryEntry({
          name: 'kasmweb/gimp:1.16.0',
          friendly_name: 'GIMP',
          description: 'Image editor',
          image_src: 'gimp.png',
          categories: ['Desktop', 'Graphics'],
        }),
      ],
    },
    admin,
  );
  const byName = Object.fromEntries(
    imported.data.importWorkspaceRegistry.map((e: { id: string; name: string }) => [e.name, e.id]),
  );
  chromeEntry = byName['kasmweb/chrome:1.16.0'];
  gimpEntry = byName['kasmweb/gimp:1.16.0'];
});
afterAll(() => t.stop());

const install = async (entryId: string): Promise<string> =>
  (await t.gql('mutation($id: ID!) { installWorkspace(entryId: $id) { id } }', { id: entryId }, admin)).data
    .installWorkspace.id;

describe('get_images', () => {
  it('answers no images while nothing is installed', async () => {
    expect(await getImages()).toMatchObject({ status: 200, body: { images: [] } });
  });

  it('lists an installed workspace at once, with the registry fields, the settings overrides and the allowed groups', async () => {
    const chrome = await install(chromeEntry);
    const course = (await t.gql('mutation { createGroup(input: { name: "Course 101" }) { id } }', {}, admin)).data
      .createGroup.id;
    await t.gql(
      'mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { id } }',
      { g: course, w: [chrome] },
      admin,
    );

    const res = await getImages();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      images: [
        {
          image_id: chrome,
          friendly_name: 'Chrome',
          name: 'kasmweb/chrome:1.16.0',
          description: 'Chrome in a container',
          image_src: 'chrome.png',
          categories: ['Desktop'],
          cores: 2,
          memory: 4_100_000_000,
          enabled: true,
          available: true,
          groups: [{ group_id: course, name: 'Course 101' }],
        },
      ],
    });
    expect(res.body.images[0].image_id).toMatch(/^[0-9a-f]{32}$/);
    // The same id on every call, and the id GraphQL and default_image use.
    expect((await getImages()).body.images[0].image_id).toBe(chrome);
    expect((await t.gql('{ workspaces { id } }', {}, admin)).data.workspaces).toEqual([{ id: chrome }]);
  });

  it("answers the workspace settings' cores and memory as soon as they change", async () => {
    await t.gql(
      'mutation { updateWorkspaceSettings(input: { agentCpuCores: 6, agentMemoryBytes: 12100000000 }) { agentCpuCores } }',
      {},
      admin,
    );
    const [image] = (await getImages()).body.images;
    expect(image).toMatchObject({ cores: 6, memory: 12_100_000_000 });
  });

  it('reflects a second install and a removal at once, by friendly name', async () => {
    const gimp = await install(gimpEntry);
    expect((await getImages()).body.images.map((i: { friendly_name: string }) => i.friendly_name)).toEqual([
      'Chrome',
      'GIMP',
    ]);
    const chrome = (await getImages()).body.images[0].image_id;
    await t.gql('mutation($id: ID!) { uninstallWorkspace(id: $id) }', { id: chrome }, admin);
    const after = (await getImages()).body.images;
    expect(after.map((i: { image_id: string }) => i.image_id)).toEqual([gimp]);
    expect(after[0]).toMatchObject({
      categories: ['Desktop', 'Graphics'],
      description: 'Image editor',
      image_src: 'gimp.png',
      groups: [],
    });
  });

  it('is answered for keys with images:view or registry, and refused for a key with neither', async () => {
    expect((await getImages(keys.images)).status).toBe(200);
    expect((await getImages(keys.registry)).body).toEqual((await getImages()).body);
    expect(await getImages(keys.users)).toMatchObject({ status: 403, body: { error_message: 'Unauthorized' } });
  });

  it('answers 400 without credentials and 403 for a wrong secret', async () => {
    expect(await getImages({})).toMatchObject({ status: 400, body: { error_message: 'Invalid Request' } });
    expect(await getImages({ api_key: API_KEY, api_key_secret: 'not-the-secret' })).toMatchObject({
      status: 403,
      body: { error_message: 'Access Denied' },
    });
  });
});

describe('the GraphQL twin', () => {
  const WORKSPACES = '{ workspaces { id name friendlyName cores memory allowedGroups { name } } }';

  it('answers an images:view key the installed workspaces, and a key with neither permission FORBIDDEN', async () => {
    const res = await t.gql(WORKSPACES, {}, header(keys.images));
    expect(res.errors).toBeUndefined();
    expect(res.data.workspaces).toEqual([
      {
        id: expect.any(String),
        name: 'kasmweb/gimp:1.16.0',
        friendlyName: 'GIMP',
        cores: 6,
        memory: 12_100_000_000,
        allowedGroups: [],
      },
    ]);
    const refused = await t.gql(WORKSPACES, {}, header(keys.users));
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(refused.errors?.[0]?.message).toMatch(/registry or images:view/);
  });

  it('does not tell a user which groups may use their workspaces', async () => {
    const gimp = (await t.gql('{ workspaces { id } }', {}, admin)).data.workspaces[0].id;
    const everyone = (await t.gql('{ groups { id isDefault } }', {}, admin)).data.groups.find(
      (g: { isDefault: boolean }) => g.isDefault,
    ).id;
    await t.gql(
      'mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { id } }',
      { g: everyone, w: [gimp] },
      admin,
    );
    const mine = await t.gql('{ myWorkspaces { id friendlyName cores } }', {}, alice.auth);
    expect(mine.data.myWorkspaces).toEqual([{ id: gimp, friendlyName: 'GIMP', cores: 6 }]);
    const groups = await t.gql('{ myWorkspaces { id allowedGroups { name } } }', {}, alice.auth);
    expect(groups.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(groups.data)).not.toContain('All Users');
  });
});
