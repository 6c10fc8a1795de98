import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../../../src/modules.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../../../helpers/app.js';
import { announcementsModule } from '../../src/announcements/module.js';

/** The example module's own tests, beside it as a real module's are (test/<module>/). */
const tables = async (t: TestApp) =>
  (
    await t.app.orm.em
      .getConnection()
      .execute<Array<{ name: string }>>(`select tablename as name from pg_tables where schemaname = 'public'`)
  ).map((row) => row.name);

describe('the announcements module, added to the module list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { modules: [...modules, announcementsModule], unmigrated: true });
  });
  afterAll(() => t?.stop());

  it('creates the domain’s table with the others on a new database', async () => {
    expect(await tables(t)).toEqual(
      expect.arrayContaining(['announcements', 'users', 'help_requests', 'audit_events']),
    );
  });

  it('publishes through its mutation for a signed-in user, refuses anonymous callers and bad input, and lists through its query', async () => {
    const auth = await t.login('admin', ADMIN_PASSWORD);
    const published = await t.gql(
      'mutation { publishAnnouncement(text: " Maintenance tonight ") { id text } }',
      {},
      auth,
    );
    expect(published.data).toEqual({ publishAnnouncement: { id: 1, text: 'Maintenance tonight' } });
    const anonymous = await t.gql('mutation { publishAnnouncement(text: "spam") { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const empty = await t.gql('mutation { publishAnnouncement(text: "  ") { id } }', {}, auth);
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const listed = await t.gql('{ announcements { id text } }');
    expect(listed.data).toEqual({ announcements: [{ id: 1, text: 'Maintenance tonight' }] });
  });

  it('records the publication in the audit trail', async () => {
    const auth = await t.login('admin', ADMIN_PASSWORD);
    const trail = await t.gql(
      '{ auditEvents { edges { node { action actor { name } target { type id name } } } } }',
      {},
      auth,
    );
    const events = trail.data.auditEvents.edges.map((edge: { node: unknown }) => edge.node);
    expect(events).toContainEqual({
      action: 'ANNOUNCEMENT_PUBLISH',
      actor: { name: 'admin' },
      target: { type: 'ANNOUNCEMENT', id: '1', name: 'Maintenance tonight' },
    });
  });

  it('answers its REST route, and its errors and unknown paths in its own error body', async () => {
    expect(await t.request('/api/announcements/1')).toMatchObject({
      status: 200,
      body: { id: 1, text: 'Maintenance tonight' },
    });
    expect(await t.request('/api/announcements/99')).toMatchObject({
      status: 404,
      body: { problem: 'No such announcement' },
    });
    expect(await t.request('/api/announcements/1/comments')).toMatchObject({
      status: 404,
      body: { problem: 'No such announcement' },
    });
    // The other APIs keep theirs.
    expect(await t.request('/api/help/nothing')).toMatchObject({
      status: 404,
      body: { message: 'Resource not found' },
    });
    expect(await t.request('/api/nothing')).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });

  it('documents its route under its own tag with its own error body', async () => {
    const doc = (await t.request('/api/openapi.json')).body;
    expect(doc.tags).toContainEqual({ name: 'announcements', description: expect.stringContaining('{problem}') });
    const operation = doc.paths['/api/announcements/{id}'].get;
    expect(operation.tags).toEqual(['announcements']);
    expect(operation.responses['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AnnouncementsError',
    });
    expect(doc.components.schemas.AnnouncementsError.properties).toEqual({ problem: { type: 'string' } });
  });
});
