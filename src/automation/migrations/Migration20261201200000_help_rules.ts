import { Migration } from '@mikro-orm/migrations';

/*
 * Rules over the help desk's events: triggers (after a change), automations (on a timer), macros (applied by hand),
 * and webhooks with their delivery outbox. Conditions and actions are stored as the JSON the service checked when
 * the rule was saved. An automation's firings hold one row per request while its conditions hold, so it fires once
 * until they stop holding. Deliveries are an outbox: rows claimed FOR UPDATE SKIP LOCKED by whichever replica gets
 * there first (the platform's outbox worker), and a claim that outlives its lease is taken again (at least once). Secrets are stored sealed
 * (AES-256-GCM under WEBHOOK_SECRETS_KEY), never in the clear.
 */
export class Migration20261201200000_help_rules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "help_triggers" (
      "id" varchar(32) primary key,
      "name" text not null,
      "active" boolean not null default true,
      "position" int not null,
      "events" text[] not null,
      "conditions" jsonb not null,
      "actions" jsonb not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "help_triggers_position_index" on "help_triggers" ("position", "id");`);
    this.addSql(`create table "help_automations" (
      "id" varchar(32) primary key,
      "name" text not null,
      "active" boolean not null default true,
      "position" int not null,
      "conditions" jsonb not null,
      "actions" jsonb not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create table "help_automation_firings" (
      "automation_id" varchar(32) not null references "help_automations" ("id") on delete cascade,
      "request_id" int not null references "help_requests" ("id") on delete cascade,
      "fired_at" timestamptz not null,
      primary key ("automation_id", "request_id"));`);
    this.addSql(`create index "help_automation_firings_request_index" on "help_automation_firings" ("request_id");`);
    this.addSql(`create table "help_macros" (
      "id" varchar(32) primary key,
      "name" text not null,
      "actions" jsonb not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create table "help_rule_firings" (
      "id" bigserial primary key,
      "request_id" int not null references "help_requests" ("id") on delete cascade,
      "rule_kind" text not null check ("rule_kind" in ('trigger', 'automation', 'macro')),
      "rule_id" varchar(32) not null,
      "rule_name" text not null,
      "outcome" text not null check ("outcome" in ('fired', 'skipped')),
      "reason" text null,
      "at" timestamptz not null);`);
    this.addSql(`create index "help_rule_firings_request_index" on "help_rule_firings" ("request_id", "id");`);
    this.addSql(`create table "help_webhooks" (
      "id" varchar(32) primary key,
      "url" text not null,
      "description" text null,
      "events" text[] not null,
      "active" boolean not null default true,
      "secret_sealed" text not null,
      "previous_secret_sealed" text null,
      "previous_secret_expires_at" timestamptz null,
      "disabled_reason" text null,
      "disabled_at" timestamptz null,
      "failing_since" timestamptz null,
      "dropped_events" int not null default 0,
      "dropped_since" timestamptz null,
      "created_at" timestamptz not null);`);
    // The platform's outbox columns (src/platform/outbox/worker.ts) and the delivery's own: which webhook, the
    // message id receivers see (a redelivery keeps it), the body as it was built when the event happened.
    this.addSql(`create table "help_webhook_deliveries" (
      "id" bigserial primary key,
      "webhook_id" varchar(32) not null references "help_webhooks" ("id") on delete cascade,
      "message_id" text not null,
      "event_type" text not null,
      "payload" text not null,
      "state" text not null default 'pending' check ("state" in ('pending', 'sending', 'sent', 'failed', 'skipped')),
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "last_error" text null,
      "last_status" int null,
      "created_at" timestamptz not null,
      "settled_at" timestamptz null);`);
    this.addSql(
      `create index "help_webhook_deliveries_due_index" on "help_webhook_deliveries" ("next_attempt_at") where "state" in ('pending', 'sending');`,
    );
    // The per-webhook bound counts what waits; the log pages a webhook's deliveries newest first.
    this.addSql(
      `create index "help_webhook_deliveries_waiting_index" on "help_webhook_deliveries" ("webhook_id") where "state" in ('pending', 'sending');`,
    );
    this.addSql(
      `create index "help_webhook_deliveries_log_index" on "help_webhook_deliveries" ("webhook_id", "id" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "help_webhook_deliveries";`);
    this.addSql(`drop table if exists "help_webhooks";`);
    this.addSql(`drop table if exists "help_rule_firings";`);
    this.addSql(`drop table if exists "help_macros";`);
    this.addSql(`drop table if exists "help_automation_firings";`);
    this.addSql(`drop table if exists "help_automations";`);
    this.addSql(`drop table if exists "help_triggers";`);
  }
}
