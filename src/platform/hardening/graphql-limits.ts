import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';

/**
 * How large a document a client may send. Every legitimate query of the schema fits inside (the deepest path that
 * visits no type twice is 13 levels, see maxDepth); an attacker's nested, aliased or fragment-multiplied document
 * does not, and is refused before a single resolver or SQL statement runs.
 */
export const GRAPHQL_LIMITS = {
  /** graphql-js aborts parsing past this many tokens, so a 2,000-deep `{{{{` never reaches the recursive parser's depth. */
  maxTokens: 1000,
  /**
   * A cursor connection puts two levels (edges, node) between a list and its items, and links run across the domains
   * (a workspace's groups, their members, their help requests, each request's area risk): the deepest path that
   * visits no type twice is 13 levels. The cost limit, not depth, is what bounds the work a document asks for.
   */
  maxDepth: 15,
  /** Aliases are how one request multiplies a field (a hundred `login`s is a hundred password guesses). */
  maxAliases: 15,
  maxDirectives: 50,
  /** graphql-armor's estimate: objects 2, scalars 1, ×1.5 per level, × `first`/`last`. */
  maxCost: 5000,
  /** Apollo's count of selections after expanding every fragment: stops fragment fan-out ("billion laughs"). */
  maxRecursiveSelections: 2000,
} as const;

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;
const NONE: ArmorConfig = {
  blockFieldSuggestion: { enabled: false },
  maxTokens: { enabled: false },
  maxDepth: { enabled: false },
  maxAliases: { enabled: false },
  maxDirectives: { enabled: false },
  costLimit: { enabled: false },
};
const only = (protection: ArmorConfig) => new ApolloArmor({ ...NONE, ...protection }).protect();

/**
 * The rules in the order a refusal should name them: the specific limit a document breaks (depth,
 * aliases, directives) before the cost estimate that every large document also exceeds. Tokens are
 * capped by the parser itself (parseOptions.maxTokens), before there is a document to validate.
 */
export function armorRules() {
  return [
    { maxDepth: { n: GRAPHQL_LIMITS.maxDepth, flattenFragments: false } },
    { maxAliases: { n: GRAPHQL_LIMITS.maxAliases } },
    { maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives } },
    { costLimit: { maxCost: GRAPHQL_LIMITS.maxCost } },
  ].flatMap((protection) => only(protection).validationRules);
}

/**
 * Judges a document against graphql-armor's depth, alias, directive and cost limits: the first limit it breaks, as
 * a message without graphql-js's "Syntax Error: " prefix (the document parsed; it is too large), or null. A
 * verdict is kept with the parsed document, which Apollo caches, so a repeated query is judged once. The GraphQL
 * pipeline (src/server/pipeline.ts) asks this for every door; the REST routes' stored documents are exempt.
 */
export function limitJudge(): (schema: GraphQLSchema, document: DocumentNode) => string | null {
  const rules = armorRules();
  const verdicts = new WeakMap<DocumentNode, string | null>();
  return (schema, document) => {
    let verdict = verdicts.get(document);
    if (verdict === undefined) {
      const [first] = validate(schema, document, rules, { maxErrors: 1 });
      verdict = first ? first.message.replace(/^Syntax Error: /, '') : null;
      verdicts.set(document, verdict);
    }
    return verdict;
  };
}

/** The error a document over a limit gets: a validation failure, 400 over HTTP. */
export const limitExceeded = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
