import type { EntityManager } from '@mikro-orm/postgresql';
import { readByKeys } from '../../platform/db/read.js';

/** Where a file's bytes are served (routes.ts), to whoever may read it. */
export const attachmentUrl = (id: string) => `/api/help/attachments/${id}`;

/** What a reader sees of a file on a request or response. */
export interface HelpAttachmentView {
  id: string;
  requestId: number | null;
  responseId: number | null;
  filename: string;
  contentType: string;
  size: number;
  createdAt: Date;
  uploadedBy: { id: string } | null;
}

interface AttachmentRow {
  id: string;
  request_id: number | null;
  response_id: number | null;
  filename: string;
  content_type: string;
  size: string;
  created_at: Date | string;
  uploaded_by_id: string | null;
}

const COLUMNS = 'id, request_id, response_id, filename, content_type, size, created_at, uploaded_by_id';

const viewOf =
  (em: EntityManager) =>
  (row: AttachmentRow): HelpAttachmentView => ({
    id: row.id,
    requestId: row.request_id,
    responseId: row.response_id,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
    createdAt: em.getPlatform().parseDate(row.created_at as string),
    uploadedBy: row.uploaded_by_id === null ? null : { id: row.uploaded_by_id },
  });

export async function readAttachment(em: EntityManager, id: string): Promise<HelpAttachmentView | undefined> {
  const [row] = await em.execute<AttachmentRow[]>(`select ${COLUMNS} from help_attachments where id = ?`, [id]);
  return row && viewOf(em)(row);
}

/** The files on requests themselves (not on their responses), oldest first. */
export function readRequestAttachments(
  em: EntityManager,
  requestIds: readonly number[],
): Promise<HelpAttachmentView[]> {
  return readByKeys<AttachmentRow, HelpAttachmentView>(
    em,
    `select ${COLUMNS} from help_attachments where request_id in (?) and response_id is null and message_id is null order by created_at, id`,
    requestIds,
    viewOf(em),
  );
}

/** The files on responses, oldest first. */
export function readResponseAttachments(
  em: EntityManager,
  responseIds: readonly number[],
): Promise<HelpAttachmentView[]> {
  return readByKeys<AttachmentRow, HelpAttachmentView>(
    em,
    `select ${COLUMNS} from help_attachments where response_id in (?) order by created_at, id`,
    responseIds,
    viewOf(em),
  );
}

/** The files on thread messages other than responses (a requester's reply), oldest first. */
export function readMessageAttachments(
  em: EntityManager,
  messageIds: readonly number[],
): Promise<HelpAttachmentView[]> {
  return readByKeys<AttachmentRow, HelpAttachmentView>(
    em,
    `select ${COLUMNS} from help_attachments where message_id in (?) order by created_at, id`,
    messageIds,
    viewOf(em),
  );
}
