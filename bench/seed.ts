import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { ORDINARY_API_KEY_PERMISSIONS } from '../src/platform/auth/api-key-permissions.js';
import { hashSecret } from '../src/identity/api-keys.js';
import { hashPassword } from '../src/users/passwords.js';
import { migrate, openOrm } from '../src/platform/db/orm.js';
import { loadAllMigrations } from '../src/modules.js';
import { HELP_CATEGORIES } from '../src/helpdesk/vocabulary.js';
import { lookupZip } from '../src/risk/zip.js';
import { DEFAULT_GROUP_ID } from '../src/users/group.entity.js';
import { rng } from '../test/hardening/fuzz-inputs.js';

/*
 * Fills a database with a help desk of realistic volume, in the schema the gateway's own migrations create.
 * Rows go in through multi-row INSERTs (one statement per batch, the values as arrays through unnest), each
 * batch in its own transaction, so an interrupted seed leaves whole requests and the next run tops up.
 * The content is drawn from a fixed-seed generator: two seeds of the same size hold the same rows (dated back
 * from the day they were written).
 */

export interface SeedSize {
  users: number;
  requests: number;
  faqs: number;
}

export const FULL_SEED: SeedSize = { users: 10_000, requests: 50_000, faqs: 500 };
export const SMALL_SEED: SeedSize = { users: 200, requests: 500, faqs: 20 };

/** `requests` help requests with users in the full seed's proportion (one per five requests), and its FAQs. */
export const seedOf = (requests: number): SeedSize => ({
  users: Math.max(ADMINS + 10, Math.round(requests / 5)),
  requests,
  faqs: FULL_SEED.faqs,
});

/**
 * Users 0–19 are administrators (the people requests are assigned to and answered by), whatever the size, so a
 * small seed topped up to the full one is the full one.
 */
export const ADMINS = 20;

/** The one account the bench signs in with: the only seeded user with a hash of a known password. */
export const BENCH_ADMIN = { username: 'bench.admin', password: 'Bench-Adm1n!pass' } as const;
/** The API key `update_user` is called with (seed 000 sends it in the body). */
export const BENCH_API_KEY = {
  key: 'benchkey00000000000000001',
  secret: 'bench-api-secret-0123456789-abcdefghij',
} as const;

/** Seeded user n's id: 32 hex characters, the same on every run, so scenarios can name users without a lookup. */
export const benchUserId = (n: number): string => createHash('md5').update(`bench-user-${n}`).digest('hex');
export const benchUsername = (n: number): string =>
  n === 0
    ? BENCH_ADMIN.username
    : n < ADMINS
      ? `bench.agent.${String(n).padStart(3, '0')}`
      : `bench.user.${String(n).padStart(5, '0')}`;

export interface SeedCounts {
  users: number;
  helpRequests: number;
  responses: number;
  history: number;
  faqs: number;
}

export interface SeedReport {
  /** Rows this run inserted (zero everywhere when the data was already there). */
  inserted: SeedCounts;
  /** Requests this run gave a ZIP code: those seeded before requests had one, and the newest page's when it changed. */
  zipsSet: number;
  /** Rows in the database afterwards. */
  total: SeedCounts;
  seconds: number;
}

/** Applies the gateway's migrations (the same code start-up runs), so the seed writes the schema the app reads. */
export async function migrateDatabase(url: string): Promise<void> {
  const orm = await openOrm(url, { poolMax: 2, migrations: await loadAllMigrations() });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
}

// ---- a small deterministic generator ----------------------------------------------------------------------

