// Fails when the checked-in codegen output differs from what `npm run codegen` produces: the resolver types and
// merged SDL from schema/, and the typed operations from the graphql(...) calls in the modules' REST routes and test/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dirs = ['src/platform/graphql/generated', 'src/platform/rest/generated', 'test/generated'];

const filesOf = (dir) =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

const backup = mkdtempSync(path.join(tmpdir(), 'codegen-'));
const saved = (dir) => path.join(backup, dir);
for (const dir of dirs) if (existsSync(dir)) cpSync(dir, saved(dir), { recursive: true });

const restore = () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(saved(dir))) cpSync(saved(dir), dir, { recursive: true });
  }
};

try {
  // Generate from scratch, so a file codegen no longer writes shows up as stale too.
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  execFileSync('npx', ['graphql-codegen', '--config', 'codegen.yml', '--silent'], { stdio: 'inherit' });
  const stale = dirs.flatMap((dir) => {
    const names = new Set([...filesOf(dir), ...filesOf(saved(dir))]);
    return [...names]
      .filter((f) => {
        const fresh = path.join(dir, f);
        const old = path.join(saved(dir), f);
        return !existsSync(fresh) || !existsSync(old) || readFileSync(fresh, 'utf8') !== readFileSync(old, 'utf8');
      })
      .map((f) => path.join(dir, f));
  });
  restore();
  if (stale.length) {
    console.error(`Generated code is stale: ${stale.join(', ')}. Run \`npm run codegen\` and commit the result.`);
    process.exitCode = 1;
  } else {
    console.log('generated code matches schema/ and the typed operations under src/ and test/');
  }
} catch (error) {
  restore();
  throw error;
} finally {
  rmSync(backup, { recursive: true, force: true });
}
