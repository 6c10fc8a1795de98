import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import stableStringify from 'json-stable-stringify';
import { isWebSocketUpgrade } from './upgrades.js';

/** Where Hive Gateway's `hmacSignature` puts its signature in a subgraph request. */
export const SIGNATURE_EXTENSION = 'hmac-signature';

/**
 * What the router signs, as Hive Gateway's own subgraph check serialises it (@graphql-mesh/hmac-upstream-signature,
 * whose json-stable-stringify this is): the stable JSON of `{query, variables}`, variables left out when empty.
 */
export function signedText(query: unknown, variables: unknown): string {
  const hasVariables = variables !== null && typeof variables === 'object' && Object.keys(variables).length > 0;
  return stableStringify({ query, variables: hasVariables ? variables : undefined }) ?? '';
}

/** The base64 HMAC-SHA256 Hive Gateway sends for these parameters. */
export const routerSignature = (secret: string, query: unknown, variables: unknown): string =>
  createHmac('sha256', secret).update(signedText(query, variables)).digest('base64');

/** A GET's JSON parameter, or undefined when it is absent or not JSON (then the signature cannot match). */
function jsonParameter(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** What is wrong with a request's router signature, or undefined when it is the router's. */
export function signatureProblem(
  secret: string,
  query: unknown,
  variables: unknown,
  given: unknown,
): { status: 401 | 403; message: string } | undefined {
  if (typeof given !== 'string' || given.length === 0) {
    return { status: 401, message: 'This subgraph answers its router only: the request carries no router signature' };
  }
  const expected = Buffer.from(routerSignature(secret, query, variables));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return {
      status: 403,
      message: 'This subgraph answers its router only: the router signature does not match the request',
    };
  }
  return undefined;
}

/** The signature a request's extensions carry, if any. */
export const signatureOf = (extensions: unknown): unknown =>
  extensions && typeof extensions === 'object'
    ? (extensions as Record<string, unknown>)[SIGNATURE_EXTENSION]
    : undefined;

/**
 * With FEDERATION_HMAC_SECRET, /graphql answers only requests the router signed: anything else is refused before
 * parsing or execution (401 without a signature, 403 with a wrong one), so a client cannot skip the router's own
 * policies by calling the subgraph directly. A WebSocket upgrade carries no operation: its subscribe messages are
 * checked one by one instead, as the router signs each (src/server/subscriptions.ts).
 */
export function routerSignatureStep(secret: string): preValidationAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || isWebSocketUpgrade(request)) return;
    const params = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined;
    const problem = signatureProblem(
      secret,
      params?.query,
      jsonParameter(params?.variables),
      signatureOf(jsonParameter(params?.extensions)),
    );
    if (!problem) return;
    return reply
      .code(problem.status)
      .type('application/json; charset=utf-8')
      .send({
        errors: [
          { message: problem.message, extensions: { code: problem.status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' } },
        ],
      });
  };
}
