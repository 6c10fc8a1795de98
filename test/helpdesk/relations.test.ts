import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faq } from '../../src/helpdesk/faq.entity.js';
import { HelpRequest, HelpRequestHistory, HelpResponse } from '../../src/helpdesk/help-request.entity.js';
import { User } from '../../src/users/user.entity.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: string;

const LIST = `query($perPage: Int!) {
  helpRequests(perPage: $perPage, sortBy: ID, sortOrder: ASC) {
    requests {
      id requester { username } assignee { username }
      responses { response responder { username } }
      history { action actor { username } }
    }
  }
}`;

/** The statements of the operation itself: the caller's account is cached per process, so read or not. */
const own = (statements: string[]) => statements.filter((s) => !/from users where id = \?/.test(s));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  const users = await Promise.all(Array.from({ length: 10 }, (_, i) => t.createUser(`requester${i}`)));
  const helpers = await Promise.all(Array.from({ length: 3 }, (_, i) => t.createUser(`helper${i}`, { role: 'admin' })));

  // Written straight through the ORM: the point here is reading them back, not filing them.
  const em = t.app.orm.em.fork();
  const now = new Date();
  for (let i = 0; i < 100; i++) {
    const requester = em.getReference(User, users[i % users.length].id);
    const helper = em.getReference(User, helpers[i % helpers.length].id);
    const request = em.create(HelpRequest, {
      title: `Request ${i}`,
      description: 'd',
      category: 'technical',
      priority: 'medium',
      status: 'open',
      requester,
      assignedTo: helper,
      createdAt: now,
      updatedAt: now,
      firstResponseDueAt: now,
      resolutionDueAt: now,
    });
    em.create(HelpRequestHistory, { request, action: 'created', actor: requester, createdAt: now });
    for (let r = 0; r < 2; r++) {
      em.create(HelpResponse, { request, responder: helper, response: `answer ${r}`, isPublic: true, createdAt: now });
      em.create(HelpRequestHistory, { request, action: 'responded', field: 'response', actor: helper, createdAt: now });
    }
  }
  em.create(Faq, { question: 'q', answer: 'a', category: 'general', createdAt: now, updatedAt: now });
  await em.flush();
});
afterAll(() => t.stop());

