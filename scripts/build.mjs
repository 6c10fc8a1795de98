// `npm run build`: compiles src/ into dist/ (tsconfig.build.json), one build at a time in this checkout. Two tests
// build it (the entry points' and the bench's), and files run in parallel: without the lock, one could start
// dist/main.js while the other is rewriting it. A lock older than LOCK_STALE_MS was left by a build that died.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.join(ROOT, '.build.lock');
const LOCK_STALE_MS = 5 * 60_000;

async function acquire() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

await acquire();
let status = 1;
try {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  status =
    spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' }).status ?? 1;
  // The mail templates are files the compiled mail module reads beside itself; tsc copies only code.
  if (status === 0) {
    cpSync(path.join(ROOT, 'src', 'mail', 'templates'), path.join(ROOT, 'dist', 'mail', 'templates'), {
      recursive: true,
    });
  }
} finally {
  rmSync(LOCK, { recursive: true, force: true });
}
process.exit(status);
