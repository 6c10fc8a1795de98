import { Migration } from '@mikro-orm/migrations';

/** When a user's tokens were last revoked: external issuers' tokens carry no token version, so they are revoked by time. */
export class Migration20261123000100_tokens_revoked_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "tokens_revoked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "tokens_revoked_at";`);
  }
}
