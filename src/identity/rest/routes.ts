import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../platform/auth/principal.js';
import type { SessionCookies } from '../../platform/auth/session.js';
import type { Config } from '../../platform/config.js';
import type { RouteDeps } from '../../platform/module.js';
import { runOperation, type OperationRunner } from '../../platform/rest/bridge.js';
import { defineRoute } from '../../platform/rest/catalog.js';
import { graphql } from '../../platform/rest/generated/index.js';
import type { LoginMutation } from '../../platform/rest/generated/graphql.js';
import { sendLegacyError, sendLegacyStatus, toLegacyError } from '../../platform/rest/errors.js';
import { authApi } from './api.js';

const LOGIN = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      access_token: accessToken
      token_type: tokenType
      expires_in: expiresIn
    }
  }
`);

const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);

const ME = graphql(`
  query SessionUser {
    me {
      id
      username
      firstName
      lastName
      role
    }
  }
`);

const LoginBody = z.object({ username: z.string().min(1), password: z.string().min(1) });
const Message = z.object({ message: z.string() });
const AuthenticateBody = z.object({ uid: z.string().min(1), password: z.string().min(1) });
const SessionUserBody = z.object({
  id: z.string(),
  uid: z.string().describe('the username'),
  name: z.string().describe('first and last name, or the username when neither is set'),
  email: z.string().nullable().describe('always null: accounts carry no e-mail address'),
  role: z.enum(['Admin', 'User']),
});

type LoginResult = LoginMutation['login'];

/** The session page's spelling of each role. */
const LEGACY_ROLE_NAMES: Record<Role, 'Admin' | 'User'> = { admin: 'Admin', user: 'User' };

/** Sign-in by password (bearer token and session cookie), sign-out, and who is signed in. */
export function registerIdentityRoutes(app: FastifyInstance, { runner, session, config }: RouteDeps): void {
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/auth/login',
      summary: 'Exchange a username and password for a bearer token',
      api: authApi,
      auth: 'none',
      body: LoginBody,
      responses: {
        200: {
          description: 'A bearer token',
          schema: z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int() }),
        },
        400: { description: 'Missing username or password', schema: Message },
        401: { description: 'Invalid username or password', schema: Message },
        403: { description: 'Account is locked or disabled', schema: Message },
        429: { description: 'Too many attempts', schema: Message },
      },
      invalid: { invalidMessage: 'username and password are required' },
    },
    async (request, reply) => {
      const login = await signIn(runner, session, request, reply, request.body);
      return login ?? reply;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/auth/logout',
      summary: 'Sign out: ends the session the bearer token or session cookie names, and expires the cookie',
      api: authApi,
      auth: 'bearer',
      responses: {
        200: { description: "Signed out: the session's tokens and cookie answer 401 from now on", schema: Message },
        401: { description: 'Nobody is signed in, or the session has already ended', schema: Message },
      },
    },
    async (request, reply) => {
      if (!session.hasCredentials(request)) return sendLegacyStatus(reply, authApi, 401, 'Authentication required');
      const result = await runOperation(runner, request, LOGOUT, {});
      session.end(reply);
      if (result.errors?.length) return sendLegacyError(reply, authApi, result.errors[0]);
      return { message: 'Signed out' };
    },
  );

  registerSessionRoutes(app, runner, session, config);
}

/**
 * Logs in through the stored operation and starts the browser session; on a refusal, answers it in the auth API's
 * body (with Retry-After when throttled) and returns undefined.
 */
async function signIn(
  runner: OperationRunner,
  session: SessionCookies,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { username: string; password: string },
): Promise<LoginResult | undefined> {
  const result = await runOperation(runner, request, LOGIN, credentials, {});
  if (result.errors?.length) {
    const retryAfter = Number(result.errors[0]?.extensions?.retryAfter);
    if (result.errors[0]?.extensions?.code === 'RATE_LIMITED' && retryAfter)
      reply.header('retry-after', String(retryAfter));
    sendLegacyError(reply, authApi, result.errors[0]);
    return undefined;
  }
  const login = result.data!.login;
  session.start(reply, login.access_token, login.expires_in);
  return login;
}

/**
 * The help desk's original web page signs in with `POST /api/authenticate {uid, password}` and relies on the
 * session cookie from then on; it asks who is signed in with `GET /api/user` (or `/api/id`).
 */
function registerSessionRoutes(
  app: FastifyInstance,
  runner: OperationRunner,
  session: SessionCookies,
  config: Config,
): void {
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/authenticate',
      summary: 'Sign in with a username (uid) and password: sets the HttpOnly session cookie',
      api: authApi,
      auth: 'none',
      body: AuthenticateBody,
      responses: {
        200: { description: `A short text; the cookie ${config.session.cookieName} holds the access token` },
        401: { description: 'Missing or wrong uid or password', schema: Message },
        403: { description: 'Account is locked or disabled', schema: Message },
        429: { description: 'Too many attempts', schema: Message },
      },
      invalid: { invalidStatus: 401, invalidMessage: 'uid and password are required' },
    },
    async (request, reply) => {
      const login = await signIn(runner, session, request, reply, {
        username: request.body.uid,
        password: request.body.password,
      });
      return login ? reply.type('text/plain; charset=utf-8').send('Authenticated') : reply;
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/authenticate',
      summary: 'Sign out: ends the session the cookie (or a bearer token) names, and expires the cookie',
      api: authApi,
      auth: 'none',
      responses: {
        200: { description: 'A short text, also when nobody was signed in (the page signs out without asking)' },
      },
    },
    async (request, reply) => {
      // The browser forgets the cookie whatever the outcome. Credentials already refused have no session left to
      // end; but a sign-out that could not be recorded (the database away) must not pass for one.
      session.end(reply);
      if (session.hasCredentials(request)) {
        const failure = (await runOperation(runner, request, LOGOUT, {})).errors?.[0];
        if (failure && failure.extensions?.code !== 'UNAUTHENTICATED') return sendLegacyError(reply, authApi, failure);
      }
      return reply.type('text/plain; charset=utf-8').send('Signed out');
    },
  );

  const whoAmI = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!session.hasCredentials(request)) return sendLegacyStatus(reply, authApi, 401, 'Authentication required');
    const result = await runOperation(runner, request, ME, {});
    if (result.errors?.length) {
      // An API key is nobody: the page's question has no answer for it.
      if (toLegacyError(authApi, result.errors[0]).status === 403)
        return sendLegacyStatus(reply, authApi, 401, 'Authentication required');
      return sendLegacyError(reply, authApi, result.errors[0]);
    }
    const { id, username, firstName, lastName, role } = result.data!.me;
    const name = [firstName, lastName].filter(Boolean).join(' ') || username;
    return { id, uid: username, name, email: null, role: LEGACY_ROLE_NAMES[role] };
  };
  for (const path of ['/api/user', '/api/id']) {
    defineRoute(
      app,
      {
        method: 'GET',
        path,
        summary: 'Who is signed in (by session cookie or bearer token), as the help desk page reads it',
        api: authApi,
        auth: 'bearer',
        responses: {
          200: { description: 'The signed-in person', schema: SessionUserBody },
          401: { description: 'Nobody is signed in', schema: Message },
        },
      },
      whoAmI,
    );
  }
}
