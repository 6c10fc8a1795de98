import type { Resolvers } from '../platform/graphql/generated/resolvers-types.js';
import { helpRequestViewOf } from '../helpdesk/help-request-read-model.js';

/** Thin: unpack, call the module's services, return. Who may is the shield's rule and each service's. */
export const automationResolvers: Resolvers = {
  Query: {
    helpTriggers: (_p, _a, ctx) => ctx.services.automation.rules.triggers(ctx.em),
    helpAutomations: (_p, _a, ctx) => ctx.services.automation.rules.automations(ctx.em),
    helpMacros: (_p, _a, ctx) => ctx.services.automation.rules.macros(ctx.em),
    helpWebhooks: (_p, _a, ctx) => ctx.services.automation.webhooks.list(ctx.em),
    helpWebhookDeliveries: (_p, { webhookId, first, after }, ctx) =>
      ctx.services.automation.webhooks.deliveries(ctx.em, webhookId, { first, after }),
  },
  Mutation: {
    createHelpTrigger: (_p, { input }, ctx) => ctx.services.automation.rules.createTrigger(ctx.em, ctx.actor, input),
    updateHelpTrigger: (_p, { id, input }, ctx) =>
      ctx.services.automation.rules.updateTrigger(ctx.em, ctx.actor, id, input),
    deleteHelpTrigger: (_p, { id }, ctx) => ctx.services.automation.rules.deleteTrigger(ctx.em, ctx.actor, id),
    reorderHelpTriggers: (_p, { ids }, ctx) => ctx.services.automation.rules.reorderTriggers(ctx.em, ctx.actor, ids),
    createHelpAutomation: (_p, { input }, ctx) =>
      ctx.services.automation.rules.createAutomation(ctx.em, ctx.actor, input),
    updateHelpAutomation: (_p, { id, input }, ctx) =>
      ctx.services.automation.rules.updateAutomation(ctx.em, ctx.actor, id, input),
    deleteHelpAutomation: (_p, { id }, ctx) => ctx.services.automation.rules.deleteAutomation(ctx.em, ctx.actor, id),
    createHelpMacro: (_p, { input }, ctx) => ctx.services.automation.rules.createMacro(ctx.em, ctx.actor, input),
    updateHelpMacro: (_p, { id, input }, ctx) =>
      ctx.services.automation.rules.updateMacro(ctx.em, ctx.actor, id, input),
    deleteHelpMacro: (_p, { id }, ctx) => ctx.services.automation.rules.deleteMacro(ctx.em, ctx.actor, id),
    applyHelpMacro: async (_p, { requestId, macroId }, ctx) =>
      helpRequestViewOf(await ctx.services.automation.runner.applyMacro(ctx.em, ctx.actor, requestId, macroId)),
    createHelpWebhook: (_p, { input }, ctx) => ctx.services.automation.webhooks.create(ctx.em, ctx.actor, input),
    rotateHelpWebhookSecret: (_p, { id }, ctx) => ctx.services.automation.webhooks.rotate(ctx.em, ctx.actor, id),
    deleteHelpWebhook: (_p, { id }, ctx) => ctx.services.automation.webhooks.delete(ctx.em, ctx.actor, id),
    redeliverHelpWebhook: async (_p, { deliveryId }, ctx) => {
      const delivery = await ctx.services.automation.webhooks.redeliver(ctx.em, deliveryId);
      ctx.services.automation.deliveries.wake();
      return delivery;
    },
  },
};
