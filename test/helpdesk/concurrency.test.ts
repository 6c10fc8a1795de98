import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';
import { graphqlName } from '../helpers/enums.js';

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
  t = await startTestApp({ NODE_ENV: 'production' });
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
});
afterAll(() => t.stop());

const STATUSES = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'];
const CATEGORIES = ['technical', 'account', 'general', 'bug_report', 'feature_request', 'billing', 'other'];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];

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

const UPDATE =
  'mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { id } }';
const RESPOND =
  'mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }';

/** One change through REST or GraphQL; both answer the same way: success, or a documented client error. */
async function update(
  id: number,
  fields: { admin_notes?: string; title?: string; assigned_to_id?: string },
  auth: string,
  door: 'rest' | 'graphql',
): Promise<Answer> {
  if (door === 'rest') {
    const res = await h.put(`/requests/${id}`, fields, auth);
    return { status: res.status, ok: res.status === 200, message: res.body?.message };
  }
  const names = { admin_notes: 'adminNotes', title: 'title', assigned_to_id: 'assignedToId' } as const;
  const input = Object.fromEntries(Object.entries(fields).map(([k, v]) => [names[k as keyof typeof names], v]));
  const res = await t.gql(UPDATE, { id, input }, auth);
  return {
    status: res.status,
    ok: Boolean(res.data?.updateHelpRequest),
    message: res.errors?.[0]?.extensions?.code as string | undefined,
  };
}

async function respond(id: number, response: string, newStatus: string, door: 'rest' | 'graphql'): Promise<Answer> {
  if (door === 'rest') {
    const res = await h.post(`/requests/${id}/response`, { response, new_status: newStatus }, admin);
    return { status: res.status, ok: res.status === 201, message: res.body?.message };
  }
  const res = await t.gql(RESPOND, { id, input: { response, newStatus: graphqlName('HelpStatus', newStatus) } }, admin);
  return {
    status: res.status,
    ok: Boolean(res.data?.respondToHelpRequest),
    message: res.errors?.[0]?.extensions?.code as string | undefined,
  };
}

