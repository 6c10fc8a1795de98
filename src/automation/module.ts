import { ConfigError } from '../platform/config.js';
import { Cursors } from '../platform/graphql/connections.js';
import { defineModule } from '../platform/module.js';
import { administersRules } from './access.js';
import { WebhookDeliveries } from './delivery.js';
import { mailOf } from './mail.js';
import { automationResolvers } from './resolvers.js';
import { HelpRuleService } from './rules.js';
import { HelpRuleRunner } from './runner.js';
import { HelpWebhookService } from './webhooks.js';

/** Triggers, automations, macros and signed webhooks over the help desk's events. */
export interface Automation {
  rules: HelpRuleService;
  webhooks: HelpWebhookService;
  /** The webhook outbox's worker on this replica. */
  deliveries: WebhookDeliveries;
  /** Triggers on each change (the help desk's change hook), automations on a timer, macros by hand. */
  runner: HelpRuleRunner;
}

declare module '../platform/services.js' {
  interface ModuleServices {
    automation: Automation;
  }
}

const ROOT_FIELDS = {
  Query: ['helpTriggers', 'helpAutomations', 'helpMacros', 'helpWebhooks', 'helpWebhookDeliveries'],
  Mutation: [
    'createHelpTrigger',
    'updateHelpTrigger',
    'deleteHelpTrigger',
    'reorderHelpTriggers',
    'createHelpAutomation',
    'updateHelpAutomation',
    'deleteHelpAutomation',
    'createHelpMacro',
    'updateHelpMacro',
    'deleteHelpMacro',
    'applyHelpMacro',
    'createHelpWebhook',
    'rotateHelpWebhookSecret',
    'deleteHelpWebhook',
    'redeliverHelpWebhook',
  ],
};

export const automationModule = defineModule({
  name: 'automation',
  // Rules act on help requests through the help desk's change service and hooks; their edits are audited.
  requires: ['audit', 'helpdesk'],
  typeDefs: ['automation.graphql'],
  migrations: new URL('./migrations/', import.meta.url),
  unmappedTables: [
    // Read and written with SQL of their own (the help_rules migration).
    'help_triggers',
    'help_automations',
    'help_automation_firings',
    'help_macros',
    'help_rule_firings',
    'help_webhooks',
    'help_webhook_deliveries',
  ],
  resolvers: automationResolvers,
  // Every field is an administrator's: rules act on every request, and webhooks send them out of the gateway.
  rules: Object.fromEntries(
    Object.entries(ROOT_FIELDS).map(([type, fields]) => [
      type,
      Object.fromEntries(fields.map((f) => [f, administersRules])),
    ]),
  ),
  services: (services) => {
    const { config, now, log, orm, audit, helpdesk } = services;
    const mail = () => mailOf(services);
    const webhooks = new HelpWebhookService(
      now,
      config.automation.webhooks,
      new Cursors(config.jwt.secret),
      audit.recorder,
      log,
    );
    const rules = new HelpRuleService(now, audit.recorder, mail);
    const runner = new HelpRuleRunner(now, rules, webhooks, helpdesk.helpRequestChanges, mail, log);
    const deliveries = new WebhookDeliveries(webhooks, config.automation.webhooks, () => orm.em.fork(), now, log);
    helpdesk.changeHooks.register('automation', (change) => runner.onChange(change));
    // A change committed: deliveries it queued go now rather than at the next poll.
    helpdesk.events.onChange(() => {
      if (runner.takeQueued()) deliveries.wake();
    });
    return { rules, webhooks, deliveries, runner };
  },
  start: async ({ automation, config, orm }) => {
    // Sealed secrets open only with the key they were sealed under: without it no delivery could be signed.
    if (!config.automation.webhooks.secretsKey && (await automation.webhooks.count(orm.em.fork())) > 0)
      throw new ConfigError([
        'WEBHOOK_SECRETS_KEY: is required once a help webhook exists (the key its secret was sealed under)',
      ]);
    automation.deliveries.start();
    automation.runner.start(config.automation.automationSeconds * 1000, () => orm.em.fork());
  },
  close: async ({ automation }) => {
    await automation.runner.stop();
    await automation.deliveries.stop();
  },
});
