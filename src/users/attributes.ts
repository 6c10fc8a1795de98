import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/auth/principal.js';
import { changesBetween, type AuditRecorder } from '../audit/recorder.js';
import { userTarget } from './audit-events.js';
import { ValidationError } from '../platform/errors.js';
import { isHexId } from '../platform/ids.js';
import { THEMES, UserAttributes, type Theme } from './attributes.entity.js';
import { assertMayChange, unknownUser } from './directory.js';
import { changesOwnAccount } from './access.js';
import { User } from './user.entity.js';
import { notNull } from './validation.js';
import { Workspace } from './workspace.entity.js';

/**
 * A user's attributes (the platform's per-user preferences): the rules for each value as pure functions, and the
 * service that reads and changes them. A user without a stored row has the defaults.
 */

export interface UserAttributesInput {
  sshPublicKey?: string | null;
  showTips?: boolean | null;
  toggleControlPanel?: boolean | null;
  theme?: Theme | null;
  preferredLanguage?: string | null;
  preferredTimezone?: string | null;
  defaultImageId?: string | null;
  autoLoginKasm?: boolean | null;
}

/** What the API shows: the stored values, or the defaults for a user who never changed any. */
export interface UserAttributesView {
  userId: string;
  sshPublicKey: string | null;
  showTips: boolean;
  toggleControlPanel: boolean;
  theme: Theme;
  preferredLanguage: string | null;
  preferredTimezone: string | null;
  defaultImageId: string | null;
  autoLoginKasm: boolean;
}

/** What the audit trail compares of a user's attributes changed by someone else. */
const AUDITED_ATTRIBUTES = [
  'sshPublicKey',
  'showTips',
  'toggleControlPanel',
  'theme',
  'preferredLanguage',
  'preferredTimezone',
  'defaultImageId',
  'autoLoginKasm',
] as const;

export const defaultAttributes = (userId: string): UserAttributesView => ({
  userId,
  sshPublicKey: null,
  showTips: true,
  toggleControlPanel: true,
  theme: 'Light',
  preferredLanguage: null,
  preferredTimezone: null,
  defaultImageId: null,
  autoLoginKasm: false,
});

export const attributesView = (row: UserAttributes): UserAttributesView => ({
  userId: row.user.id,
  sshPublicKey: row.sshPublicKey ?? null,
  showTips: row.showTips,
  toggleControlPanel: row.toggleControlPanel,
  theme: row.theme,
  preferredLanguage: row.preferredLanguage ?? null,
  preferredTimezone: row.preferredTimezone ?? null,
  defaultImageId: row.defaultImage?.id ?? null,
  autoLoginKasm: row.autoLoginKasm,
});

// ---- the rules ----

/** An authorized_keys line may be long (RSA 16384-bit keys with a comment), but not unbounded. */
export const SSH_KEY_MAX_BYTES = 16 * 1024;

/** The key types OpenSSH accepts from a user today; DSA keys are gone from OpenSSH, and certificates are not keys. */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// A comment is free text on the same line; control characters would let one line pass for two in a file.
const CONTROL = /\p{Cc}/u;

/**
 * One OpenSSH public key line, `<type> <base64 key> [comment]`, as it goes into authorized_keys: a known type, and
 * a key body that decodes and names the same type (a key pasted under another type's name would fail to log in
 * silently). Options before the type are refused: they belong to the server's file, not to a user's preference.
 */
export function sshPublicKey(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const label = 'SSH public key';
  if (Buffer.byteLength(value, 'utf8') > SSH_KEY_MAX_BYTES)
    throw new ValidationError(`${label} must be at most 16 KiB`, 'sshPublicKey');
  const line = value.trim();
  if (/[\r\n]/.test(line)) throw new ValidationError(`${label} must be a single line (one key)`, 'sshPublicKey');
  if (CONTROL.test(line)) throw new ValidationError(`${label} must not contain control characters`, 'sshPublicKey');
  const [type, body, ...comment] = line.split(/[ \t]+/);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type)) {
    throw new ValidationError(
      `${label} must start with a known key type (${SSH_KEY_TYPES.join(', ')})`,
      'sshPublicKey',
    );
  }
  if (body === undefined || body.length % 4 !== 0 || !BASE64.test(body)) {
    throw new ValidationError(`${label} must have its key data in base64 after the type`, 'sshPublicKey');
  }
  const blob = Buffer.from(body, 'base64');
  const length = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  const embedded =
    length >= 0 && 4 + length < blob.length ? blob.subarray(4, 4 + length).toString('latin1') : undefined;
  if (embedded !== type) throw new ValidationError(`${label}'s key data is not a ${type} key`, 'sshPublicKey');
  return [type, body, ...comment].join(' ');
}

