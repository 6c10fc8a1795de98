import { Migration } from '@mikro-orm/migrations';

/*
 * Service levels, satisfaction and tags of help requests.
 *
 * A request's clock runs while it is open or in progress and stands still otherwise (on hold, or resolved and
 * closed until it is reopened): `paused_since` marks a running pause and `paused_seconds` sums the finished ones.
 * Due times are the creation plus the priority's target plus the finished pauses. They are filled by a trigger
 * when a row arrives without them and recomputed when its priority changes, so bulk loads and psql keep them
 * right too; pausing and resuming is the service's (it knows the app's clock).
 *
 * Breach flags are set once, by whoever sees the due time pass first: a replica's breach monitor (a conditional
 * update on the partial due-time indexes below), or the change that meets or pauses the target late.
 *
 * The statistics read kept counts, as help_request_counts does (see the helpdesk_counts migration): per priority
 * the breached and decided targets and the ratings, a histogram of first-response and resolution times in
 * buckets 5% wide (one row of 320 counts per kind and priority, so reading them costs the same however the
 * times spread), tag counts, and the breached requests per (status, category, priority) overall ('' as
 * requester) and per requester. One statement-level trigger keeps them, touching only the cells that change.
 */
/**
 * A time's bucket: 0 under a minute, k >= 1 for [60 * 1.05^(k-1), 60 * 1.05^k) seconds (5% wide), the last (319,
 * from about 10 years) holding everything longer.
 */
const BUCKETS = 320;
const bucket = (seconds: string) =>
  `least(${BUCKETS - 1}, case when ${seconds} < 60 then 0 else 1 + floor(ln(${seconds} / 60.0) / ln(1.05))::int end)`;

