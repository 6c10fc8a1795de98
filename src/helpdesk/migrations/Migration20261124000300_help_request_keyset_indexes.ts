import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for keyset pages of help requests sorted by status, priority or category. A page past a cursor reads
 * `(column, id) > (?, ?)` in `column, id` order; the existing `(column, created_at)` indexes give only the column's
 * order, so PostgreSQL sorted a whole group of equal values (thousands of rows: these columns have 4 to 7 values)
 * for every page. With id as the second column the page is read straight off the index, at any depth. The other
 * sorts need nothing new: id is the primary key, and title, created_at and updated_at rarely repeat, so their
 * single-column indexes leave only a few ties to order.
 */
export class Migration20261124000300_help_request_keyset_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "help_requests_status_id_index" on "help_requests" ("status", "id");`);
    this.addSql(`create index "help_requests_priority_id_index" on "help_requests" ("priority", "id");`);
    this.addSql(`create index "help_requests_category_id_index" on "help_requests" ("category", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "help_requests_status_id_index";`);
    this.addSql(`drop index if exists "help_requests_priority_id_index";`);
    this.addSql(`drop index if exists "help_requests_category_id_index";`);
  }
}
