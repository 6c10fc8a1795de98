import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { execute } from '../helpers/typed.js';

const HealthQuery = graphql(`
  query TypedHealth {
    health {
      status
      version
    }
  }
`);

const LoginMutation = graphql(`
  mutation TypedLogin($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      accessToken
      tokenType
      expiresIn
    }
  }
`);

const MeQuery = graphql(`
  query TypedMe {
    me {
      id
      username
      role
    }
  }
`);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('typed operations, as a frontend uses them', () => {
  it('reads health through a generated typed document', async () => {
    const res = await execute(t, HealthQuery, {});
    expect(res.errors).toBeUndefined();
    // The generated documents ask for __typename everywhere, as an Apollo Client frontend's do.
    expect(res.data?.health).toEqual({ __typename: 'Health', status: 'healthy', version: '1.0.0' });
  });

  it('logs in and reads me with the token, the result typed from the schema', async () => {
    const login = await execute(t, LoginMutation, { username: 'admin', password: ADMIN_PASSWORD });
    const token = login.data?.login;
    expect(token?.tokenType).toBe('Bearer');
    const me = await execute(t, MeQuery, {}, `Bearer ${token!.accessToken}`);
    // `role` is typed as the Role enum: a typo here would not compile.
    const role: 'USER' | 'ADMIN' | undefined = me.data?.me.role;
    expect(role).toBe('ADMIN');
    expect(me.data?.me).toMatchObject({ username: 'admin', id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('gets an UNAUTHENTICATED error, and no data, for me without a token', async () => {
    const me = await execute(t, MeQuery, {});
    expect(me.data ?? null).toBeNull();
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
