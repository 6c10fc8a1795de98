import { Migration } from '@mikro-orm/migrations';

/**
 * Users' attributes (preferences), one row per user that changed any; a user without one has the defaults. The
 * default image points at an installed workspace, and uninstalling that workspace clears it.
 */
export class Migration20261124000100_user_attributes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "user_attributes" ("user_id" varchar(32) not null, "ssh_public_key" text null, "show_tips" boolean not null default true, "toggle_control_panel" boolean not null default true, "theme" text not null default 'Light', "preferred_language" varchar(64) null, "preferred_timezone" varchar(64) null, "default_image_id" varchar(32) null, "auto_login_kasm" boolean not null default false, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(`create index "user_attributes_default_image_id_index" on "user_attributes" ("default_image_id");`);
    this.addSql(
      `alter table "user_attributes" add constraint "user_attributes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_attributes" add constraint "user_attributes_default_image_id_foreign" foreign key ("default_image_id") references "workspaces" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "user_attributes" add constraint "user_attributes_theme_check" check ("theme" in ('Light', 'Dark'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_attributes" cascade;`);
  }
}
