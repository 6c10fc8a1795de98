import { Readable } from 'node:stream';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import { defined, runOperation, type Gateway } from './bridge.js';
import { defineRoute, type RestRoute } from './catalog.js';
import { sendLegacyError, sendLegacyStatus } from './errors.js';
import { graphql } from './generated/index.js';
import type { PlatformGetUsersQuery, UpdateUserInput } from './generated/graphql.js';

/**
 * The workspace platform's developer API (`/api/public/*`), as its client helpers call it: every call is a POST
 * whose JSON body carries api_key and api_key_secret. Each route runs a stored GraphQL document with those
 * credentials, so the API key is checked, and every rule applied, exactly as for GraphQL.
 */

// Aliases give the platform's snake_case names straight from the GraphQL result.
const PLATFORM_USER = graphql(`
  fragment PlatformUser on User {
    user_id: id
    username
    first_name: firstName
    last_name: lastName
    locked
    disabled
    organization
    phone
    last_session: lastSession
    created: createdAt
    groups { name group_id: id }
  }
`);

const GET_USERS = graphql(`
  query PlatformGetUsers($limit: Int, $offset: Int) {
    users(limit: $limit, offset: $offset) { users { ...PlatformUser } total }
  }
`);
const GET_USER = graphql(`
  query PlatformGetUser($id: ID, $username: String) {
    user(id: $id, username: $username) { ...PlatformUser }
  }
`);
const CREATE_USER = graphql(`
  mutation PlatformCreateUser($input: CreateUserInput!) {
    user: createUser(input: $input) { ...PlatformUser }
  }
`);
const UPDATE_USER = graphql(`
  mutation PlatformUpdateUser($id: ID!, $input: UpdateUserInput!) {
    user: updateUser(id: $id, input: $input) { ...PlatformUser }
  }
`);
const DELETE_USER = graphql(`
  mutation PlatformDeleteUser($id: ID!, $force: Boolean) {
    deleteUser(id: $id, force: $force)
  }
`);
const LOGOUT_USER = graphql(`
  mutation PlatformLogoutUser($id: ID!) {
    logoutUser(id: $id) { id }
  }
`);
const ADD_USER_GROUP = graphql(`
  mutation PlatformAddUserGroup($userId: ID!, $groupId: ID!) {
    addUserToGroup(userId: $userId, groupId: $groupId) { id }
  }
`);
const REMOVE_USER_GROUP = graphql(`
  mutation PlatformRemoveUserGroup($userId: ID!, $groupId: ID!) {
    removeUserFromGroup(userId: $userId, groupId: $groupId) { id }
  }
`);
const GET_GROUPS = graphql(`
  query PlatformGetGroups {
    groups { group_id: id name description }
  }
`);
const VALIDATE_CREDENTIALS = graphql(`
  query PlatformValidateCredentials {
    validateCredentials
  }
`);

