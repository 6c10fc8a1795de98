import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail: one row per privileged change. Indexed for newest-first pages, alone and within each filter
 * (actor, target, action), so every page is read off an index from its cursor on.
 *
 * Append-only in the database too: a trigger refuses every UPDATE, every TRUNCATE, and every DELETE except in a
 * transaction that has set `trellis.audit_prune` (retention pruning, src/audit/retention.ts). A bug or an injected
 * statement elsewhere in the process cannot rewrite or erase history through the ORM.
 */
export class Migration20261125001000_audit_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_events" ("id" varchar(32) not null, "occurred_at" timestamptz not null, "actor_type" varchar(16) not null, "actor_id" varchar(64) null, "actor_name" varchar(255) null, "action" varchar(64) not null, "target_type" varchar(32) not null, "target_id" varchar(64) null, "target_name" varchar(255) null, "changes" jsonb not null, "request_id" varchar(100) null, "client_address" varchar(64) null, primary key ("id"));`,
    );
    this.addSql(`create index "audit_events_occurred_index" on "audit_events" ("occurred_at", "id");`);
    this.addSql(
      `create index "audit_events_actor_occurred_index" on "audit_events" ("actor_id", "occurred_at", "id");`,
    );
    this.addSql(
      `create index "audit_events_target_occurred_index" on "audit_events" ("target_id", "occurred_at", "id");`,
    );
    this.addSql(`create index "audit_events_action_occurred_index" on "audit_events" ("action", "occurred_at", "id");`);
    this.addSql(`create function "audit_events_append_only"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and current_setting('trellis.audit_prune', true) = 'on' then
          return old;
        end if;
        raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end
    $$;`);
    this.addSql(
      `create trigger "audit_events_append_only" before update or delete on "audit_events" for each row execute function "audit_events_append_only"();`,
    );
    this.addSql(
      `create trigger "audit_events_no_truncate" before truncate on "audit_events" for each statement execute function "audit_events_append_only"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_events" cascade;`);
    this.addSql(`drop function if exists "audit_events_append_only"();`);
  }
}
