import { Migration } from '@mikro-orm/migrations';

/**
 * API keys carry permissions. Keys that exist keep working with the ordinary set, which leaves administrators'
 * accounts alone; a new key states its own, so the column has no default once the existing rows are filled.
 *
 * The ordinary set is written out as it stood on this migration's date, so that a later change to the list of
 * permissions never changes what this migration gives the keys it finds.
 */
export class Migration20261123000400_api_key_permissions extends Migration {
  override async up(): Promise<void> {
    const ordinary = `{"users:view","users:create","users:modify","users:delete","groups:view","groups:modify","registry","settings"}`;
    this.addSql(`alter table "api_keys" add column "permissions" text[] not null default '${ordinary}';`);
    this.addSql(`alter table "api_keys" alter column "permissions" drop default;`);
    this.addSql(`alter table "api_keys" add column "read_only" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_keys" drop column if exists "read_only";`);
    this.addSql(`alter table "api_keys" drop column if exists "permissions";`);
  }
}
