import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/identity/api-keys.js';
import { DEFAULT_GROUP_ID } from '../../src/users/group.entity.js';
import { ADMIN_PASSWORD, API_KEY, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { API_KEY_HEADER, KEY_BODY, NO_SUCH_ID } from './fixtures.js';

/**
 * The workspace platform's /api/public routes, and one contract table of their error cases run through both doors:
 * the REST route with the key in the body, and its GraphQL twin with the key in the Authorization header.
 */

let t: TestApp;
let admin: string;
let adminId: string;
let alice: { id: string; auth: string };
let course: string;
const expired = { key: 'expiredkey0123456789abcd', secret: 'expired-secret-0123456789-abcdefghijklmn' };
const revoked = { key: 'revokedkey0123456789abcd', secret: 'revoked-secret-0123456789-abcdefghijklmn' };

const PLATFORM_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}000$/;

/** POSTs to a public route; every answer is checked for leaked secrets on the way. */
async function post(route: string, body: Record<string, unknown>, withKey = true) {
  const res = await t.request(`/api/public/${route}`, {
    method: 'POST',
    json: withKey ? { ...KEY_BODY, ...body } : body,
  });
  const text = JSON.stringify(res.body ?? '');
  expect(text).not.toMatch(/\$argon2|"(password\w*|\w*hash|\w*secret)"\s*:/i);
  expect(text).not.toContain(KEY_BODY.api_key_secret);
  return res;
}

