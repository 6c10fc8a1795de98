import pg from 'pg';

/**
 * Writes `count` plain users straight into an app's database (`<prefix>0001`…, zero-padded to `width` digits), for
 * tests about how many users there are: creating each through the API would hash a password per user.
 */
export async function insertUsers(
  databaseUrl: string,
  options: { count: number; prefix: string; width: number; withFirstName?: boolean },
) {
  const { count, prefix, width, withFirstName = false } = options;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const name = `'${prefix}' || lpad(n::text, ${width}, '0')`;
    await db.query(`
      insert into users (id, username, username_key, first_name, password_hash, created_at, updated_at)
      select md5('${prefix}' || n), ${name}, ${name}, ${withFirstName ? `'Person ' || n` : 'null'}, 'x', now(), now()
      from generate_series(1, ${count}) as n`);
    await db.query('analyze users');
  } finally {
    await db.end();
  }
}
