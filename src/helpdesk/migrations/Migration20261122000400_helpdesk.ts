import { Migration } from '@mikro-orm/migrations';

/** Help requests with their history and administrator responses, and the FAQ. */
export class Migration20261122000400_helpdesk extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "help_priority" as enum ('low', 'medium', 'high', 'urgent');`);
    this.addSql(`create type "help_status" as enum ('open', 'in_progress', 'on_hold', 'resolved', 'closed');`);
    this.addSql(
      `create table "faqs" ("id" serial primary key, "question" varchar(500) not null, "answer" text not null, "category" text not null, "tags" varchar(1100) not null default '', "display_order" int not null default 0, "is_active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("question", '') || ' ' || coalesce("answer", '') || ' ' || replace(coalesce("tags", ''), ',', ' '))) stored not null);`,
    );
    this.addSql(`create index "faqs_listing_index" on "faqs" ("is_active", "category", "display_order", "id");`);
    this.addSql(`create index "faqs_search_index" on "faqs" using gin ("search_vector");`);
    this.addSql(
      `create table "help_requests" ("id" serial primary key, "title" varchar(200) not null, "description" text not null, "category" text not null, "priority" "help_priority" not null, "contact_email" varchar(254) null, "status" "help_status" not null, "requester_id" varchar(32) null, "assigned_to_id" varchar(32) null, "admin_notes" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", ''))) stored not null);`,
    );
    this.addSql(`create index "help_requests_assigned_to_id_index" on "help_requests" ("assigned_to_id");`);
    this.addSql(`create index "help_requests_updated_at_index" on "help_requests" ("updated_at");`);
    this.addSql(
      `create index "help_requests_requester_created_index" on "help_requests" ("requester_id", "created_at");`,
    );
    this.addSql(`create index "help_requests_status_created_index" on "help_requests" ("status", "created_at");`);
    this.addSql(`create index "help_requests_category_created_index" on "help_requests" ("category", "created_at");`);
    this.addSql(`create index "help_requests_priority_created_index" on "help_requests" ("priority", "created_at");`);
    this.addSql(`create index "help_requests_created_at_index" on "help_requests" ("created_at");`);
    this.addSql(`create index "help_requests_title_index" on "help_requests" ("title");`);
    this.addSql(`create index "help_requests_search_index" on "help_requests" using gin ("search_vector");`);
    this.addSql(
      `create table "help_responses" ("id" serial primary key, "request_id" int not null, "responder_id" varchar(32) null, "response" text not null, "new_status" "help_status" null, "is_public" boolean not null default true, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "help_responses_responder_id_index" on "help_responses" ("responder_id");`);
    this.addSql(`create index "help_responses_request_index" on "help_responses" ("request_id", "created_at");`);
    this.addSql(
      `create table "help_request_history" ("id" serial primary key, "request_id" int not null, "action" text not null, "field" varchar(50) null, "old_value" text null, "new_value" text null, "internal" boolean not null default false, "actor_id" varchar(32) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "help_request_history_actor_id_index" on "help_request_history" ("actor_id");`);
    this.addSql(`create index "help_request_history_request_index" on "help_request_history" ("request_id", "id");`);
    this.addSql(
      `alter table "faqs" add constraint "faqs_category_check" check ("category" in ('technical', 'account', 'general', 'bug_report', 'feature_request', 'billing', 'other'));`,
    );
    this.addSql(
      `alter table "help_requests" add constraint "help_requests_requester_id_foreign" foreign key ("requester_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_requests" add constraint "help_requests_assigned_to_id_foreign" foreign key ("assigned_to_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_requests" add constraint "help_requests_category_check" check ("category" in ('technical', 'account', 'general', 'bug_report', 'feature_request', 'billing', 'other'));`,
    );
    this.addSql(
      `alter table "help_responses" add constraint "help_responses_request_id_foreign" foreign key ("request_id") references "help_requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "help_responses" add constraint "help_responses_responder_id_foreign" foreign key ("responder_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_request_id_foreign" foreign key ("request_id") references "help_requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_action_check" check ("action" in ('created', 'updated', 'assigned', 'responded'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "help_request_history" cascade;`);
    this.addSql(`drop table if exists "help_responses" cascade;`);
    this.addSql(`drop table if exists "help_requests" cascade;`);
    this.addSql(`drop table if exists "faqs" cascade;`);
    this.addSql(`drop type if exists "help_status";`);
    this.addSql(`drop type if exists "help_priority";`);
  }
}
