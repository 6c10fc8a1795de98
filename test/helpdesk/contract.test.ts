import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_CATEGORIES, HELP_STATUSES, LEGACY_SORT_FIELDS } from '../../src/helpdesk/vocabulary.js';
import { ADMIN_PASSWORD, API_KEY, API_KEY_SECRET, startTestApp, type TestApp } from '../helpers/app.js';
import { helpdesk } from './support.js';

/**
 * Every error row of the help-desk seed, run through both doors: the legacy REST route answers the status and
 * `{message}` body, and its GraphQL twin the matching error code. A refused change writes nothing.
 */

let t: TestApp;
let h: ReturnType<typeof helpdesk>;
const who: Record<'anonymous' | 'alice' | 'bob' | 'admin' | 'apiKey' | 'expiredAdmin' | 'locked', string | undefined> =
  {
    anonymous: undefined,
    alice: undefined,
    bob: undefined,
    admin: undefined,
    apiKey: `ApiKey ${API_KEY}:${API_KEY_SECRET}`,
    /** An administrator's token, correctly signed, that expired a minute ago. */
    expiredAdmin: undefined,
    /** A user's token issued before an administrator locked the account. */
    locked: undefined,
  };
type Who = keyof typeof who;
const ids = { aliceRequest: 0, resolvedRequest: 0, faq: 0, alice: '' };

beforeAll(async () => {
  t = await startTestApp();
  h = helpdesk(t);
  const alice = await t.createUser('alice');
  who.alice = alice.auth;
  ids.alice = alice.id;
  who.bob = (await t.createUser('bob')).auth;
  who.admin = await t.login('admin', ADMIN_PASSWORD);
  ids.aliceRequest = await h.file(who.alice);
  ids.resolvedRequest = await h.file(who.alice, { title: 'Done already' });
  await h.put(`/requests/${ids.resolvedRequest}`, { status: 'resolved' }, who.admin);
  ids.faq = (await h.post('/faqs', { question: 'How?', answer: 'Like this.' }, who.admin)).body.data.id;

  const adminId = (await t.gql('{ me { id } }', {}, who.admin)).data.me.id;
  const now = Math.floor(Date.now() / 1000);
  const adminToken = (exp: number) =>
    new SignJWT({ role: 'admin', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('trellis')
      .setAudience('trellis')
      .setIssuedAt(now - 3600)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode('test-jwt-secret-that-is-long-enough-0123456789'));
  // The same token, still valid, opens the statistics: the expired one is refused for its expiry alone.
  const valid = await h.get('/statistics', `Bearer ${await adminToken(now + 600)}`);
  if (valid.status !== 200) throw new Error(`the control token was refused: ${valid.status}`);
  const expired = await adminToken(now - 60);
  who.expiredAdmin = `Bearer ${expired}`;
  const lena = await t.createUser('lena');
  await h.file(lena.auth);
  const locked = await t.gql(
    'mutation($id: ID!) { updateUser(id: $id, input: { locked: true }) { locked } }',
    { id: lena.id },
    who.admin,
  );
  if (!locked.data?.updateUser?.locked) throw new Error(`locking failed: ${JSON.stringify(locked)}`);
  who.locked = lena.auth;
});
afterAll(() => t.stop());

interface Row {
  name: string;
  as: Who;
  rest: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; path: () => string; json?: unknown; raw?: string };
  status: number;
  message: string | RegExp;
  /** The GraphQL twin, when the case exists there (REST-only rows: malformed JSON, ids that are not numbers). */
  graphql?: { query: string; variables: () => Record<string, unknown> };
  code?: string;
}

const ADMIN = 'Admin access required';
const AUTH = 'Authentication required';
const NOT_FOUND = 'Resource not found';
const long = (n: number) => 'x'.repeat(n);

