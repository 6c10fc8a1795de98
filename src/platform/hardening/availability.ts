import type { ApolloServerPlugin } from '@apollo/server';

/**
 * HTTP-level signals for GraphQL answers that carry errors about the service rather than the request:
 * 429 with Retry-After when a field was throttled (e.g. a `login`), and 503 with Retry-After when nothing could be
 * answered because the database is away, so load balancers and clients see an outage as one.
 */
export const availabilityPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors = [] } = response.body.singleResult;
        const waits = errors
          .filter((e) => e.extensions?.code === 'RATE_LIMITED')
          .map((e) => Number(e.extensions?.retryAfter) || 1);
        if (waits.length > 0) {
          // As the HTTP budget answers: a client (or a proxy) that reads statuses sees a throttle as one.
          response.http.status = 429;
          response.http.headers.set('retry-after', String(Math.max(...waits)));
        }
        if (data == null && errors.length > 0 && errors.every((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
          response.http.status = 503;
          response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        }
      },
    };
  },
};

/** A guess at how soon a database outage may be over: a failover or restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
