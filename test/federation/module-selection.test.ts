import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modules, selectModules } from '../../src/modules.js';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { compiledGateway } from '../helpers/main-process.js';
import { assemble, standInsOf } from '../../src/server/assembly.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const names = (list: readonly { name: string }[]) => list.map((m) => m.name);

describe('TRELLIS_MODULES', () => {
  it('serves every module when it is not set', () => {
    expect(selectModules(loadConfig({}).modules)).toBe(modules);
  });

  it('serves the named modules in the order they require each other, whatever order the list gives', () => {
    const config = loadConfig({ TRELLIS_MODULES: ' users, audit ' });
    expect(names(selectModules(config.modules))).toEqual(['audit', 'users']);
    expect(names(selectModules(loadConfig({ TRELLIS_MODULES: 'risk' }).modules))).toEqual(['risk']);
  });

  it('refuses a name no module has, listing the modules there are', () => {
    expect(() => selectModules(['risk', 'billing'])).toThrow(ConfigError);
    expect(() => selectModules(['risk', 'billing'])).toThrow(
      `unknown module billing (the modules are ${names(modules).join(', ')})`,
    );
  });

  it('refuses a module without the modules it requires, naming them', () => {
    expect(() => selectModules(['users'])).toThrow(/the users module requires audit, which the list leaves out/);
  });

  it('lets a subgraph leave out a module another only refers to, which a process outside federation needs', () => {
    // Every module but risk, which another subgraph serves.
    const rest = names(modules).filter((name) => name !== 'risk');
    expect(() => selectModules(rest)).toThrow(
      /the helpdesk module requires risk, which the list leaves out \(a subgraph, GRAPHQL_FEDERATION=subgraph, may leave out risk/,
    );
    const selected = selectModules(rest, { federated: true });
    expect(names(selected)).toEqual(rest);
    // The help desk's stand-in for risk follows it: the stub AreaRisk and references in place of scores.
    const assembled = assemble(selected, { federated: true });
    const desk = rest.indexOf('helpdesk') + 1;
    expect(names(assembled)).toEqual(['gateway', ...rest.slice(0, desk), 'helpdesk→risk', ...rest.slice(desk)]);
    expect(standInsOf(assembled).flatMap((standIn) => Object.keys(standIn.stubs))).toEqual(['AreaRisk']);
    expect(() => assemble(selected)).toThrow('The helpdesk module requires risk, listed before it');
    // With risk in the process, nothing stands in.
    expect(standInsOf(assemble(modules, { federated: true }))).toEqual([]);
  });

  it('stops the process with exit code 2 and says what to correct', () => {
    const run = spawnSync(process.execPath, compiledGateway(), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), TRELLIS_MODULES: 'helpdesk' },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'TRELLIS_MODULES: the helpdesk module requires audit, users, risk, which the list leaves out',
    );
    expect(run.stderr).toContain('What to do');
  }, 120_000);
});
