import { Migration } from '@mikro-orm/migrations';

/*
 * Conversations: a request's thread of messages (both sides and the system), and the contacts requests are
 * answered at.
 *
 * A contact is unique by its address's key: the local part exactly as written, the domain folded to lowercase
 * ASCII (IDNA), computed by the application. A request's thread row names its contact and, for a follow-up of a
 * closed request, the request it follows. An administrator's response stays a help_responses row (its REST and
 * GraphQL answers unchanged); a trigger adds it to the thread as an AGENT message in the same statement, so no
 * writer of responses can leave the thread behind, and the rows already there are added here.
 */
export class Migration20261201000300_help_conversations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "help_contacts" (
      "id" serial primary key,
      "email" varchar(254) not null,
      "email_key" varchar(254) not null unique,
      "name" varchar(200) null,
      "locale" varchar(35) not null default 'en',
      "user_id" varchar(32) null references "users" ("id") on delete set null,
      "deliverable" boolean not null default true,
      "failed_deliveries" int not null default 0,
      "blocked" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "help_contacts_user_index" on "help_contacts" ("user_id");`);
    this.addSql(`create index "help_contacts_created_index" on "help_contacts" ("created_at", "id");`);
    this.addSql(`create table "help_request_threads" (
      "request_id" int primary key references "help_requests" ("id") on delete cascade,
      "contact_id" int null references "help_contacts" ("id") on delete set null,
      "follow_up_of" int null references "help_requests" ("id") on delete set null);`);
    this.addSql(
      `create index "help_request_threads_contact_index" on "help_request_threads" ("contact_id", "request_id");`,
    );
    this.addSql(`create table "help_messages" (
      "id" serial primary key,
      "request_id" int not null references "help_requests" ("id") on delete cascade,
      "author_role" text not null check ("author_role" in ('REQUESTER', 'AGENT', 'CONTACT', 'SYSTEM')),
      "author_id" varchar(32) null references "users" ("id") on delete set null,
      "contact_id" int null references "help_contacts" ("id") on delete set null,
      "response_id" int null unique references "help_responses" ("id") on delete cascade,
      "body" text not null,
      "full_body" text not null,
      "html" text null,
      "visibility" text not null check ("visibility" in ('PUBLIC', 'INTERNAL')),
      "channel" text not null check ("channel" in ('WEB', 'API', 'EMAIL')),
      "created_at" timestamptz not null);`);
    this.addSql(`create index "help_messages_request_index" on "help_messages" ("request_id", "id");`);
    this.addSql(
      `alter table "help_attachments" add column "message_id" int null references "help_messages" ("id") on delete cascade;`,
    );
    this.addSql(`create function "help_responses_into_thread"() returns trigger language plpgsql as $fn$
begin
  insert into help_messages (request_id, author_role, author_id, response_id, body, full_body, visibility, channel, created_at)
  values (new.request_id, case when new.responder_id is null then 'SYSTEM' else 'AGENT' end, new.responder_id, new.id, new.response, new.response,
          case when new.is_public then 'PUBLIC' else 'INTERNAL' end, 'API', new.created_at);
  return null;
end $fn$;`);
    this.addSql(
      `create trigger "help_responses_into_thread" after insert on "help_responses" for each row execute function "help_responses_into_thread"();`,
    );
    this
      .addSql(`insert into help_messages (request_id, author_role, author_id, response_id, body, full_body, visibility, channel, created_at)
      select request_id, case when responder_id is null then 'SYSTEM' else 'AGENT' end, responder_id, id, response, response,
             case when is_public then 'PUBLIC' else 'INTERNAL' end, 'API', created_at
        from help_responses order by id;`);
    this.addSql(`alter table "help_request_history" drop constraint "help_request_history_action_check";`);
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_action_check" check ("action" in ('created', 'updated', 'assigned', 'responded', 'sla_breached', 'replied'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "help_request_history" where "action" = 'replied';`);
    this.addSql(`alter table "help_request_history" drop constraint "help_request_history_action_check";`);
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_action_check" check ("action" in ('created', 'updated', 'assigned', 'responded', 'sla_breached'));`,
    );
    this.addSql(`drop trigger if exists "help_responses_into_thread" on "help_responses";`);
    this.addSql(`drop function if exists "help_responses_into_thread"();`);
    this.addSql(`alter table "help_attachments" drop column "message_id";`);
    this.addSql(`drop table if exists "help_messages" cascade;`);
    this.addSql(`drop table if exists "help_request_threads" cascade;`);
    this.addSql(`drop table if exists "help_contacts" cascade;`);
  }
}
