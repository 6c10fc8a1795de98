/**
 * What TRUSTED_DOCUMENTS=enforce costs a plain query, in one process: two apps (off and enforce, each on a database of
 * its own), the same `{ health { status } }` through `fastify.inject`, alternating rounds, this process's CPU per
 * request. Also the judgement alone (TrustedDocuments.resolve), without HTTP.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/trusted-documents.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { TrustedDocuments } from '../src/platform/hardening/trusted-documents.js';

const ROUNDS = 15;
const PER_ROUND = 500;
const QUERY = 'query Health { health { status } }';
const ID = `sha256:${createHash('sha256').update(QUERY).digest('hex')}`;

const server = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-trusted-'));
const manifestFile = path.join(dir, 'persisted-documents.json');
writeFileSync(manifestFile, JSON.stringify({ [ID]: QUERY }));

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function start(env: Record<string, string>): Promise<{ app: App; drop: () => Promise<void> }> {
  const name = `trellis_bench_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `${server}/${name}`,
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    RATE_LIMIT_MAX: '1000000',
    ...env,
  });
  await admin(`create database ${name}`);
  const app = await buildApp(config).catch(async (error: unknown) => {
    await admin(`drop database if exists ${name} with (force)`);
    throw error;
  });
  return {
    app,
    drop: async () => {
      await app.stop();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** CPU microseconds per request for one round of `body` against `app`. */
async function round(app: App, body: object): Promise<number> {
  const payload = JSON.stringify(body);
  const started = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / PER_ROUND;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function judgement(): Record<string, number> {
  const trusted = new TrustedDocuments({
    mode: 'enforce',
    manifest: loadConfig({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: manifestFile }).trustedDocuments
      .manifest,
    count: () => {},
  });
  const cases = {
    'by exact text': { query: QUERY },
    'by id': { extensions: { persistedQuery: { version: 1, sha256Hash: ID } } },
    'refused text': { query: '{ health { version } }' },
  };
  const out: Record<string, number> = {};
  for (const [name, request] of Object.entries(cases)) {
    const n = 200_000;
    for (let i = 0; i < 10_000; i++) trusted.resolve(request);
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) trusted.resolve(request);
    out[name] = Number(process.hrtime.bigint() - started) / n / 1000;
  }
  return out;
}

const off = await start({});
// A second app in the same mode: how far two apps of one build differ in this process, the noise to read the rest against.
const control = await start({}).catch(async (error: unknown) => {
  await off.drop();
  throw error;
});
const enforce = await start({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: manifestFile }).catch(
  async (error: unknown) => {
    await Promise.all([off.drop(), control.drop()]);
    throw error;
  },
);
try {
  const variants = {
    'off, text': () => round(off.app, { query: QUERY }),
    'off, text (control)': () => round(control.app, { query: QUERY }),
    'enforce, exact text': () => round(enforce.app, { query: QUERY }),
    'enforce, by id': () => round(enforce.app, { extensions: { persistedQuery: { version: 1, sha256Hash: ID } } }),
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (const run of Object.values(variants)) await run(); // warm-up
  for (let r = 0; r < ROUNDS; r++) for (const [name, run] of Object.entries(variants)) samples[name].push(await run());
  const base = median(samples['off, text']);
  console.log(
    `CPU µs per request, median of ${ROUNDS} alternating rounds of ${PER_ROUND} (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
  for (const [name, values] of Object.entries(samples)) {
    const m = median(values);
    console.log(`  ${name.padEnd(22)} ${m.toFixed(1).padStart(7)} µs   ${(m / base).toFixed(3)} × off`);
  }
  console.log('TrustedDocuments.resolve alone, µs per call:');
  for (const [name, us] of Object.entries(judgement())) console.log(`  ${name.padEnd(22)} ${us.toFixed(3)}`);
} finally {
  await Promise.all([off.drop(), control.drop(), enforce.drop()]);
  rmSync(dir, { recursive: true, force: true });
}
