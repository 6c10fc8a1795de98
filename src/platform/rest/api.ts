import { z } from 'zod';

/** A status and body a legacy API answers with. */
export interface LegacyError {
  status: number;
  body: Record<string, string>;
}

/** What a GraphQL error says, as a legacy API's own error table reads it. */
export interface ErrorFacts {
  code: string;
  reason: unknown;
  message: string;
}

/**
 * One legacy REST API, as the module that serves it declares it (its module.ts `restApi`): the paths it owns, its
 * OpenAPI tag and its error body. A request under its paths that goes wrong before or outside a route (bad JSON, a
 * body too large, the rate limit, a path no route serves) is answered in its body; the OpenAPI document tags its
 * routes and describes their errors with it.
 */
export interface RestApi {
  /** Short and unique, e.g. `help`. */
  name: string;
  /** The OpenAPI tag of its routes, and the tag's description. */
  tag: string;
  description: string;
  /**
   * The paths it owns: a string owns every path starting with it, a pattern the paths it matches. Of the APIs owning
   * a path, a pattern wins over a string, and a longer string over a shorter one.
   */
  paths: readonly (string | RegExp)[];
  /** The one field of its error body, which carries the message: `{message: "…"}`. */
  errorField: string;
  /** The error body's name in the OpenAPI document, and its description there. APIs sharing a body share the name. */
  errorSchema: { id: string; description: string };
  /** The message of its 404 for a path under it that no route serves; the gateway's `{error: "Not found"}` without one. */
  notFound?: string;
  /**
   * Its own answers to some GraphQL error codes, where its callers expect other statuses or wording than the
   * gateway's common table (UNAUTHENTICATED → 401, NOT_FOUND → 404, BAD_USER_INPUT → 400...); undefined leaves an
   * error to that table.
   */
  errorFor?: (error: ErrorFacts) => { status: number; message: string } | undefined;
}

/** Declares a legacy REST API (see RestApi). */
export function defineRestApi(api: RestApi): RestApi {
  return api;
}

/** An API's error body for a message. */
export const legacyBody = (api: RestApi, message: string): Record<string, string> => ({ [api.errorField]: message });

// One schema per name, so the OpenAPI document refers to a shared body by that name.
const errorSchemas = new Map<string, { field: string; schema: z.ZodType }>();

/** The zod schema of an API's error body, named as the API says. */
export function errorSchemaOf(api: RestApi): z.ZodType {
  const known = errorSchemas.get(api.errorSchema.id);
  if (known) {
    if (known.field !== api.errorField) throw new Error(`Two error bodies are named ${api.errorSchema.id}`);
    return known.schema;
  }
  const schema = z
    .object({ [api.errorField]: z.string() })
    .meta({ id: api.errorSchema.id, description: api.errorSchema.description });
  errorSchemas.set(api.errorSchema.id, { field: api.errorField, schema });
  return schema;
}

/** Which of the APIs owns a path (a pattern first, then the longest string), if any. */
export function restApiOf(url: string, apis: readonly RestApi[]): RestApi | undefined {
  let best: { api: RestApi; length: number } | undefined;
  for (const api of apis) {
    for (const path of api.paths) {
      const length =
        typeof path === 'string' ? (url.startsWith(path) ? path.length : -1) : path.test(url) ? Infinity : -1;
      if (length >= 0 && (!best || length > best.length)) best = { api, length };
    }
  }
  return best?.api;
}
