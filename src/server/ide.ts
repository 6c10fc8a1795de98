import type { FastifyReply, FastifyRequest } from 'fastify';

const DEFAULT_QUERY = `# Queries and mutations go over HTTP; subscriptions over WebSocket (graphql-ws) on the same URL.
# Sign in with the login mutation, then add {"Authorization": "Bearer <accessToken>"} under Headers.
{
  health { status version }
}
`;

/**
 * GraphiQL for development, served by the gateway itself from the npm package's self-contained bundle (script,
 * styles and editor workers inline), so it works with no network beyond this server. Subscriptions use graphql-ws
 * on /graphql, as the API's other clients do. Production serves no IDE, as it allows no introspection, and never
 * loads the bundle (about 9 MB of JavaScript to parse): it is imported when the page is first asked for.
 */
// Any route handler: the request type is the route's own, so the constraint takes any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withGraphiQL<H extends (request: any, reply: any) => unknown>(handler: H, enabled: boolean): H {
  if (!enabled) return handler;
  let page: Promise<string> | undefined;
  return function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown> | undefined;
    if (query?.query === undefined && prefersHtml(request.headers.accept)) {
      page ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) =>
        renderGraphiQL({
          title: 'Trellis GraphiQL',
          endpoint: '/graphql',
          subscriptionsProtocol: 'WS',
          defaultQuery: DEFAULT_QUERY,
        }),
      );
      return page.then((html) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html));
    }
    return handler.call(this, request, reply);
  } as H;
}

/** A browser navigating here asks for HTML first; API clients ask for JSON or nothing in particular. */
const prefersHtml = (accept: string | undefined) => accept !== undefined && /^\s*text\/html\b/i.test(accept);
