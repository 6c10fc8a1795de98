import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { ADMIN_PASSWORD, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';

/**
 * Apollo Client 4, as a frontend runs it, pages through the cursor connections over HTTP: relayStylePagination merges
 * the pages in its normalized cache, and the merged list is what a screen would show.
 */

const SignIn = graphql(`
  mutation ApolloSignIn($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      accessToken
      tokenType
    }
  }
`);

const CreateUser = graphql(`
  mutation ApolloCreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      username
    }
  }
`);

const FileHelpRequest = graphql(`
  mutation ApolloFileHelpRequest($input: CreateHelpRequestInput!) {
    createHelpRequest(input: $input) {
      id
      title
      status
    }
  }
`);

const HelpRequestsPage = graphql(`
  query ApolloHelpRequestsPage($first: Int, $after: String, $last: Int, $before: String) {
    helpRequestsConnection(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      edges {
        cursor
        node {
          id
          title
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

const MyHelpRequestsPage = graphql(`
  query ApolloMyHelpRequestsPage($first: Int, $after: String) {
    me {
      id
      username
      helpRequests(first: $first, after: $after) {
        edges {
          cursor
          node {
            id
            title
          }
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
      }
    }
  }
`);

const UsersPage = graphql(`
  query ApolloUsersPage($first: Int) {
    usersConnection(first: $first) {
      edges {
        cursor
        node {
          id
          username
        }
      }
      pageInfo {
        endCursor
      }
    }
  }
`);

let t: TestApp;
const clients: ApolloClient[] = [];
/** HTTP requests each client sent to /graphql, by client. */
const sent = new Map<ApolloClient, number>();

/** A client with its own cache, as a browser tab has: relay-style merging for both help-request connections. */
function newClient(authorization?: string): ApolloClient {
  let requests = 0;
  const client = new ApolloClient({
    link: new HttpLink({
      uri: `${t.url}/graphql`,
      headers: authorization ? { authorization } : {},
      fetch: (input, init) => {
        requests += 1;
        sent.set(client, requests);
        return fetch(input, init);
      },
    }),
    cache: new InMemoryCache({
      typePolicies: {
        Query: {
          fields: {
            helpRequestsConnection: relayStylePagination(['status', 'category', 'priority', 'sortBy', 'sortOrder']),
          },
        },
        // User is normalized by id, so each person's helpRequests pages merge on that person's entry.
        User: { fields: { helpRequests: relayStylePagination(['status', 'category', 'priority']) } },
      },
    }),
  });
  sent.set(client, 0);
  clients.push(client);
  return client;
}

async function signIn(username: string, password: string): Promise<string> {
  const { data } = await newClient().mutate({ mutation: SignIn, variables: { username, password } });
  return `${data!.login.tokenType} ${data!.login.accessToken}`;
}

let admin: ApolloClient;
let aliceAuth: string;
/** Every request alice filed, in the order she filed them. */
const filed: number[] = [];
const ORIGINAL = 12;

async function file(client: ApolloClient, title: string): Promise<number> {
  const { data } = await client.mutate({
    mutation: FileHelpRequest,
    variables: { input: { title, description: `${title}, in detail`, category: 'TECHNICAL' } },
  });
  filed.push(data!.createHelpRequest.id);
  return data!.createHelpRequest.id;
}

/** Alice's requests as the list shows them: newest first. */
const newestFirst = () => [...filed].reverse();

beforeAll(async () => {
  t = await startTestApp();
  admin = newClient(await signIn('admin', ADMIN_PASSWORD));
  const created = await admin.mutate({
    mutation: CreateUser,
    variables: { input: { username: 'alice', password: DEFAULT_PASSWORD } },
  });
  expect(created.data?.createUser.username).toBe('alice');
  aliceAuth = await signIn('alice', DEFAULT_PASSWORD);
  const alice = newClient(aliceAuth);
  for (let n = 1; n <= ORIGINAL; n++) await file(alice, `Request ${n}`);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.stop();
  await t?.stop();
});

describe('Apollo Client pages through helpRequestsConnection with relayStylePagination', () => {
  it('merges three pages read forward into the twelve requests in order, though requests are filed between the pages', async () => {
    const original = newestFirst();
    const client = newClient(aliceAuth);

    const first = await client.query({ query: HelpRequestsPage, variables: { first: 4 } });
    const firstPage = first.data!.helpRequestsConnection;
    expect(firstPage.edges.map((e) => e.node.id)).toEqual(original.slice(0, 4));
    expect(firstPage.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(sent.get(client)).toBe(1);

    // The list on screen: served from what client.query cached, then grown by fetchMore.
    const list = client.watchQuery({ query: HelpRequestsPage, variables: { first: 4 } });
    const shown: number[][] = [];
    const subscription = list.subscribe((result) => {
      if (result.dataState === 'complete') shown.push(result.data.helpRequestsConnection.edges.map((e) => e.node.id));
    });
    try {
      await expect.poll(() => shown.length).toBe(1);
      expect(sent.get(client)).toBe(1);

      let endCursor = firstPage.pageInfo.endCursor;
      for (const page of [1, 2]) {
        await file(newClient(aliceAuth), `Filed while page ${page + 1} was being read`);
        const more = await list.fetchMore({ variables: { after: endCursor } });
        const incoming = more.data.helpRequestsConnection;
        expect(incoming.edges.map((e) => e.node.id)).toEqual(original.slice(page * 4, page * 4 + 4));
        expect(incoming.pageInfo.hasPreviousPage).toBe(true);
        expect(incoming.pageInfo.hasNextPage).toBe(page < 2);
        endCursor = incoming.pageInfo.endCursor;
      }
      expect(sent.get(client)).toBe(3);

      const merged = client.readQuery({ query: HelpRequestsPage, variables: { first: 4 } })!.helpRequestsConnection;
      const ids = merged.edges.map((e) => e.node.id);
      expect(ids).toEqual(original);
      expect(new Set(ids).size).toBe(ORIGINAL);
      // At both ends of what was read: nothing before the first page, nothing after the third.
      expect(merged.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
      expect(merged.pageInfo.startCursor).toBe(firstPage.pageInfo.startCursor);
      expect(merged.pageInfo.endCursor).toBe(endCursor);
      // The screen saw the same list as the cache holds.
      await expect.poll(() => shown.at(-1)).toEqual(original);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('reads the list backward with last and before to its head, a request filed meanwhile arriving there once', async () => {
    const before = newestFirst();
    const client = newClient(aliceAuth);

    const last = await client.query({ query: HelpRequestsPage, variables: { last: 4 } });
    const lastPage = last.data!.helpRequestsConnection;
    expect(lastPage.edges.map((e) => e.node.id)).toEqual(before.slice(-4));
    expect(lastPage.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    // Newest first, a request filed now belongs at the head, which reading backward reaches last.
    await file(newClient(aliceAuth), 'Filed while reading backward');
    const all = newestFirst();

    const list = client.watchQuery({ query: HelpRequestsPage, variables: { last: 4 } });
    const subscription = list.subscribe(() => {});
    try {
      let { startCursor, hasPreviousPage } = lastPage.pageInfo;
      let pages = 1;
      while (hasPreviousPage) {
        const more = await list.fetchMore({ variables: { before: startCursor } });
        const incoming = more.data.helpRequestsConnection;
        expect(incoming.edges.length).toBeGreaterThan(0);
        expect(incoming.pageInfo.hasNextPage).toBe(true);
        ({ startCursor, hasPreviousPage } = incoming.pageInfo);
        pages += 1;
        expect(pages).toBeLessThanOrEqual(Math.ceil(all.length / 4));
      }
      expect(pages).toBe(Math.ceil(all.length / 4));

      const merged = client.readQuery({ query: HelpRequestsPage, variables: { last: 4 } })!.helpRequestsConnection;
      expect(merged.edges.map((e) => e.node.id)).toEqual(all);
      expect(merged.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
      expect(merged.totalCount).toBe(all.length);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('joins a backward page before a later cursor onto the forward pages it continues', async () => {
    const all = newestFirst();
    const client = newClient(aliceAuth);
    const forward = await client.query({ query: HelpRequestsPage, variables: { first: 8 } });
    const edges = forward.data!.helpRequestsConnection.edges;

    const backward = await newClient(aliceAuth).query({
      query: HelpRequestsPage,
      variables: { last: 4, before: edges[7].cursor },
    });
    const page = backward.data!.helpRequestsConnection;
    expect(page.edges.map((e) => e.node.id)).toEqual(all.slice(3, 7));
    // The same rows, the same cursors: a client may splice pages read either way by cursor.
    expect(page.edges.map((e) => e.cursor)).toEqual(edges.slice(3, 7).map((e) => e.cursor));
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });
});

describe('Apollo Client pages through User.helpRequests on the normalized user', () => {
  it('joins pages of me.helpRequests in order, without gaps, until hasNextPage is false', async () => {
    const all = newestFirst();
    const client = newClient(aliceAuth);

    const first = await client.query({ query: MyHelpRequestsPage, variables: { first: 5 } });
    const me = first.data!.me;
    expect(me.username).toBe('alice');
    expect(me.helpRequests.edges.map((e) => e.node.id)).toEqual(all.slice(0, 5));
    expect(me.helpRequests.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const list = client.watchQuery({ query: MyHelpRequestsPage, variables: { first: 5 } });
    const subscription = list.subscribe(() => {});
    try {
      let { endCursor, hasNextPage } = me.helpRequests.pageInfo;
      let pages = 1;
      while (hasNextPage) {
        const more = await list.fetchMore({ variables: { after: endCursor } });
        const incoming = more.data.me.helpRequests;
        expect(incoming.edges.map((e) => e.node.id)).toEqual(all.slice(pages * 5, pages * 5 + 5));
        ({ endCursor, hasNextPage } = incoming.pageInfo);
        pages += 1;
        expect(pages).toBeLessThanOrEqual(Math.ceil(all.length / 5));
      }
      expect(pages).toBe(Math.ceil(all.length / 5));

      // The pages merged on alice's User entry, which `me` points at.
      const merged = client.readQuery({ query: MyHelpRequestsPage, variables: { first: 5 } })!.me;
      expect(merged.id).toBe(me.id);
      expect(merged.helpRequests.edges.map((e) => e.node.id)).toEqual(all);
      expect(merged.helpRequests.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('Apollo Client surfaces a cursor from another list as a GraphQL error', () => {
  it('rejects a usersConnection cursor on helpRequestsConnection with BAD_USER_INPUT, as CombinedGraphQLErrors', async () => {
    const users = await admin.query({ query: UsersPage, variables: { first: 1 } });
    const foreign = users.data!.usersConnection.pageInfo.endCursor;
    expect(foreign).toEqual(expect.any(String));

    // The default errorPolicy ("none"): the promise rejects with the server's errors.
    const rejected = await admin.query({ query: HelpRequestsPage, variables: { first: 4, after: foreign } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(CombinedGraphQLErrors.is(rejected)).toBe(true);
    const errors = (rejected as CombinedGraphQLErrors).errors;
    expect(errors.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(errors[0].path).toEqual(['helpRequestsConnection']);

    // errorPolicy "all": the result carries the error and no page.
    const result = await admin.query({
      query: HelpRequestsPage,
      variables: { first: 4, after: foreign },
      errorPolicy: 'all',
      fetchPolicy: 'network-only',
    });
    expect(CombinedGraphQLErrors.is(result.error)).toBe(true);
    expect((result.error as CombinedGraphQLErrors).errors[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.data ?? undefined).toBeUndefined();
  });
});
