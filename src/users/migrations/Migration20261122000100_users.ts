import { Migration } from '@mikro-orm/migrations';

/** User accounts. */
export class Migration20261122000100_users extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "users" ("id" varchar(32) not null, "username" varchar(64) not null, "username_key" varchar(64) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "role" text not null default 'user', "locked" boolean not null default false, "disabled" boolean not null default false, "organization" varchar(200) null, "phone" varchar(32) null, "password_hash" varchar(255) not null, "token_version" int not null default 0, "last_session" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('user', 'admin'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
