import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The README's configuration table is what operators read: every variable src/platform/config.ts accepts must be in it. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const configSource = readFileSync(path.join(ROOT, 'src/platform/config.ts'), 'utf8');
const schemaBody = configSource.slice(configSource.indexOf('const EnvSchema'), configSource.indexOf('.superRefine'));
const variables = [...schemaBody.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);

describe('README configuration', () => {
  it('finds the variables in src/platform/config.ts', () => {
    expect(variables).toContain('DATABASE_URL');
    expect(variables.length).toBeGreaterThan(20);
  });

  it.each(variables)('documents %s', (name) => {
    const table = readme.slice(readme.indexOf('## Configuration'));
    expect(table).toContain(`\`${name}\``);
  });
});
