import { z } from 'zod';

/*
 * The workspace platform's request and response bodies as zod schemas: the routes validate with them and the
 * OpenAPI document is generated from them.
 */

// ---- request bodies ----

const text = z.string().max(10_000);
const nullableText = text.nullable().optional();
/** In the body, as the platform's helpers send them, unless they come as HTTP Basic (see routes.ts). */
const Credentials = {
  api_key: z.string().min(1).optional().describe('Required unless sent as HTTP Basic'),
  api_key_secret: z.string().min(1).optional().describe('Required unless sent as HTTP Basic'),
};
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

/** The attributes update_user_attributes may set; null clears the optional text ones. */
const Attributes = {
  ssh_public_key: z
    .string()
    .max(64 * 1024)
    .nullable()
    .optional()
    .describe('One OpenSSH public key line, at most 16 KiB; null clears it'),
  show_tips: z.boolean().optional(),
  toggle_control_panel: z.boolean().optional(),
  theme: z.enum(['Light', 'Dark']).optional(),
  preferred_language: z
    .string()
    .max(256)
    .nullable()
    .optional()
    .describe('A BCP 47 language tag, such as en-US; null clears it'),
  preferred_timezone: z
    .string()
    .max(256)
    .nullable()
    .optional()
    .describe('An IANA time zone, such as Europe/Berlin; null clears it'),
  default_image: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .describe("An installed workspace's image_id (get_images); null clears it"),
  auto_login_kasm: z.boolean().optional(),
};

export const Bodies = {
  get_users: z.object({
    ...Credentials,
    limit: z.number().int().min(1).max(500).optional(),
    offset: z.number().int().min(0).optional(),
  }),
  get_user: z.object({
    ...Credentials,
    target_user: z
      .object({ user_id: z.string().min(1).max(64).optional(), username: z.string().min(1).max(256).optional() })
      .refine((t) => t.user_id !== undefined || t.username !== undefined, {
        message: 'needs user_id or username',
        path: ['user_id'],
      }),
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
    target_user: TargetUserId.extend({
      username: z.string().max(256).optional(),
      first_name: nullableText,
      last_name: nullableText,
    }),
  }),
  delete_user: z.object({ ...Credentials, target_user: TargetUserId, force: z.boolean().optional() }),
  logout_user: z.object({ ...Credentials, target_user: TargetUserId }),
  add_user_group: z.object({ ...Credentials, target_user: TargetUserId, target_group: TargetGroupId }),
  remove_user_group: z.object({ ...Credentials, target_user: TargetUserId, target_group: TargetGroupId }),
  get_groups: z.object(Credentials),
  get_attributes: z.object({ ...Credentials, target_user: TargetUserId }),
  update_user_attributes: z.object({ ...Credentials, target_user_attributes: TargetUserId.extend(Attributes) }),
  get_images: z.object(Credentials),
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
export const GroupList = z.object({
  groups: z.array(z.object({ group_id: z.string(), name: z.string(), description: z.string().nullable() })),
});
export const AttributesBody = z.object({
  user_attributes: z.object({
    user_id: z.string(),
    ssh_public_key: z.string().nullable(),
    show_tips: z.boolean(),
    toggle_control_panel: z.boolean(),
    theme: z.enum(['Light', 'Dark']),
    preferred_language: z.string().nullable(),
    preferred_timezone: z.string().nullable(),
    default_image: z.string().nullable().describe("An installed workspace's image_id"),
    auto_login_kasm: z.boolean(),
  }),
});
export const ImageList = z.object({
  images: z.array(
    z.object({
      image_id: z
        .string()
        .describe("The installed workspace's id: 32 hexadecimal characters, stable while it stays installed"),
      friendly_name: z.string(),
      name: z.string().describe("The registry entry's image, <namespace>/<repository>:<tag>"),
      description: z.string(),
      image_src: z.string(),
      categories: z.array(z.string()),
      cores: z.number().int().describe("The workspace settings' agent CPU cores override"),
      memory: z.number().int().describe("The workspace settings' agent memory override, in bytes"),
      enabled: z.boolean().describe('Always true: an installed workspace can be launched'),
      available: z.boolean().describe('Always true: an installed workspace can be launched'),
      groups: z
        .array(z.object({ group_id: z.string(), name: z.string() }))
        .describe('The groups whose members may use it'),
    }),
  ),
});
export const errorAnswers = {
  400: {
    description:
      'Invalid Request (no credentials, or a key without its secret), Unknown User, malformed parameters, a rule broken',
    schema: ErrorBody,
  },
  401: { description: 'Access has expired (the key expired or was revoked)', schema: ErrorBody },
  403: {
    description: "Access Denied (wrong key or secret), or Unauthorized (outside the key's permissions)",
    schema: ErrorBody,
  },
};
