import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../platform/services.js';

/**
 * What rules use of the mail module, when the gateway runs it: templated mail about a request, queued in the
 * caller's transaction (its outbox sends it after commit, once across replicas).
 */
export interface MailService {
  enqueueTemplate(
    em: EntityManager,
    mail: { requestId: number; to: 'contact' | 'agents'; template: string; event?: string; byRule?: string },
  ): Promise<void>;
  hasTemplate(name: string): boolean;
}

/**
 * The mail module's service, or undefined without it. Read each time it is needed rather than once: the mail module
 * need not come before this one in the list, and a rule that mails is refused when saved in a gateway without it.
 */
export const mailOf = (services: AppServices): MailService | undefined =>
  (services as AppServices & { mail?: MailService }).mail;
