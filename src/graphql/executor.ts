import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getVariableValues, GraphQLError, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Compiled operations kept; the least recently used goes first past this many (Apollo keeps as many parsed documents). */
const MAX_COMPILED = 1000;

/**
 * Executes operations with graphql-jit: each validated document is compiled once into a function that resolves
 * it, instead of being walked field by field on every request. A page of 50 help requests resolves some 1,300
 * fields, which cost the gateway more CPU than its SQL did. The resolvers, shield's rules and the error
 * handling are the schema's own, so an answer is the one graphql-js would give.
 *
 * Apollo Server runs a custom executor only behind its gateway interface: this "gateway" serves one fixed,
 * local schema. Apollo still parses, validates (with every limit), runs the plugins and formats the errors.
 * A document graphql-jit cannot compile falls back to graphql-js.
 */
export function compiledExecution(schema: GraphQLSchema): GatewayInterface {
  const compiled = new Map<string, CompiledQuery | null>();

  const compile = (document: DocumentNode, operationName: string | null | undefined, key: string): CompiledQuery | null => {
    const found = compiled.get(key);
    if (found !== undefined) {
      compiled.delete(key);
      compiled.set(key, found);
      return found;
    }
    const result = compileQuery(schema, document, operationName ?? undefined);
    const query = isCompiledQuery(result) ? result : null;
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, query);
    return query;
  };

  const executor: GatewayExecutor = async ({ document, request, context, queryHash, operation }) => {
    // What the client asked for: an unknown name must fail here as it would in graphql-js, not pick the only operation.
    const { operationName } = request;
    const variables = request.variables ?? {};
    // Mutations stay with graphql-js, whose serial execution stops at the first field that fails for good.
    const query = operation?.operation === 'query' ? compile(document, operationName, `${queryHash}:${operationName ?? ''}`) : null;
    if (!query) return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
    // Variables are checked by graphql-js first, so a bad one gets graphql-js's error (its message, and the
    // variable definition as its node, by which Apollo answers 400 BAD_USER_INPUT); graphql-jit then reads them itself.
    const coercion = getVariableValues(schema, operation?.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coercion.errors) return { errors: coercion.errors };
    const result = await query.query(undefined, context, variables);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };

  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}

/**
 * graphql-jit's errors carry no `extensions`, where graphql-js's always do (the resolver's error's, or an empty
 * object), and Apollo reads them for an error's code and HTTP status: each becomes the error graphql-js would give.
 * Their `message` is read-only too, and Apollo's plugins rewrite messages (production masks field suggestions).
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  if (error.extensions && Object.getOwnPropertyDescriptor(error, 'message')?.writable !== false) return error;
  const originalError = error.originalError ?? undefined;
  const copy = new GraphQLError(error.message, { path: error.path, originalError, extensions: originalError && (originalError as GraphQLError).extensions });
  Object.defineProperty(copy, 'locations', { value: error.locations, enumerable: true });
  return copy;
}
