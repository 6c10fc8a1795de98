import { Migration } from '@mikro-orm/migrations';

/*
 * Help-request counts kept by PostgreSQL triggers, in the transaction of the statement that changes them, so a
 * list's total and the statistics read a few counter rows instead of counting every request. Triggers rather
 * than the service: every write path keeps them right, including ones the service never sees (a user's deletion
 * setting requester_id to null, cascades, bulk loads, psql), and statement-level triggers with transition tables
 * cost one upsert per changed cell per statement, so a bulk insert of thousands of rows pays once.
 *
 * Cells are (status, category, priority), over all requests and per requester: at most 140 rows each, so any
 * filter's total is a sum over at most 140 rows whatever the table's size. First-response figures (requests with
 * a response, and the sum of their creation-to-first-response seconds) live with the response count in one row.
 *
 * Lock order, so concurrent writers queue instead of deadlocking: a statement takes the cells it changes in key
 * order (all-requests cells, then a requester's), then the response row; the only transaction that takes the
 * response row before cells is a response with a status change, and it takes cells in one later statement.
 */
export class Migration20261123000200_helpdesk_counts extends Migration {
  override async up(): Promise<void> {
    // Writers wait while the counts are built from what is there, so nothing commits between the two.
    this.addSql(`lock table "help_requests", "help_responses" in share row exclusive mode;`);
    this.addSql(`alter table "help_requests" add column "first_response_at" timestamptz null;`);
    this.addSql(
      `update "help_requests" r set "first_response_at" = f."first" from (select "request_id", min("created_at") as "first" from "help_responses" group by "request_id") f where r."id" = f."request_id";`,
    );

    this.addSql(
      `create table "help_request_counts" ("status" "help_status" not null, "category" text not null, "priority" "help_priority" not null, "requests" bigint not null default 0, primary key ("status", "category", "priority"));`,
    );
    this.addSql(
      `create table "help_request_requester_counts" ("requester_id" varchar(32) not null, "status" "help_status" not null, "category" text not null, "priority" "help_priority" not null, "requests" bigint not null default 0, primary key ("requester_id", "status", "category", "priority"));`,
    );
    this.addSql(
      `create table "help_response_counts" ("id" boolean primary key default true check ("id"), "responses" bigint not null default 0, "responded_requests" bigint not null default 0, "first_response_seconds" numeric not null default 0);`,
    );

    this.addSql(
      `insert into "help_request_counts" ("status", "category", "priority", "requests") select "status", "category", "priority", count(*) from "help_requests" group by 1, 2, 3;`,
    );
    this.addSql(
      `insert into "help_request_requester_counts" ("requester_id", "status", "category", "priority", "requests") select "requester_id", "status", "category", "priority", count(*) from "help_requests" where "requester_id" is not null group by 1, 2, 3, 4;`,
    );
    this.addSql(
      `insert into "help_response_counts" ("responses", "responded_requests", "first_response_seconds") select (select count(*) from "help_responses"), count("first_response_at"), coalesce(sum(extract(epoch from "first_response_at" - "created_at")), 0) from "help_requests";`,
    );

    // The rows a statement changed, as signed deltas: -1 for each row before, +1 for each row after.
    this.addSql(`create function "help_requests_keep_counts"() returns trigger language plpgsql as $fn$
declare
  changed text := case tg_op
    when 'INSERT' then 'select 1 as sign, * from new_rows'
    when 'DELETE' then 'select -1 as sign, * from old_rows'
    else 'select -1 as sign, * from old_rows union all select 1 as sign, * from new_rows' end;
begin
  execute format($sql$
    insert into help_request_counts as c (status, category, priority, requests)
    select status, category, priority, sum(sign) from (%s) d group by 1, 2, 3 having sum(sign) <> 0 order by 1, 2, 3
    on conflict (status, category, priority) do update set requests = c.requests + excluded.requests $sql$, changed);
  execute format($sql$
    insert into help_request_requester_counts as c (requester_id, status, category, priority, requests)
    select requester_id, status, category, priority, sum(sign) from (%s) d where requester_id is not null
    group by 1, 2, 3, 4 having sum(sign) <> 0 order by 1, 2, 3, 4
    on conflict (requester_id, status, category, priority) do update set requests = c.requests + excluded.requests $sql$, changed);
  execute format($sql$
    update help_response_counts c set responded_requests = c.responded_requests + d.responded, first_response_seconds = c.first_response_seconds + d.seconds
      from (select coalesce(sum(sign * (first_response_at is not null)::int), 0) as responded,
                   coalesce(sum(sign * extract(epoch from first_response_at - created_at)), 0) as seconds from (%s) d) d
     where d.responded <> 0 or d.seconds <> 0 $sql$, changed);
  return null;
end $fn$;`);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      this.addSql(
        `create trigger "help_requests_${event}_counts" after ${event} on "help_requests" referencing ${transition} for each statement execute function "help_requests_keep_counts"();`,
      );
    }

    // A response sets its request's first_response_at when it is the earliest; that update keeps the averages.
    this.addSql(`create function "help_responses_keep_counts"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then
    update help_requests r set first_response_at = f.first
      from (select request_id, min(created_at) as first from new_rows group by request_id) f
     where r.id = f.request_id and (r.first_response_at is null or r.first_response_at > f.first);
    update help_response_counts set responses = responses + (select count(*) from new_rows);
  else
    update help_requests r set first_response_at = (select min(x.created_at) from help_responses x where x.request_id = r.id)
     where r.id in (select request_id from old_rows);
    update help_response_counts set responses = responses - (select count(*) from old_rows);
  end if;
  return null;
end $fn$;`);
    this.addSql(
      `create trigger "help_responses_insert_counts" after insert on "help_responses" referencing new table as new_rows for each statement execute function "help_responses_keep_counts"();`,
    );
    this.addSql(
      `create trigger "help_responses_delete_counts" after delete on "help_responses" referencing old table as old_rows for each statement execute function "help_responses_keep_counts"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "help_responses_insert_counts" on "help_responses";`);
    this.addSql(`drop trigger if exists "help_responses_delete_counts" on "help_responses";`);
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "help_requests_${event}_counts" on "help_requests";`);
    this.addSql(`drop function if exists "help_responses_keep_counts"();`);
    this.addSql(`drop function if exists "help_requests_keep_counts"();`);
    this.addSql(`drop table if exists "help_response_counts";`);
    this.addSql(`drop table if exists "help_request_requester_counts";`);
    this.addSql(`drop table if exists "help_request_counts";`);
    this.addSql(`alter table "help_requests" drop column if exists "first_response_at";`);
  }
}
