/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A new help request. */
export type CreateHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the new request. */
  attachmentTokens?: Array<string> | null | undefined;
  /** Defaults to GENERAL. */
  category?: HelpCategory | null | undefined;
  /** An address to answer at besides the requester's account. */
  contactEmail?: string | null | undefined;
  /** 1 to 10,000 characters. */
  description: string;
  /** Defaults to MEDIUM. */
  priority?: HelpPriority | null | undefined;
  /** 1 to 200 characters. */
  title: string;
  /** A five-digit US ZIP code, as the risk queries take it. */
  zip?: string | null | undefined;
};

/** A new user account. */
export type CreateUserInput = {
  /** Create the account disabled. */
  disabled?: boolean | null | undefined;
  /** The given name. */
  firstName?: string | null | undefined;
  /** The family name. */
  lastName?: string | null | undefined;
  /** Create the account locked. */
  locked?: boolean | null | undefined;
  /** The user's organisation. */
  organization?: string | null | undefined;
  /** Without one, the account gets a random password nobody knows (sign-in needs an administrator to set one). */
  password?: string | null | undefined;
  /** A phone number: digits separated by single hyphens. */
  phone?: string | null | undefined;
  /** Only an administrator user (not an API key) may create another administrator. */
  role?: Role | null | undefined;
  /** The login name, prepared per RFC 8265. */
  username: string;
};

/** What a help request or FAQ entry is about. */
export type HelpCategory =
  /** The user's account: signing in, passwords, access. */
  | 'ACCOUNT'
  /** Invoices and payments. */
  | 'BILLING'
  /** Something that does not work as it should. */
  | 'BUG_REPORT'
  /** A wish for something new. */
  | 'FEATURE_REQUEST'
  /** A general question. */
  | 'GENERAL'
  /** Anything else. */
  | 'OTHER'
  /** A technical problem. */
  | 'TECHNICAL';

/** Urgency of a help request, lowest first: sorting by priority follows this order. */
export type HelpPriority =
  /** Needs attention soon. */
  | 'HIGH'
  /** Can wait. */
  | 'LOW'
  /** The usual urgency (the default). */
  | 'MEDIUM'
  /** Needs attention now. */
  | 'URGENT';

/** How a help request changed. */
export type HelpRequestChangeKind =
  /** The request was filed. */
  | 'CREATED'
  /** The requester replied, perhaps opening the request again (then fields holds status). */
  | 'REPLIED'
  /** An administrator answered, perhaps moving the request to a new status (then fields holds status). */
  | 'RESPONDED'
  /**
   * A service-level target passed unmet (fields holds first_response or resolution). Told to administrators only,
   * once, whichever replica noticed it.
   */
  | 'SLA_BREACHED'
  /** Fields of the request changed (fields says which). */
  | 'UPDATED';

/** Where a help request stands, in the order a request usually moves through them. */
export type HelpStatus =
  /** Done with, solved or not; the requester may rate it. */
  | 'CLOSED'
  /** An administrator is working on it. */
  | 'IN_PROGRESS'
  /** Waiting, for the requester or someone else; the service-level clock stands still. */
  | 'ON_HOLD'
  /** Filed, not yet taken up. */
  | 'OPEN'
  /** Solved; the requester may rate it. */
  | 'RESOLVED';

/** What a user may do: an administrator manages users, groups, workspaces and the help desk. */
export type Role =
  /** An administrator. */
  | 'ADMIN'
  /** A user of the workspace platform and the help desk. */
  | 'USER';

export type ApolloSignInMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type ApolloSignInMutation = { __typename: 'Mutation', login: { __typename: 'AuthPayload', accessToken: string, tokenType: string } };

export type ApolloCreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type ApolloCreateUserMutation = { __typename: 'Mutation', createUser: { __typename: 'User', id: string, username: string } };

export type ApolloFileHelpRequestMutationVariables = Exact<{
  input: CreateHelpRequestInput;
}>;


export type ApolloFileHelpRequestMutation = { __typename: 'Mutation', createHelpRequest: { __typename: 'HelpRequest', id: number, title: string, status: HelpStatus } };

