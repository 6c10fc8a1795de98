import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

type Entry = { action: string; field: string | null; old_value: string | null; new_value: string | null };

/** Each change must start from where the previous one left off: nothing overwritten, nothing lost. */
function expectUnbrokenChain(entries: Entry[], first: string | null): void {
  let current = first;
  for (const entry of entries) {
    expect(entry.old_value).toBe(current);
    current = entry.new_value;
  }
}

describe('concurrent changes to one help request', () => {
  it('keeps every one of 50 parallel updates and 25 parallel responses, in an unbroken history', async () => {
    const id = await h.file(alice.auth);
    const statuses = ['in_progress', 'on_hold', 'resolved', 'open', 'closed'];
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => h.put(`/requests/${id}`, { admin_notes: `note ${i}` }, admin)),
      ...Array.from({ length: 25 }, (_, i) => h.post(`/requests/${id}/response`, { response: `answer ${i}`, new_status: statuses[i % 5] }, admin)),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(50).fill(200), ...Array(25).fill(201)]);

    const request = (await h.get(`/requests/${id}`, admin)).body;
    const history: Entry[] = request.history;
    const notes = history.filter((e) => e.field === 'admin_notes');
    expect(notes).toHaveLength(50);
    expect(new Set(notes.map((e) => e.new_value))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `note ${i}`)));
    expectUnbrokenChain(notes, null);
    expect(request.admin_notes).toBe(notes.at(-1)!.new_value);

    expect(request.responses).toHaveLength(25);
    expect(history.filter((e) => e.action === 'responded')).toHaveLength(25);
    const statusChanges = history.filter((e) => e.field === 'status');
    expectUnbrokenChain(statusChanges, 'open');
    expect(request.status).toBe(statusChanges.at(-1)?.new_value ?? 'open');
    expect(await h.count('help_responses')).toBe(25);
  });

  it("keeps every one of 20 parallel edits by the requester to their own request", async () => {
    const id = await h.file(alice.auth, { title: 'v0' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => h.put(`/requests/${id}`, { title: `v${i + 1}` }, alice.auth)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const titles = (await h.get(`/requests/${id}`, alice.auth)).body.history.filter((e: Entry) => e.field === 'title');
    expect(titles).toHaveLength(20);
    expectUnbrokenChain(titles, 'v0');
  });
});
