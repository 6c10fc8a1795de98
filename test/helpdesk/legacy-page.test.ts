import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

/** What the help desk's original page reads and calls beyond the seed, all additive; in production. */
let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  await t.gql(
    'mutation($id: ID!) { updateUser(id: $id, input: { firstName: "Alice", lastName: "Liddell" }) { id } }',
    { id: alice.id },
    admin,
  );
});
afterAll(() => t?.stop());

describe("The help desk page's calls", () => {
  it("lists each request with the requester's display name in user_name, the seed's fields unchanged", async () => {
    await h.file(alice.auth, { title: 'Mine' });
    await h.file(admin, { title: 'Theirs' });
    const mine = await h.get('/requests', alice.auth);
    expect(mine.body.requests).toHaveLength(1);
    expect(mine.body.requests[0]).toMatchObject({
      title: 'Mine',
      user_name: 'Alice Liddell',
      requester_id: alice.id,
      status: 'open',
    });
    expect(Object.keys(mine.body.requests[0])).not.toContain('requester');
    const all = await h.get('/requests?sort_by=title&sort_order=asc', admin);
    expect(all.body.requests.map((r: { user_name: string }) => r.user_name)).toEqual(['Alice Liddell', 'admin']);
  });

  it('changes a status with PUT /requests/{id}/status as an administrator, and refuses it to a requester', async () => {
    const id = await h.file(alice.auth, { title: 'Status me' });
    const refused = await h.put(`/requests/${id}/status`, { status: 'in_progress' }, alice.auth);
    expect(refused.status).toBe(403);
    expect((await h.put(`/requests/${id}/status`, { status: 'sideways' }, admin)).status).toBe(400);
    expect((await h.put(`/requests/99999/status`, { status: 'resolved' }, admin)).status).toBe(404);
    const done = await h.put(`/requests/${id}/status`, { status: 'in_progress' }, admin);
    expect(done).toMatchObject({ status: 200, body: { data: { id, status: 'in_progress' } } });
    const history = (await h.get(`/requests/${id}`, admin)).body.history;
    expect(history.at(-1)).toMatchObject({ field: 'status', old_value: 'open', new_value: 'in_progress' });
  });

  it('reads requests.in_progress and requests.resolved in the statistics, beside the per-status counts', async () => {
    const id = await h.file(alice.auth, { title: 'Resolve me' });
    await h.put(`/requests/${id}/status`, { status: 'resolved' }, admin);
    const { body } = await h.get('/statistics', admin);
    expect(body.requests.in_progress).toBe(body.requests.by_status.in_progress);
    expect(body.requests.resolved).toBe(body.requests.by_status.resolved);
    expect(body.requests.resolved).toBeGreaterThanOrEqual(1);
    expect(body.requests.open).toBe(body.requests.by_status.open);
  });

  it('treats a bodiless DELETE sent with Content-Type: application/json as having no body', async () => {
    const faq = await h.post('/faqs', { question: 'Q?', answer: 'A.' }, admin);
    const res = await t.request(`/api/help/faqs/${faq.body.data.id}`, {
      method: 'DELETE',
      headers: { authorization: admin, 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'FAQ deleted successfully' } });
    // And a bodiless POST that needs a body is the caller's mistake, not a crash.
    const empty = await t.request('/api/help/requests', {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
