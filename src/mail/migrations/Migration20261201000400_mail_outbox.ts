import { Migration } from '@mikro-orm/migrations';

/*
 * Mail out. Each mail is a mail_outbox row written in the transaction of the change that causes it, rendered
 * then (so it says what was true at that moment), and sent by whichever replica claims it (the platform outbox's
 * columns: state, attempts, next_attempt_at, last_error, created_at, settled_at). Administrators who asked to be
 * mailed keep their address and events in mail_agent_notifications; an address is used only once confirmed
 * through the one-time link mailed to it (only the link token's hash is stored).
 */
export class Migration20261201000400_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mail_outbox" (
      "id" bigserial primary key,
      "state" text not null default 'pending' check ("state" in ('pending', 'sending', 'sent', 'failed', 'skipped')),
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "last_error" text null,
      "created_at" timestamptz not null,
      "settled_at" timestamptz null,
      "request_id" int null references "help_requests" ("id") on delete cascade,
      "help_message_id" int null references "help_messages" ("id") on delete cascade,
      "recipient_kind" text not null check ("recipient_kind" in ('contact', 'agent', 'address')),
      "recipient_ref" text null,
      "to_address" varchar(254) not null,
      "to_name" text not null default '',
      "template" text not null,
      "event" text null,
      "by_rule" text null,
      "subject" text not null,
      "text_body" text not null,
      "html_body" text not null,
      "message_id" text not null unique,
      "in_reply_to" text null,
      "refs" text null,
      "reply_to" text null,
      "auto_reply" boolean not null default false);`);
    this.addSql(
      `create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at") where "state" in ('pending', 'sending');`,
    );
    this.addSql(`create index "mail_outbox_request_index" on "mail_outbox" ("request_id", "id");`);
    this.addSql(`create index "mail_outbox_message_index" on "mail_outbox" ("help_message_id");`);
    this.addSql(`create table "mail_agent_notifications" (
      "user_id" varchar(32) primary key references "users" ("id") on delete cascade,
      "email" varchar(254) not null,
      "email_key" varchar(254) not null,
      "events" text[] not null default '{}',
      "confirmed_at" timestamptz null,
      "confirm_token_hash" varchar(64) null unique,
      "confirm_expires_at" timestamptz null,
      "deliverable" boolean not null default true,
      "failed_deliveries" int not null default 0,
      "updated_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_agent_notifications" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
  }
}
