import { Migration } from '@mikro-orm/migrations';

/** Upstream budgets (FIRMS' daily transactions) counted in PostgreSQL when no Redis is configured; see src/risk/quota.ts. */
export class Migration20261122000300_risk_quota extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "quota_usage" ("key" text not null, "window_start" timestamptz not null, "used" integer not null check ("used" >= 0), primary key ("key", "window_start"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quota_usage";`);
  }
}
