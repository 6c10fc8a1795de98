import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ID } from '../../src/users/group.entity.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { KEY_BODY } from './fixtures.js';

/**
 * Hundreds of parallel changes to the same users and groups, through GraphQL and the platform API at once.
 * Whatever the interleaving, the result is one that the same changes made one after another could have
 * produced: no torn update, no lost or duplicated membership, no duplicate username, and never a 5xx.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

type Door = 'rest' | 'graphql';
/** An answer reduced to what both doors share: success, or the code of a documented refusal. */
type Answer = { ok: boolean; status: number; code?: string; message?: string };

const rows = async (sql: string, params: unknown[] = []) => t.app.orm.em.fork().getConnection().execute(sql, params);

async function rest(route: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await t.request(`/api/public/${route}`, { method: 'POST', json: { ...KEY_BODY, ...body } });
  return { ok: res.status === 200, status: res.status, message: res.body?.error_message };
}

async function gql(query: string, variables: Record<string, unknown>): Promise<Answer> {
  const res = await t.gql(query, variables, admin);
  const error = res.errors?.[0];
  return {
    ok: !error && res.status === 200,
    status: res.status,
    code: error?.extensions?.code as string | undefined,
    message: error?.message,
  };
}

const names: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  organization: 'organization',
  password: 'password',
  username: 'username',
};

function updateUser(door: Door, id: string, input: Record<string, string>): Promise<Answer> {
  if (door === 'graphql')
    return gql('mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id } }', {
      id,
      input,
    });
  const target = Object.fromEntries(Object.entries(input).map(([k, v]) => [names[k], v]));
  return rest('update_user', { target_user: { user_id: id, ...target } });
}

function addToGroup(door: Door, userId: string, groupId: string): Promise<Answer> {
  if (door === 'graphql')
    return gql('mutation($u: ID!, $g: ID!) { addUserToGroup(userId: $u, groupId: $g) { id } }', {
      u: userId,
      g: groupId,
    });
  return rest('add_user_group', { target_user: { user_id: userId }, target_group: { group_id: groupId } });
}

function removeFromGroup(door: Door, userId: string, groupId: string): Promise<Answer> {
  if (door === 'graphql')
    return gql('mutation($u: ID!, $g: ID!) { removeUserFromGroup(userId: $u, groupId: $g) { id } }', {
      u: userId,
      g: groupId,
    });
  return rest('remove_user_group', { target_user: { user_id: userId }, target_group: { group_id: groupId } });
}

function deleteUser(door: Door, id: string): Promise<Answer> {
  if (door === 'graphql') return gql('mutation($id: ID!) { deleteUser(id: $id) }', { id });
  return rest('delete_user', { target_user: { user_id: id } });
}

function createUser(door: Door, username: string): Promise<Answer> {
  if (door === 'graphql')
    return gql('mutation($input: CreateUserInput!) { createUser(input: $input) { id } }', { input: { username } });
  return rest('create_user', { target_user: { username } });
}

const door = (i: number): Door => (i % 2 === 0 ? 'rest' : 'graphql');

/**
 * A burst of hundreds of writes queues for the connection pool; a request that waits past the pool's acquire
 * timeout is shed with the documented 503 (SERVICE_UNAVAILABLE, Retry-After) and commits nothing. The checks
 * count what was committed; every answer must be a success, that 503, or the refusal a case names.
 */
const shed = (a: Answer) => a.status === 503 || a.code === 'SERVICE_UNAVAILABLE';
const unexpected = (answers: Answer[]) => answers.filter((a) => !a.ok && !shed(a));

async function newUsers(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.gql<{ createUser: { id: string } }>(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { username: `${prefix}-${i}` } },
      admin,
    );
    ids.push(res.data!.createUser.id);
  }
  return ids;
}

async function newGroup(name: string): Promise<string> {
  const res = await t.gql<{ createGroup: { id: string } }>(
    'mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }',
    { input: { name } },
    admin,
  );
  return res.data!.createGroup.id;
}

async function groupsOf(id: string): Promise<string[]> {
  const res = await t.gql<{ user: { groups: Array<{ id: string }> } }>(
    'query($id: ID!) { user(id: $id) { groups { id } } }',
    { id },
    admin,
  );
  return res.data!.user.groups.map((g) => g.id).sort();
}

const membershipRows = async (groupId: string) =>
  (await rows('select user_id from group_memberships where group_id = ? order by user_id', [groupId])).map((r) =>
    String(r.user_id),
  );

