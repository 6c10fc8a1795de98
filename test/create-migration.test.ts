import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'test/scenarios/new-module/src/announcements');

/** `npm run migration:create -- <module> <name>`, as a contributor runs it. */
async function createMigration(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['src/create-migration.ts', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, timeout: 170_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run migration:create', () => {
  let db: { url: string; drop: () => Promise<void> };
  // A copy of the example module, not in the module list and without a migrations/ folder yet, as a module is when
  // its author writes its first migration (before its line in src/modules.ts).
  const draft = path.join(path.dirname(EXAMPLE), `drafted-${process.pid}`);
  beforeAll(async () => {
    db = await createTestDatabase();
    cpSync(EXAMPLE, draft, { recursive: true });
    rmSync(path.join(draft, 'migrations'), { recursive: true, force: true });
  });
  afterAll(async () => {
    rmSync(draft, { recursive: true, force: true });
    await db?.drop();
  });

  it('says there is no such module folder, with the usage, rather than failing on a missing file', async () => {
    const run = await createMigration({ DATABASE_URL: db.url }, 'nosuch', 'first');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('There is no module folder src/nosuch/');
    expect(run.stderr).toContain('Usage: npm run migration:create');
    expect(run.stderr).not.toMatch(/ENOENT|at .*\.ts:\d+/);
    expect(existsSync(path.join(ROOT, 'src/nosuch'))).toBe(false);
  }, 180_000);

  it('writes the first migration of a module not yet in the list, making its migrations/ folder', async () => {
    const run = await createMigration({ DATABASE_URL: db.url }, path.relative(ROOT, draft), 'announcements');
    expect(run.code, run.stderr).toBe(0);
    const written = readdirSync(path.join(draft, 'migrations'));
    expect(written).toEqual([expect.stringMatching(/^Migration\d{14}_announcements\.ts$/)]);
    expect(run.stdout.trim()).toBe(path.join(draft, 'migrations', written[0]));
    // The SQL is the new module's table only: every listed module's migrations were applied first.
    const source = readFileSync(path.join(draft, 'migrations', written[0]), 'utf8');
    expect(source).toContain('create table "announcements"');
    expect(source).not.toContain('"users"');
  }, 180_000);
});
