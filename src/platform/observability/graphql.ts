import type { ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginSchemaReporting,
  type ApolloServerPluginSchemaReportingOptions,
} from '@apollo/server/plugin/schemaReporting';
import type { Config } from '../config.js';
import type { Context } from '../graphql/context.js';
import { UNRESOLVED_OPERATION, type Metrics } from './metrics.js';

/**
 * Counts and times every GraphQL operation, whichever door it came through: /graphql, or a REST route running
 * its stored document. An operation that never reached execution (unparsable, invalid, unknown name) is `invalid`.
 */
export function operationMetricsPlugin(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse(ctx) {
          const outcome = !ctx.operation ? 'invalid' : ctx.errors?.length ? 'error' : 'ok';
          const name = ctx.operation ? ctx.operationName : (ctx.request.operationName ?? UNRESOLVED_OPERATION);
          metrics.graphqlOperation(name, ctx.operation?.operation, outcome, (performance.now() - started) / 1000);
        },
      };
    },
  };
}

/**
 * Apollo reports usage by itself once APOLLO_KEY and APOLLO_GRAPH_REF are set, but reports the schema only when
 * asked; asking here keeps Studio's schema in step with every deploy without an extra environment variable.
 */
export function studioPlugins(
  config: Config,
  reporting: ApolloServerPluginSchemaReportingOptions = {},
): ApolloServerPlugin<Context>[] {
  return config.apollo.key && config.apollo.graphRef ? [ApolloServerPluginSchemaReporting(reporting)] : [];
}

/** Everything the gateway adds to Apollo for operators: operation metrics, and Studio schema reporting when configured. */
export function observabilityPlugins(config: Config, metrics: Metrics): ApolloServerPlugin<Context>[] {
  return [operationMetricsPlugin(metrics), ...studioPlugins(config)];
}