const CREATE = `mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }`;
const LIST = `query($status: HelpStatus, $page: Int, $perPage: Int) { helpRequests(status: $status, page: $page, perPage: $perPage) { pagination { total } } }`;
const GET = `query($id: Int!) { helpRequest(id: $id) { id } }`;
const UPDATE = `mutation($id: Int!, $input: UpdateHelpRequestInput!) { updateHelpRequest(id: $id, input: $input) { id } }`;
const RESPOND = `mutation($id: Int!, $input: RespondToHelpRequestInput!) { respondToHelpRequest(id: $id, input: $input) { id } }`;
const FAQS = `query($category: HelpCategory, $search: String) { faqs(category: $category, search: $search) { totalCount } }`;
const CREATE_FAQ = `mutation($input: CreateFaqInput!) { createFaq(input: $input) { id } }`;
const UPDATE_FAQ = `mutation($id: Int!, $input: UpdateFaqInput!) { updateFaq(id: $id, input: $input) { id } }`;
const DELETE_FAQ = `mutation($id: Int!) { deleteFaq(id: $id) }`;
const SEARCH = `query($q: String!) { helpSearch(q: $q) { faqs { id } } }`;
const STATS = `{ helpStatistics { requests { total } } }`;

const valid = { title: 'Title', description: 'Description' };

