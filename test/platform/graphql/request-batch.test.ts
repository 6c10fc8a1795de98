import { describe, expect, it } from 'vitest';
import { loadGrouped, type GroupedLoad } from '../../../src/platform/graphql/request-batch.js';

interface PageKey {
  owner: string;
  status: string;
  size: number;
}

/** One call per shared part, recorded: the scope's log. */
const pages: GroupedLoad<{ calls: string[] }, PageKey, 'owner', string> = async (scope, owners, shared) => {
  scope.calls.push(`${owners.join(',')} ${JSON.stringify(shared)}`);
  return owners.map((owner) => `${owner}:${shared.status}:${shared.size}`);
};

describe('loadGrouped', () => {
  it('loads the keys one scope asks in a tick in one call per shared part, each key its own value', async () => {
    const scope = { calls: [] as string[] };
    const values = await Promise.all([
      loadGrouped(scope, pages, 'owner', { owner: 'ann', status: 'open', size: 2 }),
      loadGrouped(scope, pages, 'owner', { owner: 'bob', status: 'open', size: 2 }),
      loadGrouped(scope, pages, 'owner', { owner: 'ann', status: 'closed', size: 2 }),
    ]);
    expect(values).toEqual(['ann:open:2', 'bob:open:2', 'ann:closed:2']);
    expect(scope.calls).toEqual(['ann,bob {"status":"open","size":2}', 'ann {"status":"closed","size":2}']);
  });

  it('reads a key asked twice in one scope once, and keeps scopes apart', async () => {
    const one = { calls: [] as string[] };
    const two = { calls: [] as string[] };
    const key = { owner: 'ann', status: 'open', size: 1 };
    await loadGrouped(one, pages, 'owner', key);
    await loadGrouped(one, pages, 'owner', { ...key });
    await loadGrouped(two, pages, 'owner', key);
    expect(one.calls).toHaveLength(1);
    expect(two.calls).toHaveLength(1);
  });
});
