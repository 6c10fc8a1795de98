import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

/**
 * Hundreds of parallel changes to the same few help requests, through both doors at once: every committed
 * change is in the history exactly once, each history chain is unbroken (every change starts from where the
 * previous one left off), the counts add up, and no request gets a 5xx.
 */

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
type Answer = { status: number; ok: boolean; message?: string };

/**
 * A burst of hundreds of writes to one row queues for the connection pool; a request that waits longer than the
 * pool's acquire timeout is shed with the documented 503 (SERVICE_UNAVAILABLE, Retry-After) and commits nothing.
 * The checks below therefore count what was committed, and require every other answer to be that 503.
 */
const shed = (a: Answer) => a.status === 503 || a.message === 'SERVICE_UNAVAILABLE';

/** Each change must start from where the previous one left off: nothing overwritten, nothing lost. */
function expectUnbrokenChain(entries: Entry[], first: string | null): void {
  let current = first;
  for (const entry of entries) {
    expect(entry.old_value).toBe(current);
    current = entry.new_value;
  }
}

const UPDATE = 'mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { id } }';
const RESPOND = 'mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }';

/** One change through REST or GraphQL; both answer the same way: success, or a documented client error. */
async function update(id: number, fields: { admin_notes?: string; title?: string; assigned_to_id?: string }, auth: string, door: 'rest' | 'graphql'): Promise<Answer> {
  if (door === 'rest') {
    const res = await h.put(`/requests/${id}`, fields, auth);
    return { status: res.status, ok: res.status === 200, message: res.body?.message };
  }
  const names = { admin_notes: 'adminNotes', title: 'title', assigned_to_id: 'assignedToId' } as const;
  const input = Object.fromEntries(Object.entries(fields).map(([k, v]) => [names[k as keyof typeof names], v]));
  const res = await t.gql(UPDATE, { id, input }, auth);
  return { status: res.status, ok: Boolean(res.data?.updateHelpRequest), message: res.errors?.[0]?.extensions?.code as string | undefined };
}

async function respond(id: number, response: string, newStatus: string, door: 'rest' | 'graphql'): Promise<Answer> {
  if (door === 'rest') {
    const res = await h.post(`/requests/${id}/response`, { response, new_status: newStatus }, admin);
    return { status: res.status, ok: res.status === 201, message: res.body?.message };
  }
  const res = await t.gql(RESPOND, { id, input: { response, newStatus } }, admin);
  return { status: res.status, ok: Boolean(res.data?.respondToHelpRequest), message: res.errors?.[0]?.extensions?.code as string | undefined };
}

