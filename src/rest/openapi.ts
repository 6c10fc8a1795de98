import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { restCatalog, type RestRoute } from './catalog.js';
import { legacyApiOf, type LegacyApi } from './errors.js';

// Read at run time, not imported: the package file sits outside src/, beside the compiled dist/ as beside src/.
const packageJson = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The OpenAPI 3.1 document of the REST compatibility routes, built from the route catalog (the same zod
 * schemas the routes are declared with), and a docs page rendered from that document on the server.
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', Operation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** Which legacy API (and so which error body) a path belongs to; the app's own mapping is passed in. */
export type ApiOf = (path: string) => LegacyApi | undefined;

const ERROR_SCHEMAS: Record<LegacyApi, { name: string; schema: JsonSchema }> = {
  public: {
    name: 'WorkspacePlatformError',
    schema: { type: 'object', required: ['error_message'], properties: { error_message: { type: 'string' } }, description: 'Error body of /api/public/*' },
  },
  help: {
    name: 'HelpDeskError',
    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, description: 'Error body of /api/help/* and /api/auth/*' },
  },
  auth: {
    name: 'HelpDeskError',
    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, description: 'Error body of /api/help/* and /api/auth/*' },
  },
  risk: {
    name: 'RiskError',
    schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, description: 'Error body of /api/risk/*, /api/v1/* and the health routes' },
  },
};

const TAGS: Record<RestRoute['tag'], string> = {
  'workspace users': 'The workspace platform developer API (`/api/public/*`): every call is a POST carrying `api_key` and `api_key_secret` in its JSON body. Errors: `{error_message}`.',
  'help desk': 'Help requests and FAQs (`/api/help/*`), with a bearer token. Errors: `{message}`.',
  risk: 'Wildfire and earthquake risk for US ZIP codes (`/api/risk/*`, aliased under `/api/v1/risk/*`). Errors: `{error}`.',
  auth: 'Log-in: exchange a username and password for a bearer token. Errors: `{message}`.',
  health: 'Liveness and readiness, for load balancers and orchestrators.',
};

const AUTH_NOTES: Record<RestRoute['auth'], string | undefined> = {
  none: undefined,
  bearer: 'Requires `Authorization: Bearer <access_token>` (from `POST /api/auth/login`).',
  'optional-bearer': 'Anonymous callers are served; with `Authorization: Bearer <access_token>` the answer covers what the caller may read.',
  'body-api-key': 'Authenticates with `api_key` and `api_key_secret` in the JSON body (OpenAPI security schemes cannot express body credentials).',
};

const SECURITY: Record<RestRoute['auth'], Array<Record<string, string[]>>> = {
  none: [],
  bearer: [{ bearerAuth: [] }],
  'optional-bearer': [{}, { bearerAuth: [] }],
  'body-api-key': [],
};

/** `/api/help/requests/:id` → `/api/help/requests/{id}` (a Fastify regex constraint is dropped). */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const operationId = (route: RestRoute) =>
  route.method.toLowerCase() +
  route.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? 'By' + part.slice(1) : part))
    .map((part) => part.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) for a zod schema. Shared definitions zod emits under `$defs`
 * move to components.schemas, where `$ref`s from anywhere in the document resolve.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>, hint: string): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return json;
  delete json.$defs;
  const renamed = new Map<string, string>();
  for (const name of Object.keys(defs)) {
    let target = `${hint}_${name}`;
    for (let i = 2; components[target]; i++) target = `${hint}_${name}_${i}`;
    renamed.set(name, target);
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
          return [key, `#/components/schemas/${renamed.get(value.slice('#/$defs/'.length))}`];
        }
        return [key, rewrite(value)];
      }),
    );
  };
  for (const [name, def] of Object.entries(defs)) components[renamed.get(name)!] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