export type ApolloHelpRequestsPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type ApolloHelpRequestsPageQuery = { __typename: 'Query', helpRequestsConnection: { __typename: 'HelpRequestConnection', totalCount: number, edges: Array<{ __typename: 'HelpRequestEdge', cursor: string, node: { __typename: 'HelpRequest', id: number, title: string } }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type ApolloMyHelpRequestsPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ApolloMyHelpRequestsPageQuery = { __typename: 'Query', me: { __typename: 'User', id: string, username: string, helpRequests: { __typename: 'HelpRequestConnection', edges: Array<{ __typename: 'HelpRequestEdge', cursor: string, node: { __typename: 'HelpRequest', id: number, title: string } }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } } };

export type ApolloUsersPageQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type ApolloUsersPageQuery = { __typename: 'Query', usersConnection: { __typename: 'UserConnection', edges: Array<{ __typename: 'UserEdge', cursor: string, node: { __typename: 'User', id: string, username: string } }>, pageInfo: { __typename: 'PageInfo', endCursor: string | null } } };

export type TrustedSignInMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type TrustedSignInMutation = { __typename: 'Mutation', login: { __typename: 'AuthPayload', accessToken: string, tokenType: string } };

export type TrustedMyRequestsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type TrustedMyRequestsQuery = { __typename: 'Query', helpRequestsConnection: { __typename: 'HelpRequestConnection', totalCount: number, edges: Array<{ __typename: 'HelpRequestEdge', node: { __typename: 'HelpRequest', id: number, title: string, status: HelpStatus } }> } };

export type TrustedFileRequestMutationVariables = Exact<{
  input: CreateHelpRequestInput;
}>;


export type TrustedFileRequestMutation = { __typename: 'Mutation', createHelpRequest: { __typename: 'HelpRequest', id: number, title: string, status: HelpStatus } };

export type TrustedRequestChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TrustedRequestChangesSubscription = { helpRequestChanged: { __typename: 'HelpRequestChange', kind: HelpRequestChangeKind, requestId: number, request: { __typename: 'HelpRequest', id: number, title: string, status: HelpStatus } } };

export type TypedHealthQueryVariables = Exact<{ [key: string]: never; }>;


export type TypedHealthQuery = { __typename: 'Query', health: { __typename: 'Health', status: string, version: string } };

export type TypedLoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type TypedLoginMutation = { __typename: 'Mutation', login: { __typename: 'AuthPayload', accessToken: string, tokenType: string, expiresIn: number } };

export type TypedMeQueryVariables = Exact<{ [key: string]: never; }>;


export type TypedMeQuery = { __typename: 'Query', me: { __typename: 'User', id: string, username: string, role: Role } };


export const ApolloSignInDocument = {"__meta__":{"hash":"sha256:7ccda98bb2b0a5525d32f25a1e4eb8c6897c30d5a30fba971be4e08949d9aad0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApolloSignIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","name":{"kind":"Name","value":"tokenType"}}]}}]}}]} as unknown as DocumentNode<ApolloSignInMutation, ApolloSignInMutationVariables>;
export const ApolloCreateUserDocument = {"__meta__":{"hash":"sha256:3bde36dd65fe2d1f78c27aa63262b7f0dd3e32ab9b0e2462b9c7fecadf363d06"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApolloCreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]} as unknown as DocumentNode<ApolloCreateUserMutation, ApolloCreateUserMutationVariables>;
export const ApolloFileHelpRequestDocument = {"__meta__":{"hash":"sha256:f58f6b0a8cd6bb9b053abed3944ed808a644f59243aba9724e2a395965aadf69"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApolloFileHelpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateHelpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"createHelpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ApolloFileHelpRequestMutation, ApolloFileHelpRequestMutationVariables>;
export const ApolloHelpRequestsPageDocument = {"__meta__":{"hash":"sha256:f0235f28de717506ceb8e384259f9ae0bdca36a985b5bbedfe1558f710ccbc62"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApolloHelpRequestsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"helpRequestsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ApolloHelpRequestsPageQuery, ApolloHelpRequestsPageQueryVariables>;
export const ApolloMyHelpRequestsPageDocument = {"__meta__":{"hash":"sha256:1d94d2f59f5b47ca7b76004a14da7947250c33f23662231b06d9c98e05298a0a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApolloMyHelpRequestsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"helpRequests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ApolloMyHelpRequestsPageQuery, ApolloMyHelpRequestsPageQueryVariables>;
export const ApolloUsersPageDocument = {"__meta__":{"hash":"sha256:d385472dd0441670912c089508b7bcff6f163ddbcacc533ee108007a421735be"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApolloUsersPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"usersConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ApolloUsersPageQuery, ApolloUsersPageQueryVariables>;
export const TrustedSignInDocument = {"__meta__":{"hash":"sha256:899a81ff2dbcdc8cae2059d9622a3a90186b5df015b7a6103b37007fdfb8c0cb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrustedSignIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","name":{"kind":"Name","value":"tokenType"}}]}}]}}]} as unknown as DocumentNode<TrustedSignInMutation, TrustedSignInMutationVariables>;
export const TrustedMyRequestsDocument = {"__meta__":{"hash":"sha256:702a12e3527bdead63fac46b40204e22e70bef665214c95deccee02e31b9deed"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrustedMyRequests"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"helpRequestsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TrustedMyRequestsQuery, TrustedMyRequestsQueryVariables>;
export const TrustedFileRequestDocument = {"__meta__":{"hash":"sha256:681b76a96674aac247ea976f695a68d57ff0108858d355b4bfe571dd61dfaec1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrustedFileRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateHelpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"createHelpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<TrustedFileRequestMutation, TrustedFileRequestMutationVariables>;
export const TrustedRequestChangesDocument = {"__meta__":{"hash":"sha256:00c6a3ec7d350f69a54dad8ba621c459ba1c7ed4987774671538e663270b0930"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TrustedRequestChanges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"helpRequestChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"request"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<TrustedRequestChangesSubscription, TrustedRequestChangesSubscriptionVariables>;
export const TypedHealthDocument = {"__meta__":{"hash":"sha256:ea6a35cfbb0a33ad0c7bb80c3983ec9891fa78c3cce6605f5237b3c486b7a4f5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TypedHealth"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<TypedHealthQuery, TypedHealthQueryVariables>;
export const TypedLoginDocument = {"__meta__":{"hash":"sha256:4151c7f3eeff32250eba3684db0a2b8192f91e28cc4d9b662d23095833ea8d6c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TypedLogin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","name":{"kind":"Name","value":"tokenType"}},{"kind":"Field","name":{"kind":"Name","value":"expiresIn"}}]}}]}}]} as unknown as DocumentNode<TypedLoginMutation, TypedLoginMutationVariables>;
export const TypedMeDocument = {"__meta__":{"hash":"sha256:2d291e84f53ab3306e4867a1162239cab82d52bab8ab088fe66c2a153abea28b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TypedMe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<TypedMeQuery, TypedMeQueryVariables>;