describe('concurrent changes to the same help requests', () => {
  it('keeps every committed one of 200 parallel updates, 100 parallel responses and 60 requester edits, through REST and GraphQL, in unbroken histories', async () => {
    const ids = [await h.file(alice.auth, { title: 't0' }), await h.file(alice.auth, { title: 't0' }), await h.file(alice.auth, { title: 't0' })];
    const responsesBefore = await h.count('help_responses');
    const historyBefore = await h.count('help_request_history');
    const statuses = ['in_progress', 'on_hold', 'resolved', 'open', 'closed'];
    const door = (i: number): 'rest' | 'graphql' => (i % 2 === 0 ? 'rest' : 'graphql');

    const notes = Array.from({ length: 200 }, (_, i) => ({ id: ids[i % 3]!, value: `note ${i}` }));
    const answers = Array.from({ length: 100 }, (_, i) => ({ id: ids[i % 3]!, value: `answer ${i}`, status: statuses[i % 5]! }));
    const titles = Array.from({ length: 60 }, (_, i) => ({ id: ids[i % 3]!, value: `t${i + 1}` }));
    const [noteResults, answerResults, titleResults] = await Promise.all([
      Promise.all(notes.map((n, i) => update(n.id, { admin_notes: n.value }, admin, door(i)))),
      Promise.all(answers.map((a, i) => respond(a.id, a.value, a.status, door(i)))),
      // The requester may reword only until the request is resolved or closed, which the responses race to do.
      Promise.all(titles.map((n, i) => update(n.id, { title: n.value }, alice.auth, door(i)))),
    ]);

    // Every administrator change committed (or was shed under load); a requester edit may also be refused as documented.
    expect(noteResults.filter((r) => !r.ok && !shed(r))).toEqual([]);
    expect(answerResults.filter((r) => !r.ok && !shed(r))).toEqual([]);
    for (const [i, r] of titleResults.entries()) {
      if (r.ok || shed(r)) continue;
      if (door(i) === 'rest') expect(r).toMatchObject({ status: 400, message: expect.stringMatching(/can no longer be edited/) });
      else expect(r).toMatchObject({ status: 200, message: 'BAD_USER_INPUT' });
    }
    const committedNotes = notes.filter((_, i) => noteResults[i]!.ok);
    const committedAnswers = answers.filter((_, i) => answerResults[i]!.ok);
    expect(committedNotes.length + committedAnswers.length).toBeGreaterThan(0);

    let historyRows = 0;
    for (const [k, id] of ids.entries()) {
      const request = (await h.get(`/requests/${id}`, admin)).body;
      const history: Entry[] = request.history;
      historyRows += history.length;

      const noteEntries = history.filter((e) => e.field === 'admin_notes');
      const myNotes = committedNotes.filter((n) => n.id === id).map((n) => n.value);
      expect(noteEntries.map((e) => e.new_value).sort()).toEqual(myNotes.sort());
      expectUnbrokenChain(noteEntries, null);
      expect(request.admin_notes).toBe(noteEntries.at(-1)?.new_value ?? null);

      const mine = committedAnswers.filter((a) => a.id === id);
      expect(new Set(request.responses.map((r: { response: string }) => r.response))).toEqual(new Set(mine.map((a) => a.value)));
      expect(request.responses).toHaveLength(mine.length);
      expect(history.filter((e) => e.action === 'responded')).toHaveLength(mine.length);
      const statusEntries = history.filter((e) => e.field === 'status');
      expectUnbrokenChain(statusEntries, 'open');
      expect(request.status).toBe(statusEntries.at(-1)?.new_value ?? 'open');

      // Every title edit that was answered with success is in the history, and only those.
      const committedTitles = titles.filter((n, i) => n.id === id && titleResults[i]!.ok).map((n) => n.value);
      const titleEntries = history.filter((e) => e.field === 'title');
      expect(titleEntries.map((e) => e.new_value).sort()).toEqual(committedTitles.sort());
      expectUnbrokenChain(titleEntries, 't0');
      expect(request.title).toBe(titleEntries.at(-1)?.new_value ?? 't0');

      // Nothing else: creation, the notes, the titles, the responses and the status changes they made.
      const accounted = 1 + noteEntries.length + titleEntries.length + mine.length + statusEntries.length;
      expect(history.length, `history of request ${k}`).toBe(accounted);
    }

    expect(await h.count('help_responses')).toBe(responsesBefore + committedAnswers.length);
    expect(await h.count('help_request_history')).toBe(historyBefore + historyRows - 3);
    const statistics = (await h.get('/statistics', admin)).body;
    expect(statistics.responses.total).toBe(responsesBefore + committedAnswers.length);
  });

  it('assigns requests to an administrator deleted at the same moment, or refuses with 400, and leaves none assigned to nobody', async () => {
    for (let round = 0; round < 4; round++) {
      const ids = await Promise.all(Array.from({ length: 8 }, () => h.file(alice.auth)));
      const helper = await t.createUser(`helper-${round}`, { role: 'admin' });
      // Half of the requests already belong to the administrator being deleted.
      if (round % 2) for (const id of ids.slice(0, 4)) expect((await h.put(`/requests/${id}`, { assigned_to_id: helper.id }, admin)).status).toBe(200);
      const [deleted, ...assigned] = await Promise.all([
        t.gql('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id: helper.id }, admin),
        ...ids.map((id, i) =>
          i % 2 ? update(id, { admin_notes: `n${i}`, assigned_to_id: helper.id }, admin, 'graphql') : update(id, { admin_notes: `n${i}`, assigned_to_id: helper.id }, admin, 'rest'),
        ),
      ]);
      expect(deleted!.errors).toBeUndefined();
      for (const a of assigned.filter((a) => !a.ok && !shed(a))) expect(a.status === 400 || a.message === 'BAD_USER_INPUT', JSON.stringify(a)).toBe(true);
      for (const id of ids) expect((await h.get(`/requests/${id}`, admin)).body.assigned_to_id).toBeNull();
    }
  });

  it('keeps every committed one of 60 parallel edits by the requester to their own request, through both doors', async () => {
    const id = await h.file(alice.auth, { title: 'v0' });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => update(id, { title: `v${i + 1}` }, alice.auth, i % 2 ? 'graphql' : 'rest')));
    expect(results.filter((r) => !r.ok && !shed(r))).toEqual([]);
    const committed = results.flatMap((r, i) => (r.ok ? [`v${i + 1}`] : []));
    const titles = (await h.get(`/requests/${id}`, alice.auth)).body.history.filter((e: Entry) => e.field === 'title');
    expect(titles.map((e: Entry) => e.new_value).sort()).toEqual(committed.sort());
    expectUnbrokenChain(titles, 'v0');
  });
});