/** The platform writes dates as `YYYY-MM-DD HH:MM:SS.ffffff` in UTC; ours carry milliseconds, padded to micro. */
export const platformDate = (iso: string | null): string | null =>
  iso === null ? null : `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;

interface GqlUser {
  last_session: string | null;
  created: string;
  [field: string]: unknown;
}
const platformUser = (user: GqlUser) => ({ ...user, last_session: platformDate(user.last_session), created: platformDate(user.created) });

/** Users read per operation when get_users answers every user. */
const PAGE_SIZE = 500;

// ---- request bodies --------------------------------------------------------------------------------------------

const text = z.string().max(10_000);
const nullableText = text.nullable().optional();
const Credentials = { api_key: z.string().min(1), api_key_secret: z.string().min(1) };
const TargetUserId = z.object({ user_id: z.string().min(1).max(64) });
const TargetGroupId = z.object({ group_id: z.string().min(1).max(64) });

const Bodies = {
  get_users: z.object({ ...Credentials, limit: z.number().int().min(1).max(500).optional(), offset: z.number().int().min(0).optional() }),
  get_user: z.object({
    ...Credentials,
    target_user: z
      .object({ user_id: z.string().min(1).max(64).optional(), username: z.string().min(1).max(256).optional() })
      .refine((t) => t.user_id !== undefined || t.username !== undefined, { message: 'needs user_id or username', path: ['user_id'] }),
  }),
  create_user: z.object({
    ...Credentials,
    target_user: z.object({
      username: z.string().max(256),
      first_name: nullableText,
      last_name: nullableText,
      locked: z.boolean().optional(),
      disabled: z.boolean().optional(),
      organization: nullableText,
      phone: nullableText,
      password: text.optional(),
    }),
  }),
  update_user: z.object({
    ...Credentials,
    target_user: TargetUserId.extend({
      username: z.string().max(256).optional(),
      first_name: nullableText,
      last_name: nullableText,
      locked: z.boolean().optional(),
      disabled: z.boolean().optional(),
      organization: nullableText,
      phone: nullableText,
      password: text.optional(),
    }),
  }),
  // The helper's later calls: update_user with only the password, or only the names, and update_user's rules.
  update_user_password: z.object({ ...Credentials, target_user: TargetUserId.extend({ password: text }) }),
  update_user_name: z.object({
    ...Credentials,
    target_user: TargetUserId.extend({ username: z.string().max(256).optional(), first_name: nullableText, last_name: nullableText }),
  }),
  delete_user: z.object({ ...Credentials, target_user: TargetUserId, force: z.boolean().optional() }),
  logout_user: z.object({ ...Credentials, target_user: TargetUserId }),
  add_user_group: z.object({ ...Credentials, target_user: TargetUserId, target_group: TargetGroupId }),
  remove_user_group: z.object({ ...Credentials, target_user: TargetUserId, target_group: TargetGroupId }),
  get_groups: z.object(Credentials),
  validate_credentials: z.object(Credentials),
};

/** The profile fields the platform sends, renamed for GraphQL; absent fields stay absent, so they do not change. */
function profileInput(t: Partial<z.infer<typeof Bodies.update_user>['target_user']>): UpdateUserInput {
  const { username, first_name: firstName, last_name: lastName, locked, disabled, organization, phone, password } = t;
  return defined({ username, firstName, lastName, locked, disabled, organization, phone, password });
}

// ---- responses -------------------------------------------------------------------------------------------------

const ErrorBody = z.object({ error_message: z.string() });
const UserBody = z.object({
  user_id: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  locked: z.boolean(),
  disabled: z.boolean(),
  organization: z.string().nullable(),
  phone: z.string().nullable(),
  last_session: z.string().nullable().describe('YYYY-MM-DD HH:MM:SS.ffffff, UTC'),
  created: z.string().describe('YYYY-MM-DD HH:MM:SS.ffffff, UTC'),
  groups: z.array(z.object({ name: z.string(), group_id: z.string() })),
});
const Empty = z.object({});
const errors = {
  400: { description: 'Invalid Request (no credentials, or a key without its secret), Unknown User, malformed parameters, a rule broken', schema: ErrorBody },
  401: { description: 'Access has expired (the key expired or was revoked)', schema: ErrorBody },
  403: { description: "Access Denied (wrong key or secret), or Unauthorized (outside the key's permissions)", schema: ErrorBody },
};

// ---- the routes ------------------------------------------------------------------------------------------------

type Name = keyof typeof Bodies;
type Body<K extends Name> = z.infer<(typeof Bodies)[K]>;
type ApiKey = { key: string; secret: string };
/** What a success body may need beyond the data: get_users reads further pages with the caller's key. */
type Call = { gateway: Gateway; request: FastifyRequest; apiKey: ApiKey };

/** One platform call: its stored document, the variables from the checked body, and the success body from the data. */
interface PublicOperation<K extends Name, T, V> {
  summary: string;
  document: TypedDocumentNode<T, V>;
  variables: (body: Body<K>) => V;
  /** The success body (a stream for every user); `undefined` means the target does not exist. */
  respond: (data: T, body: Body<K>, call: Call) => Record<string, unknown> | Readable | undefined;
  response: z.ZodType;
}

const operations = (define: <K extends Name, T, V extends Record<string, unknown>>(name: K, operation: PublicOperation<K, T, V>) => void) => {
  define('get_users', {
    summary: 'List users, ordered by username: every user, or one page of at most 500 with limit and offset',
    document: GET_USERS,
    variables: (b) => ({ limit: b.limit ?? PAGE_SIZE, offset: b.offset ?? 0 }),
    respond: (d, b, call) =>
      b.limit === undefined ? Readable.from(everyUser(call, d, b.offset ?? 0)) : { users: d.users.users.map(platformUser), total: d.users.total },
    response: z.object({ users: z.array(UserBody), total: z.number().int() }),
  });
  define('get_user', {
    summary: 'One user by user_id or username',
    document: GET_USER,
    variables: (b) => (b.target_user.user_id !== undefined ? { id: b.target_user.user_id } : { username: b.target_user.username }),
    respond: (d) => (d.user ? { user: platformUser(d.user) } : undefined),
    response: z.object({ user: UserBody }),
  });
  define('create_user', {
    summary: 'Create a user (in the default group; without a password, a random one)',
    document: CREATE_USER,
    variables: (b) => ({ input: { ...profileInput(b.target_user), username: b.target_user.username } }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: z.object({ user: UserBody }),
  });
  define('update_user', {
    summary: 'Update a user: only user_id is required, and only the fields sent change',
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: profileInput(b.target_user) }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: z.object({ user: UserBody }),
  });
  define('update_user_password', {
    summary: "Set a user's password (update_user with the password alone)",
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: { password: b.target_user.password } }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: z.object({ user: UserBody }),
  });
  define('update_user_name', {
    summary: "Change a user's username, first or last name (update_user with those alone; only the fields sent change)",
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: profileInput(b.target_user) }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: z.object({ user: UserBody }),
  });
  define('delete_user', {
    summary: 'Delete a user (an administrator needs force: true; never the last one)',
    document: DELETE_USER,
    variables: (b) => ({ id: b.target_user.user_id, force: b.force ?? false }),
    respond: () => ({}),
    response: Empty,
  });
  define('logout_user', {
    summary: "Revoke every one of the user's tokens",
    document: LOGOUT_USER,
    variables: (b) => ({ id: b.target_user.user_id }),
    respond: () => ({}),
    response: Empty,
  });
  define('add_user_group', {
    summary: 'Add a user to a group',
    document: ADD_USER_GROUP,
    variables: (b) => ({ userId: b.target_user.user_id, groupId: b.target_group.group_id }),
    respond: () => ({}),
    response: Empty,
  });
  define('remove_user_group', {
    summary: 'Remove a user from a group (never from the default group)',
    document: REMOVE_USER_GROUP,
    variables: (b) => ({ userId: b.target_user.user_id, groupId: b.target_group.group_id }),
    respond: () => ({}),
    response: Empty,
  });
  define('get_groups', {
    summary: 'List groups',
    document: GET_GROUPS,
    variables: () => ({}),
    respond: (d) => ({ groups: d.groups }),
    response: z.object({ groups: z.array(z.object({ group_id: z.string(), name: z.string(), description: z.string().nullable() })) }),
  });
  define('validate_credentials', {
    summary: "Check an API key and secret (the helper's authenticate-keys)",
    document: VALIDATE_CREDENTIALS,
    variables: () => ({}),
    respond: () => ({}),
    response: Empty,
  });
};

/** Where the first problem is, in the caller's field names, and whether the field was missing or wrong. */
function describeProblem(problem: FastifySchemaValidationError | undefined, body: unknown): string {
  const parts = (problem?.instancePath ?? '').split('/').filter(Boolean);
  let value: unknown = body;
  for (const part of parts) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value === undefined ? `Missing parameter: ${parts.join('.')}` : `Invalid parameter: ${parts.join('.')}`;
}

function credentialsOf(body: unknown): { key: string; secret: string } | undefined {
  const { api_key: key, api_key_secret: secret } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return typeof key === 'string' && key && typeof secret === 'string' && secret ? { key, secret } : undefined;
}

async function answer<K extends Name, T, V extends Record<string, unknown>>(
  gateway: Gateway,
  operation: PublicOperation<K, T, V>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const apiKey = credentialsOf(request.body);
  // The platform answers a request without a complete key pair before looking at anything else.
  if (!apiKey) return sendLegacyStatus(reply, 'public', 400, 'Invalid Request');
  if (request.validationError) {
    // Credentials first, as the platform does: a stranger learns nothing about the parameters.
    const check = await runOperation(gateway, request, VALIDATE_CREDENTIALS, {}, { apiKey });
    if (check.errors?.length) return sendLegacyError(reply, 'public', check.errors[0]);
    return sendLegacyStatus(reply, 'public', 400, describeProblem(request.validationError.validation[0], request.body));
  }
  // The route schema checked the body, and Fastify replaced it with the parsed value.
  const body = request.body as Body<K>;
  const result = await runOperation(gateway, request, operation.document, operation.variables(body), { apiKey });
  if (result.errors?.length) return sendLegacyError(reply, 'public', result.errors[0]);
  const answered = operation.respond(result.data!, body, { gateway, request, apiKey });
  if (answered instanceof Readable) return reply.type('application/json; charset=utf-8').send(answered);
  return answered ?? sendLegacyStatus(reply, 'public', 400, 'Unknown User');
}

type UserPage = PlatformGetUsersQuery;

/**
 * get_users without a limit answers every user, as the platform does, however many there are: page after page of
 * the same stored document (so the key is checked and every rule applied as for one page), each written out as it
 * arrives, so the process holds one page at a time. `total` comes last and counts the users written.
 */
async function* everyUser({ gateway, request, apiKey }: Call, first: UserPage, start: number) {
  let page = first.users.users;
  let written = 0;
  yield '{"users":[';
  for (let offset = start; ; ) {
    if (page.length > 0) yield (written > 0 ? ',' : '') + page.map((user) => JSON.stringify(platformUser(user))).join(',');
    written += page.length;
    if (page.length < PAGE_SIZE) break;
    offset += PAGE_SIZE;
    const next = await runOperation(gateway, request, GET_USERS, { limit: PAGE_SIZE, offset }, { apiKey });
    // Past the first page the status is sent: a failure can only cut the body short, which no client reads as a list.
    if (next.errors?.length) throw new Error(`get_users stopped after ${written} users: ${next.errors[0]!.message}`);
    page = next.data!.users.users;
  }
  yield `],"total":${written}}`;
}

export function registerPublicRoutes(app: FastifyInstance, gateway: Gateway): void {
  operations((name, operation) => {
    const route: RestRoute = {
      method: 'POST',
      path: `/api/public/${name}`,
      summary: operation.summary,
      tag: 'workspace users',
      auth: 'body-api-key',
      body: Bodies[name],
      responses: { 200: { description: 'Done', schema: operation.response }, ...errors },
      invalid: 'attach',
    };
    defineRoute(app, route, (request, reply) => answer(gateway, operation, request, reply));
  });
}
