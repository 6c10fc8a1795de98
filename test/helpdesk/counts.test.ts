import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

/** The counts behind list totals and statistics are built from what is there when they are first kept. */

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.stop());

describe('kept help-desk counts', () => {
  it('are built by their migration for requests and responses filed before it ran', async () => {
    const bob = await t.createUser('bob');
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.file(bob.auth, { category: i % 2 ? 'billing' : 'technical', priority: i % 3 ? 'low' : 'urgent' }),
      ),
    );
    for (const id of ids.slice(0, 5))
      expect(
        (await h.post(`/requests/${id}/response`, { response: 'on it', new_status: 'in_progress' }, admin)).status,
      ).toBe(201);
    const before = (await h.get('/statistics', admin)).body;
    const bobsBillingBefore = (await h.get('/requests?category=billing', bob.auth)).body.pagination;

    // Drop the counts and build them again over the rows as they stand.
    await t.app.orm.migrator.down({ to: 'Migration20261123000100_tokens_revoked_at' });
    const [gone] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from information_schema.tables where table_name = 'help_request_counts'`,
      );
    expect(gone.n).toBe(0);
    await t.app.orm.migrator.up();

    expect((await h.get('/statistics', admin)).body).toEqual(before);
    expect(before.requests).toMatchObject({
      total: 12,
      open: 7,
      by_status: { open: 7, in_progress: 5 },
      by_category: { billing: 6, technical: 6 },
    });
    expect(before.responses.total).toBe(5);
    expect((await h.get('/requests?category=billing', bob.auth)).body.pagination).toEqual(bobsBillingBefore);
    expect(bobsBillingBefore).toMatchObject({ total: 6, pages: 1 });
    expect((await h.get('/requests?priority=urgent&status=in_progress', admin)).body.pagination.total).toBe(2);
  });
});
