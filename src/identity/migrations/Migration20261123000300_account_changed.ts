import { Migration } from '@mikro-orm/migrations';

/**
 * Tells every gateway process, at commit, whose account changed in what a token check reads (see
 * src/identity/account-status-cache.ts), whatever wrote it. Other columns (names, last session) notify nobody.
 */
export class Migration20261123000300_account_changed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "users_notify_account_changed"() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('trellis_account_changed', coalesce(old.id, new.id));
  return null;
end $fn$;`);
    this.addSql(`create trigger "users_account_changed_update" after update on "users" for each row
  when (old.id is distinct from new.id or old.username is distinct from new.username or old.role is distinct from new.role
     or old.locked is distinct from new.locked or old.disabled is distinct from new.disabled
     or old.token_version is distinct from new.token_version or old.tokens_revoked_at is distinct from new.tokens_revoked_at)
  execute function "users_notify_account_changed"();`);
    this.addSql(
      `create trigger "users_account_changed_delete" after delete on "users" for each row execute function "users_notify_account_changed"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "users_account_changed_update" on "users";`);
    this.addSql(`drop trigger if exists "users_account_changed_delete" on "users";`);
    this.addSql(`drop function if exists "users_notify_account_changed"();`);
  }
}
