import { Readable } from 'node:stream';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';
import { defined, runOperation, type OperationRunner } from '../../platform/rest/bridge.js';
import { defineRoute, type RestRoute } from '../../platform/rest/catalog.js';
import { sendLegacyError, sendLegacyStatus } from '../../platform/rest/errors.js';
import { publicApi } from './api.js';
import type {
  PlatformGetUsersQuery,
  UpdateUserInput,
  UserAttributesInput,
} from '../../platform/rest/generated/graphql.js';
import { AttributesBody, Bodies, Empty, errorAnswers, GroupList, ImageList, OneUser, UserList } from './bodies.js';
import {
  ADD_USER_GROUP,
  CREATE_USER,
  DELETE_USER,
  GET_ATTRIBUTES,
  GET_GROUPS,
  GET_IMAGES,
  GET_USER,
  GET_USERS,
  GET_USERS_AFTER,
  LOGOUT_USER,
  REMOVE_USER_GROUP,
  UPDATE_USER,
  UPDATE_USER_ATTRIBUTES,
  VALIDATE_CREDENTIALS,
} from './documents.js';

/**
 * The workspace platform's developer API (`/api/public/*`), as its client helpers call it: every call is a POST
 * whose JSON body carries api_key and api_key_secret (or, as the platform's newer API sends them, HTTP Basic). Each route runs a stored GraphQL document (./documents.ts)
 * with those credentials, so the API key is checked, and every rule applied, exactly as for GraphQL.
 */

