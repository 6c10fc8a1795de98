import { Migration } from '@mikro-orm/migrations';

/** API keys, the credentials of the workspace platform developer API. */
export class Migration20261122000150_api_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_keys" ("id" varchar(32) not null, "key" varchar(64) not null, "secret_hash" varchar(64) not null, "name" varchar(100) not null, "created_at" timestamptz not null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "last_used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_unique" unique ("key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }
}
