import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modules } from '../../src/modules.js';

/** The folders' layering, read from the source: import statements, `import type` included. */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Generated code (codegen's mappers name module types) is checked by codegen:check, not here.
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const graph = new Map<string, string[]>();
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8');
  const targets = [
    ...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms),
    ...text.matchAll(/^declare module '(\.[^']+)'/gm),
  ].map((m) => path.resolve(path.dirname(file), m[1].replace(/\.js$/, '.ts')));
  graph.set(
    file,
    targets.filter((target) => target.startsWith(SRC)),
  );
}
const name = (file: string) => path.relative(SRC, file);

const MODULES = modules.map((module) => module.name);
// A module one refers to (refersTo) is one it uses whenever the process has it.
const requires = new Map(
  modules.map((module) => [module.name, new Set([...(module.requires ?? []), ...Object.keys(module.refersTo ?? {})])]),
);

/** Entry points → app → assembly and the module list → modules, side by side → platform. */
function layerOf(file: string): { rank: number; module?: string } {
  const [top] = name(file).split(path.sep);
  if (['main.ts', 'cli.ts', 'create-migration.ts'].includes(top)) return { rank: 5 };
  if (top === 'app.ts') return { rank: 4 };
  if (top === 'server' || top === 'modules.ts') return { rank: 3 };
  if (MODULES.includes(top)) return { rank: 2, module: top };
  if (top === 'platform') return { rank: 1 };
  throw new Error(`${name(file)} is in no layer: place it in one (and here)`);
}

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

type Import = { from: string; to: string };
const imports: Import[] = [...graph].flatMap(([file, targets]) =>
  targets.map((target) => ({ from: file, to: target })),
);
const show = (list: Import[]) => list.map(({ from, to }) => `${name(from)} -> ${name(to)}`);
const upward = (list: Import[]) => list.filter(({ from, to }) => layerOf(to).rank > layerOf(from).rank);
const undeclared = (list: Import[]) =>
  list.filter(({ from, to }) => {
    const [a, b] = [layerOf(from).module, layerOf(to).module];
    return a !== undefined && b !== undefined && a !== b && !requires.get(a)!.has(b);
  });

describe('the source layers', () => {
  it('place every file of src/ in a layer', () => {
    expect(() => [...graph.keys()].forEach(layerOf)).not.toThrow();
  });

  it('have no import cycle, type imports included', () => {
    expect(cycles()).toEqual([]);
  });

  it('import nothing from a layer above: entry points, app, assembly, modules, platform', () => {
    expect(show(upward(imports))).toEqual([]);
  });

  it('let a module use another only when its declaration requires it', () => {
    expect(show(undeclared(imports))).toEqual([]);
  });

  it('would catch the platform importing a module, and the risk module using the help desk', () => {
    const at = (file: string) => path.join(SRC, file);
    expect(show(upward([{ from: at('platform/errors.ts'), to: at('helpdesk/requests.ts') }]))).toEqual([
      'platform/errors.ts -> helpdesk/requests.ts',
    ]);
    expect(show(undeclared([{ from: at('risk/service.ts'), to: at('helpdesk/requests.ts') }]))).toEqual([
      'risk/service.ts -> helpdesk/requests.ts',
    ]);
    expect(show(undeclared([{ from: at('helpdesk/views.ts'), to: at('users/views.ts') }]))).toEqual([]);
  });
});
