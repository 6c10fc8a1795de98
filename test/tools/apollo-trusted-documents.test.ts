import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import type { DocumentNode } from 'graphql';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { API_KEY, API_KEY_SECRET, DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app.js';
import { untilListening } from '../helpers/subscriptions.js';

/**
 * Apollo Client 4 as a frontend with trusted documents runs it, against a server in TRUSTED_DOCUMENTS=enforce with
 * the manifest codegen wrote for this very suite (test/generated/persisted-documents.json): every operation goes by
 * codegen's id (its persisted-query link before the split, so subscriptions too), and a document of its own is refused.
 */

const MANIFEST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../generated/persisted-documents.json');

const SignIn = graphql(`
  mutation TrustedSignIn($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      accessToken
      tokenType
    }
  }
`);

const MyRequests = graphql(`
  query TrustedMyRequests($first: Int) {
    helpRequestsConnection(first: $first) {
      totalCount
      edges {
        node {
          id
          title
          status
        }
      }
    }
  }
`);

const FileRequest = graphql(`
  mutation TrustedFileRequest($input: CreateHelpRequestInput!) {
    createHelpRequest(input: $input) {
      id
      title
      status
    }
  }
`);

const RequestChanges = graphql(`
  subscription TrustedRequestChanges {
    helpRequestChanged {
      kind
      requestId
      request {
        id
        title
        status
      }
    }
  }
`);

let t: TestApp;
const clients: ApolloClient[] = [];
const sockets: Client[] = [];
/** The JSON body of every HTTP request the clients sent to /graphql. */
const sentBodies: Array<Record<string, unknown>> = [];

/** A frontend's client: codegen's ids through the persisted-query link, subscriptions over graphql-ws. */
function frontend(authorization?: string): ApolloClient {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const http = new HttpLink({
    uri: `${t.url}/graphql`,
    headers,
    fetch: (input, init) => {
      sentBodies.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    },
  });
  const socket = createClient({
    url: `${t.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { Authorization: authorization } : {},
    retryAttempts: 0,
  });
  sockets.push(socket);
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison -- graphql-js's OperationTypeNode values are these strings
    return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
  };
  const trusted = new PersistedQueryLink({
    generateHash: (document) => (document as DocumentNode & { __meta__: { hash: string } }).__meta__.hash,
  });
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: ApolloLink.from([trusted, ApolloLink.split(isSubscription, new GraphQLWsLink(socket), http)]),
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  t = await startTestApp({ TRUSTED_DOCUMENTS: 'enforce', TRUSTED_DOCUMENTS_FILE: MANIFEST });
  // The REST routes' stored documents are trusted in every mode: the developer API creates the frontend's user.
  const created = await t.request('/api/public/create_user', {
    method: 'POST',
    json: {
      api_key: API_KEY,
      api_key_secret: API_KEY_SECRET,
      target_user: { username: 'carol', password: DEFAULT_PASSWORD },
    },
  });
  expect(created.status).toBe(200);
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.stop();
  // eslint-disable-next-line @typescript-eslint/await-thenable -- dispose() returns a promise in graphql-ws 6; its type says void
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await t?.stop();
});

describe('Apollo Client 4 with codegen’s manifest, against TRUSTED_DOCUMENTS=enforce', () => {
  it('signs in, subscribes, files a request, hears of it and lists it, sending only ids', async () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>;
    // What Apollo Client prints differs from the manifest's text: only the id can make these documents trusted.
    expect(Object.values(manifest)).not.toContain(print(RequestChanges));

    const signIn = await frontend().mutate({
      mutation: SignIn,
      variables: { username: 'carol', password: DEFAULT_PASSWORD },
    });
    const auth = `${signIn.data!.login.tokenType} ${signIn.data!.login.accessToken}`;
    const carol = frontend(auth);

    const heard: Array<{ kind: string; requestId: number; title: string | undefined }> = [];
    const listeners = t.app.services.helpdesk.events.listenerCount;
    const subscription = carol.subscribe({ query: RequestChanges }).subscribe((result) => {
      const change = result.data?.helpRequestChanged;
      if (change) heard.push({ kind: change.kind, requestId: change.requestId, title: change.request?.title });
    });
    try {
      await untilListening(t.app, listeners + 1);

      const filed = await carol.mutate({
        mutation: FileRequest,
        variables: { input: { title: 'Screen flickers', description: 'Since this morning', category: 'TECHNICAL' } },
      });
      const id = filed.data!.createHelpRequest.id;
      expect(filed.data!.createHelpRequest).toMatchObject({ title: 'Screen flickers', status: 'OPEN' });

      await expect.poll(() => heard).toEqual([{ kind: 'CREATED', requestId: id, title: 'Screen flickers' }]);

      const list = await carol.query({ query: MyRequests, variables: { first: 10 } });
      expect(list.data!.helpRequestsConnection.totalCount).toBe(1);
      expect(list.data!.helpRequestsConnection.edges.map((e) => e.node)).toEqual([
        { __typename: 'HelpRequest', id, title: 'Screen flickers', status: 'OPEN' },
      ]);
    } finally {
      subscription.unsubscribe();
    }

    // Every HTTP request carried codegen's id and no document.
    expect(sentBodies.length).toBe(3);
    for (const body of sentBodies) {
      expect(body.query).toBeUndefined();
      const { sha256Hash } = (body.extensions as { persistedQuery: { sha256Hash: string } }).persistedQuery;
      expect(Object.keys(manifest)).toContain(sha256Hash);
    }
  });

  it('is refused a document of its own, sent as text, with UNTRUSTED_DOCUMENT', async () => {
    const adHoc = new ApolloClient({ cache: new InMemoryCache(), link: new HttpLink({ uri: `${t.url}/graphql` }) });
    clients.push(adHoc);
    const refused = await adHoc
      .query({
        query: gql`
          query AdHoc {
            faqs {
              totalCount
            }
          }
        `,
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(CombinedGraphQLErrors.is(refused)).toBe(true);
    const [error] = (refused as CombinedGraphQLErrors).errors;
    expect(error.extensions?.code).toBe('UNTRUSTED_DOCUMENT');
    expect(error.message).toMatch(/only trusted documents are accepted/);
  });
});
