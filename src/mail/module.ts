import { defineModule } from '../platform/module.js';
import { AgentNotificationService } from './agents.js';
import { mailHook } from './hook.js';
import { assembleMailInbound } from './inbound/assemble.js';
import type { MailInbound } from './inbound/inbound.js';
import { inboundResolvers, inboundRules } from './inbound/resolvers.js';
import { MailOutbox } from './outbox.js';
import { mailResolvers, mailRules } from './resolvers.js';
import { mailApi } from './rest/api.js';
import { registerMailRoutes } from './rest/routes.js';
import { Mailer } from './service.js';
import { MailTemplates } from './templates.js';
import { noTransport, smtpTransport } from './transport.js';

/**
 * The mail module's services: the outbox and its worker, administrators' notifications, what others use, and
 * mail in (its mailboxes, its worker, held mail).
 */
export type Mail = Mailer & { inbound: MailInbound };

/** Two resolver or rule maps as one, type by type. */
const merged = <T extends Record<string, object>>(a: T, b: Record<string, object>): T =>
  Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])].map((type) => [type, { ...a[type], ...b[type] }]),
  ) as T;

declare module '../platform/services.js' {
  interface ModuleServices {
    /** Present when the mail module is in the app. */
    mail: Mail;
  }
}

/**
 * Mail out: the help desk's changes mailed to contacts and to administrators who asked, through an outbox that
 * every replica drains (src/platform/outbox), over SMTP (SMTP_URL). Without SMTP_URL the mails are still queued
 * and settled as not sent, so deliveries say why nobody was mailed.
 * Mail in: IMAP mailboxes (HELP_IMAP_URLS) and an LMTP listener (HELP_LMTP_PORT) hand mail to src/mail/inbound,
 * which stores it once and files it as a request, a message on one, or held mail.
 */
export const mailModule = defineModule({
  name: 'mail',
  // It mails about help requests, to their contacts and to administrators (users).
  requires: ['audit', 'helpdesk'],
  typeDefs: ['mail.graphql', 'mail-inbound.graphql'],
  resolvers: merged(mailResolvers, inboundResolvers),
  rules: merged(mailRules, inboundRules),
  migrations: new URL('./migrations/', import.meta.url),
  unmappedTables: ['mail_outbox', 'mail_agent_notifications', 'mail_inbound'],
  services: (services): Mail => {
    const { config, orm, now, log, helpdesk, audit } = services;
    const templates = new MailTemplates();
    const contacts = helpdesk.contacts;
    // The outbox asks the agents' records about agent mail, and the agents' service queues through the outbox.
    const late: { agents?: AgentNotificationService } = {};
    const outbox = new MailOutbox(
      config.mail,
      templates,
      config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : noTransport,
      Mailer.recipientBook(contacts, () => late.agents!),
      now,
      () => orm.em.fork(),
      log,
    );
    const agents = (late.agents = new AgentNotificationService(now, outbox, config.mail.linkBaseUrl));
    const mailer = new Mailer(outbox, templates, contacts, agents);
    helpdesk.changeHooks.register('mail', mailHook(mailer));
    const inbound = assembleMailInbound(services, helpdesk, audit.recorder, mailer);
    return Object.assign(mailer, { inbound });
  },
  routes: (api, { gateway }) => registerMailRoutes(api, gateway),
  restApi: mailApi,
  start: ({ mail, config, log }) => {
    if (!config.mail.smtpUrl) log.info('SMTP_URL is not set: mail is queued but not sent');
    mail.outbox.start();
    return mail.inbound.start();
  },
  // Only when mail comes in: the mailboxes and whether each is up.
  readiness: ({ mail }) => (mail.inbound.mailboxes.length ? { mailboxes: mail.inbound.status() } : {}),
  close: async ({ mail }) => {
    await mail.inbound.stop();
    await mail.outbox.stop();
  },
});
