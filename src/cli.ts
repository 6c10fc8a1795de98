/**
 * Operator commands against the configured database (DATABASE_URL, or the embedded one under DATA_DIR):
 *   npm run cli -- create-user <username> [--admin] [--password <pw>]   (prompts for nothing: a random password is printed)
 *   npm run cli -- create-api-key <name> [--expires-in-days <n>]        (prints the key and its secret once)
 */
import { parseArgs } from 'node:util';
import { createApiKey } from './auth/api-keys.js';
import { createLogger } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { migrate, openOrm } from './db/orm.js';
import { DomainError } from './errors.js';
import { newUserAccount, randomPassword } from './users/accounts.js';
import path from 'node:path';

const usage = `usage:
  npm run cli -- create-user <username> [--admin] [--password <password>]
  npm run cli -- create-api-key <name> [--expires-in-days <days>]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { admin: { type: 'boolean' }, password: { type: 'string' }, 'expires-in-days': { type: 'string' } },
  });
  const [command, name] = positionals;
  if (!command || !name || !['create-user', 'create-api-key'].includes(command)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const log = createLogger({ ...config, logLevel: 'warn' });
  const embedded = config.db.url ? undefined : await startEmbeddedPostgres({ dataDir: path.join(config.db.dataDir, 'pg') });
  const orm = await openOrm(config.db.url ?? embedded!.url('trellis'), 2, log);
  try {
    await migrate(orm);
    const em = orm.em.fork();
    if (command === 'create-user') {
      const password = values.password ?? randomPassword();
      const user = await newUserAccount(em, { username: name, password, role: values.admin ? 'admin' : 'user' });
      await em.flush();
      console.log(JSON.stringify({ user_id: user.id, username: user.username, role: user.role, ...(values.password ? {} : { password }) }));
    } else {
      const days = values['expires-in-days'] ? Number(values['expires-in-days']) : undefined;
      if (days !== undefined && !(days > 0)) throw new Error('--expires-in-days must be a positive number');
      const expiresAt = days ? new Date(Date.now() + days * 86_400_000) : null;
      const { apiKey, secret } = await createApiKey(em, { name, expiresAt });
      console.log(JSON.stringify({ api_key: apiKey.key, api_key_secret: secret, expires_at: expiresAt }));
    }
    return 0;
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DomainError) console.error(error.message);
    else if (/unique/i.test(String((error as Error).message))) console.error('That name is already taken');
    else console.error(error);
    process.exit(1);
  },
);
