import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLObjectType } from 'graphql';
import { buildSchema } from '../../src/server/schema.js';
import { DEFAULT_GROUP_ID } from '../../src/users/group.entity.js';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { API_KEY_HEADER, NO_SUCH_ID, USER_FIELDS } from './fixtures.js';
import { modules } from '../../src/modules.js';
import { assemble } from '../../src/server/assembly.js';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  // This key may change administrators' accounts too; what a key without users:modify-admin may not do is in
  // api-key-permissions.test.ts.
  t = await startTestApp({ BOOTSTRAP_API_KEY_PERMISSIONS: 'ordinary,users:modify-admin' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
});
afterAll(() => t.stop());

const CREATE = `mutation($input: CreateUserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { ${USER_FIELDS} } }`;
const DELETE = 'mutation($id: ID!, $force: Boolean) { deleteUser(id: $id, force: $force) }';
const LOGOUT = 'mutation($id: ID!) { logoutUser(id: $id) { id } }';
const USER = `query($id: ID, $username: String) { user(id: $id, username: $username) { ${USER_FIELDS} } }`;
const USERS =
  'query($filter: UserFilter, $limit: Int, $offset: Int) { users(filter: $filter, limit: $limit, offset: $offset) { users { username } total } }';
const ME = '{ me { id username } }';

const codeOf = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;
const rowOf = async (id: string) =>
  (await t.app.orm.em.fork().getConnection().execute('select * from users where id = ?', [id]))[0] as
    Record<string, unknown> | undefined;

