import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { API_KEY_HEADER, NO_SUCH_ID, registryEntry } from './fixtures.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The server runs platform 1.16.2: entries for 1.16.x install, others do not.
  t = await startTestApp({ PLATFORM_VERSION: '1.16.2' });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

const ENTRY_FIELDS = `id name friendlyName description dockerRegistry imageSrc runConfig { hostname }
  execConfig { go { cmd } assign { cmd } } categories architecture compatibility uncompressedSizeMb compatible installed { id }`;
const IMPORT = `mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { ${ENTRY_FIELDS} } }`;
const REGISTRY = `query($c: String, $only: Boolean) { workspaceRegistry(category: $c, compatibleOnly: $only) { name compatible } }`;
const INSTALL =
  'mutation($id: ID!) { installWorkspace(entryId: $id) { id name friendlyName installedAt entry { name } } }';
const UNINSTALL = 'mutation($id: ID!) { uninstallWorkspace(id: $id) }';
const WORKSPACES = '{ workspaces { id name } }';
const SETTINGS_FIELDS =
  'agentCpuCores agentMemoryBytes zoneProxyPort persistentProfilePath fileMappings { id name description destinationPath executable }';
const SETTINGS = `{ workspaceSettings { ${SETTINGS_FIELDS} } }`;
const UPDATE_SETTINGS = `mutation($input: WorkspaceSettingsInput!) { updateWorkspaceSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const ADD_MAPPING =
  'mutation($input: FileMappingInput!) { addFileMapping(input: $input) { id name description destinationPath executable } }';
const UPDATE_MAPPING =
  'mutation($id: ID!, $input: UpdateFileMappingInput!) { updateFileMapping(id: $id, input: $input) { id name destinationPath executable } }';
const REMOVE_MAPPING = 'mutation($id: ID!) { removeFileMapping(id: $id) }';

const codeOf = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;
const countRows = async (table: string) =>
  Number((await t.app.orm.em.fork().getConnection().execute(`select count(*)::int as n from ${table}`))[0].n);

describe('the workspace registry', () => {
  it('imports a list of entries with every registry field, and lists them by friendly name', async () => {
    const res = await t.gql(
      IMPORT,
      {
        e: [
          registryEntry(),
          registryEntry({
            name: 'kasmweb/vs-code:1.16.0',
            friendly_name: 'Code',
            categories: ['Development'],
            architecture: ['amd64', 'arm64'],
          }),
        ],
      },
      API_KEY_HEADER,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.importWorkspaceRegistry[0]).toMatchObject({
      name: 'kasmweb/chrome:1.16.0',
      friendlyName: 'Chrome',
      description: 'Chrome in a container',
      dockerRegistry: 'https://index.docker.io/v1/',
      imageSrc: 'chrome.png',
      runConfig: { hostname: 'kasm' },
      execConfig: {
        go: { cmd: expect.stringContaining('--go') },
        assign: { cmd: expect.stringContaining('--assign') },
      },
      categories: ['Desktop'],
      architecture: ['amd64'],
      compatibility: ['1.16.x'],
      uncompressedSizeMb: 2150,
      compatible: true,
      installed: null,
    });
    const listed = await t.gql(REGISTRY, {}, admin);
    expect(listed.data.workspaceRegistry.map((e: { name: string }) => e.name)).toEqual([
      'kasmweb/chrome:1.16.0',
      'kasmweb/vs-code:1.16.0',
    ]);
    const dev = await t.gql(REGISTRY, { c: 'Development' }, admin);
    expect(dev.data.workspaceRegistry).toEqual([{ name: 'kasmweb/vs-code:1.16.0', compatible: true }]);
  });

  it('updates an entry with the same name on a second import instead of adding another', async () => {
    await t.gql(IMPORT, { e: [registryEntry({ name: 'kasmweb/reimport:1.0', friendly_name: 'Before' })] }, admin);
    const again = await t.gql(
      IMPORT,
      { e: [registryEntry({ name: 'kasmweb/reimport:1.0', friendly_name: 'After' })] },
      admin,
    );
    expect(again.data.importWorkspaceRegistry[0].friendlyName).toBe('After');
    const all = await t.gql(REGISTRY, {}, admin);
    expect(all.data.workspaceRegistry.filter((e: { name: string }) => e.name === 'kasmweb/reimport:1.0')).toHaveLength(
      1,
    );
  });

  it('refuses the whole list when one entry is invalid, and writes nothing', async () => {
    const before = await countRows('workspace_registry_entries');
    const res = await t.gql(
      IMPORT,
      {
        e: [
          registryEntry({ name: 'kasmweb/fine:1.0' }),
          registryEntry({ name: 'kasmweb/bad:1.0', compatibility: ['1.16'] }),
        ],
      },
      admin,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'entries[1].compatibility[0]: must be <major>.<minor>.x',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await countRows('workspace_registry_entries')).toBe(before);
  });

  it('lists only entries compatible with this server when asked', async () => {
    await t.gql(
      IMPORT,
      { e: [registryEntry({ name: 'kasmweb/old:1.15.0', friendly_name: 'Old', compatibility: ['1.15.x'] })] },
      admin,
    );
    const all = await t.gql(REGISTRY, {}, admin);
    expect(all.data.workspaceRegistry.find((e: { name: string }) => e.name === 'kasmweb/old:1.15.0').compatible).toBe(
      false,
    );
    const compatible = await t.gql(REGISTRY, { only: true }, admin);
    expect(compatible.data.workspaceRegistry.map((e: { name: string }) => e.name)).not.toContain('kasmweb/old:1.15.0');
    expect(compatible.data.workspaceRegistry.every((e: { compatible: boolean }) => e.compatible)).toBe(true);
  });

  it('is administration: a plain user gets FORBIDDEN and nothing is imported', async () => {
    const user = await t.createUser('reg_plain');
    expect(codeOf(await t.gql(IMPORT, { e: [registryEntry({ name: 'kasmweb/sneaky:1.0' })] }, user.auth))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await t.gql(REGISTRY, {}, user.auth))).toBe('FORBIDDEN');
    const all = await t.gql(REGISTRY, {}, admin);
    expect(all.data.workspaceRegistry.map((e: { name: string }) => e.name)).not.toContain('kasmweb/sneaky:1.0');
  });
});

describe('installing workspaces', () => {
  const importOne = async (overrides: Record<string, unknown>) =>
    (await t.gql(IMPORT, { e: [registryEntry(overrides)] }, admin)).data.importWorkspaceRegistry[0].id as string;

  it('installs a compatible entry once, and lists it', async () => {
    const entryId = await importOne({ name: 'kasmweb/firefox:1.16.0', friendly_name: 'Firefox' });
    const res = await t.gql(INSTALL, { id: entryId }, API_KEY_HEADER);
    expect(res.data.installWorkspace).toMatchObject({
      name: 'kasmweb/firefox:1.16.0',
      friendlyName: 'Firefox',
      entry: { name: 'kasmweb/firefox:1.16.0' },
    });
    const again = await t.gql(INSTALL, { id: entryId }, admin);
    expect(again.errors?.[0]).toMatchObject({
      message: 'kasmweb/firefox:1.16.0 is already installed',
      extensions: { code: 'CONFLICT' },
    });
    const listed = await t.gql(WORKSPACES, {}, admin);
    expect(listed.data.workspaces.filter((w: { name: string }) => w.name === 'kasmweb/firefox:1.16.0')).toHaveLength(1);
    const entry = await t.gql('{ workspaceRegistry { name installed { id } } }', {}, admin);
    expect(
      entry.data.workspaceRegistry.find((e: { name: string }) => e.name === 'kasmweb/firefox:1.16.0').installed.id,
    ).toBe(res.data.installWorkspace.id);
  });

  it('refuses an entry that is not compatible with the platform version, and installs nothing', async () => {
    const entryId = await importOne({ name: 'kasmweb/legacy:1.15.0', compatibility: ['1.15.x', '1.14.x'] });
    const before = await countRows('workspaces');
    const res = await t.gql(INSTALL, { id: entryId }, admin);
    expect(res.errors?.[0]).toMatchObject({
      message: 'kasmweb/legacy:1.15.0 is not compatible with platform version 1.16.2 (it supports 1.15.x, 1.14.x)',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await countRows('workspaces')).toBe(before);
  });

  it('answers an unknown entry with NOT_FOUND', async () => {
    expect((await t.gql(INSTALL, { id: NO_SUCH_ID }, admin)).errors?.[0]).toMatchObject({
      message: 'Unknown registry entry',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('uninstalls a workspace: it leaves every group that allowed it, and the registry entry stays', async () => {
    const entryId = await importOne({ name: 'kasmweb/short-lived:1.16.0', friendly_name: 'Short lived' });
    const workspace = (await t.gql(INSTALL, { id: entryId }, admin)).data.installWorkspace.id;
    const user = await t.createUser('ws_user');
    await t.gql(
      'mutation($w: [ID!]!) { setGroupAllowedWorkspaces(groupId: "68d557ac4cac42cca9f31c7c853de0f3", workspaceIds: $w) { id } }',
      { w: [workspace] },
      admin,
    );
    expect((await t.gql('{ myWorkspaces { id } }', {}, user.auth)).data.myWorkspaces).toEqual([{ id: workspace }]);

    expect((await t.gql(UNINSTALL, { id: workspace }, API_KEY_HEADER)).data.uninstallWorkspace).toBe(workspace);
    expect((await t.gql('{ myWorkspaces { id } }', {}, user.auth)).data.myWorkspaces).toEqual([]);
    const entry = await t.gql('{ workspaceRegistry { id installed { id } } }', {}, admin);
    expect(entry.data.workspaceRegistry.find((e: { id: string }) => e.id === entryId).installed).toBeNull();
    expect(codeOf(await t.gql(UNINSTALL, { id: workspace }, admin))).toBe('NOT_FOUND');
  });
});

describe('workspace settings', () => {
  it("starts with the platform's defaults", async () => {
    const res = await t.gql(SETTINGS, {}, admin);
    expect(res.data.workspaceSettings).toEqual({
      agentCpuCores: 2,
      agentMemoryBytes: 4_100_000_000,
      zoneProxyPort: 8443,
      persistentProfilePath: null,
      fileMappings: [],
    });
  });

  it('takes the reference deployment: 6 cores, about 12.1 billion bytes, proxy port 0, a profile path per user', async () => {
    const res = await t.gql(
      UPDATE_SETTINGS,
      {
        input: {
          agentCpuCores: 6,
          agentMemoryBytes: 12_100_000_000,
          zoneProxyPort: 0,
          persistentProfilePath: '/mnt/kasm_profiles/{username}',
        },
      },
      API_KEY_HEADER,
    );
    expect(res.data.updateWorkspaceSettings).toMatchObject({
      agentCpuCores: 6,
      agentMemoryBytes: 12_100_000_000,
      zoneProxyPort: 0,
      persistentProfilePath: '/mnt/kasm_profiles/{username}',
    });
    const row = (
      await t.app.orm.em.fork().getConnection().execute('select agent_memory_bytes::text as m from workspace_settings')
    )[0];
    expect(row.m).toBe('12100000000');
  });

  it('keeps 64-bit memory sizes exact beyond what a JSON number holds, as a string', async () => {
    const res = await t.gql(UPDATE_SETTINGS, { input: { agentMemoryBytes: '9007199254740993' } }, admin);
    expect(res.data.updateWorkspaceSettings.agentMemoryBytes).toBe('9007199254740993');
    await t.gql(UPDATE_SETTINGS, { input: { agentMemoryBytes: 12_100_000_000 } }, admin);
  });

  it('changes only the settings sent', async () => {
    const res = await t.gql(UPDATE_SETTINGS, { input: { zoneProxyPort: 443 } }, admin);
    expect(res.data.updateWorkspaceSettings).toMatchObject({
      agentCpuCores: 6,
      agentMemoryBytes: 12_100_000_000,
      zoneProxyPort: 443,
    });
  });

  it.each([
    [{ agentCpuCores: 0 }, 'Agent CPU cores must be an integer from 1 to 64'],
    [{ agentCpuCores: 65 }, 'Agent CPU cores must be an integer from 1 to 64'],
    [{ agentMemoryBytes: 0 }, 'Agent memory must be a positive number of bytes'],
    [{ agentMemoryBytes: -4_100_000_000 }, 'Agent memory must be a positive number of bytes'],
    [{ zoneProxyPort: -1 }, 'Zone proxy port must be an integer from 0 to 65535'],
    [{ zoneProxyPort: 65536 }, 'Zone proxy port must be an integer from 0 to 65535'],
    [{ persistentProfilePath: '/mnt/profiles/shared' }, 'Persistent profile path must contain {username}'],
    [{ agentCpuCores: null }, 'agentCpuCores cannot be null'],
    [{ agentCpuCores: 8, zoneProxyPort: 70000 }, 'Zone proxy port must be an integer from 0 to 65535'],
  ])('refuses %j and changes nothing', async (input, message) => {
    const before = await t.gql(SETTINGS, {}, admin);
    const res = await t.gql(UPDATE_SETTINGS, { input }, admin);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await t.gql(SETTINGS, {}, admin)).data).toEqual(before.data);
  });

  it('refuses a memory size outside 64 bits at the scalar', async () => {
    const res = await t.gql(UPDATE_SETTINGS, { input: { agentMemoryBytes: '99999999999999999999' } }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  it('turns persistent profiles off with null', async () => {
    const res = await t.gql(UPDATE_SETTINGS, { input: { persistentProfilePath: null } }, admin);
    expect(res.data.updateWorkspaceSettings.persistentProfilePath).toBeNull();
  });

  it('is administration: a plain user gets FORBIDDEN', async () => {
    const user = await t.createUser('settings_plain');
    expect(codeOf(await t.gql(SETTINGS, {}, user.auth))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(UPDATE_SETTINGS, { input: { agentCpuCores: 64 } }, user.auth))).toBe('FORBIDDEN');
    expect((await t.gql(SETTINGS, {}, admin)).data.workspaceSettings.agentCpuCores).toBe(6);
  });
});

describe('file mappings', () => {
  it('adds the post-run script mapping, changes it and removes it', async () => {
    const added = await t.gql(
      ADD_MAPPING,
      {
        input: {
          name: 'post_run_root',
          description: 'Installs packages and grants passwordless sudo',
          destinationPath: '/dockerstartup/kasm_post_run_root.sh',
          executable: true,
        },
      },
      API_KEY_HEADER,
    );
    const mapping = added.data.addFileMapping;
    expect(mapping).toMatchObject({
      name: 'post_run_root',
      destinationPath: '/dockerstartup/kasm_post_run_root.sh',
      executable: true,
    });
    expect((await t.gql(SETTINGS, {}, admin)).data.workspaceSettings.fileMappings).toEqual([mapping]);

    const updated = await t.gql(UPDATE_MAPPING, { id: mapping.id, input: { executable: false } }, admin);
    expect(updated.data.updateFileMapping).toEqual({
      id: mapping.id,
      name: 'post_run_root',
      destinationPath: '/dockerstartup/kasm_post_run_root.sh',
      executable: false,
    });

    expect((await t.gql(REMOVE_MAPPING, { id: mapping.id }, admin)).data.removeFileMapping).toBe(mapping.id);
    expect((await t.gql(SETTINGS, {}, admin)).data.workspaceSettings.fileMappings).toEqual([]);
    expect(codeOf(await t.gql(REMOVE_MAPPING, { id: mapping.id }, admin))).toBe('NOT_FOUND');
  });

  it('defaults the description to empty and executable to false', async () => {
    const res = await t.gql(ADD_MAPPING, { input: { name: 'motd', destinationPath: '/etc/motd' } }, admin);
    expect(res.data.addFileMapping).toMatchObject({ description: '', executable: false });
    await t.gql(REMOVE_MAPPING, { id: res.data.addFileMapping.id }, admin);
  });

  it.each([
    [{ name: 'x', destinationPath: 'relative/path.sh' }, 'Destination path must be an absolute path'],
    [{ name: 'x', destinationPath: '/tmp/../etc/shadow' }, 'Destination path must not contain ".." segments'],
    [{ name: '', destinationPath: '/tmp/x' }, 'Name is required'],
    [{ name: 'x'.repeat(101), destinationPath: '/tmp/x' }, 'Name must be at most 100 characters'],
  ])('refuses %j and adds nothing', async (input, message) => {
    const res = await t.gql(ADD_MAPPING, { input }, admin);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await countRows('workspace_file_mappings')).toBe(0);
  });

  it('refuses a bad change to a mapping and keeps it as it was', async () => {
    const mapping = (await t.gql(ADD_MAPPING, { input: { name: 'keep', destinationPath: '/opt/keep.sh' } }, admin)).data
      .addFileMapping;
    const res = await t.gql(
      UPDATE_MAPPING,
      { id: mapping.id, input: { name: 'renamed', destinationPath: 'opt/keep.sh' } },
      admin,
    );
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect((await t.gql(SETTINGS, {}, admin)).data.workspaceSettings.fileMappings[0]).toMatchObject({
      name: 'keep',
      destinationPath: '/opt/keep.sh',
    });
    expect(codeOf(await t.gql(UPDATE_MAPPING, { id: NO_SUCH_ID, input: { name: 'x' } }, admin))).toBe('NOT_FOUND');
  });
});