describe('parallel updates of the same users', () => {
  it('ends every user in a state some serial order of 240 updates through both doors gives: no torn update', async () => {
    const ids = await newUsers('torn', 4);
    // Two kinds of update overlap on lastName: X sets (firstName, lastName), Y sets (lastName, organization),
    // each pair to one tag. Serially, lastName carries the tag of whichever ran last, so it must equal firstName's
    // tag or organization's; any other lastName means two updates interleaved inside one another.
    const updates = ids.flatMap((id) =>
      Array.from({ length: 60 }, (_, i) => {
        const input: Record<string, string> =
          i % 2 === 0 ? { firstName: `x${i}`, lastName: `x${i}` } : { lastName: `y${i}`, organization: `y${i}` };
        return { id, input, door: door(i >> 1) };
      }),
    );
    const answers = await Promise.all(updates.map((u) => updateUser(u.door, u.id, u.input)));
    expect(unexpected(answers)).toEqual([]);

    for (const id of ids) {
      const res = await t.gql(
        'query($id: ID!) { user(id: $id) { firstName lastName organization groups { id } } }',
        { id },
        admin,
      );
      const { firstName, lastName, organization, groups } = res.data.user;
      const committed = updates.filter((u, i) => u.id === id && answers[i].ok);
      expect([null, ...committed.map((u) => u.input.firstName).filter(Boolean)]).toContain(firstName);
      expect([null, ...committed.map((u) => u.input.organization).filter(Boolean)]).toContain(organization);
      expect([firstName, organization]).toContain(lastName);
      expect(groups).toEqual([{ id: DEFAULT_GROUP_ID }]);
    }
    const [{ n }] = await rows('select count(*)::int as n from users where username like ?', ['torn-%']);
    expect(n).toBe(4);
  });

  it('keeps exactly one of six passwords set in parallel, and it is the one that signs in', async () => {
    const [id] = await newUsers('keys', 1);
    const passwords = Array.from({ length: 6 }, (_, i) => `Parallel-Passw0rd-${i}!`);
    const answers = await Promise.all([
      ...passwords.map((password, i) => updateUser(door(i), id, { password })),
      ...Array.from({ length: 20 }, (_, i) => updateUser(door(i), id, { firstName: `name ${i}` })),
    ]);
    expect(unexpected(answers)).toEqual([]);
    const logins = await Promise.all(
      passwords.map((password) =>
        t.request('/api/auth/login', { method: 'POST', json: { username: 'keys-0', password } }),
      ),
    );
    const signedIn = passwords.filter((_, i) => logins[i].status === 200);
    expect(signedIn).toHaveLength(answers.slice(0, passwords.length).some((a) => a.ok) ? 1 : 0);
    // The password that works is one whose change was answered with success.
    for (const password of signedIn) expect(answers[passwords.indexOf(password)].ok).toBe(true);
    expect(logins.every((l) => l.status === 200 || l.status === 401)).toBe(true);
  });

  it('gives a username to exactly one of many parallel creates and renames, in any letter case', async () => {
    const creates = await Promise.all(
      Array.from({ length: 24 }, (_, i) => createUser(door(i), ['Dup', 'DUP', 'dup'][i % 3])),
    );
    expect(creates.filter((a) => a.ok)).toHaveLength(creates.every(shed) ? 0 : 1);
    for (const a of creates.filter((a) => !a.ok && !shed(a))) {
      expect(a.message).toMatch(/^Error creating user \((Dup|DUP|dup)\): \(User already exists\)$/);
      expect(a.code ?? 'REST 400').toMatch(/BAD_USER_INPUT|REST 400/);
      expect(a.status).not.toBeGreaterThanOrEqual(500);
    }

    const ids = await newUsers('rename', 12);
    const renames = await Promise.all(
      ids.map((id, i) => updateUser(door(i), id, { username: i % 2 ? 'Taken-Name' : 'taken-name' })),
    );
    expect(renames.filter((a) => a.ok)).toHaveLength(renames.every(shed) ? 0 : 1);
    for (const a of renames.filter((a) => !a.ok && !shed(a))) expect(a.message).toMatch(/User already exists/);

    const counts = await rows(
      `select username_key, count(*)::int as n from users where username_key in ('dup', 'taken-name') group by username_key order by username_key`,
    );
    expect(counts.every((c) => c.n === 1)).toBe(true);
  });
});

