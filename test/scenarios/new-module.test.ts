import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules, selectModules } from '../../src/modules.js';
import { ConfigError } from '../../src/platform/config.js';
import { assemble } from '../../src/server/assembly.js';
import { buildSchema } from '../../src/server/schema.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import {
  errorBodyProblem,
  expectErrorBodiesDocumented,
  restApisOfModules,
  type OpenApiDocument,
} from '../helpers/rest-apis.js';
import { announcementsModule } from './new-module/src/announcements/module.js';

/**
 * A new module is its folder (entity, migration, resolvers, rules, REST route and error body, audited change), its
 * SDL file and one line in the module list: test/scenarios/new-module/ is one, laid out as the repository is. Here it
 * joins the real list, and the checks that cover every module (the schema, the OpenAPI document, every REST API's
 * error bodies, the fuzz suite's error shapes, module selection) run with it, as they would once its line is in
 * src/modules.ts: none of them keeps a list of its own that it would be missing from.
 */
const withAnnouncements = [...modules, announcementsModule];
const names = (list: readonly { name: string }[]) => list.map((m) => m.name);

const tables = async (t: TestApp) =>
  (
    await t.app.orm.em
      .getConnection()
      .execute<Array<{ name: string }>>(`select tablename as name from pg_tables where schemaname = 'public'`)
  ).map((row) => row.name);

describe('the module list with a new module in it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { modules: withAnnouncements, unmigrated: true });
  });
  afterAll(() => t?.stop());

  it('builds one schema with the new module’s types beside every other module’s', () => {
    const schema = buildSchema(assemble(withAnnouncements));
    expect(schema.getQueryType()?.getFields()).toHaveProperty('announcements');
    expect(schema.getType('HelpRequest')).toBeDefined();
    expect(names(restApisOfModules(withAnnouncements))).toContain('announcements');
  });

  it('documents every API’s error responses, the new one’s included, in that API’s own body', async () => {
    const doc = (await t.request('/api/openapi.json')).body as OpenApiDocument;
    expect(Object.keys(doc.paths)).toContain('/api/announcements/{id}');
    expectErrorBodiesDocumented(doc, restApisOfModules(withAnnouncements));
  });

  it('answers an unknown path and a bad parameter under every API in that API’s error body, never a 5xx', async () => {
    const apis = restApisOfModules(withAnnouncements);
    for (const api of apis) {
      for (const prefix of api.paths.filter((p): p is string => typeof p === 'string')) {
        for (const path of [`${prefix}/no-such-thing/at-all`, `${prefix}/%00`, `${prefix}/${'x'.repeat(300)}`]) {
          const answer = await t.request(path);
          expect(answer.status, path).toBeGreaterThanOrEqual(400);
          expect(answer.status, path).toBeLessThan(500);
          expect(errorBodyProblem(path, answer.status, answer.body, apis), path).toBeUndefined();
        }
      }
    }
    // A parameter its route refuses answers in the new API's own body, as any refusal under its paths does.
    const bad = await t.request('/api/announcements/not-a-number');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(errorBodyProblem('/api/announcements/not-a-number', bad.status, bad.body, apis)).toBeUndefined();
    expect(Object.keys(bad.body as object)).toEqual(['problem']);
  });

  it('selects the new module by name, with what it requires, and lists it among the modules there are', () => {
    expect(names(selectModules(['audit', 'announcements'], { among: withAnnouncements }))).toEqual([
      'audit',
      'announcements',
    ]);
    expect(() => selectModules(['announcements'], { among: withAnnouncements })).toThrow(
      'the announcements module requires audit, which the list leaves out',
    );
    expect(() => selectModules(['billing'], { among: withAnnouncements })).toThrow(ConfigError);
    expect(() => selectModules(['billing'], { among: withAnnouncements })).toThrow(
      `(the modules are ${names(withAnnouncements).join(', ')})`,
    );
  });

  it('creates the new module’s table with every other module’s on a new database', async () => {
    expect(await tables(t)).toEqual(
      expect.arrayContaining(['announcements', 'users', 'help_requests', 'audit_events']),
    );
  });
});

describe('the same gateway without the new domain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { modules, unmigrated: true });
  });
  afterAll(() => t?.stop());

  it('creates no table, field or route of it, and still answers the others', async () => {
    const names = await tables(t);
    expect(names).toContain('help_requests');
    expect(names).not.toContain('announcements');
    expect((await t.gql('{ announcements { id } }')).errors?.[0]?.message).toContain('Cannot query field');
    expect(await t.request('/api/announcements/1')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect((await t.gql('{ health { status } }')).data).toEqual({ health: { status: 'healthy' } });
  });
});