describe('batching', () => {
  it('reads 100 requests with requester, assignee, responses, responders and history in as many statements as 10', async () => {
    const ten = await t.countQueries(() => t.gql(LIST, { perPage: 10 }, admin));
    const hundred = await t.countQueries(() => t.gql(LIST, { perPage: 100 }, admin));

    const requests = hundred.result.data.helpRequests.requests;
    expect(requests).toHaveLength(100);
    expect(requests[42]).toMatchObject({
      requester: { username: 'requester2' },
      assignee: { username: 'helper0' },
      responses: [{ responder: { username: 'helper0' } }, { responder: { username: 'helper0' } }],
      history: [
        { action: 'CREATED', actor: { username: 'requester2' } },
        { action: 'RESPONDED' },
        { action: 'RESPONDED' },
      ],
    });
    expect(own(hundred.statements)).toHaveLength(own(ten.statements).length);
    // The page, its count, people, responses and history: one each.
    expect(own(hundred.statements).length).toBeLessThanOrEqual(5);
  });

  it('reads only the relations a query selects', async () => {
    const scalars = await t.countQueries(() =>
      t.gql('{ helpRequests(perPage: 20) { requests { id title } } }', {}, admin),
    );
    expect(scalars.result.data.helpRequests.requests).toHaveLength(20);
    // The page alone: nothing asks for the count.
    expect(own(scalars.statements)).toHaveLength(1);
    const people = await t.countQueries(() =>
      t.gql('{ helpRequests(perPage: 20) { requests { requester { username } } } }', {}, admin),
    );
    expect(own(people.statements)).toHaveLength(2);
    expect(people.statements.some((s) => s.includes('help_responses'))).toBe(false);
  });

  it('counts the matching requests only when the query asks for total, pages or hasNext', async () => {
    const counted = (statements: string[]) =>
      statements.filter((s) => /help_request(_requester)?_counts/.test(s)).length;
    const none = await t.countQueries(() =>
      t.gql('{ helpRequests(perPage: 5) { requests { id } pagination { page perPage hasPrev } } }', {}, admin),
    );
    expect(none.result.data.helpRequests.pagination).toEqual({ page: 1, perPage: 5, hasPrev: false });
    expect(counted(none.statements)).toBe(0);
    for (const field of ['total', 'pages', 'hasNext']) {
      const asked = await t.countQueries(() =>
        t.gql(`{ helpRequests(perPage: 5) { p: pagination { ... on HelpPagination { ${field} } } } }`, {}, admin),
      );
      expect(asked.result.data.helpRequests.p[field]).toBe({ total: 100, pages: 20, hasNext: true }[field]);
      expect(counted(asked.statements)).toBe(1);
    }
  });

  it('reads relations selected through fragments, aliases and the list alike', async () => {
    const viaFragments = `query($perPage: Int!) {
      helpRequests(perPage: $perPage, sortBy: ID, sortOrder: ASC) {
        ... on HelpRequestPage { requests { ...People answers: responses { ... on HelpResponse { responder { username } } } } }
      }
    }
    fragment People on HelpRequest { id requester { username } helper: assignee { username } }`;
    const direct = await t.countQueries(() => t.gql(LIST, { perPage: 30 }, admin));
    const fragments = await t.countQueries(() => t.gql(viaFragments, { perPage: 30 }, admin));
    const [first] = fragments.result.data.helpRequests.requests;
    expect(first).toEqual({
      id: direct.result.data.helpRequests.requests[0].id,
      requester: direct.result.data.helpRequests.requests[0].requester,
      helper: direct.result.data.helpRequests.requests[0].assignee,
      answers: direct.result.data.helpRequests.requests[0].responses.map((r: { responder: unknown }) => ({
        responder: r.responder,
      })),
    });
    // Everything but history, which this one does not ask for.
    expect(own(fragments.statements)).toHaveLength(own(direct.statements).length - 1);
  });

  it('reads responders who appear nowhere else on the page', async () => {
    const outsider = await t.createUser('outsider');
    const em = t.app.orm.em.fork();
    const later = new Date(Date.now() + 60_000);
    const request = em.create(HelpRequest, {
      title: 'Answered by an outsider',
      description: 'd',
      category: 'technical',
      priority: 'low',
      status: 'open',
      createdAt: later,
      updatedAt: later,
      firstResponseDueAt: later,
      resolutionDueAt: later,
    });
    em.create(HelpResponse, {
      request,
      responder: em.getReference(User, outsider.id),
      response: 'hello',
      isPublic: true,
      createdAt: later,
    });
    await em.flush();
    const { result } = await t.countQueries(() =>
      t.gql(
        '{ helpRequests(perPage: 1) { requests { title requester { username } responses { responder { username } } } } }',
        {},
        admin,
      ),
    );
    expect(result.data.helpRequests.requests).toEqual([
      { title: 'Answered by an outsider', requester: null, responses: [{ responder: { username: 'outsider' } }] },
    ]);
  });

  it('reads only the names of people when that is all a query asks of them', async () => {
    // The people read for the page (not the caller's own row, read by id).
    const usersStatements = (statements: string[]) => statements.filter((s) => / from users where id in /.test(s));
    const names = await t.countQueries(() =>
      t.gql(
        '{ helpRequests(perPage: 5, sortBy: ID, sortOrder: ASC) { requests { requester { __typename id username } } } }',
        {},
        admin,
      ),
    );
    expect(names.result.data.helpRequests.requests[0].requester).toEqual({
      __typename: 'User',
      id: expect.any(String),
      username: 'requester0',
    });
    expect(usersStatements(names.statements)).toEqual([
      expect.stringMatching(/^\[query\] select id, username from users /),
    ]);

    const more = await t.countQueries(() =>
      t.gql(
        '{ helpRequests(perPage: 5, sortBy: ID, sortOrder: ASC) { requests { requester { username createdAt role } } } }',
        {},
        admin,
      ),
    );
    expect(more.result.data.helpRequests.requests[0].requester).toEqual({
      username: 'requester0',
      createdAt: expect.any(String),
      role: 'USER',
    });
    expect(usersStatements(more.statements)).toHaveLength(1);
    expect(usersStatements(more.statements)[0]).toMatch(/created_at/);

    // Two aliases of one person field asking different things each get what they asked for.
    const mixed = await t.gql(
      '{ helpRequests(perPage: 5, sortBy: ID, sortOrder: ASC) { requests { who: requester { username } full: requester { username role } } } }',
      {},
      admin,
    );
    expect(mixed.data.helpRequests.requests[1]).toEqual({
      who: { username: 'requester1' },
      full: { username: 'requester1', role: 'USER' },
    });
  });
});
