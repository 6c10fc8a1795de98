import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../platform/config.js';
import { ServiceUnavailableError } from '../../platform/errors.js';

/**
 * Where attachment bytes live. The row describing a file is always in PostgreSQL; `put` runs inside the transaction
 * that inserts it, so a failed upload leaves neither.
 */
export interface AttachmentStorage {
  readonly kind: 'postgres' | 's3';
  put(em: EntityManager, id: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes of a stored file; SERVICE_UNAVAILABLE when the store cannot be reached. */
  get(em: EntityManager, id: string): Promise<Buffer>;
  /**
   * Deletes the stored bytes of rows that are gone (deleted requests, responses, removed attachments and purged
   * uploads); returns how many. What cannot be deleted now stays listed for the next call.
   */
  sweep(em: EntityManager): Promise<number>;
}

/** Bytes in help_attachment_contents: written and deleted in the database's own transactions, nothing to sweep. */
export class PostgresStorage implements AttachmentStorage {
  readonly kind = 'postgres' as const;

  async put(em: EntityManager, id: string, bytes: Buffer): Promise<void> {
    await em.execute('insert into help_attachment_contents (attachment_id, bytes) values (?, ?)', [id, bytes]);
  }

  async get(em: EntityManager, id: string): Promise<Buffer> {
    const [row] = await em.execute<{ bytes: Buffer }[]>(
      'select bytes from help_attachment_contents where attachment_id = ?',
      [id],
    );
    if (!row) throw new Error(`attachment ${id} has no stored bytes`);
    return row.bytes;
  }

  async sweep(): Promise<number> {
    return 0;
  }
}

/**
 * Bytes as objects in an S3-protocol store, keyed by attachment id. The object is written before the row's
 * transaction commits: a transaction that then fails leaves an object no row names, which `put`'s caller deletes
 * (and the sweep would not know of), never a row without bytes. Deleting goes the other way: the row first, the
 * object after the commit, by the sweep over help_attachment_deletions (filled by a trigger), so an unreachable
 * store delays the deletion instead of undoing it.
 */
export class S3Storage implements AttachmentStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(settings: Config['attachments']['s3']) {
    this.#bucket = settings.bucket!;
    this.#client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // S3-protocol servers other than AWS's reject the SDK's default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store answers 503 within seconds instead of holding the request.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
    });
  }

  async put(em: EntityManager, id: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: id,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(_em: EntityManager, id: string): Promise<Buffer> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: id }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) throw new Error(`attachment ${id} has no stored object`);
      throw unavailable(error);
    }
  }

  /** Forgets an object whose row never committed. */
  async discard(id: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: id })).catch(() => undefined);
  }

  async sweep(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ attachment_id: string }[]>(
      'select attachment_id from help_attachment_deletions order by deleted_at limit 500',
    );
    let deleted = 0;
    for (const { attachment_id: id } of rows) {
      // Deleting a missing object succeeds in S3, so a retry after a lost answer is harmless.
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: id }));
      await em.execute('delete from help_attachment_deletions where attachment_id = ?', [id]);
      deleted++;
    }
    return deleted;
  }

  close(): void {
    this.#client.destroy();
  }
}

function unavailable(error: unknown): ServiceUnavailableError {
  return Object.assign(new ServiceUnavailableError('File storage is unavailable; try again later'), { cause: error });
}

export function storageFor(config: Config['attachments']): AttachmentStorage {
  return config.storage === 's3' ? new S3Storage(config.s3) : new PostgresStorage();
}