beforeAll(async () => {
  // This key may change administrators' accounts too; what a key without users:modify-admin may not do is in
  // api-key-permissions.test.ts.
  t = await startTestApp({ BOOTSTRAP_API_KEY_PERMISSIONS: 'ordinary,users:modify-admin' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
  alice = await t.createUser('alice');
  await t.gql(
    'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Alice", lastName: "Liddell", organization: "Wonderland", phone: "555-0100" }) { id } }',
    { id: alice.id },
    admin,
  );
  course = (
    await t.gql('mutation { createGroup(input: { name: "Course 101", description: "Autumn" }) { id } }', {}, admin)
  ).data.createGroup.id;
  const em = t.app.orm.em.fork();
  await createApiKey(em, {
    name: 'expired',
    key: expired.key,
    secret: expired.secret,
    expiresAt: new Date(Date.now() - 60_000),
  });
  const { apiKey } = await createApiKey(em, { name: 'revoked', key: revoked.key, secret: revoked.secret });
  apiKey.revokedAt = new Date();
  await em.flush();
});
afterAll(() => t.stop());

const aliceRow = async () =>
  (await t.app.orm.em.fork().getConnection().execute('select * from users where id = ?', [alice.id]))[0] as Record<
    string,
    unknown
  >;

// ---- the contract table ----------------------------------------------------------------------------------------

interface Fixtures {
  alice: string;
  admin: string;
  course: string;
}

interface ContractCase {
  name: string;
  rest: { route: string; body: (f: Fixtures) => Record<string, unknown> };
  graphql: { query: string; variables: (f: Fixtures) => Record<string, unknown> };
  status: number;
  message: string;
  /** The GraphQL twin's code; null when GraphQL answers a lookup with null instead of an error. */
  code: string | null;
}

const UPDATE = 'mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id } }';
const CREATE = 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }';
const update = (
  name: string,
  target: Record<string, unknown>,
  input: Record<string, unknown>,
  message: string,
  code = 'BAD_USER_INPUT',
): ContractCase => ({
  name,
  rest: { route: 'update_user', body: (f) => ({ target_user: { user_id: f.alice, ...target } }) },
  graphql: { query: UPDATE, variables: (f) => ({ id: f.alice, input }) },
  status: 400,
  message,
  code,
});

const contract: ContractCase[] = [
  {
    name: 'update_user for an unknown user',
    rest: { route: 'update_user', body: () => ({ target_user: { user_id: NO_SUCH_ID, first_name: 'X' } }) },
    graphql: { query: UPDATE, variables: () => ({ id: NO_SUCH_ID, input: { firstName: 'X' } }) },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  {
    name: 'update_user with a user_id that is not an id',
    rest: { route: 'update_user', body: () => ({ target_user: { user_id: 'nope' } }) },
    graphql: { query: UPDATE, variables: () => ({ id: 'nope', input: {} }) },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  update(
    'a password without a digit',
    { password: 'Abcdefg!' },
    { password: 'Abcdefg!' },
    'Your password must contain at least one number.',
  ),
  update(
    'a password that is too short',
    { password: 'Ab1!' },
    { password: 'Ab1!' },
    'Your password must be at least 8 characters long',
  ),
  update(
    'a password without a special character',
    { password: 'Abcdefg1' },
    { password: 'Abcdefg1' },
    'Your password must contain at least one special character.',
  ),
  update(
    'a password without a lower case letter',
    { password: 'ABCDEFG1!' },
    { password: 'ABCDEFG1!' },
    'Your password must contain at least one lower case character.',
  ),
  update(
    'a password without an upper case letter',
    { password: 'abcdefg1!' },
    { password: 'abcdefg1!' },
    'Your password must contain at least one upper case character.',
  ),
  update(
    'a phone with spaces',
    { phone: '555 0100' },
    { phone: '555 0100' },
    'Phone must be digits separated by single hyphens, at most 32 characters',
  ),
  update(
    'a phone longer than 32 characters',
    { phone: '1'.repeat(33) },
    { phone: '1'.repeat(33) },
    'Phone must be digits separated by single hyphens, at most 32 characters',
  ),
  update(
    'a password longer than 128 characters',
    { password: 'Ab1!'.repeat(33) },
    { password: 'Ab1!'.repeat(33) },
    'Your password must be at most 128 characters long',
  ),
  update(
    'a phone with a doubled hyphen',
    { phone: '555--0100' },
    { phone: '555--0100' },
    'Phone must be digits separated by single hyphens, at most 32 characters',
  ),
  update(
    'a username with a space',
    { username: 'alice liddell' },
    { username: 'alice liddell' },
    'Username must be 1-64 letters, digits or . _ @ + -',
  ),
  update(
    'a username another user has, in other letter case',
    { username: 'ADMIN' },
    { username: 'ADMIN' },
    'Error updating user (ADMIN): (User already exists)',
  ),
  // Lower-casing "İ" gives two characters, so this 40-character name has an 80-character unique key.
  update(
    'a username whose lower case is longer than 64 characters',
    { username: 'İ'.repeat(40) },
    { username: 'İ'.repeat(40) },
    'Username must be 1-64 letters, digits or . _ @ + -',
  ),
  update(
    'a good name with a weak password (nothing changes)',
    { first_name: 'Changed', password: 'weak' },
    { firstName: 'Changed', password: 'weak' },
    'Your password must contain at least one number.',
  ),
  {
    name: 'create_user with a username that exists in other letter case',
    rest: { route: 'create_user', body: () => ({ target_user: { username: 'ALICE' } }) },
    graphql: { query: CREATE, variables: () => ({ input: { username: 'ALICE' } }) },
    status: 400,
    message: 'Error creating user (ALICE): (User already exists)',
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'create_user with a username whose lower case is longer than 64 characters',
    rest: { route: 'create_user', body: () => ({ target_user: { username: 'İ'.repeat(40) } }) },
    graphql: { query: CREATE, variables: () => ({ input: { username: 'İ'.repeat(40) } }) },
    status: 400,
    message: 'Username must be 1-64 letters, digits or . _ @ + -',
    code: 'BAD_USER_INPUT',
  },
  // Each password rule on create as well, in the platform's order: the first rule broken is the one named.
  ...(
    [
      ['password', 'Your password must contain at least one number.'],
      ['Ab1!', 'Your password must be at least 8 characters long'],
      ['Abcdefg1', 'Your password must contain at least one special character.'],
      ['ABCDEFG1!', 'Your password must contain at least one lower case character.'],
      ['abcdefg1!', 'Your password must contain at least one upper case character.'],
      ['Ab1!'.repeat(33), 'Your password must be at most 128 characters long'],
    ] as const
  ).map(([password, message]): ContractCase => ({
    name: `create_user with the weak password ${password.slice(0, 12)} (${message})`,
    rest: { route: 'create_user', body: () => ({ target_user: { username: 'weakling', password } }) },
    graphql: { query: CREATE, variables: () => ({ input: { username: 'weakling', password } }) },
    status: 400,
    message,
    code: 'BAD_USER_INPUT',
  })),
  {
    name: 'get_user for an unknown user',
    rest: { route: 'get_user', body: () => ({ target_user: { user_id: NO_SUCH_ID } }) },
    graphql: { query: 'query($id: ID) { user(id: $id) { id } }', variables: () => ({ id: NO_SUCH_ID }) },
    status: 400,
    message: 'Unknown User',
    code: null,
  },
  {
    name: 'get_user for an unknown username',
    rest: { route: 'get_user', body: () => ({ target_user: { username: 'nobody' } }) },
    graphql: { query: 'query($u: String) { user(username: $u) { id } }', variables: () => ({ u: 'nobody' }) },
    status: 400,
    message: 'Unknown User',
    code: null,
  },
  {
    name: 'delete_user for an unknown user',
    rest: { route: 'delete_user', body: () => ({ target_user: { user_id: NO_SUCH_ID } }) },
    graphql: { query: 'mutation($id: ID!) { deleteUser(id: $id) }', variables: () => ({ id: NO_SUCH_ID }) },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  {
    name: 'delete_user for an administrator without force',
    rest: { route: 'delete_user', body: (f) => ({ target_user: { user_id: f.admin } }) },
    graphql: { query: 'mutation($id: ID!) { deleteUser(id: $id) }', variables: (f) => ({ id: f.admin }) },
    status: 400,
    message: 'Deleting an administrator requires force',
    code: 'CONFLICT',
  },
  {
    name: 'delete_user for the last active administrator, even with force',
    rest: { route: 'delete_user', body: (f) => ({ target_user: { user_id: f.admin }, force: true }) },
    graphql: { query: 'mutation($id: ID!) { deleteUser(id: $id, force: true) }', variables: (f) => ({ id: f.admin }) },
    status: 400,
    message: 'The last active administrator cannot be deleted',
    code: 'CONFLICT',
  },
  {
    name: 'logout_user for an unknown user',
    rest: { route: 'logout_user', body: () => ({ target_user: { user_id: NO_SUCH_ID } }) },
    graphql: { query: 'mutation($id: ID!) { logoutUser(id: $id) { id } }', variables: () => ({ id: NO_SUCH_ID }) },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  {
    name: 'add_user_group for an unknown group',
    rest: {
      route: 'add_user_group',
      body: (f) => ({ target_user: { user_id: f.alice }, target_group: { group_id: NO_SUCH_ID } }),
    },
    graphql: {
      query: 'mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }',
      variables: (f) => ({ u: f.alice, g: NO_SUCH_ID }),
    },
    status: 400,
    message: 'Unknown Group',
    code: 'NOT_FOUND',
  },
  {
    name: 'add_user_group for an unknown user',
    rest: {
      route: 'add_user_group',
      body: (f) => ({ target_user: { user_id: NO_SUCH_ID }, target_group: { group_id: f.course } }),
    },
    graphql: {
      query: 'mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }',
      variables: (f) => ({ u: NO_SUCH_ID, g: f.course }),
    },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  {
    name: 'remove_user_group for an unknown group',
    rest: {
      route: 'remove_user_group',
      body: (f) => ({ target_user: { user_id: f.alice }, target_group: { group_id: NO_SUCH_ID } }),
    },
    graphql: {
      query: 'mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }',
      variables: (f) => ({ u: f.alice, g: NO_SUCH_ID }),
    },
    status: 400,
    message: 'Unknown Group',
    code: 'NOT_FOUND',
  },
  {
    name: 'remove_user_group for an unknown user',
    rest: {
      route: 'remove_user_group',
      body: (f) => ({ target_user: { user_id: NO_SUCH_ID }, target_group: { group_id: f.course } }),
    },
    graphql: {
      query: 'mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }',
      variables: (f) => ({ u: NO_SUCH_ID, g: f.course }),
    },
    status: 400,
    message: 'Unknown User',
    code: 'NOT_FOUND',
  },
  {
    name: 'remove_user_group from the default group',
    rest: {
      route: 'remove_user_group',
      body: (f) => ({ target_user: { user_id: f.alice }, target_group: { group_id: DEFAULT_GROUP_ID } }),
    },
    graphql: {
      query: 'mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }',
      variables: (f) => ({ u: f.alice, g: DEFAULT_GROUP_ID }),
    },
    status: 400,
    message: 'Every user belongs to the default group',
    code: 'BAD_USER_INPUT',
  },
];

describe('the contract table, through both doors', () => {
  const fixtures = (): Fixtures => ({ alice: alice.id, admin: adminId, course });

  describe.each(contract)('$name', (row) => {
    it(`REST /api/public/${row.rest.route} answers ${row.status} with the message, and changes nothing`, async () => {
      const before = await aliceRow();
      const res = await post(row.rest.route, row.rest.body(fixtures()));
      expect(res.status).toBe(row.status);
      expect(res.body).toEqual({ error_message: row.message });
      expect(await aliceRow()).toEqual(before);
    });

    it(`GraphQL answers ${row.code ?? 'null'}${row.code ? ' with the same message' : ''}, and changes nothing`, async () => {
      const before = await aliceRow();
      const res = await t.gql(row.graphql.query, row.graphql.variables(fixtures()), API_KEY_HEADER);
      if (row.code === null) {
        expect(res.errors).toBeUndefined();
        expect(Object.values(res.data as object)[0]).toBeNull();
      } else {
        expect(res.errors?.[0]).toMatchObject({ message: row.message, extensions: { code: row.code } });
      }
      expect(await aliceRow()).toEqual(before);
    });
  });
});

// ---- credentials: every route, both doors ----------------------------------------------------------------------

const ROUTES = [
  'get_users',
  'get_user',
  'create_user',
  'update_user',
  'delete_user',
  'logout_user',
  'add_user_group',
  'remove_user_group',
  'get_groups',
  'validate_credentials',
];

interface CredentialCase {
  name: string;
  body: Record<string, unknown>;
  /** What a GraphQL caller sends for the same credentials, in the Authorization header. */
  header: string | undefined;
  status: number;
  message: string;
  reason: string | undefined;
}

const credentialCases: CredentialCase[] = [
  { name: 'no credentials', body: {}, header: undefined, status: 400, message: 'Invalid Request', reason: undefined },
  {
    name: 'a key without its secret',
    body: { api_key: API_KEY },
    header: `ApiKey ${API_KEY}`,
    status: 400,
    message: 'Invalid Request',
    reason: 'missing',
  },
  {
    name: 'a key with an empty secret',
    body: { api_key: API_KEY, api_key_secret: '' },
    header: `ApiKey ${API_KEY}:`,
    status: 400,
    message: 'Invalid Request',
    reason: 'missing',
  },
  {
    name: 'a secret without its key',
    body: { api_key_secret: 'whatever' },
    header: 'ApiKey :whatever',
    status: 400,
    message: 'Invalid Request',
    reason: 'missing',
  },
  {
    name: 'a key and secret that are not strings',
    body: { api_key: 1, api_key_secret: ['x'] },
    header: undefined,
    status: 400,
    message: 'Invalid Request',
    reason: undefined,
  },
  {
    name: 'a wrong secret',
    body: { api_key: API_KEY, api_key_secret: 'not-the-secret' },
    header: `ApiKey ${API_KEY}:not-the-secret`,
    status: 403,
    message: 'Access Denied',
    reason: 'invalid',
  },
  {
    name: 'an unknown key',
    body: { api_key: 'nobodyskey', api_key_secret: 'x' },
    header: 'ApiKey nobodyskey:x',
    status: 403,
    message: 'Access Denied',
    reason: 'invalid',
  },
  {
    name: 'an expired key',
    body: { api_key: expired.key, api_key_secret: expired.secret },
    header: `ApiKey ${expired.key}:${expired.secret}`,
    status: 401,
    message: 'Access has expired',
    reason: 'expired',
  },
  {
    name: 'a revoked key',
    body: { api_key: revoked.key, api_key_secret: revoked.secret },
    header: `ApiKey ${revoked.key}:${revoked.secret}`,
    status: 401,
    message: 'Access has expired',
    reason: 'expired',
  },
];

describe('credentials, on every route', () => {
  describe.each(credentialCases)('$name', (row) => {
    it(`REST answers ${row.status} "${row.message}" on every route, before looking at the parameters`, async () => {
      for (const route of ROUTES) {
        const res = await post(
          route,
          { ...row.body, target_user: { user_id: alice.id, first_name: 'Intruder' } },
          false,
        );
        expect({ route, status: res.status, body: res.body }).toEqual({
          route,
          status: row.status,
          body: { error_message: row.message },
        });
      }
      expect((await aliceRow()).first_name).toBe('Alice');
    });

    it('the GraphQL twin answers UNAUTHENTICATED for the same credentials', async () => {
      const res = await t.gql(
        'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Intruder" }) { id } }',
        { id: alice.id },
        row.header,
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      if (row.reason) expect(res.errors?.[0]?.extensions?.reason).toBe(row.reason);
      expect((await aliceRow()).first_name).toBe('Alice');
    });
  });

  it('does not accept a bearer token on /api/public: the key pair is what counts', async () => {
    const res = await t.request('/api/public/get_users', {
      method: 'POST',
      json: {},
      headers: { authorization: admin },
    });
    expect(res).toMatchObject({ status: 400, body: { error_message: 'Invalid Request' } });
  });

  it('answers validate_credentials with 200 {} for a valid key pair', async () => {
    expect(await post('validate_credentials', {})).toMatchObject({ status: 200, body: {} });
  });
});

// ---- malformed parameters --------------------------------------------------------------------------------------

describe('malformed parameters', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['update_user', {}, 'Missing parameter: target_user'],
    ['update_user', { target_user: {} }, 'Missing parameter: target_user.user_id'],
    ['update_user', { target_user: 'alice' }, 'Invalid parameter: target_user'],
    ['update_user', { target_user: { user_id: 42 } }, 'Invalid parameter: target_user.user_id'],
    ['update_user', { target_user: { user_id: 'x', locked: 'yes' } }, 'Invalid parameter: target_user.locked'],
    ['update_user', { target_user: { user_id: 'x', username: null } }, 'Invalid parameter: target_user.username'],
    ['update_user', { target_user: { user_id: 'x', password: 12345678 } }, 'Invalid parameter: target_user.password'],
    ['create_user', { target_user: {} }, 'Missing parameter: target_user.username'],
    ['get_user', { target_user: {} }, 'Missing parameter: target_user.user_id'],
    ['delete_user', { target_user: { user_id: 'x' }, force: 'yes' }, 'Invalid parameter: force'],
    ['add_user_group', { target_user: { user_id: 'x' } }, 'Missing parameter: target_group'],
    [
      'remove_user_group',
      { target_user: { user_id: 'x' }, target_group: { group_id: 7 } },
      'Invalid parameter: target_group.group_id',
    ],
    ['get_users', { limit: 0 }, 'Invalid parameter: limit'],
  ])('%s with %j answers 400 "%s"', async (route, body, message) => {
    const res = await post(route, body);
    expect(res).toMatchObject({ status: 400, body: { error_message: message } });
  });

  it('answers a body that is not JSON with 400 in the platform shape', async () => {
    const res = await t.request('/api/public/update_user', {
      method: 'POST',
      body: '{"api_key":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error_message']);
  });

  it('answers an unknown route with 404 in the platform shape', async () => {
    const res = await post('no_such_thing', {});
    expect(res).toMatchObject({ status: 404, body: { error_message: 'Not Found' } });
  });
});

// ---- the routes at work ----------------------------------------------------------------------------------------

describe('update_user', () => {
  it('changes only the fields sent, and answers 200 {user} in the platform shape', async () => {
    const res = await post('update_user', { target_user: { user_id: alice.id, organization: 'Looking Glass' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(res.body.user).toEqual({
      user_id: alice.id,
      username: 'alice',
      first_name: 'Alice',
      last_name: 'Liddell',
      locked: false,
      disabled: false,
      organization: 'Looking Glass',
      phone: '555-0100',
      last_session: expect.stringMatching(PLATFORM_DATE),
      created: expect.stringMatching(PLATFORM_DATE),
      groups: [{ name: 'All Users', group_id: DEFAULT_GROUP_ID }],
    });
  });

  it('accepts a request with only user_id and changes nothing', async () => {
    const before = await aliceRow();
    const res = await post('update_user', { target_user: { user_id: alice.id } });
    expect(res.status).toBe(200);
    expect({ ...(await aliceRow()), updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('sets a new password that signs in, and the old token stops working', async () => {
    const bob = await t.createUser('bob');
    const res = await post('update_user', { target_user: { user_id: bob.id, password: 'Fr3sh-Passw0rd' } });
    expect(res.status).toBe(200);
    expect((await t.gql('{ me { id } }', {}, bob.auth)).status).toBe(401);
    await expect(t.login('bob', 'Fr3sh-Passw0rd')).resolves.toMatch(/^Bearer /);
  });

  it('locks and disables through the flags, and the user is signed out at once', async () => {
    const carol = await t.createUser('carol');
    const locked = await post('update_user', { target_user: { user_id: carol.id, locked: true } });
    expect(locked.body.user).toMatchObject({ locked: true, disabled: false });
    expect((await t.gql('{ me { id } }', {}, carol.auth)).status).toBe(401);
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'carol', password: DEFAULT_PASSWORD },
    });
    expect(login).toMatchObject({ status: 403, body: { message: 'Account is locked' } });
    const disabled = await post('update_user', { target_user: { user_id: carol.id, locked: false, disabled: true } });
    expect(disabled.body.user).toMatchObject({ locked: false, disabled: true });
  });

  it('clears a profile field sent as null', async () => {
    const dave = await t.createUser('dave');
    await post('update_user', { target_user: { user_id: dave.id, phone: '555-0199' } });
    const res = await post('update_user', { target_user: { user_id: dave.id, phone: null } });
    expect(res.body.user.phone).toBeNull();
  });
});

describe('answers that need no connection after the commit', () => {
  /**
   * Under load a request may wait for a pooled connection and be shed with 503. A write whose answer still had
   * to read (the user's groups) after its commit could be told 503 for a change that was made; so the groups are
   * read inside the transaction, and nothing runs after the commit.
   */
  const isCommit = (statement: string) => /^(\[query\] )?commit\b/i.test(statement);
  const afterCommit = (statements: string[]) => statements.slice(statements.findLastIndex(isCommit) + 1);

  it('update_user reads the groups it answers with before it commits', async () => {
    const { result, statements } = await t.countQueries(() =>
      post('update_user', { target_user: { user_id: alice.id, last_name: 'Liddell' } }),
    );
    expect(result.body.user.groups).toEqual([{ name: 'All Users', group_id: DEFAULT_GROUP_ID }]);
    expect(statements.some(isCommit)).toBe(true);
    expect(afterCommit(statements)).toEqual([]);
  });

  it('create_user reads the groups it answers with before it commits', async () => {
    const { result, statements } = await t.countQueries(() =>
      post('create_user', { target_user: { username: 'kate' } }),
    );
    expect(result.status).toBe(200);
    expect(result.body.user.groups).toEqual([{ name: 'All Users', group_id: DEFAULT_GROUP_ID }]);
    expect(afterCommit(statements)).toEqual([]);
  });

  it('the GraphQL twins do the same when asked for groups, and read no groups when not asked', async () => {
    const asked = await t.countQueries(() =>
      t.gql(
        UPDATE.replace('{ id }', '{ id groups { name } }'),
        { id: alice.id, input: { lastName: 'Liddell' } },
        API_KEY_HEADER,
      ),
    );
    expect(asked.result.data.updateUser.groups).toEqual([{ name: 'All Users' }]);
    expect(afterCommit(asked.statements)).toEqual([]);
    const notAsked = await t.countQueries(() =>
      t.gql(UPDATE, { id: alice.id, input: { lastName: 'Liddell' } }, API_KEY_HEADER),
    );
    expect(notAsked.statements.filter((s) => /group_memberships/.test(s))).toEqual([]);
  });
});

describe('the other routes', () => {
  it('get_users lists users in the platform shape with a total', async () => {
    const res = await post('get_users', {});
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.users.length);
    const found = res.body.users.find((u: { username: string }) => u.username === 'alice');
    expect(found).toMatchObject({
      user_id: alice.id,
      created: expect.stringMatching(PLATFORM_DATE),
      groups: [{ name: 'All Users', group_id: DEFAULT_GROUP_ID }],
    });
    const page = await post('get_users', { limit: 1, offset: 1 });
    expect(page.body.users).toHaveLength(1);
    expect(page.body.total).toBe(res.body.total);
  });

  it('get_user finds a user by user_id or by username', async () => {
    const byId = await post('get_user', { target_user: { user_id: alice.id } });
    const byName = await post('get_user', { target_user: { username: 'Alice' } });
    expect(byId.status).toBe(200);
    expect(byName.body).toEqual(byId.body);
    expect(byId.body.user.username).toBe('alice');
  });

  it('create_user creates a user in the default group, with a random password when none is sent', async () => {
    const res = await post('create_user', {
      target_user: { username: 'erin', first_name: 'Erin', phone: '1-800-555-0199' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      username: 'erin',
      first_name: 'Erin',
      phone: '1-800-555-0199',
      locked: false,
      last_session: null,
      groups: [{ name: 'All Users', group_id: DEFAULT_GROUP_ID }],
    });
    expect(res.body.user.user_id).toMatch(/^[0-9a-f]{32}$/);
    const withPassword = await post('create_user', { target_user: { username: 'frank', password: 'Fr4nk-Passw0rd' } });
    expect(withPassword.status).toBe(200);
    await expect(t.login('frank', 'Fr4nk-Passw0rd')).resolves.toMatch(/^Bearer /);
  });

  it('delete_user deletes a user and answers {}; the user is then unknown and their token dead', async () => {
    const gina = await t.createUser('gina');
    expect(await post('delete_user', { target_user: { user_id: gina.id } })).toMatchObject({ status: 200, body: {} });
    expect(await post('get_user', { target_user: { user_id: gina.id } })).toMatchObject({
      status: 400,
      body: { error_message: 'Unknown User' },
    });
    expect((await t.gql('{ me { id } }', {}, gina.auth)).status).toBe(401);
  });

  it('delete_user deletes an administrator only with force', async () => {
    const hank = await t.createUser('hank', { role: 'admin' });
    expect((await post('delete_user', { target_user: { user_id: hank.id } })).status).toBe(400);
    expect(await post('delete_user', { target_user: { user_id: hank.id }, force: true })).toMatchObject({
      status: 200,
      body: {},
    });
  });

  it('logout_user revokes the tokens and answers {}', async () => {
    const ivy = await t.createUser('ivy');
    expect(await post('logout_user', { target_user: { user_id: ivy.id } })).toMatchObject({ status: 200, body: {} });
    expect((await t.gql('{ me { id } }', {}, ivy.auth)).status).toBe(401);
  });

  it('add_user_group and remove_user_group change membership and answer {}', async () => {
    const jack = await t.createUser('jack');
    const membership = { target_user: { user_id: jack.id }, target_group: { group_id: course } };
    expect(await post('add_user_group', membership)).toMatchObject({ status: 200, body: {} });
    const groups = (await post('get_user', { target_user: { user_id: jack.id } })).body.user.groups.map(
      (g: { name: string }) => g.name,
    );
    expect(groups).toEqual(['All Users', 'Course 101']);
    expect(await post('remove_user_group', membership)).toMatchObject({ status: 200, body: {} });
    expect((await post('get_user', { target_user: { user_id: jack.id } })).body.user.groups).toEqual([
      { name: 'All Users', group_id: DEFAULT_GROUP_ID },
    ]);
  });

  it('get_groups lists the groups with id, name and description', async () => {
    const res = await post('get_groups', {});
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([
      { group_id: DEFAULT_GROUP_ID, name: 'All Users', description: 'Every user belongs to this group.' },
      { group_id: course, name: 'Course 101', description: 'Autumn' },
    ]);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character with 400 and changes nothing; a NUL key is simply a wrong key', async () => {
    // Both once reached the database as a protocol error and answered 500.
    const before = (await post('get_user', { target_user: { user_id: alice.id } })).body.user;
    const res = await post('update_user', {
      target_user: { user_id: alice.id, first_name: 'Al\u0000ice', organization: 'Elsewhere' },
    });
    expect(res).toMatchObject({ status: 400, body: { error_message: 'Text must not contain NUL characters' } });
    expect((await post('get_user', { target_user: { user_id: alice.id } })).body.user).toEqual(before);
    expect((await post('get_user', { target_user: { username: 'alice\u0000' } })).status).toBe(400);

    const key = await post('get_users', { api_key: 'testkey\u0000', api_key_secret: 'whatever-secret' }, false);
    expect(key).toMatchObject({ status: 403, body: { error_message: 'Access Denied' } });
  });
});