describe('creating users', () => {
  it('creates a user in the default group and lets them sign in with the password given', async () => {
    const res = await t.gql(
      CREATE,
      { input: { username: 'Nora', password: DEFAULT_PASSWORD, firstName: 'Nora', phone: '555-0100' } },
      admin,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createUser).toMatchObject({
      username: 'Nora',
      firstName: 'Nora',
      phone: '555-0100',
      role: 'USER',
      locked: false,
      disabled: false,
    });
    expect(res.data.createUser.id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.data.createUser.groups).toEqual([{ id: DEFAULT_GROUP_ID, name: 'All Users' }]);
    await expect(t.login('nora', DEFAULT_PASSWORD)).resolves.toMatch(/^Bearer /);
  });

  it('gives a user created without a password one nobody knows', async () => {
    const res = await t.gql(CREATE, { input: { username: 'nopass' } }, API_KEY_HEADER);
    expect(res.data.createUser.username).toBe('nopass');
    const row = await rowOf(res.data.createUser.id);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.request('/api/auth/login', { method: 'POST', json: { username: 'nopass', password: '' } });
    expect(login.status).toBe(400);
  });

  it('refuses a username that differs only in letter case with BAD_USER_INPUT (400, not 409) and the platform wording, and writes nothing', async () => {
    const before = await t.gql(USERS, { limit: 500 }, admin);
    const res = await t.gql(CREATE, { input: { username: 'NORA', password: DEFAULT_PASSWORD } }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe('Error creating user (NORA): (User already exists)');
    expect((await t.gql(USERS, { limit: 500 }, admin)).data.users.total).toBe(before.data.users.total);
  });

  it.each([
    [
      'a weak password',
      { username: 'weak1', password: 'password1!' },
      'Your password must contain at least one upper case character.',
    ],
    [
      'a bad phone',
      { username: 'phone1', phone: '555 0100' },
      'Phone must be digits separated by single hyphens, at most 32 characters',
    ],
    ['a bad username', { username: 'has space' }, 'Username must be 1-64 letters, digits or . _ @ + -'],
    [
      'a too long first name',
      { username: 'long1', firstName: 'x'.repeat(101) },
      'First name must be at most 100 characters',
    ],
    // A NUL is refused before any rule runs (no text may carry one); other control characters meet this rule.
    [
      'an organization with a control character',
      { username: 'ctl1', organization: 'Acme\u0007' },
      'Organization must not contain control characters',
    ],
  ])('refuses %s with BAD_USER_INPUT and creates nobody', async (_label, input, message) => {
    const res = await t.gql(CREATE, { input }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe(message);
    expect((await t.gql(USER, { username: input.username }, admin)).data.user).toBeNull();
  });

  it('lets an administrator user create an administrator, but not an API key', async () => {
    const byKey = await t.gql(CREATE, { input: { username: 'keyadmin', role: 'ADMIN' } }, API_KEY_HEADER);
    expect(codeOf(byKey)).toBe('FORBIDDEN');
    expect((await t.gql(USER, { username: 'keyadmin' }, admin)).data.user).toBeNull();
    const byAdmin = await t.gql(CREATE, { input: { username: 'deputy', role: 'ADMIN' } }, admin);
    expect(byAdmin.data.createUser.role).toBe('ADMIN');
  });

  it('refuses a plain user with FORBIDDEN and an anonymous caller with UNAUTHENTICATED', async () => {
    const user = await t.createUser('plain1');
    expect(codeOf(await t.gql(CREATE, { input: { username: 'x1' } }, user.auth))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(CREATE, { input: { username: 'x2' } }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(USER, { username: 'x1' }, admin)).data.user).toBeNull();
  });

  it('never exposes a password or its hash', async () => {
    const res = await t.gql('{ me { passwordHash } }', {}, admin);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const fields = Object.keys((buildSchema(assemble(modules)).getType('User') as GraphQLObjectType).getFields());
    expect(fields).toContain('username');
    expect(fields.filter((n) => /pass|hash|token/i.test(n))).toEqual([]);
  });
});

describe('reading users', () => {
  beforeAll(async () => {
    for (const [username, firstName, lastName] of [
      ['list_ann', 'Ann', 'Archer'],
      ['list_bob', 'Bob', 'Baker'],
      ['list_cyd', 'Cyd', 'Annand'],
    ]) {
      await t.gql(CREATE, { input: { username, firstName, lastName } }, admin);
    }
  });

  it('finds one user by id or by username in any letter case', async () => {
    const byName = await t.gql(USER, { username: 'LIST_ANN' }, admin);
    expect(byName.data.user).toMatchObject({ username: 'list_ann', firstName: 'Ann' });
    const byId = await t.gql(USER, { id: byName.data.user.id }, API_KEY_HEADER);
    expect(byId.data.user.username).toBe('list_ann');
  });

  it('answers null for an unknown id, a malformed id or an unknown username', async () => {
    for (const vars of [{ id: NO_SUCH_ID }, { id: "' or 1=1 --" }, { username: 'nobody-here' }]) {
      const res = await t.gql(USER, vars, admin);
      expect(res.errors).toBeUndefined();
      expect(res.data.user).toBeNull();
    }
  });

  it('wants exactly one of id and username', async () => {
    expect(codeOf(await t.gql(USER, {}, admin))).toBe('BAD_USER_INPUT');
    expect(codeOf(await t.gql(USER, { id: adminId, username: 'admin' }, admin))).toBe('BAD_USER_INPUT');
  });

  it('searches username, first and last name case-insensitively, with % and _ taken literally', async () => {
    const ann = await t.gql(USERS, { filter: { search: 'ANN' } }, admin);
    expect(ann.data.users.users.map((u: { username: string }) => u.username)).toEqual(['list_ann', 'list_cyd']);
    const pct = await t.gql(USERS, { filter: { search: '%' } }, admin);
    expect(pct.data.users.total).toBe(0);
    const underscore = await t.gql(USERS, { filter: { search: 't_a' } }, admin);
    expect(underscore.data.users.users.map((u: { username: string }) => u.username)).toEqual(['list_ann']);
  });

  it('pages through users ordered by username with a total', async () => {
    const first = await t.gql(USERS, { filter: { search: 'list_' }, limit: 2, offset: 0 }, admin);
    const second = await t.gql(USERS, { filter: { search: 'list_' }, limit: 2, offset: 2 }, admin);
    expect(first.data.users).toEqual({ users: [{ username: 'list_ann' }, { username: 'list_bob' }], total: 3 });
    expect(second.data.users).toEqual({ users: [{ username: 'list_cyd' }], total: 3 });
  });

  it('filters by role, flags and group', async () => {
    const admins = await t.gql(USERS, { filter: { role: 'ADMIN' } }, admin);
    expect(admins.data.users.users.map((u: { username: string }) => u.username)).toContain('admin');
    expect(admins.data.users.users.every((u: { username: string }) => !u.username.startsWith('list_'))).toBe(true);
    const everyone = await t.gql(USERS, { filter: { groupId: DEFAULT_GROUP_ID }, limit: 500 }, admin);
    const all = await t.gql(USERS, { limit: 500 }, admin);
    expect(everyone.data.users.total).toBe(all.data.users.total);
    const none = await t.gql(USERS, { filter: { groupId: NO_SUCH_ID } }, admin);
    expect(none.data.users.total).toBe(0);
    const locked = await t.gql(USERS, { filter: { locked: true, search: 'list_' } }, admin);
    expect(locked.data.users.total).toBe(0);
  });

  it.each([
    [{ limit: 0 }, 'limit must be from 1 to 500'],
    [{ limit: 501 }, 'limit must be from 1 to 500'],
    [{ offset: -1 }, 'offset must be 0 or more'],
  ])('refuses paging %j', async (vars, message) => {
    const res = await t.gql(USERS, vars, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe(message);
  });

  it('lets a signed-in user read themselves but not the list', async () => {
    const user = await t.createUser('reader1');
    expect((await t.gql(ME, {}, user.auth)).data.me).toEqual({ id: user.id, username: 'reader1' });
    expect(codeOf(await t.gql(USERS, {}, user.auth))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(USER, { id: user.id }, user.auth))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(ME, {}, API_KEY_HEADER))).toBe('UNAUTHENTICATED');
  });
});

describe('updating users', () => {
  it('changes only the fields sent', async () => {
    const created = await t.gql(
      CREATE,
      { input: { username: 'upd1', firstName: 'Una', lastName: 'Park', organization: 'Acme', phone: '555-0101' } },
      admin,
    );
    const id = created.data.createUser.id;
    const res = await t.gql(UPDATE, { id, input: { lastName: 'Lee' } }, API_KEY_HEADER);
    expect(res.data.updateUser).toMatchObject({
      username: 'upd1',
      firstName: 'Una',
      lastName: 'Lee',
      organization: 'Acme',
      phone: '555-0101',
      locked: false,
    });
  });

  it('clears an optional field sent as null, and refuses null for a username or a flag', async () => {
    const id = (await t.gql(CREATE, { input: { username: 'upd2', phone: '555-0102' } }, admin)).data.createUser.id;
    expect((await t.gql(UPDATE, { id, input: { phone: null } }, admin)).data.updateUser.phone).toBeNull();
    for (const input of [{ username: null }, { locked: null }, { password: null }, { role: null }]) {
      expect(codeOf(await t.gql(UPDATE, { id, input }, admin))).toBe('BAD_USER_INPUT');
    }
  });

  it('changes nothing when one field of the update is rejected', async () => {
    const id = (await t.gql(CREATE, { input: { username: 'upd3', firstName: 'Old' } }, admin)).data.createUser.id;
    const before = await rowOf(id);
    const res = await t.gql(UPDATE, { id, input: { firstName: 'New', locked: true, password: 'weakpass' } }, admin);
    expect(res.errors?.[0]?.message).toBe('Your password must contain at least one number.');
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses a username another user holds in any letter case, and changes nothing', async () => {
    const id = (await t.gql(CREATE, { input: { username: 'upd4', firstName: 'Kept' } }, admin)).data.createUser.id;
    const before = await rowOf(id);
    const res = await t.gql(UPDATE, { id, input: { username: 'ADMIN', firstName: 'Changed' } }, admin);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe('Error updating user (ADMIN): (User already exists)');
    expect(await rowOf(id)).toEqual(before);
  });

  it('lets a user be renamed to a different letter case of their own name', async () => {
    const id = (await t.gql(CREATE, { input: { username: 'upd5' } }, admin)).data.createUser.id;
    expect((await t.gql(UPDATE, { id, input: { username: 'UPD5' } }, admin)).data.updateUser.username).toBe('UPD5');
  });

  it('answers an unknown user with NOT_FOUND "Unknown User"', async () => {
    const res = await t.gql(UPDATE, { id: NO_SUCH_ID, input: { firstName: 'x' } }, admin);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(res.errors?.[0]?.message).toBe('Unknown User');
  });

  it('does not let an administrator change their own role or flags, but lets them change their name', async () => {
    const deputy = await t.createUser('selfadmin', { role: 'admin' });
    for (const input of [{ role: 'USER' }, { locked: true }, { disabled: true }]) {
      const res = await t.gql(UPDATE, { id: deputy.id, input }, deputy.auth);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect((await rowOf(deputy.id))?.role).toBe('admin');
    const res = await t.gql(UPDATE, { id: deputy.id, input: { firstName: 'Self', locked: false } }, deputy.auth);
    expect(res.data.updateUser).toMatchObject({ firstName: 'Self', locked: false });
  });

  it("does not let an API key change anyone's role", async () => {
    const user = await t.createUser('promote1');
    expect(codeOf(await t.gql(UPDATE, { id: user.id, input: { role: 'ADMIN' } }, API_KEY_HEADER))).toBe('FORBIDDEN');
    expect((await rowOf(user.id))?.role).toBe('user');
    expect((await t.gql(UPDATE, { id: user.id, input: { role: 'ADMIN' } }, admin)).data.updateUser.role).toBe('ADMIN');
  });
});

describe('signing users out', () => {
  const meStatus = async (auth: string) => (await t.gql(ME, {}, auth)).status;

  it('stops the token of a user locked through the API at once, and it stays dead after unlocking', async () => {
    const user = await t.createUser('lock1');
    expect(await meStatus(user.auth)).toBe(200);
    await t.gql(UPDATE, { id: user.id, input: { locked: true } }, admin);
    const res = await t.gql(ME, {}, user.auth);
    expect(res.status).toBe(401);
    await t.gql(UPDATE, { id: user.id, input: { locked: false } }, admin);
    expect(await meStatus(user.auth)).toBe(401);
    expect(await meStatus(await t.login('lock1', DEFAULT_PASSWORD))).toBe(200);
  });

  it('stops the token of a disabled user at once', async () => {
    const user = await t.createUser('disable1');
    await t.gql(UPDATE, { id: user.id, input: { disabled: true } }, API_KEY_HEADER);
    expect(await meStatus(user.auth)).toBe(401);
  });

  it('stops old tokens when the password changes, and the new password signs in', async () => {
    const user = await t.createUser('repass1');
    await t.gql(UPDATE, { id: user.id, input: { password: 'N3w-Passw0rd' } }, admin);
    expect(await meStatus(user.auth)).toBe(401);
    await expect(t.login('repass1', DEFAULT_PASSWORD)).rejects.toThrow(/401/);
    expect(await meStatus(await t.login('repass1', 'N3w-Passw0rd'))).toBe(200);
  });

  it('leaves tokens working after a change of name only', async () => {
    const user = await t.createUser('rename1');
    await t.gql(UPDATE, { id: user.id, input: { firstName: 'Still' } }, admin);
    expect(await meStatus(user.auth)).toBe(200);
  });

  it('logs a user out: every token they hold stops working, and they can sign in again', async () => {
    const user = await t.createUser('logout1');
    const second = await t.login('logout1', DEFAULT_PASSWORD);
    const res = await t.gql(LOGOUT, { id: user.id }, API_KEY_HEADER);
    expect(res.data.logoutUser.id).toBe(user.id);
    expect(await meStatus(user.auth)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(await t.login('logout1', DEFAULT_PASSWORD))).toBe(200);
  });

  it('answers logging out an unknown user with NOT_FOUND', async () => {
    expect(codeOf(await t.gql(LOGOUT, { id: NO_SUCH_ID }, admin))).toBe('NOT_FOUND');
  });
});

describe('deleting users', () => {
  it('deletes a user: the row and memberships are gone and their token stops working', async () => {
    const user = await t.createUser('gone1');
    const res = await t.gql(DELETE, { id: user.id }, API_KEY_HEADER);
    expect(res.data.deleteUser).toBe(user.id);
    expect(await rowOf(user.id)).toBeUndefined();
    const memberships = await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select * from group_memberships where user_id = ?', [user.id]);
    expect(memberships).toEqual([]);
    expect((await t.gql(ME, {}, user.auth)).status).toBe(401);
    expect((await t.gql(USER, { id: user.id }, admin)).data.user).toBeNull();
  });

  it('deletes a user who filed a help request: the request stays, without a requester', async () => {
    const user = await t.createUser('gone_requester');
    const filed = await t.gql(
      'mutation { createHelpRequest(input: { title: "Cannot start Chrome", description: "It hangs" }) { id } }',
      {},
      user.auth,
    );
    const requestId = filed.data.createHelpRequest.id;
    expect((await t.gql(DELETE, { id: user.id }, admin)).data.deleteUser).toBe(user.id);
    const request = await t.gql(
      'query($id: Int!) { helpRequest(id: $id) { title requesterId requester { id } } }',
      { id: requestId },
      admin,
    );
    expect(request.data.helpRequest).toEqual({ title: 'Cannot start Chrome', requesterId: null, requester: null });
  });

  it('needs force to delete an administrator', async () => {
    const deputy = await t.createUser('gone_admin', { role: 'admin' });
    const refused = await t.gql(DELETE, { id: deputy.id }, admin);
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe('Deleting an administrator requires force');
    expect(await rowOf(deputy.id)).toBeDefined();
    expect((await t.gql(DELETE, { id: deputy.id, force: true }, admin)).data.deleteUser).toBe(deputy.id);
  });

  it('answers an unknown user with NOT_FOUND "Unknown User"', async () => {
    const res = await t.gql(DELETE, { id: NO_SUCH_ID }, admin);
    expect(res.errors?.[0]).toMatchObject({ message: 'Unknown User', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('the last active administrator', () => {
  it('cannot be deleted even with force, nor locked, disabled or demoted by anyone', async () => {
    // Every other administrator is deleted or locked first, so "admin" is the last active one.
    const others = await t.gql('{ users(filter: { role: ADMIN }, limit: 500) { users { id username } } }', {}, admin);
    for (const other of others.data.users.users.filter((u: { username: string }) => u.username !== 'admin')) {
      await t.gql(DELETE, { id: other.id, force: true }, admin);
    }
    const refused = await t.gql(DELETE, { id: adminId, force: true }, API_KEY_HEADER);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'The last active administrator cannot be deleted',
      extensions: { code: 'CONFLICT' },
    });
    for (const input of [{ locked: true }, { disabled: true }]) {
      const res = await t.gql(UPDATE, { id: adminId, input }, API_KEY_HEADER);
      expect(res.errors?.[0]?.message).toBe('The last active administrator cannot be demoted, locked or disabled');
    }
    expect(await rowOf(adminId)).toMatchObject({ role: 'admin', locked: false, disabled: false });
    expect((await t.gql(ME, {}, admin)).data.me.username).toBe('admin');
  });

  it('lets only one of two simultaneous deletions of the last two active administrators succeed', async () => {
    let creator = admin;
    const newAdmin = async (username: string) => {
      const res = await t.gql(CREATE, { input: { username, password: DEFAULT_PASSWORD, role: 'ADMIN' } }, creator);
      return { id: res.data.createUser.id as string, username, auth: await t.login(username, DEFAULT_PASSWORD) };
    };
    // Five rounds, because one pair of requests may happen not to overlap.
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await newAdmin(`duo_a${round}`), await newAdmin(`duo_b${round}`)];
      // Lock every other administrator, so that a and b are the only active ones.
      const actives = await t.gql(
        '{ users(filter: { role: ADMIN, locked: false }) { users { id } } }',
        {},
        API_KEY_HEADER,
      );
      for (const other of actives.data.users.users.filter((u: { id: string }) => u.id !== a.id && u.id !== b.id)) {
        expect((await t.gql(UPDATE, { id: other.id, input: { locked: true } }, a.auth)).data.updateUser.locked).toBe(
          true,
        );
      }
      const results = await Promise.all([
        t.gql(DELETE, { id: a.id, force: true }, API_KEY_HEADER),
        t.gql(DELETE, { id: b.id, force: true }, API_KEY_HEADER),
      ]);
      expect(results.map(codeOf).sort()).toEqual(['CONFLICT', undefined]);
      const remaining = await t.gql(
        '{ users(filter: { role: ADMIN, locked: false }) { users { username } } }',
        {},
        API_KEY_HEADER,
      );
      expect(remaining.data.users.users).toHaveLength(1);
      creator = [a, b].find((x) => x.username === remaining.data.users.users[0].username)!.auth;
    }
  });
});