function random(seed: number) {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- rng() returns closures over its state, not methods
  const { next, pick, chance } = rng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    let r = next() * items.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  };
  return { next, int, pick, weighted, chance };
}
type Random = ReturnType<typeof random>;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Frances',
  'John',
  'Radia',
  'Niklaus',
  'Leslie',
  'Hedy',
  'Tim',
  'Sophie',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Allen',
  'Backus',
  'Perlman',
  'Wirth',
  'Lamport',
  'Lamarr',
  'Berners-Lee',
  'Wilson',
];
const ORGS = [
  'Physics',
  'Chemistry',
  'Computer Science',
  'Mathematics',
  'Biology',
  'Library',
  'IT Services',
  'Economics',
  null,
];
const SUBJECTS = [
  'workspace',
  'desktop session',
  'login',
  'password reset',
  'GPU workspace',
  'file upload',
  'invoice',
  'course group',
  'VPN',
  'browser isolation',
  'shared folder',
  'API key',
];
const PROBLEMS = [
  'does not start',
  'is very slow',
  'shows an error',
  'times out',
  'keeps disconnecting',
  'is missing',
  'needs more memory',
  'cannot be reached',
  'was charged twice',
  'asks for a code',
];
const SENTENCES = [
  'It worked fine until yesterday afternoon.',
  'I tried logging out and back in, and clearing the browser cache.',
  'The error appears right after the loading screen.',
  'Several people in my course report the same thing.',
  'I need this for an assignment due on Friday.',
  'The workspace stays at 0% for a few minutes and then fails.',
  'Screenshots are attached to the ticket in the old system.',
  'This happens on both Firefox and Chrome.',
  'Could you also check whether my quota is correct?',
  'Restarting the session did not help.',
  'The same setup works on the lab machines.',
  'Please let me know if you need more details.',
];
const ANSWERS = [
  'Thanks for the report. We have restarted the agent that hosts your workspace.',
  'This was caused by an expired image; the registry entry has been updated.',
  'Could you try again and tell us the exact time it fails?',
  'Your group now has access to the workspace you asked about.',
  'We increased the memory limit for this workspace to 8 GB.',
  'The issue is fixed in the current release; please start a new session.',
  'We could not reproduce this. Does it still happen with a private window?',
  'The charge has been refunded and should appear within five business days.',
];
const PRIORITIES = [
  ['low', 3],
  ['medium', 5],
  ['high', 2],
  ['urgent', 0.5],
] as const;
const STATUSES = [
  ['open', 30],
  ['in_progress', 25],
  ['on_hold', 5],
  ['resolved', 25],
  ['closed', 15],
] as const;
const TAGS = ['login', 'password', 'workspace', 'gpu', 'billing', 'storage', 'browser', 'network', 'groups', 'api'];

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The ZIP codes requests are filed from: real ones the gateway's embedded geocoder places (so no lookup leaves the
 * process), every one in a 0.1° cell of its own (the grid the risk cache keys on, so each is its own cache entry
 * and upstream call), picked at an even stride through the sorted `zipcodes` data, which spreads them over the
 * country. Deterministic: the same list on every run. Built on first use: the data sets take a moment to load.
 */
let benchZipList: string[] | undefined;
export function benchZips(): readonly string[] {
  if (benchZipList) return benchZipList;
  const codes = Object.keys(
    (createRequire(import.meta.url)('zipcodes') as { codes: Record<string, unknown> }).codes,
  ).sort();
  const cells = new Set<string>();
  const zips: string[] = [];
  for (let i = 0; i < codes.length && zips.length < 1000; i += 40) {
    const place = lookupZip(codes[i]);
    if (!place) continue;
    const cell = `${Math.round(place.latitude * 10)},${Math.round(place.longitude * 10)}`;
    if (cells.has(cell)) continue;
    cells.add(cell);
    zips.push(codes[i]);
  }
  return (benchZipList = zips);
}
/** A request's ZIP code follows from its id, so a request seeded before the column existed gets the one it would have now. */
const zipOf = (id: number) => benchZips()[id % benchZips().length];
/** The newest requests, up to the largest page the API serves, each get a ZIP code of their own (see newestPageZips). */
const NEWEST_PAGE = 100;

const sentences = (r: Random, min: number, max: number) =>
  Array.from({ length: r.int(min, max) }, () => r.pick(SENTENCES)).join(' ');

// ---- bulk insert ------------------------------------------------------------------------------------------

/** A column, its type as it travels, and (optionally) the expression that turns it into the column's value (%s: the value). */
type Column = readonly [name: string, pgType: string, expression?: string];

