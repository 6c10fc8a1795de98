import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ID } from '../../src/users/group.entity.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { API_KEY_HEADER, NO_SUCH_ID, registryEntry } from './fixtures.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

const GROUP_FIELDS = 'id name description isDefault allowedWorkspaces { id name friendlyName }';
const CREATE_GROUP = `mutation($input: CreateGroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`;
const UPDATE_GROUP = `mutation($id: ID!, $input: UpdateGroupInput!) { updateGroup(id: $id, input: $input) { ${GROUP_FIELDS} } }`;
const DELETE_GROUP = 'mutation($id: ID!) { deleteGroup(id: $id) }';
const GROUPS = `{ groups { ${GROUP_FIELDS} } }`;
const GROUP = `query($id: ID!) { group(id: $id) { ${GROUP_FIELDS} } }`;
const ADD = 'mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id groups { name } } }';
const REMOVE = 'mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id groups { name } } }';
const SET_ALLOWED = `mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { ${GROUP_FIELDS} } }`;
const IMPORT = 'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id name } }';
const INSTALL = 'mutation($id: ID!) { installWorkspace(entryId: $id) { id name } }';
const MY = '{ myWorkspaces { name friendlyName entry { categories } } }';

const codeOf = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;
type Membership = { groups: Array<{ name: string }> };
const groupNames = (res: { data?: { addUserToGroup?: Membership; removeUserFromGroup?: Membership } }) =>
  (res.data?.addUserToGroup ?? res.data?.removeUserFromGroup)!.groups.map((g) => g.name);

/** Imports and installs a workspace, returning the installed workspace's id. */
async function installed(name: string, friendly: string): Promise<string> {
  const imported = await t.gql(IMPORT, { e: [registryEntry({ name, friendly_name: friendly })] }, admin);
  return (await t.gql(INSTALL, { id: imported.data.importWorkspaceRegistry[0].id }, admin)).data.installWorkspace.id;
}

