import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/*
 * ATTACHMENT_STORAGE=s3 against s3rver, an S3-protocol server started here on a loopback port: the bytes go to the
 * store (none to PostgreSQL), deletions reach it after the commit, and a store that is away answers 503 without
 * touching what was committed.
 */

const BUCKET = 'help-attachments';
let dir: string;
let port: number;
let s3: { close(): Promise<void>; httpServer: { closeAllConnections(): void } } | undefined;
let t: TestApp;
let admin: string;
let alice: { id: string; auth: string };
let client: S3Client;
let savedCredentials: Record<string, string | undefined> = {};

async function startStore(): Promise<void> {
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  await server.run();
  s3 = server;
}

async function stopStore(): Promise<void> {
  s3?.httpServer.closeAllConnections();
  await s3?.close();
  s3 = undefined;
}

async function rows(sql: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

const objectExists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

async function upload(auth: string, bytes: string, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  return t.request('/api/help/uploads', { method: 'POST', body: form, headers: { authorization: auth } });
}

async function fileOnNewRequest(bytes: string): Promise<{ requestId: number; fileId: string }> {
  const token = (await upload(alice.auth, bytes, 'trace.txt')).body.token;
  const res = await t.gql(
    'mutation($input: CreateHelpRequestInput!) { createHelpRequest(input: $input) { id attachments { id } } }',
    { input: { title: 'Crash', description: 'Trace attached', attachmentTokens: [token] } },
    alice.auth,
  );
  return { requestId: res.data.createHelpRequest.id, fileId: res.data.createHelpRequest.attachments[0].id };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'trellis-s3-'));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  await startStore();
  // The AWS SDK reads its credentials from its own variables, as it would in a deployment (s3rver's fixed pair).
  savedCredentials = { AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  t = await startTestApp({ ATTACHMENT_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' });
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
}, 60_000);

afterAll(async () => {
  for (const [name, value] of Object.entries(savedCredentials)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await t?.stop();
  client?.destroy();
  await stopStore();
  rmSync(dir, { recursive: true, force: true });
});

describe('attachments stored in S3', () => {
  it('keeps the bytes in the store, not in PostgreSQL, and serves them back', async () => {
    const { fileId } = await fileOnNewRequest('stack trace\n');
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: fileId }));
    expect(await object.Body!.transformToString()).toBe('stack trace\n');
    expect(await rows('select count(*)::int as n from help_attachment_contents')).toEqual([{ n: 0 }]);
    const res = await fetch(`${t.url}/api/help/attachments/${fileId}`, { headers: { authorization: alice.auth, range: 'bytes=6-10' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('trace');
  });

  it('deletes the object once an administrator removes the file', async () => {
    const { fileId } = await fileOnNewRequest('to remove');
    const res = await t.gql('mutation($id: ID!) { removeHelpAttachment(id: $id) }', { id: fileId }, admin);
    expect(res.data).toEqual({ removeHelpAttachment: true });
    expect(await objectExists(fileId)).toBe(false);
    expect(await rows('select count(*)::int as n from help_attachment_deletions')).toEqual([{ n: 0 }]);
  });

  it('deletes the objects of a deleted request after the commit', async () => {
    const { requestId, fileId } = await fileOnNewRequest('goes with the request');
    expect((await t.gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id: requestId }, admin)).errors).toBeUndefined();
    await t.app.services.helpdesk.attachments.purge(t.app.orm.em.fork());
    expect(await objectExists(fileId)).toBe(false);
  });

  it('answers 503 on upload and download while the store is away, keeps what was committed, and catches up on deletions', async () => {
    const { fileId: kept } = await fileOnNewRequest('committed before the outage');
    const { fileId: removed } = await fileOnNewRequest('removed during the outage');
    await stopStore();
    try {
      const up = await upload(alice.auth, 'new', 'new.txt');
      expect(up.status).toBe(503);
      expect(await rows('select count(*)::int as n from help_attachments where request_id is null')).toEqual([{ n: 0 }]);
      const down = await t.request(`/api/help/attachments/${kept}`, { headers: { authorization: alice.auth } });
      expect(down.status).toBe(503);
      // The row goes now; its object is deleted once the store is back.
      expect((await t.gql('mutation($id: ID!) { removeHelpAttachment(id: $id) }', { id: removed }, admin)).data).toEqual({ removeHelpAttachment: true });
      expect(await rows('select attachment_id from help_attachment_deletions')).toEqual([{ attachment_id: removed }]);
    } finally {
      await startStore();
    }
    const again = await fetch(`${t.url}/api/help/attachments/${kept}`, { headers: { authorization: alice.auth } });
    expect(await again.text()).toBe('committed before the outage');
    await t.app.services.helpdesk.attachments.purge(t.app.orm.em.fork());
    expect(await objectExists(removed)).toBe(false);
    expect(await rows('select count(*)::int as n from help_attachment_deletions')).toEqual([{ n: 0 }]);
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 60_000);
});
