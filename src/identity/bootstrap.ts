import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ApiKey } from './api-key.entity.js';
import { createApiKey } from './api-keys.js';
import { ADMINISTRATOR_ROLE } from '../platform/auth/principal.js';
import type { Config } from '../platform/config.js';
import { newUserAccount } from '../users/accounts.js';
import { User } from '../users/user.entity.js';

/**
 * First start on an empty database: an administrator from BOOTSTRAP_ADMIN_*, an API key from BOOTSTRAP_API_KEY*
 * (with the ordinary permissions unless BOOTSTRAP_API_KEY_PERMISSIONS names others).
 * Both are no-ops once the account or key exists, so every replica can run this at start-up.
 */
export async function bootstrap(em: EntityManager, config: Config, log: Logger): Promise<void> {
  const { adminUsername, adminPassword, apiKey, apiKeySecret, apiKeyPermissions } = config.bootstrap;
  if (adminPassword && (await em.count(User, {})) === 0) {
    await newUserAccount(em, { username: adminUsername, password: adminPassword, role: ADMINISTRATOR_ROLE });
    await em
      .flush()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'bootstrap admin not created (another replica may have created it)'),
      );
    log.info({ username: adminUsername }, 'created the bootstrap administrator');
  }
  if (apiKey && apiKeySecret && !(await em.findOne(ApiKey, { key: apiKey }))) {
    await createApiKey(em, {
      name: 'bootstrap',
      key: apiKey,
      secret: apiKeySecret,
      permissions: apiKeyPermissions,
    }).catch((error: unknown) =>
      log.warn({ err: error }, 'bootstrap API key not created (another replica may have created it)'),
    );
    log.info({ key: apiKey }, 'created the bootstrap API key');
  }
  if (!adminPassword && (await em.count(User, { role: ADMINISTRATOR_ROLE })) === 0) {
    log.warn('no administrator exists: set BOOTSTRAP_ADMIN_PASSWORD or run `npm run cli -- create-user --admin …`');
  }
}
