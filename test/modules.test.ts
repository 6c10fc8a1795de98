import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditModule } from '../src/audit/module.js';
import { helpdeskModule } from '../src/helpdesk/module.js';
import { identityModule } from '../src/identity/module.js';
import { entities, modules } from '../src/modules.js';
import { openOrm, type Orm } from '../src/platform/db/orm.js';
import type { Module } from '../src/platform/module.js';
import { riskModule } from '../src/risk/module.js';
import { assemble } from '../src/server/assembly.js';
import { buildSchema, mergedTypeDefs } from '../src/server/schema.js';
import { usersModule } from '../src/users/module.js';
import {
  ADMIN_PASSWORD,
  API_KEY,
  API_KEY_SECRET,
  createTestDatabase,
  startTestApp,
  type TestApp,
} from './helpers/app.js';

/** A module with the modules it requires, directly or not, in the list's order: the smallest app that runs it. */
function withRequirements(module: Module): Module[] {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name)) return;
    const found = modules.find((m) => m.name === name);
    if (!found) throw new Error(`The ${module.name} module requires ${name}, which is not in the list`);
    // Outside federation, a module one refers to is required as well.
    for (const required of [...(found.requires ?? []), ...Object.keys(found.refersTo ?? {})]) visit(required);
    needed.add(name);
  };
  visit(module.name);
  return modules.filter((m) => needed.has(m.name));
}

/** The tables each module's entities map, read from the ORM's metadata of the whole list. */
let tablesOf: (module: Module) => string[];
let metadataOrm: Orm;
let metadataDb: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  metadataDb = await createTestDatabase({ unmigrated: true });
  metadataOrm = await openOrm(metadataDb.url, { poolMax: 1, entities });
  tablesOf = (module) => (module.entities ?? []).map((entity) => metadataOrm.getMetadata().get(entity).tableName);
});
afterAll(async () => {
  await metadataOrm?.close(true);
  await metadataDb?.drop();
});

for (const module of modules) {
  const list = withRequirements(module);
  describe(`a gateway built from the ${module.name} module and what it requires (${list.map((m) => m.name).join(', ')})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({}, { modules: list, unmigrated: true });
    });
    afterAll(() => t?.stop());

    it('migrates a new database to its modules’ tables and no other module’s', async () => {
      const rows = await t.app.orm.em
        .getConnection()
        .execute<Array<{ name: string }>>(`select tablename as name from pg_tables where schemaname = 'public'`);
      const tables = new Set(rows.map((row) => row.name));
      for (const own of list.flatMap((m) => tablesOf(m))) expect(tables, own).toContain(own);
      for (const other of modules.filter((m) => !list.includes(m)).flatMap((m) => tablesOf(m)))
        expect(tables, other).not.toContain(other);
    });

    it('serves its own root fields', async () => {
      const fields = Object.keys(module.rules?.Query ?? {});
      for (const field of fields) {
        // Without arguments or a selection a field may be refused, but as a field of the schema, never as an unknown one.
        const answer = await t.gql(`{ ${field} }`);
        expect(answer.errors?.map((e) => e.message).join('\n') ?? '', field).not.toContain('Cannot query field');
      }
      const unknown = await t.gql('{ noSuchField }');
      expect(unknown.errors?.[0]?.message).toContain('Cannot query field');
    });

    it('answers health and readiness, which the gateway itself owns', async () => {
      expect((await t.request('/api/ready')).body).toMatchObject({ status: 'ready' });
    });
  });
}

/** The modules are seams: the gateway runs on any list of them whose requirements are met. */
describe('a gateway built without the help desk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { modules: [auditModule, usersModule, identityModule, riskModule] });
  });
  afterAll(() => t?.stop());

  it('signs in, manages users and scores risk, through GraphQL and REST', async () => {
    const auth = await t.login('admin', ADMIN_PASSWORD);
    const created = await t.gql(
      'mutation { createUser(input: { username: "ada", password: "Passw0rd!x" }) { username } }',
      {},
      auth,
    );
    expect(created.data).toEqual({ createUser: { username: 'ada' } });
    const users = await t.request('/api/public/get_users', {
      method: 'POST',
      json: { api_key: API_KEY, api_key_secret: API_KEY_SECRET },
    });
    expect(users.body.users.map((u: { username: string }) => u.username).sort()).toEqual(['ada', 'admin']);
    expect((await t.request('/api/risk/wildfire?zip=1')).body).toEqual({ error: 'Invalid ZIP code format' });
  });

  it('has no help desk field, type or route', async () => {
    const auth = await t.login('admin', ADMIN_PASSWORD);
    const answer = await t.gql('{ helpRequests { requests { id } } }', {}, auth);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await t.request('/api/help/requests', { headers: { authorization: auth } })).status).toBe(404);
    const openapi = await t.request('/api/openapi.json');
    expect(Object.keys(openapi.body.paths).filter((p) => p.startsWith('/api/help'))).toEqual([]);
  });

  it('still answers health and readiness, which the gateway itself owns', async () => {
    expect((await t.request('/api/health')).body).toMatchObject({ status: 'healthy' });
    expect((await t.request('/api/ready')).body).toMatchObject({ status: 'ready' });
  });
});

describe('a gateway built without the identity module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { modules: [auditModule, usersModule, riskModule, helpdeskModule] });
  });
  afterAll(() => t?.stop());

  it('treats every caller as anonymous: public fields answer, protected ones ask to authenticate', async () => {
    const faqs = await t.gql('{ faqs { totalCount } }');
    expect(faqs.data).toEqual({ faqs: { totalCount: 0 } });
    const mine = await t.gql('{ helpRequests { requests { id } } }', {}, 'Bearer anything');
    expect(mine.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.request('/api/risk/wildfire?zip=1')).status).toBe(400);
  });

  it('has no sign-in route or mutation', async () => {
    expect(
      (await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(404);
    expect((await t.gql('mutation { login(username: "admin", password: "x") { accessToken } }')).status).toBe(400);
  });
});

describe('the module list', () => {
  it('is refused when a module comes without one it requires, or before it', () => {
    expect(() => assemble([helpdeskModule])).toThrow(
      'The helpdesk module requires audit, users, risk, listed before it',
    );
    expect(() => assemble([auditModule, usersModule, helpdeskModule])).toThrow(
      'The helpdesk module requires risk, listed before it',
    );
    expect(() => assemble([auditModule, identityModule, usersModule])).toThrow(
      'The identity module requires users, listed before it',
    );
    expect(() => assemble([usersModule])).toThrow('The users module requires audit, listed before it');
    expect(() => assemble([auditModule, usersModule, usersModule])).toThrow('Two modules are named users');
  });

  it('leaves out a root type no module extends, so an app without mutations or subscriptions still builds', () => {
    const riskOnly = assemble([riskModule]);
    const sdl = print(mergedTypeDefs(riskOnly));
    expect(sdl).not.toMatch(/type (Mutation|Subscription)\b/);
    const schema = buildSchema(riskOnly);
    expect([schema.getQueryType()?.name, schema.getMutationType(), schema.getSubscriptionType()]).toEqual([
      'Query',
      undefined,
      undefined,
    ]);
    const all = buildSchema(assemble(modules));
    expect([all.getMutationType()?.name, all.getSubscriptionType()?.name]).toEqual(['Mutation', 'Subscription']);
  });

  it('puts the gateway’s own module first', () => {
    expect(assemble([riskModule]).map((module) => module.name)).toEqual(['gateway', 'risk']);
  });
});
