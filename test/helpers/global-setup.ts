import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded.js';
import { loadAllMigrations } from '../../src/modules.js';
import { migrate, openOrm } from '../../src/platform/db/orm.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the server the tests use, without a database name. */
    pgServerUrl: string;
    /** A fully migrated database each test file clones. */
    templateDatabase: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The compiled build that tests starting the gateway in a process of its own run, as the image does
 * (test/helpers/main-process.ts): `npm run build`, incremental, while the database is prepared.
 */
async function build(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed:\n${stdout}${stderr}`);
  }
}

/**
 * One PostgreSQL for the whole run: the server in DATABASE_URL when set, otherwise an embedded one in a
 * temporary folder. Migrations run once into a template; each test file clones it (CREATE DATABASE … TEMPLATE).
 * And the compiled build, once.
 */
export default async function setup(project: TestProject) {
  const built = build();
  built.catch(() => undefined); // awaited below: a failure meanwhile is not an unhandled rejection
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/';
    serverUrl = url.toString().replace(/\/$/, '');
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trellis-test-pg-'));
    chmodSync(dataDir, 0o755); // the cluster may run as the postgres user, which must reach its data folder
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), persistent: false });
    serverUrl = embedded.url('').replace(/\/$/, '');
  }
  const template = `trellis_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const orm = await openOrm(`${serverUrl}/${template}`, { poolMax: 2, migrations: await loadAllMigrations() });
  await migrate(orm);
  await orm.close(true);
  await built;
  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
    await admin.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
