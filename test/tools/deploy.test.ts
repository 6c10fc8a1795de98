import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/platform/config.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

/**
 * Docker is not available where the tests run, so the compose file and the proxy configuration are checked
 * for what matters to a deployment: structure, a valid gateway configuration, and agreement with the gateway.
 */

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  deploy?: { replicas?: number };
  ports?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const nginx = read('deploy/nginx.conf');

/** Compose's variable interpolation (`${X}`, `${X:-default}`, `${X:?error}`) with the given shell environment. */
function interpolate(value: string | number, env: Record<string, string>): string {
  return String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    if (env[name]) return env[name];
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

describe('docker-compose.yml', () => {
  const { services } = compose;

  it('runs postgres, redis, several gateway replicas and a proxy, each with a healthcheck', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'postgres', 'proxy', 'redis']);
    for (const [name, service] of Object.entries(services))
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(0);
    expect(services.gateway.deploy?.replicas).toBe(3);
    expect(services.proxy.image).toMatch(/^nginx:/);
  });

  it('starts gateways after a healthy database and Redis, and the proxy after healthy gateways', () => {
    expect(services.gateway.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(services.proxy.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
  });

  it('publishes only the proxy: replicas cannot share a host port', () => {
    expect(services.gateway.ports).toBeUndefined();
    expect(services.proxy.ports?.some((p) => /:80$/.test(p))).toBe(true);
    expect(services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/templates/default.conf.template:ro');
  });

  it('gives the gateways a configuration the gateway accepts: production, behind a proxy, on Redis', () => {
    const shell = { JWT_SECRET: 'a'.repeat(40) };
    const env = Object.fromEntries(
      Object.entries(services.gateway.environment!).map(([k, v]) => [k, interpolate(v, shell)]),
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({
      isProduction: true,
      http: { host: '0.0.0.0', port: 4000, trustProxy: true },
      redisUrl: 'redis://redis:6379',
    });
    expect(config.db.url).toMatch(/@postgres:5432\//);
    expect(() =>
      loadConfig(
        Object.fromEntries(Object.entries(services.gateway.environment!).map(([k, v]) => [k, interpolate(v, {})])),
      ),
    ).toThrow(/JWT_SECRET/);
  });

  it('gives nginx the same body limit as the gateways', () => {
    expect(services.proxy.environment?.BODY_LIMIT_BYTES).toBe(services.gateway.environment?.BODY_LIMIT_BYTES);
    expect(nginx).toMatch(/client_max_body_size \$\{BODY_LIMIT_BYTES\};/);
  });
});

describe('deploy/nginx.conf', () => {
  it('balances over the gateway service on its port, re-resolving replicas through Docker DNS', () => {
    expect(nginx).toMatch(/upstream gateway \{[^}]*server gateway:4000 resolve/);
    expect(nginx).toMatch(/resolver 127\.0\.0\.11/);
    expect(nginx).toMatch(/location \/graphql \{[^}]*proxy_pass http:\/\/gateway;/);
    expect(nginx).toMatch(/location \/ \{[^}]*proxy_pass http:\/\/gateway;/);
  });

  it('forwards WebSocket upgrades, the client address and the request id, from the server level so every location gets them', () => {
    const server = nginx.slice(nginx.indexOf('server {'));
    for (const header of [
      'Upgrade $http_upgrade',
      'Connection $connection_upgrade',
      'X-Forwarded-For $remote_addr',
      'X-Request-Id $trellis_request_id',
    ]) {
      expect(server).toContain(`proxy_set_header ${header};`);
    }
    // nginx drops every inherited proxy_set_header in a location that sets one of its own.
    for (const location of server.matchAll(/location [^{]+\{([^}]*)\}/g))
      expect(location[1]).not.toContain('proxy_set_header');
  });

  it('keeps /metrics off the public side: replicas are scraped one by one', () => {
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

describe("nginx's own 413 bodies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => t.stop());

  /** The JSON nginx answers for an oversized body on this path, from the map in nginx.conf. */
  function nginxBodyFor(path: string): unknown {
    const map = /map \$request_uri \$trellis_too_large \{([\s\S]*?)\n\}/.exec(nginx)![1];
    const entries = [...map.matchAll(/^\s*(default|~\S+)\s+'([^']*)';/gm)].map((m) => ({ pattern: m[1], body: m[2] }));
    const hit =
      entries.find((e) => e.pattern !== 'default' && new RegExp(e.pattern.slice(1)).test(path)) ??
      entries.find((e) => e.pattern === 'default')!;
    return JSON.parse(hit.body);
  }

  for (const path of [
    '/api/public/get_users',
    '/api/help/requests',
    '/api/auth/login',
    '/api/risk/wildfire',
    '/graphql',
  ]) {
    it(`match what the gateway answers itself on ${path}`, async () => {
      const res = await t.request(path, { method: 'POST', json: { padding: 'x'.repeat(4096) } });
      expect(res.status).toBe(413);
      expect(nginxBodyFor(path)).toEqual(res.body);
    });
  }
});
