import { Migration } from '@mikro-orm/migrations';

/** The ZIP code of the area a help request comes from, optional, so the request can show that area's risk. */
export class Migration20261124000500_help_request_zip extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "help_requests" add column "zip" varchar(5) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "help_requests" drop column "zip";`);
  }
}
