import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { connect, untilListening, type Connection } from '../helpers/subscriptions.js';
import { FAKE_MAP_KEY, startFakeUpstream, type FakeUpstream } from '../risk/fake-upstream.js';
import { parseExposition, valueOf } from '../tools/prometheus.js';

/**
 * TRUSTED_DOCUMENTS seen from outside: a manifest as codegen's client preset writes it (`sha256:<hex>` → document),
 * documents sent by id or as text over POST, GET and graphql-ws, and what each mode does with the others.
 */

const DOCUMENTS = {
  health: 'query Health { health { status } }',
  signIn:
    'mutation SignIn($username: String!, $password: String!) { login(username: $username, password: $password) { accessToken tokenType } }',
  file: 'mutation File($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id title } }',
  changes: 'subscription Changes { helpRequestChanged { kind requestId } }',
  wildfire: 'query Wildfire($zip: String!) { wildfireRisk(zip: $zip) { zipCode riskScore dataStatus { fire } } }',
  /** Built against another schema: it parses, but this one has no such field. */
  stale: 'query Stale { health { uptimeSeconds } }',
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const idOf = (text: string) => `sha256:${sha256(text)}`;
const METRICS_TOKEN = 'trusted-documents-metrics-token';

let dir: string;
let manifestFile: string;
let fake: FakeUpstream;
let enforced: TestApp;
let logged: TestApp;
let offWithManifest: TestApp;
const open: Connection[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'trusted-documents-'));
  manifestFile = path.join(dir, 'persisted-documents.json');
  writeFileSync(
    manifestFile,
    JSON.stringify(Object.fromEntries(Object.values(DOCUMENTS).map((d) => [idOf(d), d])), null, 2),
  );
  fake = await startFakeUpstream();
  const upstream = {
    SEISMIC_API_URL: fake.seismicUrl,
    FIRE_API_URL: fake.fireUrl,
    FIRE_API_TOKEN: FAKE_MAP_KEY,
    METRICS_TOKEN,
  };
  [enforced, logged, offWithManifest] = await Promise.all([
    startTestApp({ ...upstream, TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: manifestFile }),
    startTestApp({ ...upstream, TRUSTED_DOCUMENTS: 'log', TRUSTED_DOCUMENTS_FILE: manifestFile }),
    startTestApp({ METRICS_TOKEN, TRUSTED_DOCUMENTS_FILE: manifestFile }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(open.splice(0).map((c) => c.dispose()));
  await Promise.all([enforced?.stop(), logged?.stop(), offWithManifest?.stop()]);
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.request('/graphql', { method: 'POST', json: body, headers });
  return { status: res.status, body: res.body, headers: res.headers };
}

async function untrustedCount(app: TestApp, outcome: 'served' | 'refused'): Promise<number> {
  const res = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return valueOf(parseExposition(res.body as string), 'trellis_graphql_untrusted_documents_total', { outcome });
}

const persisted = (text: string) => ({ persistedQuery: { version: 1, sha256Hash: idOf(text) } });

describe('TRUSTED_DOCUMENTS=enforce over HTTP', () => {
  it('refuses a document outside the manifest with a 400 that says only trusted documents are accepted, before any SQL runs', async () => {
    const before = await untrustedCount(enforced, 'refused');
    const { result: res, statements } = await enforced.countQueries(() =>
      post(enforced, { query: '{ faqs { id question } }' }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: expect.stringContaining('only trusted documents are accepted'),
        extensions: { code: 'UNTRUSTED_DOCUMENT' },
      },
    ]);
    expect(statements).toEqual([]);
    expect(await untrustedCount(enforced, 'refused')).toBe(before + 1);
    // Not even an error-level line: a client's mistake.
    expect(enforced.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('refuses a trusted document made different by one space, and over GET too', async () => {
    const altered = await post(enforced, { query: DOCUMENTS.health.replace('{ health', '{  health') });
    expect(altered.status).toBe(400);
    const get = await enforced.request(`/graphql?query=${encodeURIComponent('{ health { version } }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(400);
    expect(get.body.errors[0].extensions.code).toBe('UNTRUSTED_DOCUMENT');
  });

  it("serves the manifest's documents by Apollo's persisted-query hash, by documentId (with or without sha256:) and as their exact text", async () => {
    const byHash = await post(enforced, { extensions: persisted(DOCUMENTS.health) });
    const byDocumentId = await post(enforced, { documentId: idOf(DOCUMENTS.health) });
    const byBareId = await post(enforced, { documentId: sha256(DOCUMENTS.health) });
    const byText = await post(enforced, { query: DOCUMENTS.health });
    for (const res of [byHash, byDocumentId, byBareId, byText]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { health: { status: 'healthy' } } });
    }
  });

  it('signs in and files a request with trusted mutations sent by id', async () => {
    const signIn = await post(enforced, {
      extensions: persisted(DOCUMENTS.signIn),
      variables: { username: 'admin', password: ADMIN_PASSWORD },
      operationName: 'SignIn',
    });
    expect(signIn.status).toBe(200);
    const auth = `Bearer ${signIn.body.data.login.accessToken}`;
    const filed = await post(
      enforced,
      { documentId: idOf(DOCUMENTS.file), variables: { input: { title: 'Printer jam', description: 'Paper stuck' } } },
      { authorization: auth },
    );
    expect(filed.status).toBe(200);
    expect(filed.body.data.createHelpRequest).toMatchObject({ id: expect.any(Number), title: 'Printer jam' });
  });

  it('serves a trusted query by hash over GET, as a persisted-query link with useGETForHashedQueries sends it', async () => {
    const extensions = encodeURIComponent(JSON.stringify(persisted(DOCUMENTS.health)));
    const res = await enforced.request(`/graphql?extensions=${extensions}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { health: { status: 'healthy' } } });
    const byId = await enforced.request(`/graphql?documentId=${idOf(DOCUMENTS.health)}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(byId.body).toEqual({ data: { health: { status: 'healthy' } } });
  });

  it('answers an unknown id with 400 PERSISTED_QUERY_NOT_FOUND, and a malformed one with 400 BAD_REQUEST', async () => {
    const unknown = await post(enforced, { extensions: persisted('{ me { id } }') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        message: expect.stringMatching(/^PersistedQueryNotFound: .*only trusted documents are accepted/),
        extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
      },
    ]);
    const byDocumentId = await post(enforced, { documentId: 'no-such-document' });
    expect(byDocumentId.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    for (const body of [
      { documentId: 42 },
      { extensions: { persistedQuery: { version: 2, sha256Hash: idOf(DOCUMENTS.health) } } },
      { extensions: { persistedQuery: { version: 1 } } },
    ]) {
      const res = await post(enforced, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    }
  });

  it('lets no client add a document by sending it with its hash (automatic persisted queries register nothing)', async () => {
    const query = '{ faqs { id } }';
    const register = await post(enforced, {
      query,
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } },
    });
    expect(register.status).toBe(400);
    expect(register.body.errors[0].extensions.code).toBe('UNTRUSTED_DOCUMENT');
    const replay = await post(enforced, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
    expect(replay.status).toBe(400);
    expect(replay.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it("runs the manifest's document for a trusted id whatever other text comes with it", async () => {
    const res = await post(enforced, { query: '{ me { id role } }', extensions: persisted(DOCUMENTS.health) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { health: { status: 'healthy' } } });
  });

  it('serves a trusted risk query sent by hash from the public response cache, and never replays it for an untrusted copy', async () => {
    const body = { extensions: persisted(DOCUMENTS.wildfire), variables: { zip: '90210' } };
    const live = await post(enforced, body);
    expect(live.body.data.wildfireRisk.dataStatus.fire).toBe('LIVE');
    const cached = await post(enforced, body);
    expect(cached.body.data.wildfireRisk.dataStatus.fire).toBe('CACHED');
    expect(cached.headers.get('cache-control')).toMatch(/^public, max-age=/);
    const fireCalls = fake.requests('fire').length;
    const replayed = await post(enforced, body);
    expect(replayed.headers.get('cache-control')).toMatch(/^public, max-age=/);
    expect(replayed.body).toEqual(cached.body);
    // The same answer by the document's exact text (trusted): the same stored entry.
    expect((await post(enforced, { query: DOCUMENTS.wildfire, variables: { zip: '90210' } })).body).toEqual(
      cached.body,
    );
    expect(fake.requests('fire')).toHaveLength(fireCalls);

    // The same fields in a text of the client's own: refused, though an answer to them is stored.
    const copy = await post(enforced, { query: `${DOCUMENTS.wildfire} `, variables: { zip: '90210' } });
    expect(copy.status).toBe(400);
    expect(copy.headers.get('cache-control')).not.toMatch(/public/);
  });

  it('warns at start-up of a manifest document this schema does not validate, and answers it with a 400, never a 5xx', async () => {
    expect(enforced.logs).toContainEqual(
      expect.objectContaining({ msg: 'trusted documents loaded', trustedDocuments: 'enforce', documents: 6 }),
    );
    expect(enforced.logs).toContainEqual(
      expect.objectContaining({
        level: 40,
        invalidDocuments: 1,
        ids: [sha256(DOCUMENTS.stale)],
        msg: expect.stringMatching(/do not validate against this schema/),
      }),
    );
    const res = await post(enforced, { documentId: idOf(DOCUMENTS.stale) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('still runs the REST routes, whose stored documents are the server’s own', async () => {
    const login = await enforced.request('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const faqs = await enforced.request('/api/help/faqs');
    expect(faqs.status).toBe(200);
    const requests = await enforced.request('/api/help/requests', {
      headers: { authorization: `Bearer ${login.body.access_token}` },
    });
    expect(requests.status).toBe(200);
    expect(requests.body.requests.map((r: { title: string }) => r.title)).toContain('Printer jam');
  });
});

describe('TRUSTED_DOCUMENTS=enforce over graphql-ws', () => {
  function subscribe(
    connection: Connection,
    payload: { query: string; extensions?: Record<string, unknown>; documentId?: string },
  ) {
    const events: Array<{ type: 'next'; data: unknown } | { type: 'error'; error: unknown }> = [];
    connection.client.subscribe(payload, {
      next: (result) => events.push({ type: 'next', data: result.data ?? result.errors }),
      error: (error) => events.push({ type: 'error', error }),
      complete: () => {},
    });
    return events;
  }

  it('refuses a subscription outside the manifest with UNTRUSTED_DOCUMENT and serves a trusted one sent by id', async () => {
    const admin = await enforced.login('admin', ADMIN_PASSWORD);
    const connection = connect(enforced.url, admin);
    open.push(connection);
    const listening = enforced.app.services.helpdesk.events.listenerCount;

    const refused = subscribe(connection, { query: 'subscription { helpRequestChanged { kind requestId fields } }' });
    await expect.poll(() => refused.length).toBe(1);
    expect(refused[0]).toEqual({
      type: 'error',
      error: [expect.objectContaining({ extensions: { code: 'UNTRUSTED_DOCUMENT' } })],
    });
    expect(enforced.app.services.helpdesk.events.listenerCount).toBe(listening);

    const byHash = subscribe(connection, { query: '', extensions: persisted(DOCUMENTS.changes) });
    const byDocumentId = subscribe(connection, { query: '', documentId: idOf(DOCUMENTS.changes) });
    const byText = subscribe(connection, { query: DOCUMENTS.changes });
    await untilListening(enforced.app, listening + 3);

    const filed = await post(
      enforced,
      {
        extensions: persisted(DOCUMENTS.file),
        variables: { input: { title: 'Heard over WebSocket', description: 'x' } },
      },
      { authorization: admin },
    );
    const id = filed.body.data.createHelpRequest.id;
    for (const events of [byHash, byDocumentId, byText]) {
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({ type: 'next', data: { helpRequestChanged: { kind: 'CREATED', requestId: id } } });
    }
    const unknown = subscribe(connection, {
      query: '',
      extensions: persisted('subscription { helpRequestChanged { kind } }'),
    });
    await expect.poll(() => unknown.length).toBe(1);
    expect(unknown[0]).toEqual({
      type: 'error',
      error: [expect.objectContaining({ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })],
    });
  });
});

describe('TRUSTED_DOCUMENTS=log', () => {
  const warnings = () =>
    logged.logs.filter(
      (line) => line.trustedDocuments === 'log' && line.level === 40 && line.documentHash !== undefined,
    );

  it('runs a document outside the manifest, counts every run and logs each distinct document once, without its literals', async () => {
    const before = await untrustedCount(logged, 'served');
    const secret = 'Never-in-the-log-9';
    const adHoc = `mutation { login(username: "admin", password: "${secret}") { accessToken } }`;
    const first = await post(logged, { query: adHoc });
    expect(first.status).toBe(200); // answered, with the wrong password's error
    expect(first.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await post(logged, { query: adHoc });
    const other = await post(logged, { query: '{ health { version } }', operationName: null });
    expect(other.body).toEqual({ data: { health: { version: '1.0.0' } } });
    await post(logged, { query: '{ health { version } }' });

    expect(await untrustedCount(logged, 'served')).toBe(before + 4);
    const lines = warnings();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      documentHash: idOf(adHoc),
      document: expect.stringContaining('login(username: "", password: "")'),
    });
    expect(lines[1]).toMatchObject({ documentHash: idOf('{ health { version } }') });
    expect(JSON.stringify(logged.logs)).not.toContain(secret);
  });

  it("counts nothing for the manifest's documents, by id or by text, and still refuses an unknown id without text", async () => {
    const before = await untrustedCount(logged, 'served');
    const lines = warnings().length;
    expect((await post(logged, { extensions: persisted(DOCUMENTS.health) })).body).toEqual({
      data: { health: { status: 'healthy' } },
    });
    expect((await post(logged, { query: DOCUMENTS.health })).status).toBe(200);
    const unknown = await post(logged, { extensions: persisted('{ health { version } }') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^PersistedQueryNotFound/),
      extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
    });
    // A persisted-query link's second try, the text with its hash: run, counted, not logged again.
    const retry = await post(logged, {
      query: '{ health { version } }',
      extensions: persisted('{ health { version } }'),
    });
    expect(retry.body).toEqual({ data: { health: { version: '1.0.0' } } });
    expect(await untrustedCount(logged, 'served')).toBe(before + 1);
    expect(warnings()).toHaveLength(lines);
  });
});

describe('TRUSTED_DOCUMENTS=off with a manifest', () => {
  it('serves the manifest by id and runs any other document, without counting or logging it', async () => {
    expect((await post(offWithManifest, { documentId: idOf(DOCUMENTS.health) })).body).toEqual({
      data: { health: { status: 'healthy' } },
    });
    expect((await post(offWithManifest, { query: '{ health { version } }' })).body).toEqual({
      data: { health: { version: '1.0.0' } },
    });
    const unknown = await post(offWithManifest, { extensions: persisted('{ health { version } }') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(await untrustedCount(offWithManifest, 'served')).toBe(0);
    expect(offWithManifest.logs.filter((line) => line.documentHash !== undefined)).toEqual([]);
  });
});
