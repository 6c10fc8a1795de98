import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import pg from 'pg';
import type { Logger } from 'pino';
import type { EntityClass } from '@mikro-orm/core';
import { migrationsList } from './migrations/index.js';

export type Orm = MikroORM;

/** Called with every SQL statement the ORM sends, when set (tests count statements with it). */
export type QueryListener = (sql: string) => void;

export interface OrmOptions {
  poolMax: number;
  /** The modules' entities; none for a connection that only migrates. */
  entities?: readonly EntityClass[];
  log?: Logger;
  onQuery?: QueryListener;
}

export function ormOptions(url: string, { poolMax, entities = [], log, onQuery }: OrmOptions): Options {
  return {
    clientUrl: url,
    entities: [...entities],
    extensions: [Migrator],
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    // Fail fast instead of queueing forever when the database is down (a hung request is worse than a 503).
    driverOptions: { connectionTimeoutMillis: 3_000, query_timeout: 30_000 },
    forceUtcTimezone: true,
    // A global identity map would leak entities between requests; every request forks its own EntityManager.
    allowGlobalContext: false,
    // On, MikroORM turns the properties of every entity it loads into accessors, so that setting one side of a
    // bidirectional relation updates the other. No relation here is bidirectional, and the accessors made every
    // loaded entity slower to build and to read: a page of help requests paid for them on each of its rows.
    propagationOnPrototype: false,
    discovery: { warnWhenNoEntities: false },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Counts and notifications are kept by hand-written triggers (see the helpdesk_counts and account_changed
    // migrations), which the entities do not describe.
    schemaGenerator: {
      skipTables: [
        'help_request_counts', 'help_request_requester_counts', 'help_response_counts',
        // Service levels: policies and kept counts, read and written with SQL of their own (see the help_service_levels migration).
        'help_sla_policies', 'help_sla_counts', 'help_sla_histograms', 'help_request_tag_counts', 'help_request_priority_tag_counts', 'help_request_breached_counts',
        // Help-desk attachments, read and written with SQL of their own (see the help_attachments migration).
        'help_attachments', 'help_attachment_contents', 'help_attachment_deletions',
      ],
      ignoreTriggers: true,
    },
    debug: onQuery ? ['query'] : false,
    logger: (message) => {
      // MikroORM colours its lines for terminals; listeners and JSON logs want the plain statement.
      const plain = message.replace(/\x1b\[[0-9;]*m/g, '');
      onQuery?.(plain);
      log?.debug({ orm: true }, plain);
    },
  };
}

export async function openOrm(url: string, options: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormOptions(url, options));
}

/** Arbitrary, fixed: the advisory lock every Trellis process takes around its migrations. */
const MIGRATION_LOCK = 727_431_990_117n;

/**
 * Applies pending migrations; start-up never uses schema:update. Replicas starting together would race to create
 * the same tables (one fails on a duplicate), so each waits for a PostgreSQL advisory lock first: the first applies
 * the migrations, the others then find nothing pending. The lock lives on its own connection, outside the pool,
 * so a pool of one still has a connection for the migrator, and dies with the session if the process does.
 */
export async function migrate(orm: Orm): Promise<void> {
  const lock = new pg.Client({ connectionString: orm.config.get('clientUrl'), connectionTimeoutMillis: 3_000 });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await orm.migrator.up();
  } finally {
    // Closing the session releases the lock even when the unlock itself fails.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch(() => undefined);
    await lock.end();
  }
}
