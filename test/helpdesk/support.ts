import type { TestApp } from '../helpers/app.js';

const COUNT = {
  help_requests: 'select count(*)::int as n from help_requests',
  help_request_history: 'select count(*)::int as n from help_request_history',
  help_responses: 'select count(*)::int as n from help_responses',
  faqs: 'select count(*)::int as n from faqs',
} as const;

/** Small conveniences over the test app for the help-desk suites. */
export function helpdesk(t: TestApp) {
  const call = (method: string, path: string, auth?: string, json?: unknown) =>
    t.request(`/api/help${path}`, { method, json, headers: auth ? { authorization: auth } : {} });

  return {
    get: (path: string, auth?: string) => call('GET', path, auth),
    post: (path: string, json: unknown, auth?: string) => call('POST', path, auth, json),
    put: (path: string, json: unknown, auth?: string) => call('PUT', path, auth, json),
    del: (path: string, auth?: string) => call('DELETE', path, auth),

    /** Files a request over REST and returns its id. */
    async file(auth: string, fields: Record<string, unknown> = {}): Promise<number> {
      const res = await call('POST', '/requests', auth, { title: 'Printer on fire', description: 'Smoke everywhere', ...fields });
      if (res.status !== 201) throw new Error(`filing failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.request_id;
    },

    /** Every row of a table, straight from the database (to prove what was, or was not, written). */
    async count(table: keyof typeof COUNT): Promise<number> {
      const [row] = await t.app.orm.em.fork().getConnection().execute<{ n: number }[]>(COUNT[table]);
      return row!.n;
    },
  };
}

export const HELP_REQUEST_FIELDS = /* GraphQL */ `
  id title description category priority contactEmail status requesterId assignedToId adminNotes createdAt updatedAt
`;
