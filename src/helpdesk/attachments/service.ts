import { createHash, randomBytes } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder } from '../../audit/recorder.js';
import type { Config } from '../../platform/config.js';
import type { Actor, Principal } from '../../platform/auth/principal.js';
import {
  NotFoundError,
  ServiceUnavailableError,
  UnauthenticatedError,
  ValidationError,
} from '../../platform/errors.js';
import { isHexId, newHexId } from '../../platform/ids.js';
import { repeatEvery, type PeriodicWork } from '../../platform/periodic.js';
import { isHelpDeskUser, mayReadAttachment, mayReadRequest } from '../access.js';
import type { HelpRequestEvents } from '../events.js';
import { HelpRequest, HelpRequestHistory } from '../help-request.entity.js';
import { User } from '../../users/user.entity.js';
import { safeFilename, sniffContentType } from './files.js';
import { scanWithClamd, ScannerUnavailableError } from './scanner.js';
import { S3Storage, type AttachmentStorage } from './storage.js';
import { readAttachment, type HelpAttachmentView } from './read-model.js';

/** An upload token is good for this long after the upload, then the file is purged if nothing attached it. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** The most files one request (its own) or one response carries. */
export const MAX_ATTACHMENTS = 10;
/** How often each replica purges expired uploads and deletes the stored bytes of deleted attachments. */
const SWEEP_EVERY_MS = 60 * 1000;

/** An upload refused for what it is (too large, empty, infected): the route answers it with `status`. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface UploadReceipt {
  token: string;
  filename: string;
  content_type: string;
  size: number;
}

/** A file a mail brings, with the id it is stored under when the mail is filed. */
export interface ReceivedFile {
  id: string;
  filename: string | undefined;
  bytes: Buffer;
}

/** Where tokens attach their files: a request, or one of its responses. */
export interface AttachTarget {
  requestId: number;
  responseId?: number | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const BAD_TOKENS = 'attachment_tokens: each token must be an upload of yours, unused, from the last 60 minutes';

/** The tokens of one change, checked before anything is read: at most ten strings, none twice. */
export function tokenList(tokens: readonly string[] | null | undefined): string[] {
  if (!tokens || tokens.length === 0) return [];
  if (tokens.length > MAX_ATTACHMENTS)
    throw new ValidationError(`attachment_tokens: at most ${MAX_ATTACHMENTS} files at once`, 'attachment_tokens');
  if (new Set(tokens).size !== tokens.length)
    throw new ValidationError('attachment_tokens: a token is given twice', 'attachment_tokens');
  if (tokens.some((t) => typeof t !== 'string' || t.length === 0 || t.length > 100))
    throw new ValidationError(BAD_TOKENS, 'attachment_tokens');
  return [...tokens];
}

/**
 * Files on help requests and responses. An upload is stored at once but belongs to no request: its uploader gets a
 * one-time token, good for an hour, which a change then spends to attach the file in its own transaction. Whoever
 * may not read a request (or, for a private response's file, anyone but an administrator) is told a file does not
 * exist, as for a request.
 */
export class HelpAttachmentService {
  #sweeper: PeriodicWork | undefined;

  constructor(
    private readonly now: () => Date,
    private readonly config: Config['attachments'],
    readonly storage: AttachmentStorage,
    private readonly events: HelpRequestEvents,
    private readonly audit: AuditRecorder,
  ) {}

