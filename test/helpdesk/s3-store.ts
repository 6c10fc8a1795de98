import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/**
 * An S3-protocol store (s3rver) on a loopback port, for the app's ATTACHMENT_STORAGE=s3, with a client to look into
 * its bucket. `stop()` and `start()` take it away and bring it back on the same port, keeping its objects.
 */
export interface S3Store {
  readonly bucket: string;
  /** The app's configuration for this store. */
  readonly config: Record<string, string>;
  readonly client: S3Client;
  /** The object's bytes, or null when the bucket has no such key. */
  read(key: string): Promise<Buffer | null>;
  /** How many objects the bucket holds. */
  count(): Promise<number>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the store for good, removes its files and restores the credential variables. */
  close(): Promise<void>;
}

const BUCKET = 'help-attachments';

export async function startS3Store(): Promise<S3Store> {
  const dir = mkdtempSync(path.join(tmpdir(), 'trellis-s3-'));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));

  let server:
    { run(): Promise<unknown>; close(): Promise<void>; httpServer: { closeAllConnections(): void } } | undefined;
  const start = async () => {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET }],
    });
    await next.run();
    server = next;
  };
  const stop = async () => {
    server?.httpServer.closeAllConnections();
    await server?.close();
    server = undefined;
  };
  await start();

  // The AWS SDK reads its credentials from its own variables, as it would in a deployment (s3rver's fixed pair).
  const saved = {
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
  };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  return {
    bucket: BUCKET,
    config: {
      ATTACHMENT_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async count() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return listed.KeyCount ?? 0;
    },
    stop,
    start,
    async close() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      client.destroy();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
