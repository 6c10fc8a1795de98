import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The folders' layering, read from the source: import statements, `import type` included. */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const graph = new Map<string, string[]>();
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)].map((m) =>
    path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')),
  );
  graph.set(file, targets.filter((target) => target.startsWith(SRC)));
}
const name = (file: string) => path.relative(SRC, file);

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the source layers', () => {
  it('have no import cycle, type imports included', () => {
    expect(cycles()).toEqual([]);
  });

  it('keep the assembly (src/server) out of the toolkit (src/graphql) and the domains', () => {
    const below = ['graphql/', 'auth/', 'users/', 'helpdesk/', 'risk/', 'shared/', 'db/'];
    const inward = [...graph]
      .filter(([file]) => below.some((folder) => name(file).startsWith(folder)))
      .flatMap(([file, targets]) => targets.filter((t) => name(t).startsWith('server/')).map((t) => `${name(file)} -> ${name(t)}`));
    expect(inward).toEqual([]);
  });
});
