import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.js';
import type { OperationRunner as Gateway } from '../../platform/rest/bridge.js';
import { defineRoute } from '../../platform/rest/catalog.js';
import { helpApi } from '../rest/api.js';
import { sendLegacyError, sendLegacyStatus } from '../../platform/rest/errors.js';
import type { Context } from '../../platform/graphql/context.js';
import { byteRange, contentDisposition } from './files.js';
import { UploadRefusedError } from './service.js';

/*
 * Bytes cannot travel through a GraphQL document, so these two routes are the help desk's only ones that call its
 * service directly, with the context /graphql would build for the same credentials (and so the same principal). The
 * service decides who may upload and who may read a file.
 */

const Message = z.object({ message: z.string() });
const Receipt = z.object({ token: z.string(), filename: z.string(), content_type: z.string(), size: z.number().int() });
const AttachmentParams = z.object({ id: z.string().max(64) });

/** Multipart failures by @fastify/multipart's code: what the client did wrong, in its words. */
const MULTIPART_REFUSALS: Record<string, [number, string]> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send the file as multipart/form-data, in one part named file'],
  FST_PARTS_LIMIT: [400, 'Send one part only, named file'],
  FST_FILES_LIMIT: [400, 'Send one file only, in a part named file'],
  FST_FIELDS_LIMIT: [400, 'Send one part only, named file'],
  FST_NO_FORM_DATA: [400, 'Send one part named file'],
};

function answerError(request: FastifyRequest, reply: FastifyReply, error: unknown, maxBytes: number): FastifyReply {
  if (error instanceof UploadRefusedError) return sendLegacyStatus(reply, helpApi, error.status, error.message);
  if (error instanceof DomainError)
    return sendLegacyError(reply, helpApi, { message: error.message, extensions: { ...error.extensions } });
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return sendLegacyStatus(reply, helpApi, 413, `The file is larger than the ${maxBytes} bytes allowed`);
  if (code && MULTIPART_REFUSALS[code]) return sendLegacyStatus(reply, helpApi, ...MULTIPART_REFUSALS[code]);
  // Busboy's complaints about a malformed or truncated body: the client's mistake, not a server failure.
  if (error instanceof Error && /multipart|boundary|Unexpected end of form|Malformed/i.test(error.message)) {
    request.log.info({ err: error }, 'refused a malformed upload');
    return sendLegacyStatus(reply, helpApi, 400, 'Malformed multipart/form-data body');
  }
  throw error;
}

async function contextOf(gateway: Gateway, request: FastifyRequest): Promise<Context> {
  return gateway.contextFor(request, gateway.credentialsOf(request));
}

export function registerAttachmentRoutes(api: FastifyInstance, gateway: Gateway, limits: { maxBytes: number }): void {
  const needsCredentials = (request: FastifyRequest, reply: FastifyReply) => {
    const credentials = gateway.credentialsOf(request);
    if (!credentials.authorization && !credentials.session)
      return sendLegacyStatus(reply, helpApi, 401, 'Authentication required');
    return undefined;
  };

  // A scope of its own: multipart bodies are read by this route only, as a stream, never buffered by a parser.
  api.register(async (scope) => {
    await scope.register(multipart);
    defineRoute(
      scope,
      {
        method: 'POST',
        path: '/api/help/uploads',
        summary:
          'Upload a file (multipart/form-data, one part named file) for a token that attaches it within 60 minutes',
        api: helpApi,
        auth: 'bearer',
        responses: {
          201: { description: 'Stored; the token attaches it once, for its uploader', schema: Receipt },
          400: { description: 'Empty file, or not one part named file', schema: Message },
          401: { description: 'Authentication required', schema: Message },
          413: { description: 'Larger than ATTACHMENT_MAX_BYTES', schema: Message },
          415: { description: 'Not multipart/form-data', schema: Message },
          422: { description: 'The virus scanner found something', schema: Message },
          503: { description: 'The file store or the virus scanner is unavailable', schema: Message },
        },
      },
      async (request, reply) => {
        try {
          const ctx = await contextOf(gateway, request);
          if (ctx.principal.kind !== 'user') return sendLegacyStatus(reply, helpApi, 401, 'Authentication required');
          const part = await request.file({
            throwFileSizeLimit: true,
            limits: { fileSize: limits.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 50 },
          });
          if (!part || part.fieldname !== 'file') {
            part?.file.resume();
            return sendLegacyStatus(reply, helpApi, 400, 'Send one part named file');
          }
          // Read as it arrives; past the limit the stream fails (413) and nothing is kept.
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated)
            return answerError(
              request,
              reply,
              Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }),
              limits.maxBytes,
            );
          const receipt = await ctx.services.helpdesk.attachments.upload(ctx.em, ctx.principal, {
            filename: part.filename,
            bytes: Buffer.concat(chunks),
          });
          return reply.code(201).send(receipt);
        } catch (error) {
          return answerError(request, reply, error, limits.maxBytes);
        }
      },
      needsCredentials,
    );
  });

  defineRoute(
    api,
    {
      method: 'GET',
      path: '/api/help/attachments/:id',
      summary: "A file's bytes, as a download (supports Range)",
      api: helpApi,
      auth: 'bearer',
      params: AttachmentParams,
      responses: {
        200: {
          description: 'The bytes, with the sniffed Content-Type and Content-Disposition: attachment',
          mediaType: 'application/octet-stream',
        },
        206: { description: 'The requested range of the bytes', mediaType: 'application/octet-stream' },
        401: { description: 'Authentication required', schema: Message },
        404: { description: 'No such file, or not one the caller may see', schema: Message },
        416: { description: 'The range lies outside the file', schema: Message },
        503: { description: 'The file store is unavailable', schema: Message },
      },
    },
    async (request, reply) => {
      try {
        const ctx = await contextOf(gateway, request);
        const { file, bytes } = await ctx.services.helpdesk.attachments.open(ctx.em, ctx.principal, request.params.id);
        // Served so that no browser renders it: an uploaded HTML or SVG page never runs as this origin.
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.filename))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'private, no-cache')
          .header('accept-ranges', 'bytes');
        const range = byteRange(request.headers.range, bytes.length);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${bytes.length}`);
          return sendLegacyStatus(
            reply.header('content-type', 'application/json; charset=utf-8'),
            helpApi,
            416,
            'The range lies outside the file',
          );
        }
        if (range) {
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
            .send(bytes.subarray(range.start, range.end + 1));
        }
        return reply.send(bytes);
      } catch (error) {
        return answerError(request, reply, error, limits.maxBytes);
      }
    },
    needsCredentials,
  );
}
