import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/** Execution as a client sees it through /graphql: graphql-js's answers, in Apollo's transport. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const post = (body: Record<string, unknown>, auth?: string) =>
  t.request('/graphql', { method: 'POST', json: body, headers: auth ? { authorization: auth } : {} });
const asAdmin = async (body: Record<string, unknown>) => post(body, await t.login('admin', ADMIN_PASSWORD));

describe('execution', () => {
  it('refuses bad variables with 400 BAD_USER_INPUT, naming each one', async () => {
    const query =
      'query ($id: Int!, $category: HelpCategory) { helpRequest(id: $id) { id } faqs(category: $category) { __typename } }';
    const result = await asAdmin({ query, variables: { id: 'seven', category: 'NOPE' } });
    expect(result.status).toBe(400);
    expect(result.body.errors).toHaveLength(2);
    expect(result.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
    ]);
    expect(result.body.errors[0].message).toMatch(/^Variable "\$id" got invalid value "seven"/);
  });

  it('fails an unknown operation name instead of running the only operation', async () => {
    const res = await post({ query: 'query Known { health { status } }', operationName: 'Unknown' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Unknown operation named "Unknown".',
      extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
    });
  });

  it('propagates a failed non-null root field to the whole data, with the error at its path', async () => {
    const res = await asAdmin({ query: '{ health { status } helpRequest(id: 999999) { id } }' });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: ['helpRequest'], extensions: { code: 'NOT_FOUND' } }),
    ]);
  });

  it('answers aliases, __typename and several root fields in one operation', async () => {
    const res = await post({ query: '{ a: health { status } b: health { __typename } }' });
    expect(res.body).toEqual({ data: { a: { status: 'healthy' }, b: { __typename: 'Health' } } });
  });
});