/** One multi-row INSERT: each column travels as one array parameter, unnest turns them back into rows. */
async function insertRows(
  client: pg.ClientBase | pg.Pool,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
  conflict = '',
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const values = columns.map((_, i) => rows.map((row) => row[i]));
  const selected = columns
    .map(([, , expression], i) => (expression ? expression.replace('%s', `c${i}`) : `c${i}`))
    .join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const result = await client.query(
    `insert into "${table}" (${names}) select ${selected} from unnest(${arrays}) as u(${aliases}) ${conflict}`,
    values,
  );
  return result.rowCount ?? 0;
}

/** Takes `n` ids from a serial column's sequence, so child rows can name their parent before it is written. */
async function nextIds(client: pg.ClientBase, table: string, n: number): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2)`,
    [table, n],
  );
  return result.rows.map((row) => row.id);
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const USER_COLUMNS: Column[] = [
  ['id', 'varchar'],
  ['username', 'varchar'],
  ['username_key', 'varchar'],
  ['first_name', 'varchar'],
  ['last_name', 'varchar'],
  ['role', 'text'],
  ['organization', 'varchar'],
  ['phone', 'varchar'],
  ['password_hash', 'varchar'],
  ['last_session', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const REQUEST_COLUMNS: Column[] = [
  ['id', 'int'],
  ['title', 'varchar'],
  ['description', 'text'],
  ['category', 'text'],
  ['priority', 'help_priority'],
  ['contact_email', 'varchar'],
  ['status', 'help_status'],
  ['requester_id', 'varchar'],
  ['assigned_to_id', 'varchar'],
  ['admin_notes', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['zip', 'varchar'],
  // Service levels as the app would have kept them (due times come from the database's trigger), tags and ratings.
  ['first_public_response_at', 'timestamptz'],
  ['first_response_seconds', 'int'],
  ['resolved_at', 'timestamptz'],
  ['resolution_seconds', 'int'],
  ['paused_since', 'timestamptz'],
  ['first_response_breached', 'boolean'],
  ['resolution_breached', 'boolean'],
  ['tags', 'text', `string_to_array(%s, ',')`],
  ['satisfaction_score', 'smallint'],
  ['rated_at', 'timestamptz'],
  ['rating_updated_at', 'timestamptz'],
];

/** The default service-level targets (the help_service_levels migration), in hours: first response, resolution. */
const SLA_HOURS: Record<string, [number, number]> = {
  low: [72, 720],
  medium: [24, 168],
  high: [4, 48],
  urgent: [1, 8],
};
const RESPONSE_COLUMNS: Column[] = [
  ['id', 'int'],
  ['request_id', 'int'],
  ['responder_id', 'varchar'],
  ['response', 'text'],
  ['new_status', 'help_status'],
  ['is_public', 'boolean'],
  ['created_at', 'timestamptz'],
];
const HISTORY_COLUMNS: Column[] = [
  ['request_id', 'int'],
  ['action', 'text'],
  ['field', 'varchar'],
  ['old_value', 'text'],
  ['new_value', 'text'],
  ['internal', 'boolean'],
  ['actor_id', 'varchar'],
  ['created_at', 'timestamptz'],
];
const FAQ_COLUMNS: Column[] = [
  ['question', 'varchar'],
  ['answer', 'text'],
  ['category', 'text'],
  ['tags', 'varchar'],
  ['display_order', 'int'],
  ['is_active', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const USER_BATCH = 2_000;
const REQUEST_BATCH = 1_000;
const FAQ_BATCH = 500;

async function counts(
  pool: pg.Pool,
): Promise<SeedCounts & { benchUsers: number; apiKey: boolean; zipsMissing: boolean }> {
  const { rows } = await pool.query(
    `select
      (select count(*) from users)::int as users,
      (select count(*) from users where username_key like 'bench.%')::int as "benchUsers",
      (select count(*) from help_requests)::int as "helpRequests",
      (select count(*) from help_responses)::int as responses,
      (select count(*) from help_request_history)::int as history,
      (select count(*) from faqs)::int as faqs,
      exists(select 1 from api_keys where key = $1) as "apiKey",
      exists(select 1 from help_requests where zip is null) as "zipsMissing"`,
    [BENCH_API_KEY.key],
  );
  return rows[0];
}

/**
 * Seeds `size` into the database at `url` (migrated first). Idempotent: what is already there is counted and
 * only the missing rows are added, so a second run of the same size inserts nothing.
 */
export async function seed(url: string, size: SeedSize, options: { progress?: boolean } = {}): Promise<SeedReport> {
  const started = performance.now();
  await migrateDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const inserted: SeedCounts = { users: 0, helpRequests: 0, responses: 0, history: 0, faqs: 0 };
  try {
    const before = await counts(pool);
    const usersMissing = Math.max(0, size.users - before.benchUsers);
    const requestsMissing = Math.max(0, size.requests - before.helpRequests);
    const faqsMissing = Math.max(0, size.faqs - before.faqs);
    const work = usersMissing + requestsMissing + faqsMissing + (before.apiKey ? 0 : 1) + (before.zipsMissing ? 1 : 0);
    if (work === 0) {
      const zipsSet = await newestPageZips(pool);
      return { inserted, zipsSet, total: stripBench(before), seconds: (performance.now() - started) / 1000 };
    }

    const bar = new cliProgress.SingleBar(
      { format: 'seeding  {bar} {percentage}% | {value}/{total} rows | {stage}', hideCursor: true, noTTYOutput: false },
      cliProgress.Presets.shades_classic,
    );
    const show = options.progress !== false;
    if (show) bar.start(work, 0, { stage: 'users' });
    const advance = (n: number, stage: string) => show && bar.increment(n, { stage });
    const now = Date.now();

    if (!before.apiKey) {
      await pool.query(
        `insert into api_keys (id, key, secret_hash, name, created_at, permissions) values ($1, $2, $3, 'bench', now(), $4) on conflict (key) do nothing`,
        [
          createHash('md5').update('bench-api-key').digest('hex'),
          BENCH_API_KEY.key,
          hashSecret(BENCH_API_KEY.secret),
          [...ORDINARY_API_KEY_PERMISSIONS],
        ],
      );
      advance(1, 'api key');
    }

    if (usersMissing > 0) {
      // argon2id is deliberately slow: only the account the bench signs in with gets its own hash; the others
      // share one hash of a password nobody is told.
      const adminHash = await hashPassword(BENCH_ADMIN.password);
      const sharedHash = await hashPassword(`${BENCH_ADMIN.password}-not-for-login-${now}`);
      for (let start = 0; start < size.users; start += USER_BATCH) {
        const rows: unknown[][] = [];
        for (let n = start; n < Math.min(size.users, start + USER_BATCH); n++) {
          const r = random(n + 1);
          const username = benchUsername(n);
          const created = new Date(now - r.int(30, 900) * DAY);
          rows.push([
            benchUserId(n),
            username,
            username.toLowerCase(),
            r.pick(FIRST),
            r.pick(LAST),
            n < ADMINS ? 'admin' : 'user',
            r.pick(ORGS),
            r.chance(0.6) ? `555-${r.int(100, 999)}-${r.int(1000, 9999)}` : null,
            n === 0 ? adminHash : sharedHash,
            r.chance(0.7) ? new Date(now - r.int(0, 30) * DAY) : null,
            created,
            created,
          ]);
        }
        await inTransaction(pool, async (client) => {
          const added = await insertRows(client, 'users', USER_COLUMNS, rows, 'on conflict do nothing');
          await client.query(
            `insert into group_memberships (user_id, group_id, created_at) select id, $2, created_at from users where id = any($1::varchar[]) on conflict do nothing`,
            [rows.map((row) => row[0]), DEFAULT_GROUP_ID],
          );
          inserted.users += added;
        });
        advance(rows.length, 'users');
      }
    }

    const adminIds = Array.from({ length: ADMINS }, (_, n) => benchUserId(n));
    for (let done = 0; done < requestsMissing; done += REQUEST_BATCH) {
      const batch = Math.min(REQUEST_BATCH, requestsMissing - done);
      const offset = before.helpRequests + done;
      await inTransaction(pool, async (client) => {
        const rows = generateRequests(await nextIds(client, 'help_requests', batch), offset, size, adminIds, now);
        const responseIds = await nextIds(client, 'help_responses', rows.responses.length);
        rows.responses.forEach((response, i) => (response[0] = responseIds[i]));
        for (const entry of rows.history)
          if (typeof entry[4] === 'function') entry[4] = String(responseIds[(entry[4] as () => number)()]);
        inserted.helpRequests += await insertRows(client, 'help_requests', REQUEST_COLUMNS, rows.requests);
        inserted.responses += await insertRows(client, 'help_responses', RESPONSE_COLUMNS, rows.responses);
        inserted.history += await insertRows(client, 'help_request_history', HISTORY_COLUMNS, rows.history);
      });
      advance(batch, 'help requests');
    }

    for (let done = 0; done < faqsMissing; done += FAQ_BATCH) {
      const batch = Math.min(FAQ_BATCH, faqsMissing - done);
      const rows = Array.from({ length: batch }, (_, i) => {
        const n = before.faqs + done + i;
        const r = random(1_000_000 + n);
        const subject = r.pick(SUBJECTS);
        const created = new Date(now - r.int(1, 700) * DAY);
        return [
          `Why ${r.pick(['does my', 'is the', 'can my'])} ${subject} ${r.pick(PROBLEMS)}? (#${n + 1})`,
          `${r.pick(ANSWERS)} ${sentences(r, 1, 4)}`,
          HELP_CATEGORIES[n % HELP_CATEGORIES.length],
          [...new Set([r.pick(TAGS), r.pick(TAGS)])].join(','),
          r.int(0, 50),
          r.chance(0.95),
          created,
          created,
        ];
      });
      inserted.faqs += await insertRows(pool, 'faqs', FAQ_COLUMNS, rows);
      advance(batch, 'faqs');
    }

    // The newest page first, so the statement below leaves it as it is: each request is counted once.
    let zipsSet = await newestPageZips(pool);
    if (before.zipsMissing) {
      // Requests seeded before they had a ZIP code: one statement, the ZIP code each would have been seeded with.
      const filled = await pool.query(`update help_requests set zip = ($1::varchar[])[1 + id % $2] where zip is null`, [
        benchZips(),
        benchZips().length,
      ]);
      zipsSet += filled.rowCount ?? 0;
      advance(1, 'zip codes');
    }

    if (show) bar.stop();
    // What autovacuum would soon do on a live database: fresh statistics for the planner, and a visibility map
    // so counts can use index-only scans instead of reading every freshly written heap page.
    await pool.query('vacuum analyze');
    return { inserted, zipsSet, total: stripBench(await counts(pool)), seconds: (performance.now() - started) / 1000 };
  } finally {
    await pool.end();
  }
}

