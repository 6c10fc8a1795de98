import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
let admin: string;
let alice: { id: string; auth: string };
let bob: { id: string; auth: string };
const faq: Record<string, number> = {};

async function addFaq(body: Record<string, unknown>): Promise<number> {
  const res = await h.post('/faqs', body, admin);
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
  // Inserted out of display order on purpose.
  faq.vpn = await addFaq({
    question: 'Why does the VPN disconnect?',
    answer: 'Idle sessions end after 30 minutes.',
    category: 'technical',
    tags: 'vpn,network',
    display_order: 2,
  });
  faq.reset = await addFaq({
    question: 'How do I reset my PASSWORD?',
    answer: 'Use the link on the sign-in page.',
    category: 'account',
    tags: 'login, security',
    display_order: 1,
  });
  faq.printer = await addFaq({
    question: 'Which printer should I use?',
    answer: 'The one on your floor.',
    category: 'technical',
    tags: 'hardware',
    display_order: 1,
  });
  faq.uptime = await addFaq({
    question: 'What uptime do you promise?',
    answer: '99.9% of each month, measured per_region.',
    category: 'general',
  });
  faq.twoFactor = await addFaq({
    question: 'Can I turn on two-factor sign-in?',
    answer: 'Yes, under Security.',
    category: 'account',
    tags: 'security',
    display_order: 1,
  });
  faq.retired = await addFaq({
    question: 'Where is the fax machine?',
    answer: 'Gone.',
    category: 'technical',
    is_active: false,
  });
});
afterAll(() => t.stop());

const ids = (entries: Array<{ id: number }>) => entries.map((e) => e.id);

/** The ids of the FAQ entries /faqs?search= lists for `term`, sorted. */
async function searchFaqs(term: string): Promise<number[]> {
  const res = await h.get(`/faqs?search=${encodeURIComponent(term)}`);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return Object.values(res.body.faqs as Record<string, Array<{ id: number }>>)
    .flat()
    .map((e) => e.id)
    .sort((a, b) => a - b);
}

describe('the FAQ list', () => {
  it('is public and groups active entries by category, each in display order then id, with the total', async () => {
    const res = await h.get('/faqs');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['faqs', 'total_count']);
    expect(Object.keys(res.body.faqs)).toEqual(['technical', 'account', 'general']);
    expect(ids(res.body.faqs.technical)).toEqual([faq.printer, faq.vpn]);
    expect(ids(res.body.faqs.account)).toEqual([faq.reset, faq.twoFactor]);
    expect(res.body.total_count).toBe(5);
    expect(res.body.faqs.account[0]).toEqual({
      id: faq.reset,
      question: 'How do I reset my PASSWORD?',
      answer: 'Use the link on the sign-in page.',
      category: 'account',
      tags: 'login,security',
      display_order: 1,
      is_active: true,
      created_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_date: expect.any(String),
    });
  });

  it('filters by category', async () => {
    const res = await h.get('/faqs?category=account');
    expect(Object.keys(res.body.faqs)).toEqual(['account']);
    expect(res.body.total_count).toBe(2);
  });

  it('searches question, answer and tags, case-insensitively', async () => {
    const search = async (term: string) => {
      const res = await h.get(`/faqs?search=${encodeURIComponent(term)}`);
      return Object.values(res.body.faqs as Record<string, Array<{ id: number }>>)
        .flat()
        .map((e) => e.id)
        .sort();
    };
    expect(await search('password')).toEqual([faq.reset]); // question, in capitals there
    expect(await search('SIGN-IN PAGE')).toEqual([faq.reset]); // answer
    expect(await search('Network')).toEqual([faq.vpn]); // tag
    expect(await search('secur')).toEqual([faq.reset, faq.twoFactor].sort()); // a word's beginning, across tag and answer
    expect(await search('reset login')).toEqual([faq.reset]); // every word, from different fields
    expect(await search('fax')).toEqual([]); // inactive entries are never listed
    expect(await search('nothing like this')).toEqual([]);
  });

  it('matches terms shorter than three characters anywhere, with % and _ matching only themselves', async () => {
    const search = async (term: string) => {
      const res = await h.get(`/faqs?search=${encodeURIComponent(term)}`);
      return Object.values(res.body.faqs as Record<string, Array<{ id: number }>>)
        .flat()
        .map((e) => e.id)
        .sort();
    };
    expect(await search('PN')).toEqual([faq.vpn]); // inside "VPN", which a word search would miss
    expect(await search('%')).toEqual([faq.uptime]);
    expect(await search('_')).toEqual([faq.uptime]);
    expect(await search('9%')).toEqual([faq.uptime]);
  });

  it('never matches across the comma that separates two tags', async () => {
    // "vpn,network" and "login,security" are stored comma-separated; no tag holds ",n" or "n,n".
    expect(await searchFaqs(',n')).toEqual([]);
    expect(await searchFaqs('n,')).toEqual([]);
    expect(await searchFaqs('vpn')).toEqual([faq.vpn]);
  });

  it('answers the same groups over GraphQL, with tags as a list', async () => {
    const res = await t.gql(
      `{ faqs(category: ACCOUNT) { totalCount groups { category entries { id tags displayOrder isActive } } } }`,
    );
    expect(res.data.faqs).toEqual({
      totalCount: 2,
      groups: [
        {
          category: 'ACCOUNT',
          entries: [
            { id: faq.reset, tags: ['login', 'security'], displayOrder: 1, isActive: true },
            { id: faq.twoFactor, tags: ['security'], displayOrder: 1, isActive: true },
          ],
        },
      ],
    });
  });
});

