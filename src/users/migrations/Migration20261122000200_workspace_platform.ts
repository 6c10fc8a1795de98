import { Migration } from '@mikro-orm/migrations';

/**
 * Groups and memberships, the workspace registry, installed workspaces, each group's allowed workspaces,
 * and the administrative workspace settings. Creates the default group (every user belongs to it, including
 * those who existed before this migration) and the one settings row with the platform's defaults.
 */
export class Migration20261122000200_workspace_platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "workspace_file_mappings" ("id" varchar(32) not null, "name" varchar(100) not null, "description" varchar(1000) not null default '', "destination_path" varchar(1024) not null, "executable" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "groups" ("id" varchar(32) not null, "name" varchar(100) not null, "name_key" varchar(100) not null, "description" varchar(1000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "groups" add constraint "groups_name_key_unique" unique ("name_key");`);
    this.addSql(
      `create table "workspace_registry_entries" ("id" varchar(32) not null, "name" varchar(255) not null, "friendly_name" varchar(200) not null, "description" text not null, "docker_registry" varchar(2048) not null, "image_src" varchar(255) not null, "run_config" jsonb null, "exec_config" jsonb null, "categories" text[] not null, "architecture" text[] not null, "compatibility" text[] not null, "uncompressed_size_mb" double precision not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "workspace_registry_entries" add constraint "workspace_registry_entries_name_unique" unique ("name");`,
    );
    this.addSql(
      `create table "group_memberships" ("user_id" varchar(32) not null, "group_id" varchar(32) not null, "created_at" timestamptz not null, primary key ("user_id", "group_id"));`,
    );
    this.addSql(`create index "group_memberships_group_id_index" on "group_memberships" ("group_id");`);
    this.addSql(
      `create table "workspaces" ("id" varchar(32) not null, "entry_id" varchar(32) not null, "installed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "workspaces" add constraint "workspaces_entry_id_unique" unique ("entry_id");`);
    this.addSql(
      `create table "group_allowed_workspaces" ("group_id" varchar(32) not null, "workspace_id" varchar(32) not null, primary key ("group_id", "workspace_id"));`,
    );
    this.addSql(
      `create index "group_allowed_workspaces_workspace_id_index" on "group_allowed_workspaces" ("workspace_id");`,
    );
    this.addSql(
      `create table "workspace_settings" ("id" int not null, "agent_cpu_cores" int not null default 2, "agent_memory_bytes" bigint not null default '4100000000', "zone_proxy_port" int not null default 8443, "persistent_profile_path" varchar(1024) null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "group_memberships" add constraint "group_memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "group_memberships" add constraint "group_memberships_group_id_foreign" foreign key ("group_id") references "groups" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "workspaces" add constraint "workspaces_entry_id_foreign" foreign key ("entry_id") references "workspace_registry_entries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "group_allowed_workspaces" add constraint "group_allowed_workspaces_group_id_foreign" foreign key ("group_id") references "groups" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "group_allowed_workspaces" add constraint "group_allowed_workspaces_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `insert into "groups" ("id", "name", "name_key", "description", "created_at", "updated_at") values ('68d557ac4cac42cca9f31c7c853de0f3', 'All Users', 'all users', 'Every user belongs to this group.', now(), now());`,
    );
    this.addSql(
      `insert into "group_memberships" ("user_id", "group_id", "created_at") select "id", '68d557ac4cac42cca9f31c7c853de0f3', now() from "users";`,
    );
    this.addSql(`insert into "workspace_settings" ("id", "updated_at") values (1, now());`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "workspace_file_mappings" cascade;`);
    this.addSql(`drop table if exists "workspace_settings" cascade;`);
    this.addSql(`drop table if exists "group_allowed_workspaces" cascade;`);
    this.addSql(`drop table if exists "workspaces" cascade;`);
    this.addSql(`drop table if exists "workspace_registry_entries" cascade;`);
    this.addSql(`drop table if exists "group_memberships" cascade;`);
    this.addSql(`drop table if exists "groups" cascade;`);
  }
}