  /**
   * Scans (when clamd is configured), sniffs and stores a received file, and hands its uploader the token that
   * attaches it. An infected file is refused and nothing is stored; a scanner or store that cannot be reached
   * refuses the upload (503): nothing unscanned is ever accepted.
   */
  async upload(
    em: EntityManager,
    principal: Principal,
    file: { filename: string | undefined; bytes: Buffer },
  ): Promise<UploadReceipt> {
    if (!isHelpDeskUser(principal)) throw new UnauthenticatedError();
    if (file.bytes.length === 0) throw new UploadRefusedError(400, 'The file is empty');
    if (this.config.clamav) {
      const verdict = await scanWithClamd(this.config.clamav, file.bytes).catch((error: unknown) => {
        if (error instanceof ScannerUnavailableError)
          throw Object.assign(new ServiceUnavailableError('The virus scanner is unavailable; try again later'), {
            cause: error,
          });
        throw error;
      });
      if (!verdict.clean)
        throw new UploadRefusedError(422, `The file was refused: the virus scanner found ${verdict.signature}`);
    }
    const filename = safeFilename(file.filename);
    const contentType = await sniffContentType(file.bytes);
    const token = randomBytes(32).toString('base64url');
    const id = newHexId();
    const now = this.now();
    try {
      await em.transactional(async (tem) => {
        await tem.execute(
          `insert into help_attachments (id, uploaded_by_id, token_hash, token_expires_at, filename, content_type, size, storage, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            principal.userId,
            hashOf(token),
            new Date(now.getTime() + TOKEN_LIFETIME_MS),
            filename,
            contentType,
            file.bytes.length,
            this.storage.kind,
            now,
          ],
        );
        await this.storage.put(tem, id, file.bytes, contentType);
      });
    } catch (error) {
      // The object went in but the row did not: nothing names it, so it goes now.
      await this.discardUncommitted([{ id }]);
      throw error;
    }
    return { token, filename, content_type: contentType, size: file.bytes.length };
  }

  /**
   * Checks the files a mail brings against the attachment rules before anything of the mail is stored: at most
   * ten, each within ATTACHMENT_MAX_BYTES, together (with what `requestId` already carries) within the per-request
   * bound, and each scanned clean when clamd is configured. Returns why the mail must be held, or undefined; a
   * scanner that cannot be reached throws ServiceUnavailableError, so the mail waits rather than goes unscanned.
   */
  async screenReceived(
    em: EntityManager,
    files: readonly Omit<ReceivedFile, 'id'>[],
    requestId?: number,
  ): Promise<{ cause: 'TOO_LARGE' | 'INFECTED'; detail: string } | undefined> {
    if (files.length > MAX_ATTACHMENTS)
      return { cause: 'TOO_LARGE', detail: `${files.length} files, over the ${MAX_ATTACHMENTS} a request carries` };
    const big = files.find((f) => f.bytes.length > this.config.maxBytes);
    if (big) return { cause: 'TOO_LARGE', detail: `a file of ${big.bytes.length} bytes, over ATTACHMENT_MAX_BYTES` };
    const [held] = requestId
      ? await em.execute<{ total: string }[]>(
          `select coalesce(sum(size), 0)::bigint as total from help_attachments where request_id = ?`,
          [requestId],
        )
      : [{ total: '0' }];
    const total = Number(held?.total ?? 0) + files.reduce((sum, f) => sum + f.bytes.length, 0);
    if (total > this.config.maxPerRequestBytes)
      return {
        cause: 'TOO_LARGE',
        detail: `files of ${total} bytes on one request, over ATTACHMENT_MAX_PER_REQUEST_BYTES`,
      };
    if (this.config.clamav) {
      for (const file of files) {
        const verdict = await scanWithClamd(this.config.clamav, file.bytes).catch((error: unknown) => {
          if (error instanceof ScannerUnavailableError)
            throw Object.assign(new ServiceUnavailableError('The virus scanner is unavailable'), { cause: error });
          throw error;
        });
        if (!verdict.clean) return { cause: 'INFECTED', detail: `the virus scanner found ${verdict.signature}` };
      }
    }
    return undefined;
  }

  /**
   * Stores a mail's files (screened by screenReceived) under the ids the caller gave them, on its request, and on
   * the thread message or agent's response it came as, inside the caller's transaction: no token, since nobody
   * uploads them. With an S3 store the objects are written before that transaction commits: a caller whose
   * transaction then fails hands the same files to discardUncommitted.
   */
  async storeReceived(
    tem: EntityManager,
    files: readonly ReceivedFile[],
    target: { requestId: number; messageId?: number; responseId?: number },
  ): Promise<void> {
    for (const file of files) {
      if (file.bytes.length === 0) continue;
      const contentType = await sniffContentType(file.bytes);
      await tem.execute(
        `insert into help_attachments (id, request_id, filename, content_type, size, storage, created_at, message_id, response_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          file.id,
          target.requestId,
          safeFilename(file.filename),
          contentType,
          file.bytes.length,
          this.storage.kind,
          this.now(),
          target.messageId ?? null,
          target.responseId ?? null,
        ],
      );
      await this.storage.put(tem, file.id, file.bytes, contentType);
    }
  }

  /**
   * Forgets the stored bytes of files whose transaction did not commit (an upload's or storeReceived's): no row names
   * them, so nothing would ever delete them. The database's own bytes went with the rollback.
   */
  async discardUncommitted(files: readonly Pick<ReceivedFile, 'id'>[]): Promise<void> {
    if (!(this.storage instanceof S3Storage)) return;
    for (const file of files) await this.storage.discard(file.id);
  }

  /**
   * Spends `tokens` (checked by tokenList) of `userId` to attach their files to `target`, inside the caller's
   * transaction, whose request row it holds locked. Every token must be the user's, unused and unexpired, and the
   * request and response stay within their limits; else BAD_USER_INPUT, and the caller's transaction rolls back.
   */
  async attach(
    tem: EntityManager,
    userId: string,
    tokens: readonly string[],
    target: AttachTarget,
  ): Promise<HelpAttachmentView[]> {
    if (tokens.length === 0) return [];
    const rows = await tem.execute<
      { id: string; uploaded_by_id: string | null; token_expires_at: Date; size: string; filename: string }[]
    >(
      `select id, uploaded_by_id, token_expires_at, size, filename from help_attachments
        where token_hash in (?) and request_id is null order by id for update`,
      [tokens.map(hashOf)],
    );
    const now = this.now().getTime();
    const usable = rows.filter((r) => r.uploaded_by_id === userId && new Date(r.token_expires_at).getTime() > now);
    if (usable.length !== tokens.length) throw new ValidationError(BAD_TOKENS, 'attachment_tokens');
    const [held] = await tem.execute<{ total: string; own: number }[]>(
      `select coalesce(sum(size), 0)::bigint as total,
              count(*) filter (where response_id is not distinct from ?)::int as own
         from help_attachments where request_id = ?`,
      [target.responseId ?? null, target.requestId],
    );
    const adding = usable.reduce((sum, r) => sum + Number(r.size), 0);
    if (held.own + usable.length > MAX_ATTACHMENTS) {
      throw new ValidationError(
        `attachment_tokens: a request or response carries at most ${MAX_ATTACHMENTS} files`,
        'attachment_tokens',
      );
    }
    if (Number(held.total) + adding > this.config.maxPerRequestBytes) {
      throw new ValidationError(
        `attachment_tokens: the files of a request and its responses may take at most ${this.config.maxPerRequestBytes} bytes together`,
        'attachment_tokens',
      );
    }
    const ids = usable.map((r) => r.id);
    await tem.execute(
      'update help_attachments set request_id = ?, response_id = ?, token_hash = null, token_expires_at = null where id in (?)',
      [target.requestId, target.responseId ?? null, ids],
    );
    return Promise.all(ids.map(async (id) => (await readAttachment(tem, id))!));
  }

  /** Attaches uploads to a request later: its requester on their own request, administrators on any. Returns the request's id. */
  async add(em: EntityManager, principal: Actor, requestId: number, given: readonly string[]): Promise<number> {
    if (!isHelpDeskUser(principal)) throw new UnauthenticatedError();
    const tokens = tokenList(given);
    if (tokens.length === 0) throw new ValidationError('tokens: give at least one upload token', 'tokens');
    const now = this.now();
    const requesterId = await em.transactional(async (tem) => {
      const request = await tem.findOne(HelpRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request || !mayReadRequest(principal, request)) throw new NotFoundError();
      const attached = await this.attach(tem, principal.userId, tokens, { requestId });
      request.updatedAt = now;
      const actor = tem.getReference(User, principal.userId);
      for (const file of attached) {
        tem.create(HelpRequestHistory, {
          request,
          action: 'updated',
          field: 'attachment',
          oldValue: null,
          newValue: file.filename,
          internal: false,
          actor,
          createdAt: now,
        });
      }
      return request.requester?.id ?? null;
    });
    this.events.publish({
      kind: 'updated',
      requestId,
      requesterId,
      fields: ['attachment'],
      internalFields: [],
      at: now,
    });
    return requestId;
  }

  /**
   * Removes a file (administrators), recorded in the audit trail and in the request's history (internal when the
   * file was on a private response). Stored bytes go with the row (PostgreSQL) or right after the commit (S3).
   */
  async remove(em: EntityManager, actor: Actor, id: string): Promise<true> {
    if (!isHexId(id)) throw new NotFoundError();
    const now = this.now();
    const { requestId, requesterId, internal } = await em.transactional(async (tem) => {
      const file = await readAttachment(tem, id);
      if (!file || file.requestId === null) throw new NotFoundError();
      const request = await tem.findOne(HelpRequest, { id: file.requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw new NotFoundError();
      const [response] =
        file.responseId === null
          ? []
          : await tem.execute<{ is_public: boolean }[]>('select is_public from help_responses where id = ?', [
              file.responseId,
            ]);
      const internal = response ? !response.is_public : false;
      await tem.execute('delete from help_attachments where id = ?', [id]);
      request.updatedAt = now;
      const who = actor.kind === 'user' ? tem.getReference(User, actor.userId) : null;
      tem.create(HelpRequestHistory, {
        request,
        action: 'updated',
        field: 'attachment',
        oldValue: file.filename,
        newValue: null,
        internal,
        actor: who,
        createdAt: now,
      });
      this.audit.record(tem, actor, {
        action: 'help_request.attachment_remove',
        target: { type: 'help_request', id: request.id, name: request.title },
        changes: [{ field: 'attachment', oldValue: `${file.filename} (${file.id})`, newValue: null }],
      });
      return { requestId: request.id, requesterId: request.requester?.id ?? null, internal };
    });
    this.events.publish({
      kind: 'updated',
      requestId,
      requesterId,
      fields: ['attachment'],
      internalFields: internal ? ['attachment'] : [],
      at: now,
    });
    await this.releaseDeleted(em);
    return true;
  }

  /**
   * Deletes the stored bytes of files whose rows are gone (each deletion leaves its key behind, by a trigger): called
   * right after a commit that deleted files; what the store refuses now, the next periodic sweep retries.
   */
  async releaseDeleted(em: EntityManager): Promise<void> {
    await this.storage.sweep(em).catch(() => undefined);
  }

  /** A file and its bytes for a download: NOT_FOUND for whoever may not see it, exactly as for a missing one. */
  async open(
    em: EntityManager,
    principal: Principal,
    id: string,
  ): Promise<{ file: HelpAttachmentView; bytes: Buffer }> {
    if (!isHelpDeskUser(principal)) throw new UnauthenticatedError();
    if (!isHexId(id)) throw new NotFoundError();
    const [row] = await em.execute<{ requester_id: string | null; is_public: boolean | null }[]>(
      `select r.requester_id, s.is_public from help_attachments a
         join help_requests r on r.id = a.request_id
         left join help_responses s on s.id = a.response_id
        where a.id = ?`,
      [id],
    );
    if (!row || !mayReadAttachment(principal, { requesterId: row.requester_id, isPublic: row.is_public }))
      throw new NotFoundError();
    const file = (await readAttachment(em, id))!;
    return { file, bytes: await this.storage.get(em, id) };
  }

  /** Deletes uploads whose token expired unused, then the stored bytes of every deleted file; returns how many uploads went. */
  async purge(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      'delete from help_attachments where request_id is null and token_expires_at < ? returning id',
      [this.now()],
    );
    await this.storage.sweep(em);
    return rows.length;
  }

  start(em: () => EntityManager, onError: (error: unknown) => void): void {
    this.#sweeper ??= repeatEvery(SWEEP_EVERY_MS, () => this.purge(em()), onError, 'purge attachments');
  }

  async stop(): Promise<void> {
    await this.#sweeper?.stop();
    this.#sweeper = undefined;
    if (this.storage instanceof S3Storage) this.storage.close();
  }
}