/** The platform writes dates as `YYYY-MM-DD HH:MM:SS.ffffff` in UTC; ours carry milliseconds, padded to micro. */
export const platformDate = (iso: string | null): string | null =>
  iso === null ? null : `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;

interface GqlUser {
  last_session: string | null;
  created: string;
  [field: string]: unknown;
}
const platformUser = (user: GqlUser) => ({
  ...user,
  last_session: platformDate(user.last_session),
  created: platformDate(user.created),
});

/** Users get_users reads in its first operation (by offset, as the platform pages), and in each later one (by keyset). */
const PAGE_SIZE = 500;
const NEXT_PAGE_SIZE = 100;

/** The profile fields the platform sends, renamed for GraphQL; absent fields stay absent, so they do not change. */
function profileInput(t: Partial<z.infer<typeof Bodies.update_user>['target_user']>): UpdateUserInput {
  const { username, first_name: firstName, last_name: lastName, locked, disabled, organization, phone, password } = t;
  return defined({ username, firstName, lastName, locked, disabled, organization, phone, password });
}

/** The attributes the platform sends, renamed for GraphQL; absent fields stay absent, so they do not change. */
function attributesInput(
  t: z.infer<typeof Bodies.update_user_attributes>['target_user_attributes'],
): UserAttributesInput {
  return defined({
    sshPublicKey: t.ssh_public_key,
    showTips: t.show_tips,
    toggleControlPanel: t.toggle_control_panel,
    theme: t.theme,
    preferredLanguage: t.preferred_language,
    preferredTimezone: t.preferred_timezone,
    defaultImageId: t.default_image,
    autoLoginKasm: t.auto_login_kasm,
  });
}

type Name = keyof typeof Bodies;
type Body<K extends Name> = z.infer<(typeof Bodies)[K]>;
type ApiKey = { key: string; secret: string };
/** What a success body may need beyond the data: get_users reads further pages with the caller's key. */
type Call = { runner: OperationRunner; request: FastifyRequest; apiKey: ApiKey };

/** One platform call: its stored document, the variables from the checked body, and the success body from the data. */
interface PublicOperation<K extends Name, T, V> {
  summary: string;
  document: TypedDocumentNode<T, V>;
  variables: (body: Body<K>) => V;
  /** The success body (a stream for every user); `undefined` means the target does not exist. */
  respond: (data: T, body: Body<K>, call: Call) => Record<string, unknown> | Readable | undefined;
  response: z.ZodType;
  /**
   * The status for an unknown target user. The older verbs answer 400 as the platform always has; the attribute
   * verbs answer 404, as their callers expect of them.
   */
  unknownUserStatus?: 400 | 404;
}

const operations = (
  define: <K extends Name, T, V extends Record<string, unknown>>(name: K, operation: PublicOperation<K, T, V>) => void,
) => {
  define('get_users', {
    summary: 'List users, ordered by username: every user, or one page of at most 500 with limit and offset',
    document: GET_USERS,
    variables: (b) => ({ limit: b.limit ?? PAGE_SIZE, offset: b.offset ?? 0 }),
    respond: (d, b, call) =>
      b.limit === undefined
        ? Readable.from(everyUser(call, d))
        : { users: d.users.users.map(platformUser), total: d.users.total },
    response: UserList,
  });
  define('get_user', {
    summary: 'One user by user_id or username',
    document: GET_USER,
    variables: (b) =>
      b.target_user.user_id !== undefined ? { id: b.target_user.user_id } : { username: b.target_user.username },
    respond: (d) => (d.user ? { user: platformUser(d.user) } : undefined),
    response: OneUser,
  });
  define('create_user', {
    summary: 'Create a user (in the default group; without a password, a random one)',
    document: CREATE_USER,
    variables: (b) => ({ input: { ...profileInput(b.target_user), username: b.target_user.username } }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: OneUser,
  });
  define('update_user', {
    summary: 'Update a user: only user_id is required, and only the fields sent change',
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: profileInput(b.target_user) }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: OneUser,
  });
  define('update_user_password', {
    summary: "Set a user's password (update_user with the password alone)",
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: { password: b.target_user.password } }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: OneUser,
  });
  define('update_user_name', {
    summary: "Change a user's username, first or last name (update_user with those alone; only the fields sent change)",
    document: UPDATE_USER,
    variables: (b) => ({ id: b.target_user.user_id, input: profileInput(b.target_user) }),
    respond: (d) => ({ user: platformUser(d.user) }),
    response: OneUser,
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
    response: GroupList,
  });
  define('get_attributes', {
    summary: "A user's attributes (preferences), with the defaults for those never set",
    document: GET_ATTRIBUTES,
    variables: (b) => ({ id: b.target_user.user_id }),
    respond: (d) => {
      if (!d.user) return undefined;
      const { default_image: image, ...attributes } = d.user.attributes;
      return { user_attributes: { ...attributes, default_image: image?.id ?? null } };
    },
    response: AttributesBody,
    unknownUserStatus: 404,
  });
  define('update_user_attributes', {
    summary: "Change a user's attributes: only user_id is required, and only the fields sent change, all or nothing",
    document: UPDATE_USER_ATTRIBUTES,
    variables: (b) => ({ id: b.target_user_attributes.user_id, input: attributesInput(b.target_user_attributes) }),
    respond: () => ({}),
    response: Empty,
    unknownUserStatus: 404,
  });
  define('get_images', {
    summary: 'The images users can launch: one per installed workspace',
    document: GET_IMAGES,
    variables: () => ({}),
    respond: (d) => ({
      images: d.workspaces.map(({ entry, memory, ...image }) => ({
        ...image,
        ...entry,
        memory: Number(memory),
        // Installing is what makes a workspace launchable here; there is no separate switch to turn one off.
        enabled: true,
        available: true,
      })),
    }),
    response: ImageList,
  });
  define('validate_credentials', {
    summary: "Check an API key and secret (the helper's authenticate-keys)",
    document: VALIDATE_CREDENTIALS,
    variables: () => ({}),
    respond: () => ({}),
    response: Empty,
  });
};

/**
 * Where the first problem is, in the caller's field names, and whether the field was missing or wrong; for a field
 * with a fixed set of values (a theme), which values it takes.
 */
function describeProblem(problem: FastifySchemaValidationError | undefined, body: unknown): string {
  const parts = (problem?.instancePath ?? '').split('/').filter(Boolean);
  let value: unknown = body;
  for (const part of parts)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (value === undefined) return `Missing parameter: ${parts.join('.')}`;
  // zod reports a value outside an enum as invalid_value, with the values it takes.
  const allowed = problem?.keyword === 'invalid_value' ? (problem.params as { values?: unknown[] }).values : undefined;
  return `Invalid parameter: ${parts.join('.')}${allowed ? ` (one of ${allowed.join(', ')})` : ''}`;
}

/** The key pair in the JSON body; `sent` when the body carries either field at all. */
function bodyKeyPair(body: unknown): { pair?: ApiKey; sent: boolean } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const { api_key: key, api_key_secret: secret } = fields;
  const sent = key !== undefined || secret !== undefined;
  return typeof key === 'string' && key && typeof secret === 'string' && secret
    ? { pair: { key, secret }, sent }
    : { sent };
}

/**
 * The key pair as HTTP Basic (`Authorization: Basic base64(api_key:api_key_secret)`), as the platform's newer
 * developer API sends it: undefined without a Basic header, 'malformed' when it is not valid base64 of two
 * non-empty halves. Other schemes are not this API's and are left alone, as they always were.
 */
function basicKeyPair(header: string | undefined): ApiKey | 'malformed' | undefined {
  const match = header === undefined ? null : /^basic(?:\s+(.*))?$/is.exec(header.trim());
  if (!match) return undefined;
  const encoded = (match[1] ?? '').trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return 'malformed';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return 'malformed';
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The key pair a call comes with, in the body or as HTTP Basic; or the refusal to answer. A call that sends both
 * must send the same pair: one that does not is refused rather than resolved either way, since no caller means it.
 */
function keyPairOf(request: FastifyRequest): { pair: ApiKey } | { refusal: string } {
  const basic = basicKeyPair(request.headers.authorization);
  const body = bodyKeyPair(request.body);
  if (basic === 'malformed') return { refusal: 'Invalid Request' };
  if (basic && body.sent) {
    const agree = body.pair !== undefined && body.pair.key === basic.key && body.pair.secret === basic.secret;
    return agree
      ? { pair: basic }
      : { refusal: 'Invalid Request: the api_key and api_key_secret in the body differ from the Authorization header' };
  }
  const pair = basic ?? body.pair;
  return pair ? { pair } : { refusal: 'Invalid Request' };
}

async function answer<K extends Name, T, V extends Record<string, unknown>>(
  runner: OperationRunner,
  operation: PublicOperation<K, T, V>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const credentials = keyPairOf(request);
  // The platform answers a request without a complete key pair before looking at anything else.
  if ('refusal' in credentials) return sendLegacyStatus(reply, publicApi, 400, credentials.refusal);
  const apiKey = credentials.pair;
  if (request.validationError) {
    // Credentials first, as the platform does: a stranger learns nothing about the parameters.
    const check = await runOperation(runner, request, VALIDATE_CREDENTIALS, {}, { apiKey });
    if (check.errors?.length) return sendLegacyError(reply, publicApi, check.errors[0]);
    return sendLegacyStatus(
      reply,
      publicApi,
      400,
      describeProblem((request.validationError.validation as FastifySchemaValidationError[])[0], request.body),
    );
  }
  // The route schema checked the body, and Fastify replaced it with the parsed value.
  const body = request.body as Body<K>;
  const result = await runOperation(runner, request, operation.document, operation.variables(body), { apiKey });
  const unknownUserStatus = operation.unknownUserStatus ?? 400;
  const error = result.errors?.[0];
  if (error?.extensions?.code === 'NOT_FOUND' && error.message === 'Unknown User')
    return sendLegacyStatus(reply, publicApi, unknownUserStatus, error.message);
  if (error) return sendLegacyError(reply, publicApi, error);
  const answered = operation.respond(result.data!, body, { runner, request, apiKey });
  if (answered instanceof Readable) return reply.type('application/json; charset=utf-8').send(answered);
  return answered ?? sendLegacyStatus(reply, publicApi, unknownUserStatus, 'Unknown User');
}

type UserPage = PlatformGetUsersQuery;

/** One page read on from a cursor: its users, and where the next one starts (null when the list ends). */
export interface KeysetPage<U> {
  users: U[];
  next: string | null;
}

/**
 * The pages after `cursor`, each read only once the one before has been taken. Paging by keyset (users after the
 * last one written, by username) rather than by offset, a user created or deleted during the read shifts nobody:
 * no one is written twice or skipped, as an offset would do when a row before it comes or goes.
 */
export async function* pagesAfter<U>(
  cursor: string | null,
  read: (after: string) => Promise<KeysetPage<U>>,
): AsyncGenerator<U[]> {
  for (let after = cursor; after !== null;) {
    const page = await read(after);
    yield page.users;
    after = page.next;
  }
}

/**
 * get_users without a limit answers every user, as the platform does, however many there are: the first page by
 * offset (the caller's), then page after page of usersConnection from its end, through stored documents (so the
 * key is checked and every rule applied as for one page), each written out as it arrives, so the process holds
 * one page at a time. `total` comes last and counts the users written.
 */
async function* everyUser({ runner, request, apiKey }: Call, first: UserPage) {
  let written = 0;
  const write = (users: readonly GqlUser[]) => {
    const text =
      (written > 0 && users.length > 0 ? ',' : '') + users.map((user) => JSON.stringify(platformUser(user))).join(',');
    written += users.length;
    return text;
  };
  yield '{"users":[' + write(first.users.users);
  const readOn = first.users.users.length < PAGE_SIZE ? null : (first.users.endCursor ?? null);
  const pages = pagesAfter(readOn, async (after) => {
    const next = await runOperation(runner, request, GET_USERS_AFTER, { first: NEXT_PAGE_SIZE, after }, { apiKey });
    // Past the first page the status is sent: a failure can only cut the body short, which no client reads as a list.
    if (next.errors?.length) throw new Error(`get_users stopped after ${written} users: ${next.errors[0].message}`);
    const { edges, pageInfo } = next.data!.usersConnection;
    return { users: edges.map((e) => e.node), next: pageInfo.hasNextPage ? (pageInfo.endCursor ?? null) : null };
  });
  for await (const users of pages) if (users.length > 0) yield write(users);
  yield `],"total":${written}}`;
}

const unknownUserAnswer: RestRoute['responses'] = {
  404: { description: 'Unknown User', schema: errorAnswers[400].schema },
};

export function registerPublicRoutes(app: FastifyInstance, runner: OperationRunner): void {
  operations((name, operation) => {
    const route: RestRoute = {
      method: 'POST',
      path: `/api/public/${name}`,
      summary: operation.summary,
      api: publicApi,
      auth: 'body-api-key',
      body: Bodies[name],
      responses: {
        200: { description: 'Done', schema: operation.response },
        ...errorAnswers,
        ...(operation.unknownUserStatus === 404 ? unknownUserAnswer : {}),
      },
      invalid: 'attach',
    };
    defineRoute(app, route, (request, reply) => answer(runner, operation, request, reply));
  });
}
