import { z } from 'zod';

/*
 * The workspace platform's request and response bodies as zod schemas: the routes validate with them and the
 * OpenAPI document is generated from them.
 */

// ---- request bodies ----

const text = z.string().max(10_000);
const nullableText = text.nullable().optional();
const Credentials = { api_key: z.string().min(1), api_key_secret: z.string().min(1) };
const TargetUserId = z.object({ user_id: z.string().min(1).max(64) });
const TargetGroupId = z.object({ group_id: z.string().min(1).max(64) });
/** What create_user and update_user may set besides the username. */
const Profile = {
  first_name: nullableText,
  last_name: nullableText,
  locked: z.boolean().optional(),
  disabled: z.boolean().optional(),
  organization: nullableText,
  phone: nullableText,
  password: text.optional(),
};

export const Bodies = {
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
      ...Profile,
    }),
  }),
  update_user: z.object({
    ...Credentials,
    target_user: TargetUserId.extend({
      username: z.string().max(256).optional(),
      ...Profile,
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

// ---- responses ----

const ErrorBody = z.object({ error_message: z.string() });
export const UserBody = z.object({
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
export const Empty = z.object({});
export const UserList = z.object({ users: z.array(UserBody), total: z.number().int() });
export const OneUser = z.object({ user: UserBody });
export const GroupList = z.object({ groups: z.array(z.object({ group_id: z.string(), name: z.string(), description: z.string().nullable() })) });
export const errorAnswers = {
  400: { description: 'Invalid Request (no credentials, or a key without its secret), Unknown User, malformed parameters, a rule broken', schema: ErrorBody },
  401: { description: 'Access has expired (the key expired or was revoked)', schema: ErrorBody },
  403: { description: "Access Denied (wrong key or secret), or Unauthorized (outside the key's permissions)", schema: ErrorBody },
};
