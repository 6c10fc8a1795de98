import { defineModule } from '../platform/module.js';
import { AgentNotificationService } from './agents.js';
import { mailHook } from './hook.js';
import { MailOutbox } from './outbox.js';
import { mailResolvers, mailRules } from './resolvers.js';
import { mailApi } from './rest/api.js';
import { registerMailRoutes } from './rest/routes.js';
import { Mailer } from './service.js';
import { MailTemplates } from './templates.js';
import { noTransport, smtpTransport } from './transport.js';

/** The mail module's services: the outbox and its worker, administrators' notifications, and what others use. */
export type Mail = Mailer;

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
 */
export const mailModule = defineModule({
  name: 'mail',
  // It mails about help requests, to their contacts and to administrators (users).
  requires: ['helpdesk'],
  typeDefs: ['mail.graphql'],
  resolvers: mailResolvers,
  rules: mailRules,
  migrations: new URL('./migrations/', import.meta.url),
  unmappedTables: ['mail_outbox', 'mail_agent_notifications'],
  services: ({ config, orm, now, log, helpdesk }): Mail => {
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
    return mailer;
  },
  routes: (api, { gateway }) => registerMailRoutes(api, gateway),
  restApi: mailApi,
  start: ({ mail, config, log }) => {
    if (!config.mail.smtpUrl) log.info('SMTP_URL is not set: mail is queued but not sent');
    mail.outbox.start();
    return Promise.resolve();
  },
  close: ({ mail }) => mail.outbox.stop(),
});
