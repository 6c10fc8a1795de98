import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in sessions: every sign-in opens one and its tokens name it, so signing out can end exactly that one.
 * A session is open while it has not ended, has not expired, and was opened at the user's current token version
 * (a version bump — lock, disable, role or password change, logout_user — ends every session at once).
 * Ending a session, or carrying it over to a new version, notifies the account-changed channel with its user's id
 * (src/identity/account-status-cache.ts), so every process forgets what it cached of that user at commit.
 * A new session notifies nobody: no process can have cached a session that did not exist.
 */
export class Migration20261125000100_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sessions" (
  "id" varchar(32) not null,
  "user_id" varchar(32) not null,
  "token_version" int not null,
  "created_at" timestamptz not null,
  "expires_at" timestamptz not null,
  "last_seen_at" timestamptz not null,
  "ended_at" timestamptz null,
  "user_agent" varchar(512) null,
  constraint "sessions_pkey" primary key ("id"),
  constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
);`);
    this.addSql(`create index "sessions_user_id_open_index" on "sessions" ("user_id") where "ended_at" is null;`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);
    this.addSql(`create function "sessions_notify_account_changed"() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('trellis_account_changed', new.user_id);
  return null;
end $fn$;`);
    this.addSql(`create trigger "sessions_account_changed_update" after update on "sessions" for each row
  when (old.ended_at is distinct from new.ended_at or old.token_version is distinct from new.token_version or old.user_id is distinct from new.user_id)
  execute function "sessions_notify_account_changed"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop function if exists "sessions_notify_account_changed"();`);
  }
}
