import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { GqlResponse, TestApp } from './app.js';

/**
 * Sends a generated typed document (`graphql(...)` from test/generated) the way a frontend client does: the
 * printed document and its variables over HTTP, with the result and variables typed from the schema.
 */
export async function execute<TResult, TVars extends Record<string, unknown>>(
  t: Pick<TestApp, 'request'>,
  document: TypedDocumentNode<TResult, TVars>,
  variables: TVars,
  auth?: string,
): Promise<GqlResponse<TResult>> {
  const res = await t.request('/graphql', {
    method: 'POST',
    json: { query: print(document), variables },
    headers: auth ? { authorization: auth } : {},
  });
  return { status: res.status, ...(res.body as object) };
}