export class Migration20261125002000_help_service_levels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`lock table "help_requests", "help_responses" in share row exclusive mode;`);

    this.addSql(
      `create table "help_sla_policies" ("priority" "help_priority" primary key, "first_response_minutes" int not null check ("first_response_minutes" between 1 and 525600), "resolution_minutes" int not null check ("resolution_minutes" between 1 and 525600), "updated_at" timestamptz not null default now(), check ("first_response_minutes" <= "resolution_minutes"));`,
    );
    this.addSql(
      `insert into "help_sla_policies" ("priority", "first_response_minutes", "resolution_minutes") values ('urgent', 60, 480), ('high', 240, 2880), ('medium', 1440, 10080), ('low', 4320, 43200);`,
    );

    this.addSql(`alter table "help_requests"
      add column "first_response_due_at" timestamptz null,
      add column "resolution_due_at" timestamptz null,
      add column "paused_seconds" int not null default 0,
      add column "paused_since" timestamptz null,
      add column "first_public_response_at" timestamptz null,
      add column "resolved_at" timestamptz null,
      add column "first_response_seconds" int null,
      add column "resolution_seconds" int null,
      add column "first_response_breached" boolean not null default false,
      add column "resolution_breached" boolean not null default false,
      add column "sla_breached" boolean generated always as ("first_response_breached" or "resolution_breached") stored,
      add column "tags" text[] not null default '{}',
      add column "satisfaction_score" smallint null,
      add column "satisfaction_comment" text null,
      add column "rated_at" timestamptz null,
      add column "rating_updated_at" timestamptz null;`);
    this.addSql(
      `alter table "help_requests" add constraint "help_requests_satisfaction_score_check" check ("satisfaction_score" >= 1 and "satisfaction_score" <= 5);`,
    );
    this.addSql(`alter table "help_request_history" drop constraint "help_request_history_action_check";`);
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_action_check" check ("action" in ('created', 'updated', 'assigned', 'responded', 'sla_breached'));`,
    );

    // Requests already there: their clock as well as it can be told now (settled and on-hold ones stopped at
    // their last update), and a late target counted as breached without an event, so a deployment does not
    // announce old news.
    this.addSql(`update "help_requests" r set
        "first_response_due_at" = r."created_at" + make_interval(mins => p."first_response_minutes"),
        "resolution_due_at" = r."created_at" + make_interval(mins => p."resolution_minutes"),
        "paused_since" = case when r."status" in ('on_hold', 'resolved', 'closed') then r."updated_at" end,
        "resolved_at" = case when r."status" in ('resolved', 'closed') then r."updated_at" end,
        "resolution_seconds" = case when r."status" in ('resolved', 'closed') then greatest(0, extract(epoch from r."updated_at" - r."created_at"))::int end,
        "first_public_response_at" = f."first",
        "first_response_seconds" = case when f."first" is not null then greatest(0, extract(epoch from f."first" - r."created_at"))::int end
      from "help_sla_policies" p, "help_requests" x
      left join (select "request_id", min("created_at") as "first" from "help_responses" where "is_public" group by "request_id") f on f."request_id" = x."id"
     where p."priority" = r."priority" and x."id" = r."id";`);
    this.addSql(`update "help_requests" set
        "first_response_breached" = coalesce("first_public_response_at", "paused_since", now()) > "first_response_due_at",
        "resolution_breached" = coalesce("resolved_at", "paused_since", now()) > "resolution_due_at";`);

    // Due times from the priority's policy whenever a row arrives without them or changes priority.
    this.addSql(`create function "help_requests_sla_due"() returns trigger language plpgsql as $fn$
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
end $fn$;`);
    this.addSql(
      `create trigger "help_requests_sla_due_insert" before insert on "help_requests" for each row execute function "help_requests_sla_due"();`,
    );
    this.addSql(
      `create trigger "help_requests_sla_due_priority" before update of "priority" on "help_requests" for each row when (old."priority" is distinct from new."priority") execute function "help_requests_sla_due"();`,
    );
    this.addSql(
      `alter table "help_requests" alter column "first_response_due_at" set not null, alter column "resolution_due_at" set not null;`,
    );

    // Sorting by a due time (keyset pages read (due, id)), the breached filter, the tag filter, and the breach
    // monitor's claim, which reads only the targets still running.
    this.addSql(
      `create index "help_requests_first_response_due_index" on "help_requests" ("first_response_due_at", "id");`,
    );
    this.addSql(`create index "help_requests_resolution_due_index" on "help_requests" ("resolution_due_at", "id");`);
    this.addSql(
      `create index "help_requests_sla_breached_created_index" on "help_requests" ("sla_breached", "created_at");`,
    );
    this.addSql(`create index "help_requests_sla_breached_id_index" on "help_requests" ("sla_breached", "id");`);
    this.addSql(`create index "help_requests_tags_index" on "help_requests" using gin ("tags");`);
    this.addSql(
      `create index "help_requests_first_response_running_index" on "help_requests" ("first_response_due_at") where not "first_response_breached" and "first_public_response_at" is null and "paused_since" is null;`,
    );
    this.addSql(
      `create index "help_requests_resolution_running_index" on "help_requests" ("resolution_due_at") where not "resolution_breached" and "resolved_at" is null and "paused_since" is null;`,
    );

    this.addSql(
      `create table "help_sla_counts" ("priority" "help_priority" primary key, "first_response_breached" bigint not null default 0, "first_response_decided" bigint not null default 0, "resolution_breached" bigint not null default 0, "resolution_decided" bigint not null default 0, "ratings" bigint not null default 0, "rating_sum" bigint not null default 0);`,
    );
    this.addSql(
      `create table "help_sla_histograms" ("kind" text not null check ("kind" in ('first_response', 'resolution')), "priority" "help_priority" not null, "counts" bigint[] not null check (cardinality("counts") = ${BUCKETS}), primary key ("kind", "priority"));`,
    );
    this.addSql(
      `insert into "help_sla_histograms" select k, p, array_fill(0::bigint, array[${BUCKETS}]) from unnest(array['first_response', 'resolution']) as k, unnest(enum_range(null::help_priority)) as p;`,
    );
    this.addSql(
      `create table "help_request_tag_counts" ("tag" text primary key, "requests" bigint not null default 0);`,
    );
    this.addSql(
      `create index "help_request_tag_counts_top_index" on "help_request_tag_counts" ("requests" desc, "tag");`,
    );
    this.addSql(
      `create table "help_request_priority_tag_counts" ("priority" "help_priority" not null, "tag" text not null, "requests" bigint not null default 0, primary key ("priority", "tag"));`,
    );
    this.addSql(
      `create index "help_request_priority_tag_counts_top_index" on "help_request_priority_tag_counts" ("priority", "requests" desc, "tag");`,
    );
    this.addSql(
      `create table "help_request_breached_counts" ("requester_id" varchar(32) not null, "status" "help_status" not null, "category" text not null, "priority" "help_priority" not null, "requests" bigint not null default 0, primary key ("requester_id", "status", "category", "priority"));`,
    );

    this.addSql(`create function "help_requests_keep_sla_counts"() returns trigger language plpgsql as $fn$
declare
  changed text := case tg_op
    when 'INSERT' then 'select 1 as sign, * from new_rows'
    when 'DELETE' then 'select -1 as sign, * from old_rows'
    else 'select -1 as sign, * from old_rows union all select 1 as sign, * from new_rows' end;
begin
  execute format($sql$
    insert into help_sla_counts as c (priority, first_response_breached, first_response_decided, resolution_breached, resolution_decided, ratings, rating_sum)
    select * from (
      select priority,
             sum(sign * first_response_breached::int) as frb, sum(sign * (first_response_breached or first_public_response_at is not null)::int) as frd,
             sum(sign * resolution_breached::int) as rb, sum(sign * (resolution_breached or resolved_at is not null)::int) as rd,
             sum(sign * (satisfaction_score is not null)::int) as n, sum(sign * coalesce(satisfaction_score, 0)) as s
        from (%s) d group by 1) x
     where frb <> 0 or frd <> 0 or rb <> 0 or rd <> 0 or n <> 0 or s <> 0 order by 1
    on conflict (priority) do update set
      first_response_breached = c.first_response_breached + excluded.first_response_breached,
      first_response_decided = c.first_response_decided + excluded.first_response_decided,
      resolution_breached = c.resolution_breached + excluded.resolution_breached,
      resolution_decided = c.resolution_decided + excluded.resolution_decided,
      ratings = c.ratings + excluded.ratings, rating_sum = c.rating_sum + excluded.rating_sum $sql$, changed);
  -- The changed histogram rows are locked in key order, then each gets its counts plus the deltas.
  execute format($sql$
    with deltas as (
      select kind, priority, bucket, sum(sign) as delta from (
        select sign, 'first_response' as kind, priority, ${bucket('first_response_seconds')} as bucket from (%1$s) d where first_response_seconds is not null
        union all
        select sign, 'resolution', priority, ${bucket('resolution_seconds')} from (%1$s) d where resolution_seconds is not null) x
      group by 1, 2, 3 having sum(sign) <> 0),
    locked as (
      select h.kind, h.priority from help_sla_histograms h where (h.kind, h.priority) in (select kind, priority from deltas) order by 1, 2 for update)
    update help_sla_histograms h set counts = (
        select array_agg(u.c + coalesce(d.delta, 0) order by u.i) from unnest(h.counts) with ordinality as u(c, i)
        left join deltas d on d.kind = h.kind and d.priority = h.priority and d.bucket + 1 = u.i)
      from locked l where h.kind = l.kind and h.priority = l.priority $sql$, changed);
  execute format($sql$
    insert into help_request_tag_counts as c (tag, requests)
    select tag, sum(sign) from (%s) d cross join unnest(d.tags) as tag group by 1 having sum(sign) <> 0 order by 1
    on conflict (tag) do update set requests = c.requests + excluded.requests $sql$, changed);
  execute format($sql$
    insert into help_request_priority_tag_counts as c (priority, tag, requests)
    select priority, tag, sum(sign) from (%s) d cross join unnest(d.tags) as tag group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (priority, tag) do update set requests = c.requests + excluded.requests $sql$, changed);
  execute format($sql$
    insert into help_request_breached_counts as c (requester_id, status, category, priority, requests)
    select s.scope, status, category, priority, sum(sign) from (%s) d cross join lateral (values (''), (d.requester_id)) as s(scope)
     where (d.first_response_breached or d.resolution_breached) and s.scope is not null
     group by 1, 2, 3, 4 having sum(sign) <> 0 order by 1, 2, 3, 4
    on conflict (requester_id, status, category, priority) do update set requests = c.requests + excluded.requests $sql$, changed);
  return null;
end $fn$;`);

    // The kept counts of what is there now, then the trigger that keeps them.
    this.addSql(
      `insert into "help_sla_counts" select "priority", count(*) filter (where "first_response_breached"), count(*) filter (where "first_response_breached" or "first_public_response_at" is not null), count(*) filter (where "resolution_breached"), count(*) filter (where "resolution_breached" or "resolved_at" is not null), count("satisfaction_score"), coalesce(sum("satisfaction_score"), 0) from "help_requests" group by 1;`,
    );
    for (const [kind, column] of [
      ['first_response', 'first_response_seconds'],
      ['resolution', 'resolution_seconds'],
    ] as const) {
      this.addSql(`update "help_sla_histograms" h set "counts" = (
          select array_agg(coalesce(b.n, 0) order by i) from generate_series(1, ${BUCKETS}) as i
          left join (select ${bucket(`"${column}"`)} as bucket, count(*) as n from "help_requests" r where r."${column}" is not null and r."priority" = h."priority" group by 1) b on b.bucket + 1 = i)
        where h."kind" = '${kind}';`);
    }
    this.addSql(
      `insert into "help_request_breached_counts" select s.scope, "status", "category", "priority", count(*) from "help_requests" r cross join lateral (values (''), (r."requester_id")) as s(scope) where r."sla_breached" and s.scope is not null group by 1, 2, 3, 4;`,
    );
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      this.addSql(
        `create trigger "help_requests_${event}_sla_counts" after ${event} on "help_requests" referencing ${transition} for each statement execute function "help_requests_keep_sla_counts"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "help_requests_${event}_sla_counts" on "help_requests";`);
    this.addSql(`drop trigger if exists "help_requests_sla_due_insert" on "help_requests";`);
    this.addSql(`drop trigger if exists "help_requests_sla_due_priority" on "help_requests";`);
    this.addSql(`drop function if exists "help_requests_keep_sla_counts"();`);
    this.addSql(`drop function if exists "help_requests_sla_due"();`);
    for (const table of [
      'help_request_breached_counts',
      'help_request_priority_tag_counts',
      'help_request_tag_counts',
      'help_sla_histograms',
      'help_sla_counts',
      'help_sla_policies',
    ]) {
      this.addSql(`drop table if exists "${table}";`);
    }
    this.addSql(`alter table "help_request_history" drop constraint "help_request_history_action_check";`);
    this.addSql(`delete from "help_request_history" where "action" = 'sla_breached';`);
    this.addSql(
      `alter table "help_request_history" add constraint "help_request_history_action_check" check ("action" in ('created', 'updated', 'assigned', 'responded'));`,
    );
    this
      .addSql(`alter table "help_requests" drop column if exists "sla_breached", drop column if exists "first_response_due_at", drop column if exists "resolution_due_at",
      drop column if exists "paused_seconds", drop column if exists "paused_since", drop column if exists "first_public_response_at", drop column if exists "resolved_at",
      drop column if exists "first_response_seconds", drop column if exists "resolution_seconds", drop column if exists "first_response_breached",
      drop column if exists "resolution_breached", drop column if exists "tags", drop column if exists "satisfaction_score", drop column if exists "satisfaction_comment",
      drop column if exists "rated_at", drop column if exists "rating_updated_at";`);
  }
}
