import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { DOCS_PATH, OPENAPI_PATH } from '../../src/platform/rest/docs.js';
import { METRICS_PATH } from '../../src/platform/observability/index.js';
import { API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { expectErrorBodiesDocumented, restApisOfModules } from '../helpers/rest-apis.js';
import { API_KEY_HEADER, NO_SUCH_ID, registryEntry } from '../users/fixtures.js';

/** Routes the gateway serves for tooling, not as part of a legacy API: documented elsewhere (README), not in the catalog. */
const isTooling = (path: string) =>
  path === OPENAPI_PATH || path === METRICS_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
const METHODS = ['get', 'post', 'put', 'delete'] as const;

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDocument = Omit<OpenAPIV3_1.Document, 'paths' | 'components'> & {
  tags: Array<{ name: string; description: string }>;
  servers: OpenAPIV3_1.ServerObject[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
};

/** `/api/help/requests/:id` → `/api/help/requests/{id}` */
const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.request(OPENAPI_PATH)).body;
});
afterAll(() => t.stop());

/** Every method+path Fastify serves, from its route tree (`printRoutes` with full segments). */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = Math.floor(match[1].length / 4);
    stack.length = depth;
    stack[depth] = match[2];
    const path = stack.join('');
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean))
      routes.push({ method, path });
  }
  return routes;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with info, servers, tags and the bearer security scheme', async () => {
    const res = await t.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const [, methods] of Object.entries(doc.paths))
      for (const op of Object.values(methods)) for (const tag of op.tags) expect(tags).toContain(tag);
  });

  it('documents every route in the catalog, with unique operation ids', () => {
    expect(t.app.restRoutes.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const route of t.app.restRoutes) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(ids.has(op!.operationId), op!.operationId).toBe(false);
      ids.add(op!.operationId);
      expect(op!.summary).toBe(route.summary);
    }
  });

  it('declares every path parameter of every route', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const method of METHODS) {
        const op = methods[method];
        if (!op) continue;
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method.toUpperCase()} ${path}`).toEqual(inPath);
        expect(declared.every((p) => p.required)).toBe(true);
      }
    }
  });

  it("gives each API's error responses that API's own body field, for every module's API", () => {
    expectErrorBodiesDocumented(doc, restApisOfModules(modules));
  });

  it('contains only schemas a JSON Schema 2020-12 validator compiles, and every $ref resolves', () => {
    const ajv = new Ajv2020.default({ strict: false });
    const text = JSON.stringify(doc);
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
      expect(doc.components.schemas[ref], ref).toBeDefined();
    for (const [name, schema] of Object.entries(doc.components.schemas))
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    const compileAll = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema' && value && typeof value === 'object' && !('$ref' in value)) ajv.compile(value as object);
        else compileAll(value);
      }
    };
    expect(() => compileAll(doc.paths)).not.toThrow();
  });

  it('describes what the server really answers: live responses validate against their documented schemas', async () => {
    const ajv = new Ajv2020.default({ strict: false });
    const schemaFor = (path: string, method: 'get' | 'post', status: number) => {
      const schema = doc.paths[path][method]!.responses[String(status)].content!['application/json'].schema;
      const ref = schema.$ref as string | undefined;
      return ref ? doc.components.schemas[ref.replace('#/components/schemas/', '')] : schema;
    };
    const health = await t.request('/api/health');
    expect(ajv.validate(schemaFor('/api/health', 'get', 200), health.body), ajv.errorsText()).toBe(true);
    const refused = await t.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'nope' },
    });
    expect(refused.status).toBe(401);
    expect(ajv.validate(schemaFor('/api/auth/login', 'post', 401), refused.body), ajv.errorsText()).toBe(true);
    // And a wrong body would not pass: the check has teeth.
    expect(ajv.validate(schemaFor('/api/health', 'get', 200), { status: 'sick' })).toBe(false);
  });
});

describe("the platform's attribute and image verbs", () => {
  const KEY = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };
  const ajv = new Ajv2020.default({ strict: false });
  const validates = (path: string, status: number, body: unknown) => {
    let schema = doc.paths[path].post!.responses[String(status)].content!['application/json'].schema;
    const ref = schema.$ref as string | undefined;
    if (ref) schema = doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    return ajv.validate(schema, body) || ajv.errorsText();
  };

  it('are documented with their request bodies, their 404 where a user may be unknown, and live answers that match', async () => {
    for (const path of ['/api/public/get_attributes', '/api/public/update_user_attributes', '/api/public/get_images']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/public/get_attributes'].post!.responses['404']).toBeDefined();
    expect(doc.paths['/api/public/get_images'].post!.responses['404']).toBeUndefined();

    const post = (route: string, body: Record<string, unknown>) =>
      t.request(`/api/public/${route}`, { method: 'POST', json: { ...KEY, ...body } });
    const user = await t.createUser('openapi.attributes');
    const entry = await t.gql(
      'mutation($e: JSON!) { importWorkspaceRegistry(entries: $e) { id } }',
      { e: [registryEntry()] },
      API_KEY_HEADER,
    );
    await t.gql(
      'mutation($id: ID!) { installWorkspace(entryId: $id) { id } }',
      { id: entry.data.importWorkspaceRegistry[0].id },
      API_KEY_HEADER,
    );

    const images = await post('get_images', {});
    expect(images.body.images).toHaveLength(1);
    expect(validates('/api/public/get_images', 200, images.body)).toBe(true);
    const updated = await post('update_user_attributes', {
      target_user_attributes: { user_id: user.id, theme: 'Dark', default_image: images.body.images[0].image_id },
    });
    expect(validates('/api/public/update_user_attributes', 200, updated.body)).toBe(true);
    const attributes = await post('get_attributes', { target_user: { user_id: user.id } });
    expect(attributes.body.user_attributes.theme).toBe('Dark');
    expect(validates('/api/public/get_attributes', 200, attributes.body)).toBe(true);
    const unknown = await post('get_attributes', { target_user: { user_id: NO_SUCH_ID } });
    expect(unknown.status).toBe(404);
    expect(validates('/api/public/get_attributes', 404, unknown.body)).toBe(true);
    // The schemas have teeth: a theme outside Light and Dark does not pass.
    expect(
      validates('/api/public/get_attributes', 200, {
        user_attributes: { ...attributes.body.user_attributes, theme: 'Blue' },
      }),
    ).not.toBe(true);
  });
});

describe('every legacy route is documented', () => {
  it('finds each /api route Fastify serves in the catalog (tooling routes excepted)', () => {
    const catalogued = new Set(t.app.restRoutes.map((r) => `${r.method} ${r.path}`));
    const routes = registeredRoutes(t.app.fastify.printRoutes({ commonPrefix: false }));
    expect(routes.some((r) => r.path === '/api/health')).toBe(true); // the parse found routes at all
    const undocumented = routes
      .filter((r) => r.path.startsWith('/api') && !isTooling(r.path))
      // Fastify answers HEAD for every GET route by itself; OPTIONS comes from CORS preflight handling.
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => !catalogued.has(`${r.method} ${r.path}`));
    expect(undocumented).toEqual([]);
  });

  it('the route-tree parser sees nested and parameterised routes, so the check above can fail', () => {
    const tree = [
      '└── /api/',
      '    ├── help/requests/:id (GET, PUT)',
      '    │   └── /responses (POST)',
      '    └── secret (GET, HEAD)',
      '',
    ].join('\n');
    expect(registeredRoutes(tree)).toEqual([
      { method: 'GET', path: '/api/help/requests/:id' },
      { method: 'PUT', path: '/api/help/requests/:id' },
      { method: 'POST', path: '/api/help/requests/:id/responses' },
      { method: 'GET', path: '/api/secret' },
      { method: 'HEAD', path: '/api/secret' },
    ]);
  });
});

describe('GET /api/docs', () => {
  it('is Swagger UI served from this server, under a strict Content-Security-Policy', async () => {
    const res = await t.request(DOCS_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    // Every script and stylesheet is a file of this server's, not inline and not from a CDN.
    const html = res.body as string;
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\ssrc=)[^>]*>[^<\s]/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.startsWith(`${DOCS_PATH}/`), asset).toBe(true);
      const served = await t.request(asset);
      expect(served.status, asset).toBe(200);
      expect(served.headers.get('content-security-policy'), asset).toBe(csp);
    }
  });
});