describe('maintaining the FAQ', () => {
  it('adds an entry: 201 with message and data, tags normalised, defaults applied', async () => {
    const res = await h.post(
      '/faqs',
      { question: ' Is there a dark mode? ', answer: 'Yes.', tags: ' UI, ui ,,theme ' },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'FAQ created successfully',
      data: expect.objectContaining({
        question: 'Is there a dark mode?',
        category: 'general',
        tags: 'UI,theme',
        display_order: 0,
        is_active: true,
      }),
    });
    const listed = await h.get('/faqs?category=general');
    expect(ids(listed.body.faqs.general)).toContain(res.body.data.id);
  });

  it('accepts tags as a JSON list too', async () => {
    const res = await h.post('/faqs', { question: 'Q?', answer: 'A.', tags: ['one', 'two'] }, admin);
    expect(res.body.data.tags).toBe('one,two');
  });

  it('changes an entry: 200 with message and data; deactivating hides it from the list and from search', async () => {
    const id = await addFaq({ question: 'Old question?', answer: 'Old answer.', category: 'billing' });
    const changed = await h.put(`/faqs/${id}`, { question: 'New question?', answer: 'New answer.' }, admin);
    expect(changed).toMatchObject({
      status: 200,
      body: { message: 'FAQ updated successfully', data: { id, question: 'New question?', answer: 'New answer.' } },
    });

    const hidden = await h.put(`/faqs/${id}`, { is_active: false }, admin);
    expect(hidden.body.data.is_active).toBe(false);
    expect((await h.get('/faqs?category=billing')).body.total_count).toBe(0);
    expect((await h.get('/search?q=new%20question')).body.faqs).toEqual([]);

    await h.put(`/faqs/${id}`, { is_active: true, tags: 'money', display_order: 4, category: 'billing' }, admin);
    const back = await h.get('/faqs?category=billing');
    expect(back.body.faqs.billing).toEqual([expect.objectContaining({ id, tags: 'money', display_order: 4 })]);
  });

  it('deletes an entry for good: 200 with a message, then 404', async () => {
    const id = await addFaq({ question: 'Temporary?', answer: 'Yes.' });
    expect(await h.del(`/faqs/${id}`, admin)).toMatchObject({
      status: 200,
      body: { message: 'FAQ deleted successfully' },
    });
    expect(await h.del(`/faqs/${id}`, admin)).toMatchObject({ status: 404, body: { message: 'Resource not found' } });
    expect((await h.get('/faqs?search=temporary')).body.total_count).toBe(0);
  });

  it('maintains entries over GraphQL as over REST', async () => {
    const created = await t.gql(
      `mutation($input: CreateFaqInput!) { createFaq(input: $input) { id question category tags displayOrder isActive } }`,
      {
        input: {
          question: 'GraphQL?',
          answer: 'Yes.',
          category: 'TECHNICAL',
          tags: ['api', 'API', ' graphql '],
          displayOrder: 9,
        },
      },
      admin,
    );
    const { id } = created.data.createFaq;
    expect(created.data.createFaq).toEqual({
      id,
      question: 'GraphQL?',
      category: 'TECHNICAL',
      tags: ['api', 'graphql'],
      displayOrder: 9,
      isActive: true,
    });
    const updated = await t.gql(
      `mutation($id: Int!) { updateFaq(id: $id, input: { answer: "Of course.", tags: [] }) { answer tags } }`,
      { id },
      admin,
    );
    expect(updated.data.updateFaq).toEqual({ answer: 'Of course.', tags: [] });
    const before = await h.count('faqs');
    expect((await t.gql(`mutation($id: Int!) { deleteFaq(id: $id) }`, { id }, admin)).data).toEqual({
      deleteFaq: true,
    });
    expect(await h.count('faqs')).toBe(before - 1);
  });
});

