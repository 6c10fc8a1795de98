import type { ApolloServerPlugin } from '@apollo/server';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Config } from '../platform/config.js';
import { errorFormatter } from '../platform/graphql/errors.js';
import { GRAPHQL_LIMITS, limitExceeded, limitJudge } from '../platform/hardening/graphql-limits.js';
import type { DocumentRequest, TrustedDocuments } from '../platform/hardening/trusted-documents.js';
import { containsNul, documentContainsNul, nulTextRefused } from '../platform/hardening/text-input.js';

/**
 * The steps every GraphQL operation takes, whichever door it came through: parsing, validation, the document
 * limits, the checks on a resolved operation, and error formatting. Apollo (POST /graphql and the REST routes'
 * stored documents) takes them as options and a plugin; graphql-ws (subscriptions) runs them through `prepare`.
 * Queries over HTTP execute through the compiled executor (executor.ts); subscriptions through graphql-js.
 */
export interface GraphqlPipeline {
  schema: GraphQLSchema;
  /** Development tooling only: production refuses __schema and __type. */
  introspection: boolean;
  /** graphql-js stops parsing past this many tokens. */
  parseOptions: ParseOptions;
  /** Apollo's count of selections after expanding fragments (fragment fan-out). */
  maxRecursiveSelections: number;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /**
   * What a parsed, valid operation must still pass: the document limits (depth, aliases, directives, cost), which
   * the server's own stored documents are exempt from, and no NUL in its text or variables. The refusal, or null.
   */
  check(document: DocumentNode, variables: unknown, trusted: boolean): GraphQLError | null;
  /** Which documents may run (TRUSTED_DOCUMENTS): the first step at either door, before parsing. */
  trustedDocuments: TrustedDocuments;
  /**
   * Every step before execution, for a document received outside Apollo: the operation to run, or its errors. A
   * trusted document's id (`documentId` or `extensions.persistedQuery`) stands for its text.
   */
  prepare(
    payload: DocumentRequest & {
      query: string;
      operationName?: string | null;
      variables?: Record<string, unknown> | null;
    },
  ): { document: DocumentNode; operation: OperationDefinitionNode } | { errors: readonly GraphQLError[] };
}

/** Distinct valid documents `prepare` remembers. */
const VALID_DOCUMENTS = 500;

export function createPipeline(
  config: Config,
  schema: GraphQLSchema,
  trustedDocuments: TrustedDocuments,
): GraphqlPipeline {
  const introspection = !config.isProduction;
  const parseOptions: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };
  // As Apollo validates: the spec's rules, and no introspection unless allowed.
  const rules = [...specifiedRules, ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  const judge = limitJudge();
  // Parsed and valid documents by their text, as Apollo's document store keeps them for HTTP: the many
  // subscribers of one screen send the same text, and each would otherwise hold a syntax tree of its own.
  const validDocuments = new LRUCache<string, DocumentNode>({ max: VALID_DOCUMENTS });

  const check: GraphqlPipeline['check'] = (document, variables, trusted) => {
    const refusal = trusted ? null : judge(schema, document);
    if (refusal) return limitExceeded(refusal);
    if (containsNul(variables) || documentContainsNul(document)) return nulTextRefused();
    return null;
  };

  return {
    schema,
    introspection,
    parseOptions,
    maxRecursiveSelections: GRAPHQL_LIMITS.maxRecursiveSelections,
    formatError: errorFormatter({ hideSuggestions: config.isProduction }),
    check,
    trustedDocuments,
    prepare(payload) {
      const { operationName, variables } = payload;
      const resolved = trustedDocuments.resolve(payload);
      if (resolved.kind === 'refused') return { errors: [resolved.error] };
      const query = resolved.kind === 'run' ? resolved.query : payload.query;
      let document = validDocuments.get(query);
      if (!document) {
        try {
          document = parse(query, parseOptions);
        } catch (error) {
          const syntax = error instanceof GraphQLError ? error : new GraphQLError(String(error));
          return { errors: [withCode(syntax, 'GRAPHQL_PARSE_FAILED')] };
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length > 0) return { errors: invalid.map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')) };
        validDocuments.set(query, document);
      }
      const operation = getOperationAST(document, operationName);
      if (!operation)
        return {
          errors: [
            new GraphQLError('Unable to identify the operation to run', {
              extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
            }),
          ],
        };
      const refusal = check(document, variables, false);
      if (refusal) return { errors: [refusal] };
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, {
        maxErrors: 10,
      });
      if (coerced.errors) return { errors: coerced.errors.map((e) => withCode(e, 'BAD_USER_INPUT')) };
      return { document, operation };
    },
  };
}

/** Runs the pipeline's checks in Apollo, once the operation is resolved; an operation without HTTP is a REST route's own. */
export function pipelinePlugin<C extends object>(pipeline: GraphqlPipeline): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const refusal = pipeline.check(document, request.variables, request.http === undefined);
          if (refusal) throw refusal;
        },
      };
    },
  };
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code } });
}