describe('groups', () => {
  it('starts with the default group, "All Users", with its fixed id', async () => {
    const res = await t.gql(GROUPS, {}, admin);
    expect(res.data.groups[0]).toMatchObject({
      id: DEFAULT_GROUP_ID,
      name: 'All Users',
      isDefault: true,
      allowedWorkspaces: [],
    });
  });

  it('creates, renames and deletes a group', async () => {
    const created = await t.gql(
      CREATE_GROUP,
      { input: { name: 'Course 101', description: 'Autumn term' } },
      API_KEY_HEADER,
    );
    const group = created.data.createGroup;
    expect(group).toMatchObject({ name: 'Course 101', description: 'Autumn term', isDefault: false });
    expect(group.id).toMatch(/^[0-9a-f]{32}$/);
    const renamed = await t.gql(UPDATE_GROUP, { id: group.id, input: { name: 'Course 102' } }, admin);
    expect(renamed.data.updateGroup).toMatchObject({ name: 'Course 102', description: 'Autumn term' });
    expect((await t.gql(DELETE_GROUP, { id: group.id }, admin)).data.deleteGroup).toBe(group.id);
    expect((await t.gql(GROUP, { id: group.id }, admin)).data.group).toBeNull();
  });

  it('refuses a name another group holds in any letter case, on create and on rename', async () => {
    await t.gql(CREATE_GROUP, { input: { name: 'Physics' } }, admin);
    const dup = await t.gql(CREATE_GROUP, { input: { name: 'PHYSICS' } }, admin);
    expect(dup.errors?.[0]).toMatchObject({
      message: 'A group named PHYSICS already exists',
      extensions: { code: 'CONFLICT' },
    });
    const other = (await t.gql(CREATE_GROUP, { input: { name: 'Chemistry' } }, admin)).data.createGroup;
    expect(codeOf(await t.gql(UPDATE_GROUP, { id: other.id, input: { name: 'physics' } }, admin))).toBe('CONFLICT');
    expect((await t.gql(GROUP, { id: other.id }, admin)).data.group.name).toBe('Chemistry');
  });

  it.each([
    [{ name: '' }, 'Group name is required'],
    [{ name: 'x'.repeat(101) }, 'Group name must be at most 100 characters'],
    [{ name: 'ok', description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
  ])('refuses %j with BAD_USER_INPUT', async (input, message) => {
    const res = await t.gql(CREATE_GROUP, { input }, admin);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('keeps the default group: it cannot be deleted', async () => {
    const res = await t.gql(DELETE_GROUP, { id: DEFAULT_GROUP_ID }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect((await t.gql(GROUP, { id: DEFAULT_GROUP_ID }, admin)).data.group.name).toBe('All Users');
  });

  it('answers unknown groups with NOT_FOUND "Unknown Group"', async () => {
    for (const res of [
      await t.gql(UPDATE_GROUP, { id: NO_SUCH_ID, input: { name: 'x' } }, admin),
      await t.gql(DELETE_GROUP, { id: NO_SUCH_ID }, admin),
      await t.gql(SET_ALLOWED, { g: NO_SUCH_ID, w: [] }, admin),
    ]) {
      expect(res.errors?.[0]).toMatchObject({ message: 'Unknown Group', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('is administration: a plain user gets FORBIDDEN', async () => {
    const user = await t.createUser('grp_plain');
    expect(codeOf(await t.gql(GROUPS, {}, user.auth))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(CREATE_GROUP, { input: { name: 'Mine' } }, user.auth))).toBe('FORBIDDEN');
  });
});

describe('membership', () => {
  it('adds and removes a member, idempotently, and deleting the group removes the membership only', async () => {
    const user = await t.createUser('member1');
    const group = (await t.gql(CREATE_GROUP, { input: { name: 'Biology' } }, admin)).data.createGroup;
    expect(groupNames(await t.gql(ADD, { u: user.id, g: group.id }, API_KEY_HEADER))).toEqual(['All Users', 'Biology']);
    expect(groupNames(await t.gql(ADD, { u: user.id, g: group.id }, admin))).toEqual(['All Users', 'Biology']);
    expect(groupNames(await t.gql(REMOVE, { u: user.id, g: group.id }, admin))).toEqual(['All Users']);
    expect(groupNames(await t.gql(REMOVE, { u: user.id, g: group.id }, admin))).toEqual(['All Users']);
    await t.gql(ADD, { u: user.id, g: group.id }, admin);
    await t.gql(DELETE_GROUP, { id: group.id }, admin);
    const me = await t.gql('{ me { username groups { name } } }', {}, user.auth);
    expect(me.data.me).toEqual({ username: 'member1', groups: [{ name: 'All Users' }] });
  });

  it('lets nobody leave the default group', async () => {
    const user = await t.createUser('member2');
    const res = await t.gql(REMOVE, { u: user.id, g: DEFAULT_GROUP_ID }, admin);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Every user belongs to the default group',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await t.gql('{ me { groups { id } } }', {}, user.auth)).data.me.groups).toEqual([{ id: DEFAULT_GROUP_ID }]);
  });

  it('answers an unknown user or group with NOT_FOUND', async () => {
    const user = await t.createUser('member3');
    expect((await t.gql(ADD, { u: NO_SUCH_ID, g: DEFAULT_GROUP_ID }, admin)).errors?.[0]?.message).toBe('Unknown User');
    expect((await t.gql(ADD, { u: user.id, g: NO_SUCH_ID }, admin)).errors?.[0]?.message).toBe('Unknown Group');
    expect((await t.gql(ADD, { u: user.id, g: 'not-an-id' }, admin)).errors?.[0]?.message).toBe('Unknown Group');
  });
});

describe('allowed workspaces', () => {
  it("sets a group's allowed workspaces and members see exactly what their groups allow", async () => {
    const chrome = await installed('kasmweb/chrome:1.16.0', 'Chrome');
    const vscode = await installed('kasmweb/vs-code:1.16.0', 'VS Code');
    const gimp = await installed('kasmweb/gimp:1.16.0', 'GIMP');
    const course = (await t.gql(CREATE_GROUP, { input: { name: 'Course 201' } }, admin)).data.createGroup;
    const student = await t.createUser('student1');
    const outsider = await t.createUser('outsider1');
    await t.gql(ADD, { u: student.id, g: course.id }, admin);

    const set = await t.gql(SET_ALLOWED, { g: course.id, w: [vscode, chrome, vscode] }, admin);
    expect(
      set.data.setGroupAllowedWorkspaces.allowedWorkspaces.map((w: { friendlyName: string }) => w.friendlyName),
    ).toEqual(['Chrome', 'VS Code']);
    await t.gql(SET_ALLOWED, { g: DEFAULT_GROUP_ID, w: [gimp] }, admin);

    const mine = await t.gql(MY, {}, student.auth);
    expect(mine.data.myWorkspaces).toEqual([
      { name: 'kasmweb/chrome:1.16.0', friendlyName: 'Chrome', entry: { categories: ['Desktop'] } },
      { name: 'kasmweb/gimp:1.16.0', friendlyName: 'GIMP', entry: { categories: ['Desktop'] } },
      { name: 'kasmweb/vs-code:1.16.0', friendlyName: 'VS Code', entry: { categories: ['Desktop'] } },
    ]);
    expect(
      (await t.gql(MY, {}, outsider.auth)).data.myWorkspaces.map((w: { friendlyName: string }) => w.friendlyName),
    ).toEqual(['GIMP']);

    // Replacing the list withdraws what is left out.
    await t.gql(SET_ALLOWED, { g: course.id, w: [chrome] }, admin);
    expect(
      (await t.gql(MY, {}, student.auth)).data.myWorkspaces.map((w: { friendlyName: string }) => w.friendlyName),
    ).toEqual(['Chrome', 'GIMP']);
    await t.gql(SET_ALLOWED, { g: DEFAULT_GROUP_ID, w: [] }, admin);
  });

  it('changes nothing when one of the workspaces is unknown', async () => {
    const chrome = await installed('kasmweb/chrome2:1.16.0', 'Chrome 2');
    const group = (await t.gql(CREATE_GROUP, { input: { name: 'Course 301' } }, admin)).data.createGroup;
    await t.gql(SET_ALLOWED, { g: group.id, w: [chrome] }, admin);
    const res = await t.gql(SET_ALLOWED, { g: group.id, w: [NO_SUCH_ID] }, admin);
    expect(res.errors?.[0]).toMatchObject({ message: 'Unknown Workspace', extensions: { code: 'NOT_FOUND' } });
    expect(
      (await t.gql(GROUP, { id: group.id }, admin)).data.group.allowedWorkspaces.map((w: { id: string }) => w.id),
    ).toEqual([chrome]);
  });

  it('answers myWorkspaces only for a signed-in user', async () => {
    expect(codeOf(await t.gql(MY))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.gql(MY, {}, API_KEY_HEADER))).toBe('UNAUTHENTICATED');
  });
});

describe('batching', () => {
  /** Inserts users with memberships straight into the database: the subject here is reading, not creating. */
  async function seedUsers(prefix: string, count: number, groupIds: string[]): Promise<void> {
    const conn = t.app.orm.em.fork().getConnection();
    for (let i = 0; i < count; i++) {
      const id = `${prefix}${i.toString(16).padStart(32 - prefix.length, '0')}`;
      await conn.execute(
        `insert into users (id, username, username_key, role, password_hash, token_version, created_at, updated_at) values (?, ?, ?, 'user', 'x', 0, now(), now())`,
        [id, `${prefix}_${i}`, `${prefix}_${i}`],
      );
      for (const g of [DEFAULT_GROUP_ID, ...groupIds]) {
        await conn.execute('insert into group_memberships (user_id, group_id, created_at) values (?, ?, now())', [
          id,
          g,
        ]);
      }
    }
  }

  it('reads 50 users with their groups and allowed workspaces in the same few statements as 5', async () => {
    const groupA = (await t.gql(CREATE_GROUP, { input: { name: 'Batch A' } }, admin)).data.createGroup.id;
    const groupB = (await t.gql(CREATE_GROUP, { input: { name: 'Batch B' } }, admin)).data.createGroup.id;
    const w1 = await installed('kasmweb/batch-one:1.16.0', 'Batch One');
    const w2 = await installed('kasmweb/batch-two:1.16.0', 'Batch Two');
    await t.gql(SET_ALLOWED, { g: groupA, w: [w1, w2] }, admin);
    await t.gql(SET_ALLOWED, { g: groupB, w: [w2] }, admin);
    await seedUsers('bb', 50, [groupA, groupB]);

    const query = `query($limit: Int) { users(filter: { search: "bb_" }, limit: $limit) {
      total users { id username groups { id name allowedWorkspaces { id name entry { name friendlyName } } } } } }`;
    const five = await t.countQueries(() => t.gql(query, { limit: 5 }, API_KEY_HEADER));
    const fifty = await t.countQueries(() => t.gql(query, { limit: 50 }, API_KEY_HEADER));

    expect(fifty.result.errors).toBeUndefined();
    expect(fifty.result.data.users.users).toHaveLength(50);
    expect(fifty.result.data.users.total).toBe(50);
    const first = fifty.result.data.users.users[0];
    expect(first.groups.map((g: { name: string }) => g.name)).toEqual(['All Users', 'Batch A', 'Batch B']);
    expect(first.groups[1].allowedWorkspaces.map((w: { name: string }) => w.name)).toEqual([
      'kasmweb/batch-one:1.16.0',
      'kasmweb/batch-two:1.16.0',
    ]);
    // key check, count, page, memberships+groups, allowed+workspaces+entries
    expect(fifty.statements.length).toBe(five.statements.length);
    expect(fifty.statements.length).toBeLessThanOrEqual(5);
  });
});