describe('searching the help desk', () => {
  let alicesRequest: number;
  let bobsRequest: number;

  beforeAll(async () => {
    alicesRequest = await h.file(alice.auth, { title: 'Password expired', description: 'Cannot sign in since Monday' });
    bobsRequest = await h.file(bob.auth, {
      title: 'Printer jammed',
      description: 'Paper stuck; password prompt on the panel',
    });
  });

  it('finds FAQs for anyone, but no help requests for an anonymous caller', async () => {
    const res = await h.get('/search?q=password');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['faqs', 'help_requests']);
    expect(ids(res.body.faqs)).toEqual([faq.reset]);
    expect(res.body.faqs[0].tags).toBe('login,security');
    expect(res.body.help_requests).toEqual([]);
  });

  it("finds a user's own help requests only", async () => {
    const res = await h.get('/search?q=password', alice.auth);
    expect(ids(res.body.help_requests)).toEqual([alicesRequest]);
    expect(res.body.help_requests[0]).toMatchObject({
      title: 'Password expired',
      requester_id: alice.id,
      admin_notes: null,
    });
  });

  it('finds every matching help request for an administrator, by title or description', async () => {
    const res = await h.get('/search?q=PASSWORD', admin);
    expect(ids(res.body.help_requests).sort()).toEqual([alicesRequest, bobsRequest].sort());
    expect(ids((await h.get('/search?q=paper%20stuck', admin)).body.help_requests)).toEqual([bobsRequest]);
  });

  it('refuses a forged token on a public route instead of quietly treating the caller as anonymous', async () => {
    expect(await h.get('/search?q=password', 'Bearer forged.token.here')).toMatchObject({
      status: 401,
      body: { message: 'Authentication required' },
    });
  });

  it('answers the same over GraphQL', async () => {
    const res = await t.gql(
      `query($q: String!) { helpSearch(q: $q) { faqs { id } helpRequests { id } } }`,
      { q: 'password' },
      bob.auth,
    );
    expect(res.data.helpSearch).toEqual({ faqs: [{ id: faq.reset }], helpRequests: [{ id: bobsRequest }] });
  });
});

describe('searching for text as it is written', () => {
  it('finds versions, addresses, dotted names and hyphenated words exactly as they appear in an FAQ entry', async () => {
    // PostgreSQL keeps "v1.2" or "help@example.com" as one word; a search split on the dots would find nothing.
    const id = await addFaq({
      question: 'Which client versions are supported?',
      answer: 'v1.2 and later; write to help@example.com.',
      category: 'other',
      tags: 'node.js,wi-fi',
    });
    for (const term of [
      'v1.2',
      'help@example.com',
      'node.js',
      'NODE.JS',
      'wi-fi',
      'Client V1.2',
      'supported versions',
    ]) {
      expect(await searchFaqs(term), term).toEqual([id]);
    }
    const found = await h.get('/search?q=v1.2');
    expect(ids(found.body.faqs)).toEqual([id]);
  });

  it('reads quotes, backslashes and tsquery operators in a term as text, never as syntax', async () => {
    const id = await addFaq({
      question: "Where is O'Brien's C:\\Shared\\drive?",
      answer: 'Mapped at sign-in.',
      category: 'other',
    });
    for (const term of ["O'Brien's", 'C:\\Shared\\drive', "o'brien' | !x & (y)", "'':* <-> x", 'brien:*']) {
      const res = await h.get(`/faqs?search=${encodeURIComponent(term)}`);
      expect(res.status, term).toBe(200);
    }
    expect(await searchFaqs("O'Brien's")).toEqual([id]);
    expect(await searchFaqs('C:\\Shared\\drive')).toEqual([id]);
  });

  it('finds help requests the same way', async () => {
    const id = await h.file(alice.auth, {
      title: 'Upgrade to 3.14 fails',
      description: 'See /var/log/app.log on build-07.example.org',
    });
    for (const term of ['3.14', 'build-07.example.org', 'upgrade 3.14']) {
      expect(ids((await h.get(`/search?q=${encodeURIComponent(term)}`, alice.auth)).body.help_requests), term).toEqual([
        id,
      ]);
    }
    const viaGraphql = await t.gql(
      `query($q: String!) { helpSearch(q: $q) { helpRequests { id } } }`,
      { q: '3.14' },
      admin,
    );
    expect(viaGraphql.data.helpSearch.helpRequests).toEqual([{ id }]);
  });
});
