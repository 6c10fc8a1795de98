import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpRequestChange } from '../../src/helpdesk/events.js';
import { User } from '../../src/users/user.entity.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { HELP_REQUEST_FIELDS, helpdesk } from './support.js';

// A clock the tests move by hand, so dates and orderings are exact.
let clock = Date.parse('2026-03-02T09:00:00.000Z');
const tick = (minutes = 1) => (clock += minutes * 60_000);

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
let carol: { id: string; auth: string }; // a second administrator
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
  h = helpdesk(t);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  carol = await t.createUser('carol', { role: 'admin' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = (await t.gql('{ me { id } }', {}, admin)).data.me.id;
});
afterAll(() => t.stop());

const iso = (ms: number) => new Date(ms).toISOString();
const historyOf = async (id: number, auth = admin) =>
  (await h.get(`/requests/${id}`, auth)).body.history as Array<Record<string, unknown>>;

describe('filing a help request', () => {
  it('answers 201 with message, request_id and the stored request, defaulting to general, medium and open', async () => {
    tick();
    const res = await h.post('/requests', { title: '  VPN drops  ', description: 'Every ten minutes.' }, alice.auth);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Help request created successfully',
      request_id: expect.any(Number),
      data: {
        id: res.body.request_id,
        title: 'VPN drops',
        description: 'Every ten minutes.',
        category: 'general',
        priority: 'medium',
        contact_email: null,
        zip: null,
        status: 'open',
        requester_id: alice.id,
        assigned_to_id: null,
        admin_notes: null,
        created_date: iso(clock),
        updated_date: iso(clock),
      },
    });
    expect(await historyOf(res.body.request_id, alice.auth)).toEqual([
      {
        action: 'created',
        field: null,
        old_value: null,
        new_value: null,
        actor_id: alice.id,
        created_date: iso(clock),
      },
    ]);
  });

  it('files over GraphQL with the category, priority and contact email given', async () => {
    const res = await t.gql(
      `mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { ${HELP_REQUEST_FIELDS} requester { username } } }`,
      {
        input: {
          title: 'Invoice wrong',
          description: 'Charged twice',
          category: 'BILLING',
          priority: 'HIGH',
          contactEmail: 'alice@example.com',
        },
      },
      alice.auth,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createHelpRequest).toMatchObject({
      category: 'BILLING',
      priority: 'HIGH',
      status: 'OPEN',
      contactEmail: 'alice@example.com',
      requesterId: alice.id,
      requester: { username: 'alice' },
      adminNotes: null,
    });
  });
});

describe('length limits', () => {
  it('counts characters, not UTF-16 units: a 200-emoji title and a 10,000-character description are accepted, one more is not', async () => {
    const emoji = (n: number) => '\u{1F525}'.repeat(n); // one character, two UTF-16 units
    const accepted = await h.post('/requests', { title: emoji(200), description: emoji(10_000) }, alice.auth);
    expect(accepted.status).toBe(201);
    expect([...accepted.body.data.title]).toHaveLength(200);
    expect(await h.post('/requests', { title: emoji(201), description: 'd' }, alice.auth)).toMatchObject({
      status: 400,
      body: { message: 'title must be at most 200 characters' },
    });
    const viaGraphql = await t.gql(
      `mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }`,
      { input: { title: emoji(200), description: 'd' } },
      alice.auth,
    );
    expect(viaGraphql.errors).toBeUndefined();
  });
});

