import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../helpers/app.js';
import { startS3Store, type S3Store } from '../s3-store.js';
import { rowsOf } from '../support.js';

/*
 * What only ATTACHMENT_STORAGE=s3 has: deletions that reach the store after the commit, and a store that is away,
 * which answers 503 without touching what was committed. The rules every backend keeps (where the bytes live
 * included) are in attachments.test.ts, run against both.
 */

let store: S3Store;
let t: TestApp;
let admin: string;
let alice: { id: string; auth: string };

const rows = (sql: string, params: unknown[] = []) => rowsOf(t, sql, params);

const objectExists = async (key: string) => (await store.read(key)) !== null;

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
  store = await startS3Store();
  t = await startTestApp(store.config);
  admin = await t.login('admin', ADMIN_PASSWORD);
  alice = await t.createUser('alice');
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await store?.close();
});

describe('attachments stored in S3', () => {
  it('deletes the objects of a deleted request after the commit', async () => {
    const { requestId, fileId } = await fileOnNewRequest('goes with the request');
    expect(await objectExists(fileId)).toBe(true);
    expect(
      (await t.gql('mutation($id: Int!) { deleteHelpRequest(id: $id) }', { id: requestId }, admin)).errors,
    ).toBeUndefined();
    // Once the deletion has answered, the object is gone and its key forgotten, without waiting for a sweep.
    expect(await objectExists(fileId)).toBe(false);
    expect(await rows('select count(*)::int as n from help_attachment_deletions')).toEqual([{ n: 0 }]);
  });

  it('answers 503 on upload and download while the store is away, keeps what was committed, and catches up on deletions', async () => {
    const { fileId: kept } = await fileOnNewRequest('committed before the outage');
    const { fileId: removed } = await fileOnNewRequest('removed during the outage');
    await store.stop();
    try {
      const up = await upload(alice.auth, 'new', 'new.txt');
      expect(up.status).toBe(503);
      expect(await rows('select count(*)::int as n from help_attachments where request_id is null')).toEqual([
        { n: 0 },
      ]);
      const down = await t.request(`/api/help/attachments/${kept}`, { headers: { authorization: alice.auth } });
      expect(down.status).toBe(503);
      // The row goes now; its object is deleted once the store is back.
      expect(
        (await t.gql('mutation($id: ID!) { removeHelpAttachment(id: $id) }', { id: removed }, admin)).data,
      ).toEqual({ removeHelpAttachment: true });
      expect(await rows('select attachment_id from help_attachment_deletions')).toEqual([{ attachment_id: removed }]);
    } finally {
      await store.start();
    }
    const again = await fetch(`${t.url}/api/help/attachments/${kept}`, { headers: { authorization: alice.auth } });
    expect(await again.text()).toBe('committed before the outage');
    await t.app.services.helpdesk.attachments.purge(t.app.orm.em.fork());
    expect(await objectExists(removed)).toBe(false);
    expect(await rows('select count(*)::int as n from help_attachment_deletions')).toEqual([{ n: 0 }]);
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 60_000);
});