describe('concurrent changes to the same help requests', () => {
  it('keeps every committed one of 200 parallel updates, 100 parallel responses and 60 requester edits, through REST and GraphQL, in unbroken histories', async () => {
    const ids = [
      await h.file(alice.auth, { title: 't0' }),
      await h.file(alice.auth, { title: 't0' }),
      await h.file(alice.auth, { title: 't0' }),
    ];
    const responsesBefore = await h.count('help_responses');
    const historyBefore = await h.count('help_request_history');
    const statuses = ['in_progress', 'on_hold', 'resolved', 'open', 'closed'];
    const door = (i: number): 'rest' | 'graphql' => (i % 2 === 0 ? 'rest' : 'graphql');

    const notes = Array.from({ length: 200 }, (_, i) => ({ id: ids[i % 3], value: `note ${i}` }));
    const answers = Array.from({ length: 100 }, (_, i) => ({
      id: ids[i % 3],
      value: `answer ${i}`,
      status: statuses[i % 5],
    }));
    const titles = Array.from({ length: 60 }, (_, i) => ({ id: ids[i % 3], value: `t${i + 1}` }));
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
      if (door(i) === 'rest')
        expect(r).toMatchObject({ status: 400, message: expect.stringMatching(/can no longer be edited/) });
      else expect(r).toMatchObject({ status: 200, message: 'BAD_USER_INPUT' });
    }
    const committedNotes = notes.filter((_, i) => noteResults[i].ok);
    const committedAnswers = answers.filter((_, i) => answerResults[i].ok);
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
      expect(new Set(request.responses.map((r: { response: string }) => r.response))).toEqual(
        new Set(mine.map((a) => a.value)),
      );
      expect(request.responses).toHaveLength(mine.length);
      expect(history.filter((e) => e.action === 'responded')).toHaveLength(mine.length);
      const statusEntries = history.filter((e) => e.field === 'status');
      expectUnbrokenChain(statusEntries, 'open');
      expect(request.status).toBe(statusEntries.at(-1)?.new_value ?? 'open');

      // Every title edit that was answered with success is in the history, and only those.
      const committedTitles = titles.filter((n, i) => n.id === id && titleResults[i].ok).map((n) => n.value);
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
      if (round % 2)
        for (const id of ids.slice(0, 4))
          expect((await h.put(`/requests/${id}`, { assigned_to_id: helper.id }, admin)).status).toBe(200);
      const [deleted, ...assigned] = await Promise.all([
        t.gql('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id: helper.id }, admin),
        ...ids.map((id, i) =>
          i % 2
            ? update(id, { admin_notes: `n${i}`, assigned_to_id: helper.id }, admin, 'graphql')
            : update(id, { admin_notes: `n${i}`, assigned_to_id: helper.id }, admin, 'rest'),
        ),
      ]);
      expect(deleted.errors).toBeUndefined();
      for (const a of assigned.filter((a) => !a.ok && !shed(a)))
        expect(a.status === 400 || a.message === 'BAD_USER_INPUT', JSON.stringify(a)).toBe(true);
      for (const id of ids) expect((await h.get(`/requests/${id}`, admin)).body.assigned_to_id).toBeNull();
    }
  });

  it('keeps every count equal to a recount after hundreds of parallel creates, updates, responses, status changes and a deletion', async () => {
    const requesters = [alice, ...(await Promise.all([0, 1, 2].map((i) => t.createUser(`counted-${i}`))))];
    const leaving = await t.createUser('counted-leaving');
    const seeded = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.file(requesters[i % 4].auth, { category: CATEGORIES[i % 7], priority: PRIORITIES[i % 4] }),
      ),
    );
    const departed = await Promise.all([0, 1, 2].map(() => h.file(leaving.auth, { category: 'billing' })));
    const pick = (i: number) => seeded[(i * 7) % seeded.length];

    const results = await Promise.all([
      ...Array.from({ length: 150 }, (_, i) =>
        h.post(
          '/requests',
          { title: `c${i}`, description: 'd', category: CATEGORIES[i % 7], priority: PRIORITIES[(i * 3) % 4] },
          requesters[i % 4].auth,
        ),
      ),
      ...Array.from({ length: 100 }, (_, i) =>
        h.put(
          `/requests/${pick(i)}`,
          i % 2 ? { priority: PRIORITIES[i % 4] } : { status: STATUSES[i % 5], priority: PRIORITIES[(i + 1) % 4] },
          admin,
        ),
      ),
      ...Array.from({ length: 100 }, (_, i) =>
        h.post(
          `/requests/${pick(i + 3)}/response`,
          i % 3 ? { response: `r${i}`, new_status: STATUSES[(i + 2) % 5] } : { response: `r${i}`, is_public: false },
          admin,
        ),
      ),
      ...Array.from({ length: 60 }, (_, i) =>
        h.put(`/requests/${pick(i + 5)}/status`, { status: STATUSES[(i + 4) % 5] }, admin),
      ),
      t.gql('mutation($id: ID!) { deleteUser(id: $id, force: true) }', { id: leaving.id }, admin),
    ]);
    expect(results.filter((r) => 'status' in r && r.status >= 500 && r.status !== 503)).toEqual([]);
    expect(departed).toHaveLength(3);
    expect(results.filter((r) => 'status' in r && r.status === 201).length).toBeGreaterThan(0);

    // The kept counts, cell by cell, against a recount of the rows.
    const sql = (text: string) => t.app.orm.em.fork().getConnection().execute<Record<string, unknown>[]>(text);
    const cells = async (kept: string, recount: string) => {
      const [a, b] = await Promise.all([sql(kept), sql(recount)]);
      const key = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
      return [key(a), key(b)];
    };
    const [keptAll, recountAll] = await cells(
      'select status, category, priority, requests::int as n from help_request_counts where requests <> 0',
      'select status, category, priority, count(*)::int as n from help_requests group by 1, 2, 3',
    );
    expect(keptAll).toEqual(recountAll);
    const [keptMine, recountMine] = await cells(
      'select requester_id, status, category, priority, requests::int as n from help_request_requester_counts where requests <> 0',
      'select requester_id, status, category, priority, count(*)::int as n from help_requests where requester_id is not null group by 1, 2, 3, 4',
    );
    expect(keptMine).toEqual(recountMine);

    // What callers see: list totals under every single filter, for an administrator and for a requester.
    for (const [name, values] of [
      ['status', STATUSES],
      ['category', CATEGORIES],
      ['priority', PRIORITIES],
      ['', ['']],
    ] as const) {
      for (const value of values) {
        const query = name ? `?${name}=${value}&per_page=1` : '?per_page=1';
        const [all] = await sql(
          `select count(*)::int as n from help_requests${name ? ` where ${name} = '${value}'` : ''}`,
        );
        expect((await h.get(`/requests${query}`, admin)).body.pagination.total, `all ${query}`).toBe(all.n);
        const [own] = await sql(
          `select count(*)::int as n from help_requests where requester_id = '${alice.id}'${name ? ` and ${name} = '${value}'` : ''}`,
        );
        expect((await h.get(`/requests${query}`, alice.auth)).body.pagination.total, `alice ${query}`).toBe(own.n);
      }
    }

    // The statistics against the statement that computed them from the rows before counts were kept.
    const [recount] = await sql(`select (select count(*)::int from help_requests) as total,
        (select count(*)::int from help_responses) as responses,
        (select round((avg(extract(epoch from (f.first - r.created_at))) / 86400)::numeric, 2)::float8
           from (select request_id, min(created_at) as first from help_responses group by request_id) f join help_requests r on r.id = f.request_id) as avg`);
    const statistics = (await h.get('/statistics', admin)).body;
    expect(statistics.requests.total).toBe(recount.total);
    expect(statistics.responses).toEqual({ total: recount.responses, avg_response_time_days: recount.avg ?? 0 });
    for (const status of STATUSES) {
      const [n] = await sql(`select count(*)::int as n from help_requests where status = '${status}'`);
      expect(statistics.requests.by_status[status] ?? 0, status).toBe(n.n);
    }
  });

  it('keeps every committed one of 60 parallel edits by the requester to their own request, through both doors', async () => {
    const id = await h.file(alice.auth, { title: 'v0' });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => update(id, { title: `v${i + 1}` }, alice.auth, i % 2 ? 'graphql' : 'rest')),
    );
    expect(results.filter((r) => !r.ok && !shed(r))).toEqual([]);
    const committed = results.flatMap((r, i) => (r.ok ? [`v${i + 1}`] : []));
    const titles = (await h.get(`/requests/${id}`, alice.auth)).body.history.filter((e: Entry) => e.field === 'title');
    expect(titles.map((e: Entry) => e.new_value).sort()).toEqual(committed.sort());
    expectUnbrokenChain(titles, 'v0');
  });
});
