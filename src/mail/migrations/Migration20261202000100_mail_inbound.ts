import { Migration } from '@mikro-orm/migrations';

/*
 * Mail in. Every mail an IMAP mailbox or the LMTP listener hands over is a mail_inbound row, its bytes as received,
 * written before the mailbox is told it was taken (IMAP's \Seen, LMTP's 250): a mail is stored once per mailbox
 * and Message-ID (a mail without one is named by its bytes' hash), so a mailbox that hands it over twice, or a
 * UIDVALIDITY change that renumbers a folder, adds nothing. Whichever replica claims a received row
 * (FOR UPDATE SKIP LOCKED) processes it in the same transaction that settles it: `processed` (a new request, a
 * message on one, a bounce matched to mail sent), or `held` with its cause until an administrator releases or
 * discards it. A discarded mail keeps its row, without its bytes, so it is not taken again.
 */
export class Migration20261202000100_mail_inbound extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mail_inbound" (
      "id" bigserial primary key,
      "mailbox" text not null,
      "message_id" text not null,
      "uid_validity" bigint null,
      "uid" bigint null,
      "envelope_from" text null,
      "envelope_to" text[] not null default '{}',
      "raw" bytea not null,
      "size" int not null,
      "received_at" timestamptz not null,
      "state" text not null default 'received' check ("state" in ('received', 'processed', 'held', 'discarded')),
      "outcome" text null check ("outcome" in ('filed', 'threaded', 'bounce', 'ignored')),
      "cause" text null check ("cause" in ('LOOP', 'RATE', 'TOO_LARGE', 'INFECTED', 'BLOCKED_SENDER', 'SPOOFED_SENDER', 'UNPARSEABLE')),
      "detail" text null,
      "released_past" text null,
      "sender_key" varchar(254) null,
      "sender" text null,
      "subject" text null,
      "request_id" int null references "help_requests" ("id") on delete set null,
      "help_message_id" int null references "help_messages" ("id") on delete set null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "last_error" text null,
      "processed_at" timestamptz null,
      constraint "mail_inbound_once" unique ("mailbox", "message_id"));`);
    this.addSql(
      `create index "mail_inbound_due_index" on "mail_inbound" ("next_attempt_at") where "state" = 'received';`,
    );
    this.addSql(`create index "mail_inbound_held_index" on "mail_inbound" ("cause", "id") where "state" = 'held';`);
    this.addSql(`create index "mail_inbound_sender_index" on "mail_inbound" ("sender_key", "received_at");`);
    this.addSql(`create index "mail_inbound_message_index" on "mail_inbound" ("message_id");`);
    this.addSql(`create index "mail_inbound_request_index" on "mail_inbound" ("request_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_inbound" cascade;`);
  }
}