/** A BCP 47 language tag, in its canonical form (`en-us` → `en-US`). */
export function languageTag(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const tag = value.trim();
  const problem = new ValidationError(
    'Preferred language must be a BCP 47 language tag, such as en-US',
    'preferredLanguage',
  );
  if (tag.length > 64) throw problem;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) throw problem;
    return canonical;
  } catch {
    throw problem;
  }
}

/** An IANA time zone name, as the zone database spells it (`europe/berlin` → `Europe/Berlin`); not a UTC offset. */
export function timeZone(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const zone = value.trim();
  const problem = new ValidationError(
    'Preferred timezone must be an IANA time zone, such as Europe/Berlin',
    'preferredTimezone',
  );
  // Newer engines also take offsets such as +01:00, which follow no daylight-saving rules: not a zone.
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) throw problem;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw problem;
  }
}

export function theme(value: string | null): Theme {
  if (!(THEMES as readonly (string | null)[]).includes(value))
    throw new ValidationError(`Theme must be ${THEMES.join(' or ')}`, 'theme');
  return value as Theme;
}

const bool = (value: boolean | null, field: string): boolean => notNull(value, field);

type Changes = Partial<Omit<UserAttributesView, 'userId'>>;

/** Every value checked before anything is read or written; only the fields present change. */
function changesOf(input: UserAttributesInput): Changes {
  const out: Changes = {};
  if (input.sshPublicKey !== undefined) out.sshPublicKey = sshPublicKey(input.sshPublicKey);
  if (input.showTips !== undefined) out.showTips = bool(input.showTips, 'showTips');
  if (input.toggleControlPanel !== undefined)
    out.toggleControlPanel = bool(input.toggleControlPanel, 'toggleControlPanel');
  if (input.theme !== undefined) out.theme = theme(input.theme);
  if (input.preferredLanguage !== undefined) out.preferredLanguage = languageTag(input.preferredLanguage);
  if (input.preferredTimezone !== undefined) out.preferredTimezone = timeZone(input.preferredTimezone);
  if (input.defaultImageId !== undefined)
    out.defaultImageId = input.defaultImageId === null || input.defaultImageId === '' ? null : input.defaultImageId;
  if (input.autoLoginKasm !== undefined) out.autoLoginKasm = bool(input.autoLoginKasm, 'autoLoginKasm');
  return out;
}

const unknownImage = () =>
  new ValidationError('Default image must be the id of an installed workspace', 'defaultImageId');

// ---- the service ----

/**
 * Users' attributes. Shield decides who may call (the person themselves, administrators, keys with users:view or
 * users:modify); whose attributes a key may change is decided here, as for every other change to an account: an
 * administrator's need users:modify-admin.
 */
export class UserAttributesService {
  constructor(private readonly audit: AuditRecorder) {}

  /**
   * Changes only the fields sent, in one transaction: a bad value, an unknown user or an unknown image leaves
   * everything as it was. The user row is locked so that a concurrent deletion either waits or wins outright, and
   * the workspace is read FOR SHARE so it cannot be uninstalled between the check and the write.
   */
  async update(
    em: EntityManager,
    actor: Actor,
    userId: string,
    input: UserAttributesInput,
  ): Promise<UserAttributesView> {
    const changes = changesOf(input);
    return em.transactional(async (tx) => {
      const user = isHexId(userId)
        ? await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!user) throw unknownUser();
      assertMayChange(actor, user);
      const { defaultImageId, ...values } = changes;
      let defaultImage: Workspace | null | undefined;
      if (defaultImageId !== undefined) {
        defaultImage = null;
        if (defaultImageId !== null) {
          if (!isHexId(defaultImageId)) throw unknownImage();
          defaultImage = await tx.findOne(Workspace, { id: defaultImageId }, { lockMode: LockMode.PESSIMISTIC_READ });
          if (!defaultImage) throw unknownImage();
        }
      }
      const stored = await tx.findOne(UserAttributes, { user: user.id });
      const before = stored ? attributesView(stored) : defaultAttributes(user.id);
      const row = stored ?? tx.create(UserAttributes, { user });
      tx.assign(row, { ...values, ...(defaultImage !== undefined ? { defaultImage } : {}) });
      await tx.flush();
      const after = attributesView(row);
      // Someone else's preferences (an SSH key that signs in as them, say) are a privileged change; one's own are not.
      const bySomeoneElse = !changesOwnAccount(actor, user.id);
      const audited = changesBetween(before, after, AUDITED_ATTRIBUTES);
      if (bySomeoneElse && audited.length)
        this.audit.record(tx, actor, { action: 'user.attributes_update', target: userTarget(user), changes: audited });
      return after;
    });
  }
}