describe('listing help requests', () => {
  let dora: { id: string; auth: string };
  const filed: Array<{ id: number; title: string; category: string; priority: string }> = [];
  const categories = ['technical', 'account', 'billing'];
  const priorities = ['low', 'urgent', 'medium', 'high'];

  beforeAll(async () => {
    dora = await t.createUser('dora');
    for (let i = 0; i < 12; i++) {
      tick();
      const fields = {
        title: `Dora ${String.fromCharCode(76 - i)}`,
        category: categories[i % 3],
        priority: priorities[i % 4],
      };
      filed.push({ id: await h.file(dora.auth, fields), ...fields });
    }
    await h.put(`/requests/${filed[0].id}`, { status: 'closed' }, admin);
  });

  it('shows a user only their own requests, newest first, ten to a page', async () => {
    const res = await h.get('/requests', dora.auth);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({
      page: 1,
      pages: 2,
      per_page: 10,
      total: 12,
      has_next: true,
      has_prev: false,
    });
    expect(res.body.requests.map((r: { id: number }) => r.id)).toEqual(
      filed
        .map((f) => f.id)
        .reverse()
        .slice(0, 10),
    );
    expect(res.body.requests.every((r: { requester_id: string }) => r.requester_id === dora.id)).toBe(true);
  });

  it('serves the rest on page 2, and an empty page past the end', async () => {
    const second = await h.get('/requests?page=2', dora.auth);
    expect(second.body.requests.map((r: { id: number }) => r.id)).toEqual([filed[1].id, filed[0].id]);
    expect(second.body.pagination).toEqual({
      page: 2,
      pages: 2,
      per_page: 10,
      total: 12,
      has_next: false,
      has_prev: true,
    });
    const beyond = await h.get('/requests?page=3', dora.auth);
    expect(beyond).toMatchObject({
      status: 200,
      body: { requests: [], pagination: { page: 3, total: 12, has_next: false, has_prev: true } },
    });
  });

  it('filters by status, category and priority, alone and together', async () => {
    const closed = await h.get('/requests?status=closed', dora.auth);
    expect(closed.body.requests.map((r: { id: number }) => r.id)).toEqual([filed[0].id]);
    const billing = await h.get('/requests?category=billing&per_page=100', dora.auth);
    expect(billing.body.pagination.total).toBe(4);
    expect(billing.body.requests.every((r: { category: string }) => r.category === 'billing')).toBe(true);
    const both = await h.get('/requests?category=technical&priority=low', dora.auth);
    const expected = filed
      .filter((f) => f.category === 'technical' && f.priority === 'low')
      .map((f) => f.id)
      .reverse();
    expect(both.body.requests.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('sorts by priority in order of urgency, not alphabetically, with id breaking ties', async () => {
    const res = await h.get('/requests?sort_by=priority&sort_order=desc&per_page=100', dora.auth);
    const order = res.body.requests.map((r: { priority: string }) => r.priority);
    expect([...new Set(order)]).toEqual(['urgent', 'high', 'medium', 'low']);
    const urgent = res.body.requests
      .filter((r: { priority: string }) => r.priority === 'urgent')
      .map((r: { id: number }) => r.id);
    expect(urgent).toEqual([...urgent].sort((a, b) => b - a));
  });

  it('sorts by title ascending, and by id', async () => {
    const byTitle = await h.get('/requests?sort_by=title&sort_order=asc&per_page=3', dora.auth);
    expect(byTitle.body.requests.map((r: { title: string }) => r.title)).toEqual(['Dora A', 'Dora B', 'Dora C']);
    const byId = await h.get('/requests?sort_by=id&sort_order=asc&per_page=2', dora.auth);
    expect(byId.body.requests.map((r: { id: number }) => r.id)).toEqual([filed[0].id, filed[1].id]);
  });

  it('treats empty query parameters as not given', async () => {
    const res = await h.get('/requests?status=&page=&sort_by=', dora.auth);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(12);
  });

  it("shows an administrator everyone's requests", async () => {
    const res = await h.get('/requests?per_page=100', admin);
    const requesters = new Set(res.body.requests.map((r: { requester_id: string }) => r.requester_id));
    expect(requesters.has(dora.id) && requesters.has(alice.id)).toBe(true);
    expect(res.body.pagination.total).toBe(await h.count('help_requests'));
  });

  it('pages and sorts the same way over GraphQL', async () => {
    const res = await t.gql(
      `{ helpRequests(perPage: 5, sortBy: PRIORITY, sortOrder: ASC, category: ACCOUNT) {
           requests { id priority } pagination { page pages perPage total hasNext hasPrev } } }`,
      {},
      dora.auth,
    );
    expect(res.data.helpRequests.pagination).toEqual({
      page: 1,
      pages: 1,
      perPage: 5,
      total: 4,
      hasNext: false,
      hasPrev: false,
    });
    const priorities = res.data.helpRequests.requests.map((r: { priority: string }) => r.priority);
    expect(priorities).toEqual(
      [...priorities].sort(
        (a: string, b: string) =>
          ['LOW', 'MEDIUM', 'HIGH', 'URGENT'].indexOf(a) - ['LOW', 'MEDIUM', 'HIGH', 'URGENT'].indexOf(b),
      ),
    );
  });
});

describe('reading a help request', () => {
  let id: number;
  let publicResponseId: number;
  let privateResponseId: number;

  beforeAll(async () => {
    tick();
    id = await h.file(alice.auth, { title: 'Laptop slow' });
    tick();
    await h.put(
      `/requests/${id}`,
      { status: 'in_progress', admin_notes: 'Probably the antivirus', assigned_to_id: carol.id },
      admin,
    );
    tick();
    publicResponseId = (await h.post(`/requests/${id}/response`, { response: 'Try a restart' }, admin)).body.data.id;
    tick();
    privateResponseId = (
      await h.post(
        `/requests/${id}/response`,
        { response: 'User ignores advice', is_public: false, new_status: 'on_hold' },
        carol.auth,
      )
    ).body.data.id;
  });

  it('shows the requester the request with its history and public responses, but no admin notes or private responses', async () => {
    const res = await h.get(`/requests/${id}`, alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      title: 'Laptop slow',
      status: 'on_hold',
      assigned_to_id: carol.id,
      admin_notes: null,
    });
    expect(res.body.responses).toEqual([
      {
        id: publicResponseId,
        request_id: id,
        response: 'Try a restart',
        new_status: null,
        is_public: true,
        responder_id: adminId,
        created_date: expect.any(String),
      },
    ]);
    expect(
      res.body.history.map((e: Record<string, unknown>) => [e.action, e.field, e.old_value, e.new_value, e.actor_id]),
    ).toEqual([
      ['created', null, null, null, alice.id],
      ['updated', 'status', 'open', 'in_progress', adminId],
      ['assigned', 'assigned_to_id', null, carol.id, adminId],
      ['responded', 'response', null, String(publicResponseId), adminId],
      ['updated', 'status', 'in_progress', 'on_hold', carol.id],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('antivirus');
    expect(JSON.stringify(res.body)).not.toContain('ignores advice');
  });

  it('shows an administrator everything: admin notes, private responses and internal history', async () => {
    const res = await h.get(`/requests/${id}`, carol.auth);
    expect(res.body.admin_notes).toBe('Probably the antivirus');
    expect(res.body.responses.map((r: { id: number; is_public: boolean }) => [r.id, r.is_public])).toEqual([
      [publicResponseId, true],
      [privateResponseId, false],
    ]);
    const actions = res.body.history.map((e: Record<string, unknown>) => `${String(e.action)}:${String(e.field)}`);
    expect(actions).toContain('updated:admin_notes');
    expect(actions.filter((a: string) => a === 'responded:response')).toHaveLength(2);
  });

  it('resolves requester, assignee, responders and actors over GraphQL', async () => {
    const res = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) {
          requester { username } assignee { username } adminNotes
          responses { response responder { username } }
          history { action actor { username } } } }`,
      { id },
      alice.auth,
    );
    expect(res.data.helpRequest).toMatchObject({
      requester: { username: 'alice' },
      assignee: { username: 'carol' },
      adminNotes: null,
      responses: [{ response: 'Try a restart', responder: { username: 'admin' } }],
    });
    expect(res.data.helpRequest.history.map((e: { actor: { username: string } }) => e.actor.username)).toEqual([
      'alice',
      'admin',
      'admin',
      'admin',
      'carol',
    ]);
  });

  it("keeps a deleted requester's request readable for administrators, with the requester null", async () => {
    const erin = await t.createUser('erin');
    const frank = await t.createUser('frank', { role: 'admin' });
    const erinsRequest = await h.file(erin.auth, { title: 'Orphaned soon' });
    await h.put(`/requests/${erinsRequest}`, { assigned_to_id: frank.id }, admin);
    await h.post(`/requests/${erinsRequest}/response`, { response: 'On it' }, frank.auth);

    const em = t.app.orm.em.fork();
    expect(await em.nativeDelete(User, { id: { $in: [erin.id, frank.id] } })).toBe(2);

    const res = await h.get(`/requests/${erinsRequest}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Orphaned soon', requester_id: null, assigned_to_id: null });
    expect(res.body.responses[0]).toMatchObject({ response: 'On it', responder_id: null });
    expect(res.body.history[0]).toMatchObject({ action: 'created', actor_id: null });
    const gql = await t.gql(
      `query($id: Int!) { helpRequest(id: $id) { requester { id } assignee { id } } }`,
      { id: erinsRequest },
      admin,
    );
    expect(gql.data.helpRequest).toEqual({ requester: null, assignee: null });
    const listed = await h.get('/requests?per_page=100', admin);
    expect(listed.body.requests.some((r: { id: number }) => r.id === erinsRequest)).toBe(true);
  });
});

describe('updating a help request', () => {
  it('lets the requester reword title and description, recording each change with its old and new value', async () => {
    const id = await h.file(alice.auth, { title: 'Mail', description: 'Broken' });
    tick(5);
    const res = await h.put(
      `/requests/${id}`,
      { title: 'Mail bounces', description: 'Bounces from example.org' },
      alice.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Help request updated successfully',
      data: expect.objectContaining({
        id,
        title: 'Mail bounces',
        description: 'Bounces from example.org',
        updated_date: iso(clock),
      }),
    });
    expect(res.body.data.created_date).not.toBe(res.body.data.updated_date);
    const history = await historyOf(id, alice.auth);
    expect(history.slice(1)).toEqual([
      {
        action: 'updated',
        field: 'title',
        old_value: 'Mail',
        new_value: 'Mail bounces',
        actor_id: alice.id,
        created_date: iso(clock),
      },
      {
        action: 'updated',
        field: 'description',
        old_value: 'Broken',
        new_value: 'Bounces from example.org',
        actor_id: alice.id,
        created_date: iso(clock),
      },
    ]);
  });

  it('lets the requester reword a request in progress or on hold, but not once it is resolved or closed', async () => {
    const id = await h.file(alice.auth);
    for (const status of ['in_progress', 'on_hold']) {
      await h.put(`/requests/${id}`, { status }, admin);
      expect((await h.put(`/requests/${id}`, { title: `While ${status}` }, alice.auth)).status).toBe(200);
    }
    await h.put(`/requests/${id}`, { status: 'closed' }, admin);
    const refused = await h.put(`/requests/${id}`, { description: 'one more thing' }, alice.auth);
    expect(refused).toMatchObject({ status: 400, body: { message: 'A closed request can no longer be edited' } });
    const fixed = await h.put(`/requests/${id}`, { title: 'Fixed by an administrator' }, admin);
    expect(fixed).toMatchObject({
      status: 200,
      body: { data: { title: 'Fixed by an administrator', status: 'closed' } },
    });
  });

  it('lets an administrator set any status, even reopening a closed request', async () => {
    const id = await h.file(alice.auth);
    for (const status of ['closed', 'open', 'resolved', 'on_hold', 'in_progress']) {
      const res = await h.put(`/requests/${id}`, { status }, admin);
      expect(res.body.data.status).toBe(status);
    }
    const statuses = (await historyOf(id))
      .filter((e) => e.field === 'status')
      .map((e) => `${String(e.old_value)}>${String(e.new_value)}`);
    expect(statuses).toEqual([
      'open>closed',
      'closed>open',
      'open>resolved',
      'resolved>on_hold',
      'on_hold>in_progress',
    ]);
  });

  it('assigns to another administrator and unassigns, each an "assigned" history entry', async () => {
    const id = await h.file(alice.auth);
    expect((await h.put(`/requests/${id}`, { assigned_to_id: carol.id }, admin)).body.data.assigned_to_id).toBe(
      carol.id,
    );
    expect((await h.put(`/requests/${id}`, { assigned_to_id: null }, admin)).body.data.assigned_to_id).toBeNull();
    const assigned = (await historyOf(id)).filter((e) => e.action === 'assigned');
    expect(assigned.map((e) => [e.old_value, e.new_value])).toEqual([
      [null, carol.id],
      [carol.id, null],
    ]);
  });

  it('writes no history and keeps updated_date when nothing actually changes', async () => {
    const id = await h.file(alice.auth, { priority: 'high' });
    const before = (await h.get(`/requests/${id}`, admin)).body;
    tick(10);
    const res = await h.put(`/requests/${id}`, { priority: 'high', status: 'open', admin_notes: null }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.updated_date).toBe(before.updated_date);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('trims admin notes and clears them with null', async () => {
    const id = await h.file(alice.auth);
    expect((await h.put(`/requests/${id}`, { admin_notes: '  call back  ' }, admin)).body.data.admin_notes).toBe(
      'call back',
    );
    expect((await h.put(`/requests/${id}`, { admin_notes: null }, admin)).body.data.admin_notes).toBeNull();
  });

  it('updates over GraphQL as over REST', async () => {
    const id = await h.file(alice.auth);
    const res = await t.gql(
      `mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { status priority assignedToId assignee { username } adminNotes } }`,
      { id, input: { status: 'IN_PROGRESS', priority: 'URGENT', assignedToId: adminId, adminNotes: 'VIP' } },
      admin,
    );
    expect(res.data.updateHelpRequest).toEqual({
      status: 'IN_PROGRESS',
      priority: 'URGENT',
      assignedToId: adminId,
      assignee: { username: 'admin' },
      adminNotes: 'VIP',
    });
  });
});

describe('responding to a help request', () => {
  it('stores a public response by default, moves the status, and records both in the history', async () => {
    const id = await h.file(alice.auth);
    tick();
    const res = await h.post(
      `/requests/${id}/response`,
      { response: '  Fixed on our side.  ', new_status: 'resolved' },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Response added successfully',
      data: {
        id: expect.any(Number),
        request_id: id,
        response: 'Fixed on our side.',
        new_status: 'resolved',
        is_public: true,
        responder_id: adminId,
        created_date: iso(clock),
      },
    });
    const request = (await h.get(`/requests/${id}`, alice.auth)).body;
    expect(request.status).toBe('resolved');
    expect(request.updated_date).toBe(iso(clock));
    expect(
      request.history.slice(1).map((e: Record<string, unknown>) => [e.action, e.field, e.old_value, e.new_value]),
    ).toEqual([
      ['responded', 'response', null, String(res.body.data.id)],
      ['updated', 'status', 'open', 'resolved'],
    ]);
  });

  it('leaves the status alone without new_status, or when new_status is the current one', async () => {
    const id = await h.file(alice.auth);
    await h.post(`/requests/${id}/response`, { response: 'Looking' }, admin);
    await h.post(`/requests/${id}/response`, { response: 'Still looking', new_status: 'open' }, admin);
    const request = (await h.get(`/requests/${id}`, admin)).body;
    expect(request.status).toBe('open');
    expect(request.history.map((e: Record<string, unknown>) => e.action)).toEqual([
      'created',
      'responded',
      'responded',
    ]);
  });

  it('responds over GraphQL as over REST', async () => {
    const id = await h.file(alice.auth);
    const res = await t.gql(
      `mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { requestId response newStatus isPublic responder { username } } }`,
      { id, input: { response: 'Internal only', newStatus: 'ON_HOLD', isPublic: false } },
      carol.auth,
    );
    expect(res.data.respondToHelpRequest).toEqual({
      requestId: id,
      response: 'Internal only',
      newStatus: 'ON_HOLD',
      isPublic: false,
      responder: { username: 'carol' },
    });
    const seenByAlice = (await h.get(`/requests/${id}`, alice.auth)).body;
    expect(seenByAlice.responses).toEqual([]);
    expect(seenByAlice.status).toBe('on_hold');
  });
});

describe('API keys on the help desk', () => {
  const apiKey = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;

  it('read the public FAQ and search as an anonymous caller would, seeing no help requests', async () => {
    await h.file(alice.auth, { title: 'Keyboard sticky' });
    expect((await h.get('/faqs', apiKey)).status).toBe(200);
    const search = await h.get('/search?q=keyboard', apiKey);
    expect(search).toMatchObject({ status: 200, body: { help_requests: [] } });
    const asAdmin = await h.get('/search?q=keyboard', admin);
    expect(asAdmin.body.help_requests).toHaveLength(1);
  });
});

describe('change events', () => {
  it('publishes each committed change once, after commit, and nothing for a refused one', async () => {
    const seen: HelpRequestChange[] = [];
    const stop = t.app.services.helpdesk.events.onChange((change) => seen.push(change));
    try {
      const id = await h.file(alice.auth);
      await h.put(`/requests/${id}`, { status: 'closed' }, alice.auth); // refused: 403
      await h.put(`/requests/${id}`, { title: 'Renamed' }, bob.auth); // refused: 404
      await h.put(`/requests/${id}`, { priority: 'medium' }, admin); // no change: nothing to tell
      await h.put(`/requests/${id}`, { priority: 'low', admin_notes: 'meh' }, admin);
      await h.post(`/requests/${id}/response`, { response: 'Done', new_status: 'resolved' }, admin);
      expect(seen.map((c) => [c.kind, c.requestId, c.requesterId, c.fields])).toEqual([
        ['created', id, alice.id, []],
        ['updated', id, alice.id, ['priority', 'admin_notes']],
        ['responded', id, alice.id, ['status']],
      ]);
    } finally {
      stop();
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in any text with 400 BAD_USER_INPUT, over REST and GraphQL, and writes nothing', async () => {
    // A NUL once reached the database as a protocol error: 500 "Internal server error".
    const before = await h.count('help_requests');
    const responses = await h.count('help_responses');
    const filed = await h.post('/requests', { title: 'Printer\u0000', description: 'Smoke' }, alice.auth);
    expect(filed).toMatchObject({ status: 400, body: { message: 'Text must not contain NUL characters' } });
    expect((await h.get('/search?q=%00', admin)).status).toBe(400);
    const id = await h.file(alice.auth);
    expect((await h.post(`/requests/${id}/response`, { response: 'On it\u0000' }, admin)).status).toBe(400);
    const viaGraphql = await t.gql(
      'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
      { input: { title: 'x', description: 'a\u0000b' } },
      alice.auth,
    );
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await h.count('help_requests')).toBe(before + 1);
    expect(await h.count('help_responses')).toBe(responses);
  });
});

describe('deleting a help request', () => {
  const remove = (id: number, auth: string) =>
    t.gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id }, auth);
  const total = async () =>
    (await t.gql('{ helpStatistics { requests { total } responses { total } } }', {}, admin)).data.helpStatistics;

  it('lets an administrator delete a request with its responses and history, and the counts follow', async () => {
    const id = await h.file(alice.auth, { title: 'Filed twice' });
    await h.post(`/requests/${id}/response`, { response: 'Duplicate of the other one' }, admin);
    const before = await total();

    expect((await remove(id, admin)).data).toEqual({ deleteHelpRequest: true });

    expect((await h.get(`/requests/${id}`, admin)).status).toBe(404);
    expect((await h.get(`/requests/${id}`, alice.auth)).status).toBe(404);
    expect(await total()).toEqual({
      requests: { total: before.requests.total - 1 },
      responses: { total: before.responses.total - 1 },
    });
    const [history] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from help_request_history where request_id = ?', [id]);
    expect(history.n).toBe(0);
  });

  it('refuses the requester and anyone else who is not an administrator, and deletes nothing', async () => {
    const id = await h.file(alice.auth, { title: 'Mine to keep' });
    for (const auth of [alice.auth, bob.auth]) {
      const res = await remove(id, auth);
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await t.gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.get(`/requests/${id}`, alice.auth)).status).toBe(200);
  });

  it('answers NOT_FOUND for a request that does not exist, or was already deleted', async () => {
    const id = await h.file(alice.auth, { title: 'Gone soon' });
    await remove(id, admin);
    for (const missing of [id, 999_999]) {
      expect((await remove(missing, admin)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });
});
