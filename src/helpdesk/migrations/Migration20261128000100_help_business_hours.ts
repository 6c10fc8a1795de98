import { Migration } from '@mikro-orm/migrations';

/*
 * Business hours for help-desk service levels.
 *
 * A schedule is a time zone, weekly intervals of wall-clock time and whole-day holidays; a priority's policy may
 * name one, and its targets then count that schedule's working time. A schedule a policy uses cannot be deleted.
 *
 * A request's clock keeps a checkpoint: the schedule it counts in (null: calendar time), and the seconds it had
 * used at `sla_counted_at` (while it stands still, the checkpoint is where it stopped). Due times are what is left
 * of each target counted on from the checkpoint. Working time is the service's arithmetic (src/helpdesk/
 * business-time.ts); this trigger only fills calendar due times, for rows written without the service or under a
 * calendar policy, and such a row counts calendar time (`sla_schedule_id` null) until a change of its rules
 * recounts it. Requests already here keep their clocks: the checkpoint below is what their columns already say.
 */
const DUE_FUNCTION_BEFORE = `create or replace function "help_requests_sla_due"() returns trigger language plpgsql as $fn$
declare
  policy help_sla_policies%rowtype;
begin
  select * into policy from help_sla_policies where priority = new.priority;
  if tg_op = 'INSERT' then
    new.first_response_due_at := coalesce(new.first_response_due_at, new.created_at + make_interval(mins => policy.first_response_minutes, secs => new.paused_seconds));
    new.resolution_due_at := coalesce(new.resolution_due_at, new.created_at + make_interval(mins => policy.resolution_minutes, secs => new.paused_seconds));
  else
    new.first_response_due_at := new.created_at + make_interval(mins => policy.first_response_minutes, secs => new.paused_seconds);
    new.resolution_due_at := new.created_at + make_interval(mins => policy.resolution_minutes, secs => new.paused_seconds);
  end if;
  return new;
end $fn$;`;

export class Migration20261128000100_help_business_hours extends Migration {
  override async up(): Promise<void> {
    this.addSql(`lock table "help_requests", "help_sla_policies" in share row exclusive mode;`);

    this.addSql(`create table "help_schedules" (
      "id" uuid primary key default gen_random_uuid(),
      "name" varchar(100) not null,
      "time_zone" varchar(64) not null,
      "intervals" jsonb not null,
      "holidays" jsonb not null default '[]',
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      check (jsonb_typeof("intervals") = 'array' and jsonb_array_length("intervals") > 0),
      check (jsonb_typeof("holidays") = 'array'));`);
    // Names are unique whatever their case, as the service checks them.
    this.addSql(`create unique index "help_schedules_name_unique" on "help_schedules" (lower("name"));`);
    this.addSql(
      `alter table "help_sla_policies" add column "schedule_id" uuid null references "help_schedules" ("id") on delete restrict;`,
    );

    this.addSql(`alter table "help_requests"
      add column "sla_schedule_id" uuid null,
      add column "sla_used_seconds" int not null default 0,
      add column "sla_counted_at" timestamptz null;`);
    this.addSql(`update "help_requests" set
        "sla_counted_at" = coalesce("paused_since", "created_at" + make_interval(secs => "paused_seconds")),
        "sla_used_seconds" = case when "paused_since" is null then 0
          else greatest(0, round(extract(epoch from "paused_since" - "created_at"))::int - "paused_seconds") end;`);
    this.addSql(`alter table "help_requests" alter column "sla_counted_at" set not null;`);

    this.addSql(`create or replace function "help_requests_sla_due"() returns trigger language plpgsql as $fn$
declare
  policy help_sla_policies%rowtype;
begin
  select * into policy from help_sla_policies where priority = new.priority;
  if tg_op = 'INSERT' then
    new.sla_counted_at := coalesce(new.sla_counted_at, new.created_at + make_interval(secs => new.paused_seconds));
    new.first_response_due_at := coalesce(new.first_response_due_at, new.sla_counted_at + make_interval(secs => policy.first_response_minutes * 60 - new.sla_used_seconds));
    new.resolution_due_at := coalesce(new.resolution_due_at, new.sla_counted_at + make_interval(secs => policy.resolution_minutes * 60 - new.sla_used_seconds));
  elsif policy.schedule_id is null then
    -- A priority change under a calendar policy: what is left, on from the checkpoint.
    new.sla_schedule_id := null;
    new.first_response_due_at := new.sla_counted_at + make_interval(secs => policy.first_response_minutes * 60 - new.sla_used_seconds);
    new.resolution_due_at := new.sla_counted_at + make_interval(secs => policy.resolution_minutes * 60 - new.sla_used_seconds);
  end if;
  return new;
end $fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql(DUE_FUNCTION_BEFORE);
    this.addSql(
      `alter table "help_requests" drop column if exists "sla_schedule_id", drop column if exists "sla_used_seconds", drop column if exists "sla_counted_at";`,
    );
    this.addSql(`alter table "help_sla_policies" drop column if exists "schedule_id";`);
    this.addSql(`drop table if exists "help_schedules";`);
  }
}
