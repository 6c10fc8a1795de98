// A codegen document transform: every selection set asks for __typename, as Apollo Client's cache adds it to what it
// sends. A trusted document in persisted-documents.json then answers exactly the fields the client's cache expects.
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';

export const { transform } = addTypenameSelectionDocumentTransform;
