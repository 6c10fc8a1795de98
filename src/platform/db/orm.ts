import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import pg from 'pg';
import type { Logger } from 'pino';
import type { EntityClass, MigrationObject } from '@mikro-orm/core';
import { recordRenamedMigrations } from './migrations.js';
import { ReplicatedPostgreSqlDriver } from './replicas.js';

export type Orm = MikroORM;

/** Called with every SQL statement the ORM sends, when set (tests count statements with it). */
export type QueryListener = (sql: string) => void;

export interface OrmOptions {
  poolMax: number;
  /** The modules' entities; none for a connection that only migrates. */
  entities?: readonly EntityClass[];
  /** The modules' migrations, in the order they apply (loadMigrations); none for a connection that never migrates. */
  migrations?: readonly MigrationObject[];
  /** Tables the modules' migrations create that no entity maps (see Module.unmappedTables), left alone by the schema diff. */
  unmappedTables?: readonly string[];
  log?: Logger;
  onQuery?: QueryListener;
  /** Streaming replicas of the database, for reads (see read.ts and replicas.ts). */
  replicaUrls?: readonly string[];
}

/** The pool's own settings, shared by the primary and every replica. */
const DRIVER_OPTIONS = { connectionTimeoutMillis: 3_000, query_timeout: 30_000 };

export function ormOptions(
  url: string,
  { poolMax, entities = [], migrations = [], unmappedTables = [], log, onQuery, replicaUrls = [] }: OrmOptions,
): Options {
  return {
    clientUrl: url,
    driver: ReplicatedPostgreSqlDriver,
    // Every connection to a replica is read-only from its first statement: should a URL name a primary by mistake
    // (or a replica be promoted), nothing can be written through it.
    replicas: replicaUrls.map((replicaUrl, i) => ({
      name: `replica-${i + 1}`,
      clientUrl: replicaUrl,
      driverOptions: { ...DRIVER_OPTIONS, options: '-c default_transaction_read_only=on' },
    })),
    // Which replica serves a read is decided per request (read.ts): the ORM's own reads stay on the primary.
    preferReadReplicas: false,
    entities: [...entities],
    extensions: [Migrator],
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    // Fail fast instead of queueing forever when the database is down (a hung request is worse than a 503).
    driverOptions: DRIVER_OPTIONS,
    forceUtcTimezone: true,
    // A global identity map would leak entities between requests; every request forks its own EntityManager.
    allowGlobalContext: false,
    // On, MikroORM turns the properties of every entity it loads into accessors, so that setting one side of a
    // bidirectional relation updates the other. No relation here is bidirectional, and the accessors made every
    // loaded entity slower to build and to read: a page of help requests paid for them on each of its rows.
    propagationOnPrototype: false,
    discovery: { warnWhenNoEntities: false },
    migrations: {
      migrationsList: [...migrations],
      tableName: MIGRATIONS_TABLE,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // Counts and notifications are kept by hand-written triggers (see the help desk's helpdesk_counts and the
    // identity module's account_changed migrations), and search terms read by a hand-written function (the help
    // desk's help_search_ranking migration), which the entities do not describe.
    schemaGenerator: { skipTables: [...unmappedTables], ignoreTriggers: true, ignoreRoutines: true },
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

/** Where MikroORM records the migrations a database has applied (its default name). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Arbitrary, fixed: the advisory lock every Trellis process takes around its migrations. */
const MIGRATION_LOCK = 727_431_990_117n;

/**
 * Applies pending migrations; start-up never uses schema:update. Replicas starting together would race to create
 * the same tables (one fails on a duplicate), so each waits for a PostgreSQL advisory lock first: the first applies
 * the migrations, the others then find nothing pending. The lock lives on its own connection, outside the pool,
 * so a pool of one still has a connection for the migrator, and dies with the session if the process does.
 * Migrations the database applied under an old name are first recorded under their new ones.
 *
 * The migrations run on a connection of their own, without the pool's statement timeout: rewriting a table of a
 * million help requests or building an index over it takes minutes, and a migration stopped half-way would roll
 * back and start again at every start-up, never finishing.
 */
export async function migrate(orm: Orm): Promise<void> {
  const url = orm.config.get('clientUrl')!;
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await recordRenamedMigrations(lock, MIGRATIONS_TABLE);
    // A start with nothing to apply (almost every start) opens no second connection.
    if ((await orm.migrator.getPending()).length === 0) return;
    const migrating = await MikroORM.init({
      ...ormOptions(url, { poolMax: 1 }),
      migrations: orm.config.get('migrations'),
      driverOptions: { connectionTimeoutMillis: DRIVER_OPTIONS.connectionTimeoutMillis },
      logger: orm.config.get('logger'),
      debug: orm.config.get('debug'),
    });
    try {
      await migrating.migrator.up();
    } finally {
      await migrating.close();
    }
  } finally {
    // Closing the session releases the lock even when the unlock itself fails.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch(() => undefined);
    await lock.end();
  }
}
