/**
 * Operator commands against the configured database (DATABASE_URL, or the embedded one under DATA_DIR):
 *   npm run cli -- create-user <username> [--admin] [--password <pw>]   (prompts for nothing: a random password is printed)
 *   npm run cli -- create-api-key <name> [--expires-in-days <n>] [--permissions <list>] [--read-only]
 *                                                                      (prints the key and its secret once)
 *   npm run cli -- list-api-keys                                       (one JSON line per key, never a secret)
 *   npm run cli -- revoke-api-key <api_key>
 */
import { parseArgs } from 'node:util';
import { API_KEY_PERMISSIONS, parsePermissions } from './platform/auth/api-key-permissions.js';
import { listApiKeys } from './identity/api-keys.js';
import { ApiKeyAdministration } from './identity/key-administration.js';
import { AuditRecorder, type SystemActor } from './audit/recorder.js';
import { createLogger } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from './platform/db/embedded.js';
import { entities, loadAllMigrations } from './modules.js';
import { migrate, openOrm } from './platform/db/orm.js';
import { DomainError, ValidationError } from './platform/errors.js';
import { newUserAccount, randomPassword } from './users/accounts.js';
import path from 'node:path';

const usage = `usage:
  npm run cli -- create-user <username> [--admin] [--password <password>]
  npm run cli -- create-api-key <name> [--expires-in-days <days>] [--permissions <list>] [--read-only]
  npm run cli -- list-api-keys
  npm run cli -- revoke-api-key <api_key>

permissions (comma-separated; "ordinary", the default, is all but users:modify-admin):
  ${API_KEY_PERMISSIONS.join(', ')}`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      admin: { type: 'boolean' },
      password: { type: 'string' },
      'expires-in-days': { type: 'string' },
      permissions: { type: 'string' },
      'read-only': { type: 'boolean' },
    },
  });
  const [command, name] = positionals;
  const needsName = ['create-user', 'create-api-key', 'revoke-api-key'];
  if (!command || ![...needsName, 'list-api-keys'].includes(command) || (needsName.includes(command) && !name)) {
    console.error(usage);
    return 2;
  }
  // Checked before the database is opened: a mistyped permission must not create a key at all.
  const permissions = values.permissions === undefined ? undefined : parsePermissions(values.permissions.split(','));
  if (permissions?.unknown.length)
    throw new ValidationError(`Unknown permission: ${permissions.unknown.join(', ')}\n${usage}`);
  if (permissions && permissions.permissions.length === 0)
    throw new ValidationError('--permissions needs at least one permission');
  const config = loadConfig();
  const log = createLogger({ ...config, logLevel: 'warn' });
  const embedded = config.db.url
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(config.db.dataDir, 'pg') });
  const orm = await openOrm(config.db.url ?? embedded!.url('trellis'), {
    poolMax: 2,
    entities,
    migrations: await loadAllMigrations(),
    log,
  });
  try {
    await migrate(orm);
    const em = orm.em.fork();
    // Key changes made here are recorded in the audit trail as the operator's, with no request to name.
    const keys = new ApiKeyAdministration(new AuditRecorder(() => new Date()), () => new Date());
    const operator: SystemActor = { kind: 'system', name: 'cli' };
    if (command === 'create-user') {
      const password = values.password ?? randomPassword();
      const user = await newUserAccount(em, { username: name, password, role: values.admin ? 'admin' : 'user' });
      await em.flush();
      console.log(
        JSON.stringify({
          user_id: user.id,
          username: user.username,
          role: user.role,
          ...(values.password ? {} : { password }),
        }),
      );
    } else if (command === 'list-api-keys') {
      for (const key of await listApiKeys(em)) console.log(JSON.stringify(key));
    } else if (command === 'revoke-api-key') {
      if (!(await keys.revoke(em, operator, name))) throw new ValidationError(`No API key ${name}`);
      console.log(JSON.stringify({ api_key: name, revoked: true }));
    } else {
      const days = values['expires-in-days'] ? Number(values['expires-in-days']) : undefined;
      if (days !== undefined && !(days > 0)) throw new Error('--expires-in-days must be a positive number');
      const expiresAt = days ? new Date(Date.now() + days * 86_400_000) : null;
      const { apiKey, secret } = await keys.create(em, operator, {
        name: name,
        expiresAt,
        permissions: permissions?.permissions,
        readOnly: values['read-only'] ?? false,
      });
      console.log(
        JSON.stringify({
          api_key: apiKey.key,
          api_key_secret: secret,
          permissions: apiKey.permissions,
          read_only: apiKey.readOnly,
          expires_at: expiresAt,
        }),
      );
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
    else if (error instanceof EmbeddedDatabaseError) console.error(`${error.message}\n  What to do: ${error.remedy}`);
    else if (/unique/i.test(String((error as Error).message))) console.error('That name is already taken');
    else console.error(error);
    process.exit(1);
  },
);
