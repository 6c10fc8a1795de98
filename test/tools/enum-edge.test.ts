import { makeExecutableSchema } from '@graphql-tools/schema';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { enumEdgeOf } from '../../src/platform/rest/enum-edge.js';

// A schema whose enums keep internal spellings apart from their GraphQL names, as the gateway's do.
const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    "A status."
    enum Status {
      "Open."
      OPEN
      "In progress."
      IN_PROGRESS
    }
    "A sort field."
    enum Sort {
      "When created."
      CREATED_AT
    }
    "A filter."
    input Filter {
      "Statuses."
      statuses: [Status!]
      "A nested filter."
      inner: Filter
    }
    "A ticket."
    type Ticket {
      "Its number."
      id: Int!
      "Its status."
      status: Status!
      "Earlier statuses."
      history: [Status!]!
      "Related tickets."
      related: [Ticket!]!
    }
    "Reads."
    type Query {
      "Tickets."
      tickets(filter: Filter, status: Status, sortBy: Sort): [Ticket!]!
    }
  `,
  resolvers: { Status: { OPEN: 'open', IN_PROGRESS: 'in_progress' }, Sort: { CREATED_AT: 'created_date' } },
});

const document = parse(/* GraphQL */ `
  query Tickets($filter: Filter, $status: Status, $sortBy: Sort, $limit: Int) {
    tickets(filter: $filter, status: $status, sortBy: $sortBy) {
      id
      now: status
      history
      ...Related
    }
  }
  fragment Related on Ticket {
    related {
      status
    }
  }
`);

describe('the REST edge of enum values', () => {
  it('turns the legacy spellings of variables into GraphQL names, nested inputs and lists included', () => {
    const edge = enumEdgeOf(schema, document);
    expect(
      edge.variables({
        filter: { statuses: ['open', 'in_progress'], inner: { statuses: ['open'] } },
        status: 'in_progress',
        sortBy: 'created_date',
        limit: 5,
      }),
    ).toEqual({
      filter: { statuses: ['OPEN', 'IN_PROGRESS'], inner: { statuses: ['OPEN'] } },
      status: 'IN_PROGRESS',
      sortBy: 'CREATED_AT',
      limit: 5,
    });
  });

  it('leaves a value it does not know for GraphQL to refuse, and a variable not given absent', () => {
    const edge = enumEdgeOf(schema, document);
    expect(edge.variables({ status: 'bogus' })).toEqual({ status: 'bogus' });
    expect(edge.variables({ limit: 1 })).toEqual({ limit: 1 });
  });

  it('turns GraphQL names in results back into the legacy spellings, through aliases, lists and fragments', () => {
    const edge = enumEdgeOf(schema, document);
    const data = {
      tickets: [
        { id: 1, now: 'IN_PROGRESS', history: ['OPEN'], related: [{ status: 'OPEN' }] },
        { id: 2, now: 'OPEN', history: [], related: [] },
      ],
    };
    expect(edge.data(data)).toEqual({
      tickets: [
        { id: 1, now: 'in_progress', history: ['open'], related: [{ status: 'open' }] },
        { id: 2, now: 'open', history: [], related: [] },
      ],
    });
    expect(data.tickets[0].now).toBe('IN_PROGRESS');
    expect(edge.data(null)).toBeNull();
  });

  it('plans a stored document once per schema', () => {
    expect(enumEdgeOf(schema, document)).toBe(enumEdgeOf(schema, document));
  });
});