describe('parallel group membership changes', () => {
  it('loses no membership while 30 users join a group twice over, 10 leave it, and all of them are updated at the same time', async () => {
    const group = await newGroup('Parallel');
    const joining = await newUsers('join', 30);
    const leaving = await newUsers('leave', 10);
    const staying = await newUsers('stay', 5);
    for (const id of [...leaving, ...staying]) expect((await addToGroup('graphql', id, group)).ok).toBe(true);

    const [joins, leaves, updates] = await Promise.all([
      Promise.all(joining.flatMap((id, i) => [addToGroup(door(i), id, group), addToGroup(door(i + 1), id, group)])),
      Promise.all(leaving.map((id, i) => removeFromGroup(door(i), id, group))),
      Promise.all(
        [...joining, ...leaving, ...staying].map((id, i) => updateUser(door(i), id, { firstName: `member ${i}` })),
      ),
    ]);
    expect(unexpected([...joins, ...leaves, ...updates])).toEqual([]);

    const expected = [
      ...joining.filter((_, i) => joins[2 * i].ok || joins[2 * i + 1].ok),
      ...leaving.filter((_, i) => !leaves[i].ok),
      ...staying,
    ].sort();
    expect(await membershipRows(group)).toEqual(expected);
    const listed = await t.gql(
      'query($g: ID!) { users(filter: { groupId: $g }, limit: 500) { total users { id } } }',
      { g: group },
      admin,
    );
    expect(listed.data.users.total).toBe(expected.length);
    for (const id of [...joining, ...leaving, ...staying]) expect(await groupsOf(id)).toContain(DEFAULT_GROUP_ID);
    // A hundred-odd requests at once, then a check of each user: on a loaded machine more than the default 30 s.
  }, 90_000);

  it('adds one user to eight groups in parallel, while they are updated, and keeps all eight', async () => {
    const [id] = await newUsers('many', 1);
    const groups: string[] = [];
    for (let i = 0; i < 8; i++) groups.push(await newGroup(`Many ${i}`));
    const answers = await Promise.all([
      ...groups.flatMap((g, i) => [addToGroup(door(i), id, g), addToGroup(door(i + 1), id, g)]),
      ...Array.from({ length: 16 }, (_, i) => updateUser(door(i), id, { lastName: `L${i}` })),
    ]);
    expect(unexpected(answers)).toEqual([]);
    const joined = groups.filter((_, i) => answers[2 * i].ok || answers[2 * i + 1].ok);
    expect(await groupsOf(id)).toEqual([DEFAULT_GROUP_ID, ...joined].sort());
    const [{ n }] = await rows('select count(*)::int as n from group_memberships where user_id = ?', [id]);
    expect(n).toBe(1 + joined.length);
  });

  it('settles adds and removes racing on one membership on in or out, the same through every view', async () => {
    const group = await newGroup('Racing');
    const users = await newUsers('race', 6);
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        users.flatMap((id, u) =>
          Array.from({ length: 10 }, (_, i) =>
            i % 2 === 0 ? addToGroup(door(i + u), id, group) : removeFromGroup(door(i + u), id, group),
          ),
        ),
      );
      // An add that found its row removed under it once failed with 500.
      expect(unexpected(answers)).toEqual([]);
      const members = await membershipRows(group);
      for (const id of users) expect((await groupsOf(id)).includes(group)).toBe(members.includes(id));
      const listed = await t.gql('query($g: ID!) { users(filter: { groupId: $g }) { total } }', { g: group }, admin);
      expect(listed.data.users.total).toBe(members.length);
    }
  });

  it('answers updates and joins racing a deletion with success or Unknown User, and leaves no membership behind', async () => {
    const group = await newGroup('Doomed');
    const ids = await newUsers('doomed', 10);
    const work = ids.flatMap((id, i) => [
      { kind: 'delete', run: () => deleteUser(door(i), id) },
      { kind: 'update', run: () => updateUser(door(i), id, { firstName: 'late' }) },
      { kind: 'update', run: () => updateUser(door(i + 1), id, { organization: 'late' }) },
      { kind: 'join', run: () => addToGroup(door(i), id, group) },
      { kind: 'join', run: () => addToGroup(door(i + 1), id, group) },
    ]);
    const answers = await Promise.all(work.map((w) => w.run()));
    for (const [i, a] of answers.entries()) {
      if (a.ok || shed(a)) continue;
      expect(work[i].kind).not.toBe('delete');
      expect(a, `${work[i].kind} ${JSON.stringify(a)}`).toMatchObject({
        message: 'Unknown User',
        status: a.code ? 200 : 400,
      });
    }
    const survivors = ids.filter((_, u) => !answers[5 * u].ok);
    const members = ids.filter(
      (_, u) => survivors.includes(ids[u]) && (answers[5 * u + 3].ok || answers[5 * u + 4].ok),
    );
    expect(await membershipRows(group)).toEqual(members.sort());
    const [{ n }] = await rows('select count(*)::int as n from users where username like ?', ['doomed-%']);
    expect(n).toBe(survivors.length);
  });

  it('answers joins racing the deletion of their group with success or Unknown Group, and leaves no membership behind', async () => {
    const users = await newUsers('orphan', 12);
    for (let round = 0; round < 3; round++) {
      const group = await newGroup(`Short-lived ${round}`);
      const answers = await Promise.all([
        ...users.map((id, i) => addToGroup(door(i), id, group)),
        gql('mutation($id: ID!) { deleteGroup(id: $id) }', { id: group }),
      ]);
      for (const a of answers.filter((a) => !a.ok && !shed(a)))
        expect(a, JSON.stringify(a)).toMatchObject({ message: 'Unknown Group' });
      const kept = answers.at(-1)!.ok ? [] : users.filter((_, i) => answers[i].ok);
      expect(await membershipRows(group)).toEqual(kept.sort());
    }
  });

  it("ends a group's allowed workspaces as exactly one of ten replacements sent in parallel", async () => {
    const group = await newGroup('Replaced');
    const entries = Array.from({ length: 5 }, (_, i) => ({
      name: `pick/ws${i}:1.16.0`,
      friendly_name: `Pick ${i}`,
      description: 'x',
      docker_registry: 'https://index.docker.io/v1/',
      image_src: 'x.png',
      categories: ['Desktop'],
      architecture: ['amd64'],
      compatibility: ['1.16.x'],
      uncompressed_size_mb: 1,
    }));
    const imported = await t.gql(
      'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
      { e: entries },
      admin,
    );
    const installed: string[] = [];
    for (const entry of imported.data.importWorkspaceRegistry) {
      installed.push(
        (await t.gql('mutation($id: ID!) { installWorkspace(entryId: $id) { id } }', { id: entry.id }, admin)).data
          .installWorkspace.id,
      );
    }
    // Overlapping subsets: two replacements that interleaved would leave a mix no single one asked for.
    const subsets = Array.from({ length: 10 }, (_, i) => installed.filter((_, w) => (i + w) % 3 !== 0));
    const answers = await Promise.all(
      subsets.map((w) =>
        gql('mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { id } }', {
          g: group,
          w,
        }),
      ),
    );
    expect(unexpected(answers)).toEqual([]);
    const allowed = (
      await rows('select workspace_id from group_allowed_workspaces where group_id = ? order by workspace_id', [group])
    ).map((r) => String(r.workspace_id));
    expect(['', ...subsets.filter((_, i) => answers[i].ok).map((w) => [...w].sort().join())]).toContain(allowed.join());
  });

  it("answers a group's allowed workspaces racing an uninstall with success or Unknown Workspace, never a dangling workspace", async () => {
    const group = await newGroup('Allowed');
    const entries = Array.from({ length: 4 }, (_, i) => ({
      name: `race/ws${i}:1.16.0`,
      friendly_name: `Race ${i}`,
      description: 'x',
      docker_registry: 'https://index.docker.io/v1/',
      image_src: 'x.png',
      categories: ['Desktop'],
      architecture: ['amd64'],
      compatibility: ['1.16.x'],
      uncompressed_size_mb: 1,
    }));
    const imported = await t.gql(
      'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
      { e: entries },
      admin,
    );
    for (let round = 0; round < 3; round++) {
      const installed: string[] = [];
      for (const entry of imported.data.importWorkspaceRegistry) {
        const res = await t.gql(
          'mutation($id: ID!) { installWorkspace(entryId: $id) { id } }',
          { id: entry.id },
          admin,
        );
        installed.push(res.data.installWorkspace.id);
      }
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          gql('mutation($g: ID!, $w: [ID!]!) { setGroupAllowedWorkspaces(groupId: $g, workspaceIds: $w) { id } }', {
            g: group,
            w: installed,
          }),
        ),
        ...installed.map((id) => gql('mutation($id: ID!) { uninstallWorkspace(id: $id) }', { id })),
      ]);
      for (const a of answers.filter((a) => !a.ok && !shed(a)))
        expect(a, JSON.stringify(a)).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown Workspace' });
      const remaining = installed.filter((_, i) => !answers[8 + i].ok);
      const allowed = (await rows('select workspace_id from group_allowed_workspaces where group_id = ?', [group])).map(
        (r) => String(r.workspace_id),
      );
      for (const w of allowed) expect(remaining).toContain(w);
      for (const w of remaining) await t.gql('mutation($id: ID!) { uninstallWorkspace(id: $id) }', { id: w }, admin);
    }
  });
});