/**
 * Gives the newest requests in the default order (created_at, then id, newest first), the first page of any size
 * the API serves, ZIP codes all different (the first of benchZips(), in that order), so the area-risk scenario
 * reads as many areas as requests. Updates only what differs: nothing on a second run, and only the newcomers after
 * a top-up that filed newer requests.
 */
async function newestPageZips(pool: pg.Pool): Promise<number> {
  const result = await pool.query(
    `with page as (
       select id, row_number() over (order by created_at desc, id desc) as n
         from help_requests order by created_at desc, id desc limit $2)
     update help_requests r set zip = ($1::varchar[])[page.n]
       from page where r.id = page.id and r.zip is distinct from ($1::varchar[])[page.n]`,
    [benchZips().slice(0, NEWEST_PAGE), NEWEST_PAGE],
  );
  return result.rowCount ?? 0;
}

function stripBench({ users, helpRequests, responses, history, faqs }: SeedCounts): SeedCounts {
  return { users, helpRequests, responses, history, faqs };
}

/**
 * Requests with the life a real one has: filed by a user, often assigned to an administrator, answered zero or
 * more times (a private answer now and then), its status moved along by those answers; every step in its history.
 */
function generateRequests(ids: number[], offset: number, size: SeedSize, adminIds: string[], now: number) {
  const requests: unknown[][] = [];
  const responses: unknown[][] = [];
  // new_value of a 'responded' entry is the response's id, known only once ids are drawn: a thunk until then.
  const history: unknown[][] = [];
  ids.forEach((id, i) => {
    const r = random(10_000_000 + offset + i);
    const requesterId = benchUserId(r.int(ADMINS, size.users - 1));
    const status = r.weighted(STATUSES);
    const assignee = status !== 'open' || r.chance(0.4) ? r.pick(adminIds) : null;
    const created = now - r.int(0, 365 * 24) * HOUR - r.int(0, HOUR);
    let at = created;
    const later = () => (at = Math.min(now, at + r.int(1, 48) * HOUR));
    const subject = r.pick(SUBJECTS);
    history.push([id, 'created', null, null, null, false, requesterId, new Date(created)]);
    if (assignee)
      history.push([id, 'assigned', 'assigned_to_id', null, assignee, false, r.pick(adminIds), new Date(later())]);

    const answers =
      status === 'open' ? r.int(0, 1) : status === 'in_progress' || status === 'on_hold' ? r.int(1, 2) : r.int(1, 4);
    let current = 'open';
    let firstPublic: number | null = null;
    for (let a = 0; a < answers; a++) {
      const last = a === answers - 1;
      const newStatus = last && status !== current ? status : a === 0 && status !== 'open' ? 'in_progress' : null;
      const isPublic = !r.chance(0.1);
      const responder = assignee ?? r.pick(adminIds);
      const when = new Date(later());
      if (isPublic && firstPublic === null) firstPublic = when.getTime();
      const index = responses.length;
      responses.push([0, id, responder, `${r.pick(ANSWERS)} ${sentences(r, 0, 2)}`, newStatus, isPublic, when]);
      history.push([id, 'responded', 'response', null, () => index, !isPublic, responder, when]);
      if (newStatus && newStatus !== current) {
        history.push([id, 'updated', 'status', current, newStatus, false, responder, when]);
        current = newStatus;
      }
    }
    if (current !== status) {
      history.push([id, 'updated', 'status', current, status, false, assignee ?? r.pick(adminIds), new Date(later())]);
    }
    requests.push([
      id,
      `${subject[0].toUpperCase()}${subject.slice(1)} ${r.pick(PROBLEMS)}`,
      sentences(r, 2, 8),
      r.pick(HELP_CATEGORIES),
      r.weighted(PRIORITIES),
      r.chance(0.3) ? `user${offset + i}@example.edu` : null,
      status,
      requesterId,
      assignee,
      assignee && r.chance(0.2) ? `Internal: ${r.pick(SENTENCES)}` : null,
      new Date(created),
      new Date(at),
      zipOf(id),
    ]);
    // Service levels, drawn after everything above so the rows the seed always wrote stay as they were.
    const priority = requests.at(-1)![4] as string;
    const [firstHours, resolutionHours] = SLA_HOURS[priority];
    const settled = status === 'resolved' || status === 'closed';
    const pausedSince = settled || status === 'on_hold' ? at : null;
    const resolvedAt = settled ? at : null;
    const firstDue = created + firstHours * HOUR;
    const resolutionDue = created + resolutionHours * HOUR;
    const rated = settled && r.chance(0.4);
    requests
      .at(-1)!
      .push(
        firstPublic === null ? null : new Date(firstPublic),
        firstPublic === null ? null : Math.round((firstPublic - created) / 1000),
        resolvedAt === null ? null : new Date(resolvedAt),
        resolvedAt === null ? null : Math.round((resolvedAt - created) / 1000),
        pausedSince === null ? null : new Date(pausedSince),
        (firstPublic ?? pausedSince ?? now) > firstDue,
        (resolvedAt ?? pausedSince ?? now) > resolutionDue,
        [...new Set(Array.from({ length: r.int(0, 3) }, () => r.pick(TAGS)))].join(','),
        rated ? r.int(1, 5) : null,
        rated ? new Date(at) : null,
        rated ? new Date(at) : null,
      );
  });
  return { requests, responses, history };
}
