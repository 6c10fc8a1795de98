import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The README's configuration table is what operators read: every variable src/platform/config.ts accepts must be in it. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const configSource = readFileSync(path.join(ROOT, 'src/platform/config.ts'), 'utf8');
const schemaBody = configSource.slice(configSource.indexOf('const EnvSchema'), configSource.indexOf('.superRefine'));
const variables = [...schemaBody.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);

describe('README configuration', () => {
  it('finds the variables in src/platform/config.ts', () => {
    expect(variables).toContain('DATABASE_URL');
    expect(variables.length).toBeGreaterThan(20);
  });

  it.each(variables)('documents %s in the configuration table', (name) => {
    const start = readme.indexOf('\n## Configuration\n');
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end === -1 ? undefined : end);
    // The first cell of a row names the variable (or a pair of them, `PORT` / `HOST`).
    const named = section
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split(' | ')[0]);
    expect(named.some((cell) => cell.includes(`\`${name}\``))).toBe(true);
  });
});

describe('README and docs/', () => {
  const pages = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it('keeps the README a front door of at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(pages)('links from %s only to files and headings that exist', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
    for (const link of links) {
      const [file, anchor] = link.split('#');
      const target = file ? path.join(ROOT, path.dirname(page), file) : path.join(ROOT, page);
      expect(existsSync(target), `${page} links to ${link}`).toBe(true);
      if (anchor) {
        const slugs = [...readFileSync(target, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) =>
          m[1]
            .toLowerCase()
            .replace(/[^\p{L}\p{N} _-]/gu, '')
            .replace(/ /g, '-'),
        );
        expect(slugs, `${page} links to ${link}`).toContain(anchor);
      }
    }
  });
});
