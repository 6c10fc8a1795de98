import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Credentials } from './principal.js';

/**
 * Browser sessions: an HttpOnly cookie holding the same access token `POST /api/auth/login` hands out, so a page
 * served from another origin can stay signed in without handling the token itself. The cookie is a credential
 * wherever a bearer token is; an Authorization header, when sent, wins over it.
 *
 * A browser attaches the cookie to requests other sites make, which a bearer header never is; hence
 * `refuseCrossSiteWrites` below, and the Origin check on the WebSocket upgrade.
 */

// Read before any body is parsed: they are what a browser shows without asking the server first (CORS "simple" requests).
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Request headers outside the CORS safelist that this API's clients send: each forces a preflight. */
const PREFLIGHT_HEADERS = ['x-origin', 'x-request-id', 'apollo-require-preflight', 'x-apollo-operation-name'];

export interface SessionCookies {
  /** The token the request's session cookie holds, if any. */
  tokenOf(request: FastifyRequest): string | undefined;
  /** The request's credentials: its Authorization header, else its session cookie. */
  credentialsOf(request: FastifyRequest): Credentials;
  /** Whether the request came with any credentials a route could authenticate. */
  hasCredentials(request: FastifyRequest): boolean;
  /** Whether a browser page at the request's Origin may use the session (allowlisted, or the gateway's own). */
  trustedOrigin(request: FastifyRequest): boolean;
  start(reply: FastifyReply, token: string, maxAgeSeconds: number): void;
  end(reply: FastifyReply): void;
}

export async function registerSessionCookies(fastify: FastifyInstance, config: Config): Promise<SessionCookies> {
  await fastify.register(cookie);
  const { cookieName, sameSite, secure } = config.session;
  const allowed = new Set(config.http.corsOrigins ?? []);
  const options = { httpOnly: true, path: '/', sameSite, secure } as const;

  const tokenOf = (request: FastifyRequest) => {
    const value = request.cookies[cookieName];
    return value ? value : undefined;
  };
  const trustedOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) return false;
    if (allowed.has(origin)) return true;
    // The gateway's own pages (the development IDE) are same-origin: Host is what the browser connected to.
    const host = request.headers.host;
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  };
  return {
    tokenOf,
    trustedOrigin,
    credentialsOf(request) {
      const authorization = request.headers.authorization;
      return authorization !== undefined ? { authorization } : { session: tokenOf(request) };
    },
    hasCredentials(request) {
      return request.headers.authorization !== undefined || tokenOf(request) !== undefined;
    },
    start(reply, token, maxAgeSeconds) {
      reply.setCookie(cookieName, token, { ...options, maxAge: maxAgeSeconds });
    },
    end(reply) {
      reply.clearCookie(cookieName, options);
    },
  };
}

/**
 * Cross-site request forgery: a hostile page can make a visitor's browser send a form POST (or a no-cors fetch) here,
 * and the browser attaches the session cookie. It cannot read the answer, but the write would happen. So a request
 * that changes something and is authenticated only by the cookie must show it came from a page allowed to use the
 * session: an allowlisted (or the gateway's own) Origin, or something a browser never sends cross-origin without a
 * CORS preflight, which fails for origins not allowed: a method other than POST, a content type other than a
 * form's (application/json), or a custom header (X-Origin, apollo-require-preflight, …). Bearer tokens and API keys
 * are never sent by a browser on its own, so requests carrying them are not checked. SameSite=Lax alone is not enough:
 * it does not separate sites that share a registrable domain (another port on localhost, a sibling subdomain).
 */
export function refuseCrossSiteWrites(
  fastify: FastifyInstance,
  session: SessionCookies,
  refuse: (request: FastifyRequest, reply: FastifyReply) => void,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      request.headers.authorization !== undefined ||
      session.tokenOf(request) === undefined
    ) {
      return done();
    }
    if (session.trustedOrigin(request) || forcesPreflight(request)) return done();
    request.log.info(
      { origin: request.headers.origin },
      'refused a cookie-authenticated write without a trusted origin or a preflight',
    );
    refuse(request, reply);
  });
}

function forcesPreflight(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return true;
  const contentType = request.headers['content-type'];
  if (contentType !== undefined) {
    const media = contentType.split(';', 1)[0].trim().toLowerCase();
    if (media !== '' && !SIMPLE_CONTENT_TYPES.has(media)) return true;
  }
  return PREFLIGHT_HEADERS.some((name) => request.headers[name] !== undefined);
}
