import { Migration } from '@mikro-orm/migrations';

/*
 * Files attached to help requests and their responses.
 *
 * An upload is a row with no request yet, found by the hash of the token its uploader was given (the token itself is
 * never stored); attaching it sets its request (and response) and clears the token, in the change's transaction.
 * Deleting a request or a response deletes its attachments with it (cascade). The bytes live in
 * help_attachment_contents when stored in PostgreSQL, deleted with their row; an object in S3 cannot be deleted by
 * the database, so the delete of an S3-stored row leaves its key in help_attachment_deletions, which the application
 * empties once the store has deleted the object (retrying while the store is away).
 */
export class Migration20261128000200_help_attachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "help_attachments" (
      "id" varchar(32) primary key,
      "request_id" int null references "help_requests" ("id") on delete cascade,
      "response_id" int null references "help_responses" ("id") on delete cascade,
      "uploaded_by_id" varchar(32) null references "users" ("id") on delete set null,
      "token_hash" varchar(64) null unique,
      "token_expires_at" timestamptz null,
      "filename" text not null check (octet_length("filename") between 1 and 255),
      "content_type" text not null,
      "size" bigint not null check ("size" > 0),
      "storage" text not null check ("storage" in ('postgres', 's3')),
      "created_at" timestamptz not null,
      check ("response_id" is null or "request_id" is not null),
      check ("request_id" is not null or "token_hash" is not null));`);
    this.addSql(
      `create index "help_attachments_request_index" on "help_attachments" ("request_id", "created_at") where "request_id" is not null;`,
    );
    this.addSql(
      `create index "help_attachments_response_index" on "help_attachments" ("response_id", "created_at") where "response_id" is not null;`,
    );
    this.addSql(
      `create index "help_attachments_unattached_index" on "help_attachments" ("token_expires_at") where "request_id" is null;`,
    );
    this.addSql(`create index "help_attachments_uploaded_by_index" on "help_attachments" ("uploaded_by_id");`);
    // Uploads are mostly compressed already (images, archives): PostgreSQL would spend CPU failing to shrink them.
    this.addSql(
      `create table "help_attachment_contents" ("attachment_id" varchar(32) primary key references "help_attachments" ("id") on delete cascade, "bytes" bytea not null);`,
    );
    this.addSql(`alter table "help_attachment_contents" alter column "bytes" set storage external;`);
    this.addSql(
      `create table "help_attachment_deletions" ("attachment_id" varchar(32) primary key, "deleted_at" timestamptz not null default now());`,
    );
    this.addSql(`create function "help_attachments_note_deletion"() returns trigger language plpgsql as $fn$
begin
  insert into help_attachment_deletions (attachment_id) values (old.id) on conflict do nothing;
  return null;
end $fn$;`);
    this.addSql(
      `create trigger "help_attachments_note_deletion" after delete on "help_attachments" for each row when (old."storage" = 's3') execute function "help_attachments_note_deletion"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "help_attachment_deletions";`);
    this.addSql(`drop table if exists "help_attachment_contents";`);
    this.addSql(`drop table if exists "help_attachments";`);
    this.addSql(`drop function if exists "help_attachments_note_deletion"();`);
  }
}