const rows: Row[] = [
  // POST /requests
  {
    name: 'filing without a token',
    as: 'anonymous',
    rest: { method: 'POST', path: () => '/requests', json: valid },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE, variables: () => ({ input: valid }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'filing with an API key (not a help-desk identity)',
    as: 'apiKey',
    rest: { method: 'POST', path: () => '/requests', json: valid },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE, variables: () => ({ input: valid }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'filing with a forged token',
    as: 'anonymous',
    rest: { method: 'POST', path: () => '/requests', json: valid },
    status: 401,
    message: AUTH,
  },
  {
    name: "filing with an administrator's expired token",
    as: 'expiredAdmin',
    rest: { method: 'POST', path: () => '/requests', json: valid },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE, variables: () => ({ input: valid }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'filing with the token of a user locked since',
    as: 'locked',
    rest: { method: 'POST', path: () => '/requests', json: valid },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE, variables: () => ({ input: valid }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'filing without a title',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { description: 'd' } },
    status: 400,
    message: 'title is required',
    graphql: { query: CREATE, variables: () => ({ input: { title: '  ', description: 'd' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'filing a 201-character title',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { ...valid, title: long(201) } },
    status: 400,
    message: 'title must be at most 200 characters',
    graphql: { query: CREATE, variables: () => ({ input: { ...valid, title: long(201) } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'filing a 10,001-character description',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { ...valid, description: long(10_001) } },
    status: 400,
    message: 'description must be at most 10000 characters',
    graphql: { query: CREATE, variables: () => ({ input: { ...valid, description: long(10_001) } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'filing with an invalid contact email',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { ...valid, contact_email: 'not-an-email' } },
    status: 400,
    message: 'contact_email must be a valid email address',
    graphql: { query: CREATE, variables: () => ({ input: { ...valid, contactEmail: 'a@b' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'filing in an unknown category',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { ...valid, category: 'gossip' } },
    status: 400,
    message: `category must be one of: ${HELP_CATEGORIES.join(', ')}`,
    graphql: { query: CREATE, variables: () => ({ input: { ...valid, category: 'gossip' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'filing with a title that is not a string',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: { ...valid, title: 42 } },
    status: 400,
    message: 'title must be a string',
  },
  {
    name: 'filing with a body that is not an object',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', json: [valid] },
    status: 400,
    message: 'Request body must be a JSON object',
  },
  {
    name: 'filing with malformed JSON',
    as: 'alice',
    rest: { method: 'POST', path: () => '/requests', raw: '{"title": "x",' },
    status: 400,
    message: /Malformed request/,
  },

  // GET /requests
  {
    name: 'listing without a token',
    as: 'anonymous',
    rest: { method: 'GET', path: () => '/requests' },
    status: 401,
    message: AUTH,
    graphql: { query: LIST, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'listing with an API key',
    as: 'apiKey',
    rest: { method: 'GET', path: () => '/requests' },
    status: 401,
    message: AUTH,
    graphql: { query: LIST, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'listing with the token of a user locked since',
    as: 'locked',
    rest: { method: 'GET', path: () => '/requests' },
    status: 401,
    message: AUTH,
    graphql: { query: LIST, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'listing 101 per page',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?per_page=101' },
    status: 400,
    message: 'per_page must be an integer from 1 to 100',
    graphql: { query: LIST, variables: () => ({ perPage: 101 }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'listing 0 per page',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?per_page=0' },
    status: 400,
    message: 'per_page must be an integer from 1 to 100',
    graphql: { query: LIST, variables: () => ({ perPage: 0 }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'listing page 0',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?page=0' },
    status: 400,
    message: 'page must be an integer of at least 1',
    graphql: { query: LIST, variables: () => ({ page: 0 }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'listing a page that is not a number',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?page=two' },
    status: 400,
    message: 'page must be an integer',
  },
  {
    name: 'listing by an unknown status',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?status=lost' },
    status: 400,
    message: `status must be one of: ${HELP_STATUSES.join(', ')}`,
    graphql: { query: LIST, variables: () => ({ status: 'lost' }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'listing by an unknown category',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?category=gossip' },
    status: 400,
    message: /^category must be one of/,
  },
  {
    name: 'listing by an unknown priority',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?priority=meh' },
    status: 400,
    message: 'priority must be one of: low, medium, high, urgent',
  },
  {
    name: 'sorting by an unknown field',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?sort_by=colour' },
    status: 400,
    message: `sort_by must be one of: ${LEGACY_SORT_FIELDS.join(', ')}`,
  },
  {
    name: 'sorting in an unknown order',
    as: 'alice',
    rest: { method: 'GET', path: () => '/requests?sort_order=up' },
    status: 400,
    message: 'sort_order must be one of: asc, desc',
  },

  // GET /requests/{id}
  {
    name: 'reading without a token',
    as: 'anonymous',
    rest: { method: 'GET', path: () => `/requests/${ids.aliceRequest}` },
    status: 401,
    message: AUTH,
    graphql: { query: GET, variables: () => ({ id: ids.aliceRequest }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: "reading someone else's request",
    as: 'bob',
    rest: { method: 'GET', path: () => `/requests/${ids.aliceRequest}` },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: GET, variables: () => ({ id: ids.aliceRequest }) },
    code: 'NOT_FOUND',
  },
  {
    name: 'reading a request that does not exist',
    as: 'admin',
    rest: { method: 'GET', path: () => '/requests/999999' },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: GET, variables: () => ({ id: 999_999 }) },
    code: 'NOT_FOUND',
  },
  {
    name: 'reading a request id that is not a number',
    as: 'admin',
    rest: { method: 'GET', path: () => '/requests/abc' },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'reading a request id beyond any integer',
    as: 'admin',
    rest: { method: 'GET', path: () => '/requests/99999999999999' },
    status: 404,
    message: NOT_FOUND,
  },

  // PUT /requests/{id}
  {
    name: 'updating without a token',
    as: 'anonymous',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { title: 'x' } },
    status: 401,
    message: AUTH,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { title: 'x' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'a user setting the status',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { status: 'closed' } },
    status: 403,
    message: ADMIN,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { status: 'CLOSED' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'a user setting the priority',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { title: 'ok', priority: 'urgent' } },
    status: 403,
    message: ADMIN,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { priority: 'URGENT' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'a user assigning the request',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { assigned_to_id: null } },
    status: 403,
    message: ADMIN,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { assignedToId: null } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'a user writing admin notes',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { admin_notes: 'me too' } },
    status: 403,
    message: ADMIN,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { adminNotes: 'me too' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: "a user editing someone else's request",
    as: 'bob',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { title: 'mine now' } },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { title: 'mine now' } }) },
    code: 'NOT_FOUND',
  },
  {
    name: 'a user editing a resolved request',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.resolvedRequest}`, json: { title: 'again' } },
    status: 400,
    message: 'A resolved request can no longer be edited',
    graphql: { query: UPDATE, variables: () => ({ id: ids.resolvedRequest, input: { description: 'again' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'assigning to a user who is not an administrator',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { assigned_to_id: ids.alice } },
    status: 400,
    message: 'assigned_to_id must be the user id of an administrator',
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { assignedToId: ids.alice } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'assigning to an id no user has',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { assigned_to_id: 'f'.repeat(32) } },
    status: 400,
    message: 'assigned_to_id must be the user id of an administrator',
  },
  {
    name: 'assigning to something that is not a user id',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { assigned_to_id: 7 } },
    status: 400,
    message: 'assigned_to_id must be a string',
  },
  {
    name: 'updating a request id that is not a number',
    as: 'admin',
    rest: { method: 'PUT', path: () => '/requests/abc', json: { status: 'closed' } },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'updating with malformed JSON',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, raw: '{"title": ' },
    status: 400,
    message: /Malformed request/,
  },
  {
    name: "updating with an administrator's expired token",
    as: 'expiredAdmin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { status: 'closed' } },
    status: 401,
    message: AUTH,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { status: 'CLOSED' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'updating with nothing to change',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: {} },
    status: 400,
    message: /^Nothing to update/,
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: {} }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'emptying the title',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { title: '' } },
    status: 400,
    message: 'title is required',
    graphql: { query: UPDATE, variables: () => ({ id: ids.aliceRequest, input: { title: null } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'setting an unknown status',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/requests/${ids.aliceRequest}`, json: { status: 'lost' } },
    status: 400,
    message: /^status must be one of/,
  },
  {
    name: 'updating a request that does not exist',
    as: 'admin',
    rest: { method: 'PUT', path: () => '/requests/999999', json: { status: 'closed' } },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: UPDATE, variables: () => ({ id: 999_999, input: { status: 'CLOSED' } }) },
    code: 'NOT_FOUND',
  },

  // POST /requests/{id}/response
  {
    name: 'responding without a token',
    as: 'anonymous',
    rest: { method: 'POST', path: () => `/requests/${ids.aliceRequest}/response`, json: { response: 'r' } },
    status: 401,
    message: AUTH,
    graphql: { query: RESPOND, variables: () => ({ id: ids.aliceRequest, input: { response: 'r' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'a user responding',
    as: 'alice',
    rest: { method: 'POST', path: () => `/requests/${ids.aliceRequest}/response`, json: { response: 'r' } },
    status: 403,
    message: ADMIN,
    graphql: { query: RESPOND, variables: () => ({ id: ids.aliceRequest, input: { response: 'r' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'responding to a request that does not exist',
    as: 'admin',
    rest: { method: 'POST', path: () => '/requests/999999/response', json: { response: 'r' } },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: RESPOND, variables: () => ({ id: 999_999, input: { response: 'r' } }) },
    code: 'NOT_FOUND',
  },
  {
    name: 'responding without a response',
    as: 'admin',
    rest: { method: 'POST', path: () => `/requests/${ids.aliceRequest}/response`, json: { new_status: 'closed' } },
    status: 400,
    message: 'response is required',
    graphql: { query: RESPOND, variables: () => ({ id: ids.aliceRequest, input: { response: ' ' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'responding with an API key',
    as: 'apiKey',
    rest: { method: 'POST', path: () => `/requests/${ids.aliceRequest}/response`, json: { response: 'r' } },
    status: 401,
    message: AUTH,
    graphql: { query: RESPOND, variables: () => ({ id: ids.aliceRequest, input: { response: 'r' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'responding to a request id that is not a number',
    as: 'admin',
    rest: { method: 'POST', path: () => '/requests/abc/response', json: { response: 'r' } },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'responding with malformed JSON',
    as: 'admin',
    rest: { method: 'POST', path: () => `/requests/${ids.aliceRequest}/response`, raw: '{"response": "r"' },
    status: 400,
    message: /Malformed request/,
  },
  {
    name: 'responding with an unknown new status',
    as: 'admin',
    rest: {
      method: 'POST',
      path: () => `/requests/${ids.aliceRequest}/response`,
      json: { response: 'r', new_status: 'gone' },
    },
    status: 400,
    message: /^new_status must be one of/,
  },
  {
    name: 'responding with is_public that is not a boolean',
    as: 'admin',
    rest: {
      method: 'POST',
      path: () => `/requests/${ids.aliceRequest}/response`,
      json: { response: 'r', is_public: 'yes' },
    },
    status: 400,
    message: 'is_public must be true or false',
  },

  // GET /faqs
  {
    name: 'listing FAQs of an unknown category',
    as: 'anonymous',
    rest: { method: 'GET', path: () => '/faqs?category=gossip' },
    status: 400,
    message: /^category must be one of/,
    graphql: { query: FAQS, variables: () => ({ category: 'gossip' }) },
    code: 'BAD_USER_INPUT',
  },

  {
    name: 'listing FAQs with a 201-character search',
    as: 'anonymous',
    rest: { method: 'GET', path: () => `/faqs?search=${long(201)}` },
    status: 400,
    message: 'search must be at most 200 characters',
    graphql: { query: FAQS, variables: () => ({ search: long(201) }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'listing FAQs with a search that is given twice',
    as: 'anonymous',
    rest: { method: 'GET', path: () => '/faqs?search=a&search=b' },
    status: 400,
    message: 'search must be a string',
  },
  {
    name: 'listing FAQs with an expired token',
    as: 'expiredAdmin',
    rest: { method: 'GET', path: () => '/faqs' },
    status: 401,
    message: AUTH,
    graphql: { query: FAQS, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },

  // POST /faqs
  {
    name: 'adding an FAQ without a token',
    as: 'anonymous',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a' } },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: 'q', answer: 'a' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'a user adding an FAQ',
    as: 'alice',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a' } },
    status: 403,
    message: ADMIN,
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: 'q', answer: 'a' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'an API key adding an FAQ',
    as: 'apiKey',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a' } },
    status: 401,
    message: AUTH,
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: 'q', answer: 'a' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'adding an FAQ without a question',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { answer: 'a' } },
    status: 400,
    message: 'question is required',
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: '', answer: 'a' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'adding an FAQ with a fractional display order',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a', display_order: 1.5 } },
    status: 400,
    message: 'display_order must be an integer',
  },
  {
    name: 'adding an FAQ with a display order beyond any integer',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a', display_order: 3_000_000_000 } },
    status: 400,
    message: 'display_order is out of range',
  },
  {
    name: 'adding an FAQ with a negative display order',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a', display_order: -1 } },
    status: 400,
    message: 'display_order must be an integer from 0 to 1000000',
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: 'q', answer: 'a', displayOrder: -1 } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'adding an FAQ with a 51-character tag',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a', tags: `ok, ${long(51)}` } },
    status: 400,
    message: 'each tag must be at most 50 characters',
  },

  {
    name: 'adding an FAQ in an unknown category',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', json: { question: 'q', answer: 'a', category: 'gossip' } },
    status: 400,
    message: /^category must be one of/,
    graphql: { query: CREATE_FAQ, variables: () => ({ input: { question: 'q', answer: 'a', category: 'gossip' } }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'adding an FAQ with malformed JSON',
    as: 'admin',
    rest: { method: 'POST', path: () => '/faqs', raw: '{"question"' },
    status: 400,
    message: /Malformed request/,
  },

  // PUT /faqs/{id}
  {
    name: 'changing an FAQ without a token',
    as: 'anonymous',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: { answer: 'b' } },
    status: 401,
    message: AUTH,
    graphql: { query: UPDATE_FAQ, variables: () => ({ id: ids.faq, input: { answer: 'b' } }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'a user changing an FAQ',
    as: 'alice',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: { answer: 'b' } },
    status: 403,
    message: ADMIN,
    graphql: { query: UPDATE_FAQ, variables: () => ({ id: ids.faq, input: { answer: 'b' } }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'changing an FAQ that does not exist',
    as: 'admin',
    rest: { method: 'PUT', path: () => '/faqs/999999', json: { answer: 'b' } },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: UPDATE_FAQ, variables: () => ({ id: 999_999, input: { answer: 'b' } }) },
    code: 'NOT_FOUND',
  },
  {
    name: 'changing an FAQ with nothing to change',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: {} },
    status: 400,
    message: /^Nothing to update/,
    graphql: { query: UPDATE_FAQ, variables: () => ({ id: ids.faq, input: {} }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'emptying an FAQ answer',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: { answer: '' } },
    status: 400,
    message: 'answer is required',
  },
  {
    name: 'changing an FAQ id that is not a number',
    as: 'admin',
    rest: { method: 'PUT', path: () => '/faqs/first', json: { answer: 'b' } },
    status: 404,
    message: NOT_FOUND,
  },

  {
    name: 'changing an FAQ with is_active that is not a boolean',
    as: 'admin',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: { is_active: 'no' } },
    status: 400,
    message: 'is_active must be true or false',
  },
  {
    name: 'an API key changing an FAQ',
    as: 'apiKey',
    rest: { method: 'PUT', path: () => `/faqs/${ids.faq}`, json: { answer: 'b' } },
    status: 401,
    message: AUTH,
    graphql: { query: UPDATE_FAQ, variables: () => ({ id: ids.faq, input: { answer: 'b' } }) },
    code: 'UNAUTHENTICATED',
  },

  // DELETE /faqs/{id}
  {
    name: 'deleting an FAQ without a token',
    as: 'anonymous',
    rest: { method: 'DELETE', path: () => `/faqs/${ids.faq}` },
    status: 401,
    message: AUTH,
    graphql: { query: DELETE_FAQ, variables: () => ({ id: ids.faq }) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'a user deleting an FAQ',
    as: 'alice',
    rest: { method: 'DELETE', path: () => `/faqs/${ids.faq}` },
    status: 403,
    message: ADMIN,
    graphql: { query: DELETE_FAQ, variables: () => ({ id: ids.faq }) },
    code: 'FORBIDDEN',
  },
  {
    name: 'deleting an FAQ that does not exist',
    as: 'admin',
    rest: { method: 'DELETE', path: () => '/faqs/999999' },
    status: 404,
    message: NOT_FOUND,
    graphql: { query: DELETE_FAQ, variables: () => ({ id: 999_999 }) },
    code: 'NOT_FOUND',
  },

  {
    name: 'deleting an FAQ id that is not a number',
    as: 'admin',
    rest: { method: 'DELETE', path: () => '/faqs/last' },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'an API key deleting an FAQ',
    as: 'apiKey',
    rest: { method: 'DELETE', path: () => `/faqs/${ids.faq}` },
    status: 401,
    message: AUTH,
    graphql: { query: DELETE_FAQ, variables: () => ({ id: ids.faq }) },
    code: 'UNAUTHENTICATED',
  },

  // GET /search
  {
    name: 'searching without q',
    as: 'anonymous',
    rest: { method: 'GET', path: () => '/search' },
    status: 400,
    message: 'q is required',
  },
  {
    name: 'searching for nothing but blanks',
    as: 'alice',
    rest: { method: 'GET', path: () => '/search?q=%20%20' },
    status: 400,
    message: 'q is required',
    graphql: { query: SEARCH, variables: () => ({ q: '  ' }) },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'searching for a 201-character term',
    as: 'alice',
    rest: { method: 'GET', path: () => `/search?q=${long(201)}` },
    status: 400,
    message: 'q must be at most 200 characters',
    graphql: { query: SEARCH, variables: () => ({ q: long(201) }) },
    code: 'BAD_USER_INPUT',
  },

  {
    name: 'searching with an expired token',
    as: 'expiredAdmin',
    rest: { method: 'GET', path: () => '/search?q=printer' },
    status: 401,
    message: AUTH,
    graphql: { query: SEARCH, variables: () => ({ q: 'printer' }) },
    code: 'UNAUTHENTICATED',
  },

  // GET /statistics
  {
    name: 'statistics without a token',
    as: 'anonymous',
    rest: { method: 'GET', path: () => '/statistics' },
    status: 401,
    message: AUTH,
    graphql: { query: STATS, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'statistics for a user',
    as: 'alice',
    rest: { method: 'GET', path: () => '/statistics' },
    status: 403,
    message: ADMIN,
    graphql: { query: STATS, variables: () => ({}) },
    code: 'FORBIDDEN',
  },
  {
    name: 'statistics for an API key',
    as: 'apiKey',
    rest: { method: 'GET', path: () => '/statistics' },
    status: 401,
    message: AUTH,
    graphql: { query: STATS, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },
  {
    name: "statistics with an administrator's expired token",
    as: 'expiredAdmin',
    rest: { method: 'GET', path: () => '/statistics' },
    status: 401,
    message: AUTH,
    graphql: { query: STATS, variables: () => ({}) },
    code: 'UNAUTHENTICATED',
  },

  // Paths and methods the seed does not list
  {
    name: 'an unknown path under /api/help',
    as: 'admin',
    rest: { method: 'GET', path: () => '/tickets' },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'a method the path does not offer',
    as: 'admin',
    rest: { method: 'DELETE', path: () => `/requests/${ids.aliceRequest}` },
    status: 404,
    message: NOT_FOUND,
  },
  {
    name: 'PATCH on a request',
    as: 'admin',
    rest: { method: 'PATCH', path: () => `/requests/${ids.aliceRequest}`, json: { status: 'closed' } },
    status: 404,
    message: NOT_FOUND,
  },
];

async function snapshot() {
  return Promise.all(
    (['help_requests', 'help_request_history', 'help_responses', 'faqs'] as const).map((table) => h.count(table)),
  );
}

describe('help-desk errors, through REST and GraphQL', () => {
  for (const row of rows) {
    it(`answers ${row.name} with ${row.status}${row.graphql ? ` (GraphQL: ${row.code})` : ''} and writes nothing`, async () => {
      const before = await snapshot();
      const auth = row.name.includes('forged') ? 'Bearer not.a.jwt' : who[row.as];
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      const res =
        row.rest.raw !== undefined
          ? await t.request(`/api/help${row.rest.path()}`, {
              method: row.rest.method,
              body: row.rest.raw,
              headers: { ...headers, 'content-type': 'application/json' },
            })
          : await t.request(`/api/help${row.rest.path()}`, { method: row.rest.method, json: row.rest.json, headers });
      expect(res.status).toBe(row.status);
      expect(Object.keys(res.body)).toEqual(['message']);
      if (typeof row.message === 'string') expect(res.body.message).toBe(row.message);
      else expect(res.body.message).toMatch(row.message);

      if (row.graphql) {
        const result = await t.gql(row.graphql.query, row.graphql.variables(), who[row.as]);
        expect(result.errors?.[0]?.extensions?.code).toBe(row.code);
        expect(result.data ?? null).toBeNull();
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('the published API description', () => {
  it('documents each of these statuses on the route that answers it', () => {
    const routeOf = (method: string, path: string) =>
      t.app.restRoutes.find(
        (r) =>
          r.method === method &&
          new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(`/api/help${path.split('?')[0]}`),
      );
    const undocumented = rows
      .map((row) => ({ row, route: routeOf(row.rest.method, row.rest.path()) }))
      .filter(({ row, route }) => route && !(row.status in route.responses))
      .map(({ row, route }) => `${route!.method} ${route!.path} ${row.status} (${row.name})`);
    expect(undocumented).toEqual([]);
  });
});
