import { expect } from 'vitest';
import { restApiOf, type RestApi } from '../../src/platform/rest/api.js';
import type { Module } from '../../src/platform/module.js';
import { assemble } from '../../src/server/assembly.js';
import { restApisOf } from '../../src/server/rest.js';

/**
 * What the REST APIs of a module list answer, read from their declarations (defineRestApi in each module's
 * rest/api.ts), so a check that covers every API covers a new module's too, with no list of its own to update.
 */
export const restApisOfModules = (modules: readonly Module[]): RestApi[] => restApisOf(assemble(modules));

/**
 * The one field of the error body a path answers with this status: its API's own, except the 404 for a path under
 * an API that declares no not-found message, which is the gateway's `{error}` as for any unknown path; a path no API
 * owns answers `{error}` too.
 */
export function errorFieldFor(path: string, status: number, apis: readonly RestApi[]): string {
  const api = restApiOf(path, apis);
  if (!api || (status === 404 && api.notFound === undefined)) return 'error';
  return api.errorField;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiOperation {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

/** Every documented error response (4xx, 5xx) of every route carries its API's own error field, and each has a 500. */
export function expectErrorBodiesDocumented(doc: OpenApiDocument, apis: readonly RestApi[]): void {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = methods[method];
      if (!op) continue;
      const field = restApiOf(path, apis)?.errorField ?? 'error';
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        let schema = response.content?.['application/json']?.schema;
        expect(schema, `${method} ${path} ${status}`).toBeDefined();
        const ref = schema!.$ref as string | undefined;
        if (ref) schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
        expect(Object.keys(schema!.properties as object), `${method} ${path} ${status}`).toContain(field);
      }
      expect(op.responses['500'], `${method} ${path}`).toBeDefined();
    }
  }
}

/** Whether an error answer is exactly `{<field>: "<message>"}` in the field its path's API declares, else why not. */
export function errorBodyProblem(path: string, status: number, body: unknown, apis: readonly RestApi[]) {
  const key = errorFieldFor(path, status, apis);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not a JSON object';
  const value = (body as Record<string, unknown>)[key];
  if (Object.keys(body).join() !== key || typeof value !== 'string' || !value) return `error body is not {${key}}`;
  return undefined;
}
