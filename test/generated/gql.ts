/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ApolloSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n": typeof types.ApolloSignInDocument,
    "\n  mutation ApolloCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n": typeof types.ApolloCreateUserDocument,
    "\n  mutation ApolloFileHelpRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n": typeof types.ApolloFileHelpRequestDocument,
    "\n  query ApolloHelpRequestsPage($first: Int, $after: String, $last: Int, $before: String) {\n    helpRequestsConnection(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.ApolloHelpRequestsPageDocument,
    "\n  query ApolloMyHelpRequestsPage($first: Int, $after: String) {\n    me {\n      id\n      username\n      helpRequests(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            title\n          }\n        }\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.ApolloMyHelpRequestsPageDocument,
    "\n  query ApolloUsersPage($first: Int) {\n    usersConnection(first: $first) {\n      edges {\n        cursor\n        node {\n          id\n          username\n        }\n      }\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n": typeof types.ApolloUsersPageDocument,
    "\n  mutation TrustedSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n": typeof types.TrustedSignInDocument,
    "\n  query TrustedMyRequests($first: Int) {\n    helpRequestsConnection(first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          status\n        }\n      }\n    }\n  }\n": typeof types.TrustedMyRequestsDocument,
    "\n  mutation TrustedFileRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n": typeof types.TrustedFileRequestDocument,
    "\n  subscription TrustedRequestChanges {\n    helpRequestChanged {\n      kind\n      requestId\n      request {\n        id\n        title\n        status\n      }\n    }\n  }\n": typeof types.TrustedRequestChangesDocument,
    "\n  query TypedHealth {\n    health {\n      status\n      version\n    }\n  }\n": typeof types.TypedHealthDocument,
    "\n  mutation TypedLogin($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n      expiresIn\n    }\n  }\n": typeof types.TypedLoginDocument,
    "\n  query TypedMe {\n    me {\n      id\n      username\n      role\n    }\n  }\n": typeof types.TypedMeDocument,
};
const documents: Documents = {
    "\n  mutation ApolloSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n": types.ApolloSignInDocument,
    "\n  mutation ApolloCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n": types.ApolloCreateUserDocument,
    "\n  mutation ApolloFileHelpRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n": types.ApolloFileHelpRequestDocument,
    "\n  query ApolloHelpRequestsPage($first: Int, $after: String, $last: Int, $before: String) {\n    helpRequestsConnection(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.ApolloHelpRequestsPageDocument,
    "\n  query ApolloMyHelpRequestsPage($first: Int, $after: String) {\n    me {\n      id\n      username\n      helpRequests(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            title\n          }\n        }\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n      }\n    }\n  }\n": types.ApolloMyHelpRequestsPageDocument,
    "\n  query ApolloUsersPage($first: Int) {\n    usersConnection(first: $first) {\n      edges {\n        cursor\n        node {\n          id\n          username\n        }\n      }\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n": types.ApolloUsersPageDocument,
    "\n  mutation TrustedSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n": types.TrustedSignInDocument,
    "\n  query TrustedMyRequests($first: Int) {\n    helpRequestsConnection(first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          status\n        }\n      }\n    }\n  }\n": types.TrustedMyRequestsDocument,
    "\n  mutation TrustedFileRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n": types.TrustedFileRequestDocument,
    "\n  subscription TrustedRequestChanges {\n    helpRequestChanged {\n      kind\n      requestId\n      request {\n        id\n        title\n        status\n      }\n    }\n  }\n": types.TrustedRequestChangesDocument,
    "\n  query TypedHealth {\n    health {\n      status\n      version\n    }\n  }\n": types.TypedHealthDocument,
    "\n  mutation TypedLogin($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n      expiresIn\n    }\n  }\n": types.TypedLoginDocument,
    "\n  query TypedMe {\n    me {\n      id\n      username\n      role\n    }\n  }\n": types.TypedMeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApolloSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n"): (typeof documents)["\n  mutation ApolloSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApolloCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation ApolloCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApolloFileHelpRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ApolloFileHelpRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApolloHelpRequestsPage($first: Int, $after: String, $last: Int, $before: String) {\n    helpRequestsConnection(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApolloHelpRequestsPage($first: Int, $after: String, $last: Int, $before: String) {\n    helpRequestsConnection(first: $first, after: $after, last: $last, before: $before) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApolloMyHelpRequestsPage($first: Int, $after: String) {\n    me {\n      id\n      username\n      helpRequests(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            title\n          }\n        }\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApolloMyHelpRequestsPage($first: Int, $after: String) {\n    me {\n      id\n      username\n      helpRequests(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            title\n          }\n        }\n        pageInfo {\n          hasNextPage\n          hasPreviousPage\n          startCursor\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApolloUsersPage($first: Int) {\n    usersConnection(first: $first) {\n      edges {\n        cursor\n        node {\n          id\n          username\n        }\n      }\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApolloUsersPage($first: Int) {\n    usersConnection(first: $first) {\n      edges {\n        cursor\n        node {\n          id\n          username\n        }\n      }\n      pageInfo {\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrustedSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n"): (typeof documents)["\n  mutation TrustedSignIn($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrustedMyRequests($first: Int) {\n    helpRequestsConnection(first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          status\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TrustedMyRequests($first: Int) {\n    helpRequestsConnection(first: $first) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          status\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrustedFileRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation TrustedFileRequest($input: CreateHelpRequestInput!) {\n    createHelpRequest(input: $input) {\n      id\n      title\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TrustedRequestChanges {\n    helpRequestChanged {\n      kind\n      requestId\n      request {\n        id\n        title\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TrustedRequestChanges {\n    helpRequestChanged {\n      kind\n      requestId\n      request {\n        id\n        title\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TypedHealth {\n    health {\n      status\n      version\n    }\n  }\n"): (typeof documents)["\n  query TypedHealth {\n    health {\n      status\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TypedLogin($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n      expiresIn\n    }\n  }\n"): (typeof documents)["\n  mutation TypedLogin($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      accessToken\n      tokenType\n      expiresIn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TypedMe {\n    me {\n      id\n      username\n      role\n    }\n  }\n"): (typeof documents)["\n  query TypedMe {\n    me {\n      id\n      username\n      role\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
