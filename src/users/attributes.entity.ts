import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity.js';
import { Workspace } from './workspace.entity.js';

export const THEMES = ['Light', 'Dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * A user's preferences on the workspace platform. A user without a row has the defaults, so accounts made before
 * attributes existed need none; the row is written on the first change.
 */
const UserAttributesSchema = defineEntity({
  name: 'UserAttributes',
  tableName: 'user_attributes',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    sshPublicKey: p.text().nullable(),
    showTips: p.boolean().default(true),
    toggleControlPanel: p.boolean().default(true),
    theme: p.enum(THEMES).default('Light'),
    preferredLanguage: p.string().length(64).nullable(),
    preferredTimezone: p.string().length(64).nullable(),
    /** Uninstalling the workspace clears it, so it always names an installed one. */
    defaultImage: () =>
      p.manyToOne(Workspace).nullable().deleteRule('set null').index('user_attributes_default_image_id_index'),
    autoLoginKasm: p.boolean().default(false),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class UserAttributes extends UserAttributesSchema.class {}
UserAttributesSchema.setClass(UserAttributes);
export { UserAttributesSchema };
