import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { HelpDeskUser } from '../../src/helpdesk/access.js';
import { helpRequestListQuery } from '../../src/helpdesk/list-query.js';
import { DEFAULT_PER_PAGE } from '../../src/helpdesk/vocabulary.js';
import { ForbiddenError } from '../../src/platform/errors.js';

const agent: HelpDeskUser = { kind: 'user', userId: 'a'.repeat(24), username: 'admin', role: 'admin' };
const alice: HelpDeskUser = { kind: 'user', userId: 'b'.repeat(24), username: 'alice', role: 'user' };

describe('helpRequestListQuery', () => {
  it('builds the same filter for every list, scoped to whose requests it shows', () => {
    const args = { status: 'open', category: 'technical', priority: 'high' } as const;
    const all = helpRequestListQuery(agent, 'helpRequestsConnection', undefined, args);
    const own = helpRequestListQuery(alice, 'User.helpRequests', alice.userId, args);
    expect(all.filter).toEqual({ ...args, requesterId: undefined, slaBreached: undefined, tag: undefined });
    expect(own.filter).toEqual({ ...all.filter, requesterId: alice.userId });
    expect(own.identity.list).toBe(`User.helpRequests:${alice.userId}`);
  });

  it('signs each list’s cursors as it always has: the connection with its sort, a person’s without the default', () => {
    const connection = helpRequestListQuery(agent, 'helpRequestsConnection', undefined, { status: 'open' });
    const person = helpRequestListQuery(alice, 'User.helpRequests', alice.userId, { status: 'open' });
    const sorted = helpRequestListQuery(alice, 'User.helpRequests', alice.userId, { sortBy: 'title' });
    expect(connection.identity.fingerprint).toMatchObject({ status: 'open', sortBy: 'created_date', order: 'desc' });
    expect(person.identity.fingerprint).not.toHaveProperty('sortBy');
    expect(sorted.identity.fingerprint).toMatchObject({ sortBy: 'title', order: 'desc' });
  });

  it('sorts by id where the filter fixes the sort column, and newest first by default', () => {
    expect(helpRequestListQuery(agent, 'helpRequests', undefined, { sortBy: 'status', status: 'open' }).sort).toEqual({
      column: 'id',
      order: 'desc',
    });
    expect(helpRequestListQuery(agent, 'helpRequests', undefined, {}).sort).toEqual({
      column: 'createdAt',
      order: 'desc',
    });
  });

  it('refuses the agents’ filters and sorts to anyone else, naming each argument, and lets agents use them', () => {
    const asked = { slaBreached: true, tag: 'VIP', sortBy: 'resolutionDueAt' } as const;
    const refusal = (() => {
      try {
        helpRequestListQuery(alice, 'helpRequests', alice.userId, asked);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect((refusal as ForbiddenError).detail).toEqual({ fields: ['slaBreached', 'tag', 'sortBy'] });
    expect(helpRequestListQuery(agent, 'helpRequests', undefined, asked).filter).toMatchObject({
      slaBreached: true,
      tag: 'vip',
    });
  });
});

describe('the default page size', () => {
  it('is the one the SDL declares for helpRequests', () => {
    const schema = buildSchema(readFileSync('src/platform/graphql/generated/schema.graphql', 'utf8'));
    const field = (schema.getType('Query') as GraphQLObjectType).getFields().helpRequests;
    expect(field.args.find((a) => a.name === 'perPage')?.defaultValue).toBe(DEFAULT_PER_PAGE);
  });
});
