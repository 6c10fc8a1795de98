import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, safeFilename } from '../../../src/helpdesk/attachments/files.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../helpers/app.js';
import { startS3Store, type S3Store } from '../s3-store.js';
import { helpdesk, rowsOf } from '../support.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * The rules of attachments, kept by each storage backend alike: ATTACHMENT_STORAGE=postgres (the bytes in
 * help_attachment_contents) and s3 (objects in an s3rver bucket on a loopback port).
 */
describe.each(['postgres', 's3'] as const)('with %s storage', (backend) => {
  let clock = new Date();
  let t: TestApp;
  let admin: string;
  let alice: { id: string; auth: string };
  let bob: { id: string; auth: string };
  let help: ReturnType<typeof helpdesk>;

  let store: S3Store | undefined;

  beforeAll(async () => {
    if (backend === 's3') store = await startS3Store();
    t = await startTestApp(
      {
        ATTACHMENT_MAX_BYTES: String(64 * 1024),
        ATTACHMENT_MAX_PER_REQUEST_BYTES: String(256 * 1024),
        ...store?.config,
      },
      { now: () => clock },
    );
    admin = await t.login('admin', ADMIN_PASSWORD);
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    help = helpdesk(t);
  });
  afterAll(async () => {
    await t?.stop();
    await store?.close();
  });

  /** Uploads `bytes` as the one part `file` of a multipart form. */
  async function upload(
    auth: string | undefined,
    bytes: Buffer | string,
    filename = 'file.bin',
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), filename);
    return t.request('/api/help/uploads', {
      method: 'POST',
      body: form,
      headers: { ...(auth ? { authorization: auth } : {}), ...headers },
    });
  }

  async function token(auth: string, bytes: Buffer | string = PNG, filename = 'shot.png'): Promise<string> {
    const res = await upload(auth, bytes, filename);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token;
  }

  const rows = (sql: string, params: unknown[] = []) => rowsOf(t, sql, params);

  /** The stored bytes of a file, wherever this backend keeps them; null when there are none. */
  async function storedBytes(id: string): Promise<Buffer | null> {
    if (store) return store.read(id);
    const [row] = await rows('select bytes from help_attachment_contents where attachment_id = $1', [id]);
    return row ? row.bytes : null;
  }

  /** How many files' bytes this backend holds. */
  async function storedCount(): Promise<number> {
    if (store) return store.count();
    return (await rows('select count(*)::int as n from help_attachment_contents'))[0].n;
  }

  /** An S3 object goes after the commit, by the next sweep; PostgreSQL's bytes went with the row. */
  async function afterCommit(): Promise<void> {
    if (store) await t.app.services.helpdesk.attachments.storage.sweep(t.app.orm.em.fork());
  }

  const ATTACHMENTS = 'attachments { id filename contentType size createdAt url uploadedBy { id } }';
  const REQUEST = `query($id: Int!) { helpRequest(id: $id) { id ${ATTACHMENTS} responses { id isPublic ${ATTACHMENTS} } } }`;

  describe('uploading', () => {
    it('answers 201 with a token, the sanitised name, the sniffed type and the size', async () => {
      const res = await upload(alice.auth, PNG, '../../etc/passwd.png');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.stringMatching(/^[\w-]{40,}$/),
        filename: 'passwd.png',
        content_type: 'image/png',
        size: PNG.length,
      });
      const [{ id }] = await rows('select id from help_attachments where token_hash = $1', [
        createHash('sha256').update(res.body.token).digest('hex'),
      ]);
      expect(await storedBytes(id)).toEqual(PNG);
      // With S3 the bytes are in the bucket only, none in PostgreSQL.
      if (backend === 's3')
        expect(await rows('select count(*)::int as n from help_attachment_contents')).toEqual([{ n: 0 }]);
    });

    it('takes the content type from the bytes, not from what the client claims', async () => {
      const form = new FormData();
      form.append('file', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'x.png');
      const res = await t.request('/api/help/uploads', {
        method: 'POST',
        body: form,
        headers: { authorization: alice.auth },
      });
      expect(res.status).toBe(201);
      expect(res.body.content_type).toBe('text/plain; charset=utf-8');
    });

    it('refuses anonymous callers with 401 and stores nothing', async () => {
      const before = await rows('select count(*)::int as n from help_attachments');
      const bytesBefore = await storedCount();
      expect((await upload(undefined, PNG)).status).toBe(401);
      expect(await rows('select count(*)::int as n from help_attachments')).toEqual(before);
      expect(await storedCount()).toBe(bytesBefore);
    });

    it('refuses an empty file with 400', async () => {
      const res = await upload(alice.auth, Buffer.alloc(0));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The file is empty' });
    });

    it('refuses a file over ATTACHMENT_MAX_BYTES with 413 while it streams, and stores nothing', async () => {
      const before = await rows('select count(*)::int as n from help_attachments');
      const bytesBefore = await storedCount();
      const res = await upload(alice.auth, Buffer.alloc(64 * 1024 + 1, 1));
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/larger than the 65536 bytes allowed/);
      expect(await rows('select count(*)::int as n from help_attachments')).toEqual(before);
      expect(await storedCount()).toBe(bytesBefore);
    });

    it('refuses a body that is not multipart with 415, and a part not named file with 400', async () => {
      const json = await t.request('/api/help/uploads', {
        method: 'POST',
        json: { file: 'x' },
        headers: { authorization: alice.auth },
      });
      expect(json.status).toBe(415);
      const form = new FormData();
      form.append('other', new Blob(['x']), 'x.txt');
      const wrong = await t.request('/api/help/uploads', {
        method: 'POST',
        body: form,
        headers: { authorization: alice.auth },
      });
      expect(wrong.status).toBe(400);
    });

    it('answers a forged multipart body with 400, not a server error', async () => {
      const res = await t.request('/api/help/uploads', {
        method: 'POST',
        body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
        headers: { authorization: alice.auth, 'content-type': 'multipart/form-data; boundary=XYZ' },
      });
      expect(res.status).toBe(400);
      expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    });

    it('refuses a cookie-authenticated upload from a page of another site', async () => {
      const cookie = `trellis_session=${alice.auth.slice('Bearer '.length)}`;
      const res = await upload(undefined, PNG, 'a.png', { cookie, origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      const same = await upload(undefined, PNG, 'a.png', { cookie, origin: new URL(t.url).origin });
      expect(same.status).toBe(201);
    });
  });

  describe('attaching', () => {
    it('attaches on create, over GraphQL and REST, and the requester reads the files', async () => {
      const gql = await t.gql(
        'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id attachments { filename contentType size url } } }',
        { input: { title: 'Screen', description: 'See the shot', attachmentTokens: [await token(alice.auth)] } },
        alice.auth,
      );
      expect(gql.errors).toBeUndefined();
      const [file] = gql.data.createHelpRequest.attachments;
      expect(file).toEqual({
        filename: 'shot.png',
        contentType: 'image/png',
        size: PNG.length,
        url: expect.stringMatching(/^\/api\/help\/attachments\/[0-9a-f]{32}$/),
      });

      const rest = await help.post(
        '/requests',
        { title: 'Log', description: 'Attached', attachment_tokens: [await token(alice.auth, 'line 1\n', 'app.log')] },
        alice.auth,
      );
      expect(rest.status).toBe(201);
      expect(Object.keys(rest.body)).toEqual(['message', 'request_id', 'data']);
      const read = await t.gql(REQUEST, { id: rest.body.request_id }, alice.auth);
      expect(read.data.helpRequest.attachments).toMatchObject([
        { filename: 'app.log', contentType: 'text/plain; charset=utf-8', size: 7, uploadedBy: { id: alice.id } },
      ]);
    });

    it("refuses a token used twice, another user's token and an expired one, writing nothing", async () => {
      const used = await token(alice.auth);
      await help.post('/requests', { title: 'First', description: 'x', attachment_tokens: [used] }, alice.auth);
      const requestsBefore = await help.count('help_requests');
      for (const [tokens, auth] of [
        [[used], alice.auth],
        [[await token(alice.auth)], bob.auth],
        [['made-up-token'], alice.auth],
      ] as const) {
        const res = await t.gql(
          'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id } }',
          { input: { title: 'x', description: 'y', attachmentTokens: tokens } },
          auth,
        );
        expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
      const stale = await token(alice.auth);
      clock = new Date(clock.getTime() + 61 * 60 * 1000);
      const expired = await help.post(
        '/requests',
        { title: 'x', description: 'y', attachment_tokens: [stale] },
        alice.auth,
      );
      expect(expired.status).toBe(400);
      expect(await help.count('help_requests')).toBe(requestsBefore);
    });

    it('attaches to a response and later to a request, within the count limit', async () => {
      const id = await help.file(alice.auth);
      const res = await help.post(
        `/requests/${id}/response`,
        { response: 'Here is the fix', attachment_tokens: [await token(admin, 'patch', 'fix.diff')] },
        admin,
      );
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['message', 'data']);

      const tokens = await Promise.all(Array.from({ length: 10 }, () => token(alice.auth, 'x', 'n.txt')));
      const add =
        'mutation($id: Int!, $tokens: [String!]!) { addHelpRequestAttachments(id: $id, tokens: $tokens) { attachments { id } history { field newValue } } }';
      const ten = await t.gql(add, { id, tokens }, alice.auth);
      expect(ten.data.addHelpRequestAttachments.attachments).toHaveLength(10);
      expect(
        ten.data.addHelpRequestAttachments.history.filter((h: { field: string }) => h.field === 'attachment'),
      ).toHaveLength(10);
      const eleventh = await t.gql(add, { id, tokens: [await token(alice.auth)] }, alice.auth);
      expect(eleventh.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(eleventh.errors?.[0]?.message).toMatch(/at most 10 files/);

      const others = await t.gql(add, { id, tokens: [await token(bob.auth)] }, bob.auth);
      expect(others.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const read = await t.gql(REQUEST, { id }, alice.auth);
      expect(read.data.helpRequest.responses[0].attachments).toMatchObject([{ filename: 'fix.diff' }]);
    });

    it('refuses files beyond ATTACHMENT_MAX_PER_REQUEST_BYTES in all', async () => {
      const id = await help.file(alice.auth);
      const big = Buffer.alloc(60 * 1024, 7);
      const add =
        'mutation($id: Int!, $tokens: [String!]!) { addHelpRequestAttachments(id: $id, tokens: $tokens) { id } }';
      const four = await Promise.all([1, 2, 3, 4].map(() => token(alice.auth, big, 'big.bin')));
      expect((await t.gql(add, { id, tokens: four }, alice.auth)).errors).toBeUndefined();
      const fifth = await t.gql(add, { id, tokens: [await token(alice.auth, big, 'big.bin')] }, alice.auth);
      expect(fifth.errors?.[0]?.message).toMatch(/at most 262144 bytes together/);
    });
  });

  describe('downloading', () => {
    let requestId: number;
    let fileId: string;
    let privateFileId: string;

    beforeAll(async () => {
      requestId = await help
        .post(
          '/requests',
          {
            title: 'Page',
            description: 'x',
            attachment_tokens: [
              await token(
                alice.auth,
                '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
                "rapport d'été.svg",
              ),
            ],
          },
          alice.auth,
        )
        .then((r) => r.body.request_id);
      fileId = (await t.gql(REQUEST, { id: requestId }, alice.auth)).data.helpRequest.attachments[0].id;
      await help.post(
        `/requests/${requestId}/response`,
        {
          response: 'internal',
          is_public: false,
          attachment_tokens: [await token(admin, 'secret notes', 'notes.txt')],
        },
        admin,
      );
      privateFileId = (await t.gql(REQUEST, { id: requestId }, admin)).data.helpRequest.responses[0].attachments[0].id;
    });

    it('serves the bytes as a download that no browser renders', async () => {
      const res = await fetch(`${t.url}/api/help/attachments/${fileId}`, { headers: { authorization: alice.auth } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(contentDisposition("rapport d'été.svg"));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toMatch(/^private/);
      expect(res.headers.get('content-type')).not.toMatch(/html|svg/);
      expect(await res.text()).toMatch(/^<svg/);
    });

    it('answers a Range with 206 and the asked bytes, and an impossible one with 416', async () => {
      const res = await fetch(`${t.url}/api/help/attachments/${fileId}`, {
        headers: { authorization: alice.auth, range: 'bytes=1-3' },
      });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toMatch(/^bytes 1-3\/\d+$/);
      expect(await res.text()).toBe('svg');
      const out = await fetch(`${t.url}/api/help/attachments/${fileId}`, {
        headers: { authorization: alice.auth, range: 'bytes=99999-' },
      });
      expect(out.status).toBe(416);
    });

    it("answers 404 exactly as for a missing file to another user, and a private response's file to the requester", async () => {
      const missing = await help.get('/attachments/00000000000000000000000000000000', alice.auth);
      expect(missing.status).toBe(404);
      for (const [id, auth] of [
        [fileId, bob.auth],
        [privateFileId, alice.auth],
      ] as const) {
        const res = await help.get(`/attachments/${id}`, auth);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(missing.body);
      }
      expect((await help.get(`/attachments/${privateFileId}`, admin)).status).toBe(200);
      const seen = await t.gql(REQUEST, { id: requestId }, alice.auth);
      expect(seen.data.helpRequest.responses).toEqual([]);
    });

    it('refuses an anonymous download with 401', async () => {
      expect((await help.get(`/attachments/${fileId}`)).status).toBe(401);
    });
  });

  describe('removing and purging', () => {
    it('lets an administrator remove a file, recorded in the audit trail and the history; others may not', async () => {
      const id = await help
        .post('/requests', { title: 'Rm', description: 'x', attachment_tokens: [await token(alice.auth)] }, alice.auth)
        .then((r) => r.body.request_id);
      const fileId = (await t.gql(REQUEST, { id }, alice.auth)).data.helpRequest.attachments[0].id;
      const remove = 'mutation($id: ID!) { removeHelpAttachment(id: $id) }';
      expect((await t.gql(remove, { id: fileId }, alice.auth)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await t.gql(remove, { id: fileId }, admin)).data).toEqual({ removeHelpAttachment: true });
      expect((await help.get(`/attachments/${fileId}`, admin)).status).toBe(404);
      expect(
        await rows('select count(*)::int as n from help_attachment_contents where attachment_id = $1', [fileId]),
      ).toEqual([{ n: 0 }]);
      // A removal deletes an S3 object right after its commit, without waiting for the sweep.
      expect(await storedBytes(fileId)).toBeNull();
      expect(await rows('select count(*)::int as n from help_attachment_deletions')).toEqual([{ n: 0 }]);
      expect(
        await rows("select action, target_id from audit_events where action = 'help_request.attachment_remove'"),
      ).toEqual([{ action: 'help_request.attachment_remove', target_id: String(id) }]);
      const history = (
        await t.gql('query($id: Int!) { helpRequest(id: $id) { history { field oldValue } } }', { id }, alice.auth)
      ).data.helpRequest.history;
      expect(history).toContainEqual({ field: 'attachment', oldValue: 'shot.png' });
    });

    it('deletes the stored bytes with the request', async () => {
      const id = await help
        .post('/requests', { title: 'Del', description: 'x', attachment_tokens: [await token(alice.auth)] }, alice.auth)
        .then((r) => r.body.request_id);
      const fileId = (await t.gql(REQUEST, { id }, alice.auth)).data.helpRequest.attachments[0].id;
      expect(await storedBytes(fileId)).toEqual(PNG);
      expect((await t.gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id }, admin)).errors).toBeUndefined();
      expect(
        await rows('select count(*)::int as n from help_attachment_contents where attachment_id = $1', [fileId]),
      ).toEqual([{ n: 0 }]);
      await afterCommit();
      expect(await storedBytes(fileId)).toBeNull();
    });

    it('purges an upload nobody attached once its token has expired, and keeps attached ones', async () => {
      await token(alice.auth);
      const attached = await rows('select count(*)::int as n from help_attachments where request_id is not null');
      const orphans: { id: string }[] = await rows('select id from help_attachments where request_id is null');
      expect(orphans.length).toBeGreaterThan(0);
      clock = new Date(clock.getTime() + 61 * 60 * 1000);
      const purged = await t.app.services.helpdesk.attachments.purge(t.app.orm.em.fork());
      expect(purged).toBeGreaterThan(0);
      expect(await rows('select count(*)::int as n from help_attachments where request_id is null')).toEqual([
        { n: 0 },
      ]);
      expect(
        await rows(
          'select count(*)::int as n from help_attachment_contents c left join help_attachments a on a.id = c.attachment_id where a.id is null',
        ),
      ).toEqual([{ n: 0 }]);
      expect(await rows('select count(*)::int as n from help_attachments where request_id is not null')).toEqual(
        attached,
      );
      for (const { id } of orphans) expect(await storedBytes(id)).toBeNull();
    });
  });

  describe('the OpenAPI document', () => {
    it('lists the upload and the download, the download as bytes', async () => {
      const doc = (await t.request('/api/openapi.json')).body;
      expect(
        doc.paths['/api/help/uploads'].post.responses['201'].content['application/json'].schema.properties,
      ).toHaveProperty('token');
      expect(doc.paths['/api/help/uploads'].post.responses).toHaveProperty('413');
      expect(doc.paths['/api/help/attachments/{id}'].get.responses['200'].content).toHaveProperty(
        'application/octet-stream',
      );
    });
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Windows\\win.ini', 'win.ini'],
    ['a\r\nSet-Cookie: x.txt', 'aSet-Cookie: x.txt'],
    ['report\u202Etxt.exe', 'reporttxt.exe'],
    ['.htaccess', 'htaccess'],
    ['', 'attachment'],
    ['/', 'attachment'],
  ])('turns %j into %j', (given, expected) => {
    expect(safeFilename(given)).toBe(expected);
  });

  it('keeps a name within 255 bytes without splitting a character', () => {
    const name = safeFilename('é'.repeat(200));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).toBe('é'.repeat(127));
  });
});

describe('the rate limit', () => {
  it('counts uploads like any other request', async () => {
    const limited = await startTestApp({
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      LOGIN_RATE_LIMIT_MAX: '100',
    });
    try {
      const auth = await limited.login('admin', ADMIN_PASSWORD);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const form = new FormData();
        form.append('file', new Blob(['x']), 'x.txt');
        statuses.push(
          (await limited.request('/api/help/uploads', { method: 'POST', body: form, headers: { authorization: auth } }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.stop();
    }
  });
});
