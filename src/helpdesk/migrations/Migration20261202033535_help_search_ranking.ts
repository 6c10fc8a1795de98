import { Migration } from '@mikro-orm/migrations';

/*
 * Ranked search. The searchable text of a help request and of an FAQ entry is weighted, so a match in a request's
 * title (an entry's question) ranks above one in its description (its tags, then its answer): title 'A' and
 * description 'B'; question 'A', tags 'B', answer 'C'. Both stay generated columns with their GIN indexes; the
 * column is made again (PostgreSQL before 17 cannot change a generated column's expression), which rewrites each
 * table once.
 *
 * search_tsquery(term) turns what a person types into the tsquery both searches use (see text-search.ts): the
 * term read as a web search by websearch_to_tsquery ("quoted phrases", -exclusions, or), whose result is
 * PostgreSQL's own tsquery text, then each plain word (neither excluded nor in a phrase) marked as a prefix, so
 * "pass" still finds "password". The text is split into whole tokens (a quoted lexeme with its doubled quotes and
 * backslashes, a phrase operator, one character) before anything is added, so no part of a lexeme is ever read
 * as syntax. It is IMMUTABLE, so a statement planned with the term's value gets the tsquery as a constant and the
 * planner estimates the matches from the column's statistics instead of guessing.
 */
export class Migration20261202033535_help_search_ranking extends Migration {
  override async up(): Promise<void> {
    this.addSql(String.raw`create function "search_tsquery"(term text) returns tsquery
  language sql immutable strict parallel safe
as $fn$
  select coalesce(
    (select string_agg(case when t.plain then t.token || ':*' else t.token end, ' ' order by t.n)
       from (select r.m[1] as token, r.n,
                    r.m[1] like '''%'
                      and coalesce(lag(r.m[1]) over w, '') <> '!'
                      and coalesce(lag(r.m[1]) over w, '') not like '<%'
                      and coalesce(lead(r.m[1]) over w, '') not like '<%' as plain
               from regexp_matches(q.query::text, '(''(?:[^''\\]|''''|\\.)*''|<[^>]*>|[^[:space:]''])', 'g')
                    with ordinality as r(m, n)
             window w as (order by r.n)) t)::tsquery,
    q.query)
  from (select websearch_to_tsquery('simple', term) as query) q
$fn$;`);
    this.addSql(`alter table "help_requests" drop column "search_vector";`);
    this.addSql(
      `alter table "help_requests" add column "search_vector" tsvector generated always as (setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', coalesce("description", '')), 'B')) stored not null;`,
    );
    this.addSql(`create index "help_requests_search_index" on "help_requests" using gin ("search_vector");`);
    this.addSql(`alter table "faqs" drop column "search_vector";`);
    this.addSql(
      `alter table "faqs" add column "search_vector" tsvector generated always as (setweight(to_tsvector('simple', coalesce("question", '')), 'A') || setweight(to_tsvector('simple', replace(coalesce("tags", ''), ',', ' ')), 'B') || setweight(to_tsvector('simple', coalesce("answer", '')), 'C')) stored not null;`,
    );
    this.addSql(`create index "faqs_search_index" on "faqs" using gin ("search_vector");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "faqs" drop column "search_vector";`);
    this.addSql(
      `alter table "faqs" add column "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("question", '') || ' ' || coalesce("answer", '') || ' ' || replace(coalesce("tags", ''), ',', ' '))) stored not null;`,
    );
    this.addSql(`create index "faqs_search_index" on "faqs" using gin ("search_vector");`);
    this.addSql(`alter table "help_requests" drop column "search_vector";`);
    this.addSql(
      `alter table "help_requests" add column "search_vector" tsvector generated always as (to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", ''))) stored not null;`,
    );
    this.addSql(`create index "help_requests_search_index" on "help_requests" using gin ("search_vector");`);
    this.addSql(`drop function "search_tsquery"(text);`);
  }
}