function parametersOf(route: RestRoute, where: 'path' | 'query', components: Record<string, JsonSchema>, hint: string): Parameter[] {
  const source = where === 'path' ? route.params : route.query;
  if (!source) return [];
  const object = toSchema(source, 'input', components, hint);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

export function buildOpenApiDocument(routes: readonly RestRoute[], apiOf: ApiOf): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const usedTags = new Set<RestRoute['tag']>();

  for (const route of routes) {
    const id = operationId(route);
    const api = apiOf(route.path) ?? 'risk';
    const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMAS[api].name}` };
    schemas[ERROR_SCHEMAS[api].name] = ERROR_SCHEMAS[api].schema;
    usedTags.add(route.tag);

    const responses: Operation['responses'] = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const schema = response.schema
        ? toSchema(response.schema, 'output', schemas, `${id}_${status}`)
        : Number(status) >= 400
          ? errorRef
          : undefined;
      responses[status] = { description: response.description, ...(schema ? { content: { 'application/json': { schema } } } : {}) };
    }
    // What the framework itself answers on any route, in the route's own error shape.
    if (route.body && !responses['400']) responses['400'] = { description: 'Malformed JSON body', content: { 'application/json': { schema: errorRef } } };
    if (route.body && !responses['413']) responses['413'] = { description: 'Request body is too large (BODY_LIMIT_BYTES)', content: { 'application/json': { schema: errorRef } } };
    if (!responses['500']) responses['500'] = { description: 'Internal server error (details are logged, never sent)', content: { 'application/json': { schema: errorRef } } };

    const parameters = [...parametersOf(route, 'path', schemas, `${id}_path`), ...parametersOf(route, 'query', schemas, `${id}_query`)];
    const operation: Operation = {
      operationId: id,
      summary: route.summary,
      ...(AUTH_NOTES[route.auth] ? { description: AUTH_NOTES[route.auth] } : {}),
      tags: [route.tag],
      security: SECURITY[route.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: !route.body.safeParse(undefined).success,
              content: { 'application/json': { schema: toSchema(route.body, 'input', schemas, `${id}_body`) } },
            },
          }
        : {}),
      responses,
    };
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Trellis REST compatibility API',
      version: packageJson.version,
      description:
        'The legacy REST routes existing callers use. Each runs a stored GraphQL operation through the same schema and ' +
        'permission rules as `/graphql`; each API keeps its own error body (`{error_message}`, `{message}` or `{error}`).',
    },
    servers: [{ url: '/', description: 'This gateway' }],
    tags: [...usedTags].sort().map((name) => ({ name, description: TAGS[name] })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from `POST /api/auth/login` (or the GraphQL `login` mutation).',
        },
      },
    },
  };
}

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.5rem;color:#1d2330}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ccd;padding-bottom:.2rem}
section.op{border:1px solid #dde;border-radius:6px;margin:1rem 0;padding:.6rem 1rem}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-family:monospace}
.get{color:#1a7f37}.post{color:#0550ae}.put{color:#9a6700}.delete{color:#cf222e}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f5f6f8;padding:.5rem;overflow:auto;margin:.2rem 0}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;text-align:left;padding:.2rem .4rem;vertical-align:top}
details summary{cursor:pointer}
`;

/** The docs page's Content-Security-Policy: no scripts at all, and only this exact stylesheet. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Escaped text with the descriptions' `code` spans shown as code. */
const prose = (value: string) => escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Self-contained HTML (no scripts, no third-party assets): every route with its parameters and responses. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const schemaBlock = (schema: JsonSchema | undefined) => {
    if (!schema) return '';
    const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
    const shown = ref ? doc.components.schemas[ref] : schema;
    return `<details><summary>${ref ? escapeHtml(ref) : 'schema'}</summary><pre>${escapeHtml(JSON.stringify(shown, null, 2))}</pre></details>`;
  };
  const sections = doc.tags.map((tag) => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => {
          const params = op.parameters?.length
            ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>description</th></tr>${op.parameters
                .map(
                  (p) =>
                    `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td><td>${prose(p.description ?? '')}</td></tr>`,
                )
                .join('')}</table>`
            : '';
          const body = op.requestBody ? `<h4>Request body${op.requestBody.required ? '' : ' (optional)'}</h4>${schemaBlock(op.requestBody.content['application/json'].schema)}` : '';
          const responses = `<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>${Object.entries(op.responses)
            .map(([status, r]) => `<tr><td>${escapeHtml(status)}</td><td>${prose(r.description)}</td><td>${schemaBlock(r.content?.['application/json'].schema)}</td></tr>`)
            .join('')}</table>`;
          return `<section class="op" id="${escapeHtml(op.operationId)}"><h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3><p>${prose(op.summary)}</p>${op.description ? `<p><em>${prose(op.description)}</em></p>` : ''}${params}${body}${responses}</section>`;
        }),
    );
    return `<h2 id="${escapeHtml(tag.name.replace(/\s+/g, '-'))}">${escapeHtml(tag.name)}</h2><p>${prose(tag.description)}</p>${ops.join('\n')}`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="${escapeHtml(OPENAPI_PATH)}">${escapeHtml(OPENAPI_PATH)}</a> (OpenAPI ${escapeHtml(doc.openapi)}). GraphQL: <code>/graphql</code>.</p>
${sections.join('\n')}
</body></html>
`;
}

/**
 * GET /api/openapi.json and GET /api/docs. Built on first request, once every route is registered. They
 * describe the legacy routes, whose contracts are public already, so they are served in production too.
 */
export function registerApiDocs(fastify: FastifyInstance, apiOf: ApiOf = legacyApiOf): void {
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  const document = () => (doc ??= buildOpenApiDocument(restCatalog, apiOf));
  fastify.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(document()));
  fastify.get(DOCS_PATH, async (_request, reply) =>
    reply
      .header('content-security-policy', DOCS_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send((page ??= renderDocsPage(document()))),
  );
}
