import { Migration } from '@mikro-orm/migrations';

/** Which rule made a change, when a rule (not a person) made it: the history then names no actor. */
export class Migration20261201000100_help_request_history_rule extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "help_request_history" add column "by_rule" varchar(100) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "help_request_history" drop column "by_rule";`);
  }
}
