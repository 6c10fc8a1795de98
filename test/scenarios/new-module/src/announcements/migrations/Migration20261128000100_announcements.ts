import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000100_announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "announcements" ("id" serial primary key, "text" varchar(280) not null, "published_at" timestamptz not null);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "announcements";`);
  }
}
