import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../platform/graphql/context.js';
import { selectsOnly } from '../platform/graphql/look-ahead.js';
import type { Relation } from '../platform/graphql/preload.js';
import type { HelpRequestView, HelpResponseView } from './help-request-read-model.js';

/** Fields of a User that its name alone answers. */
const NAME_FIELDS = new Set(['id', 'username', '__typename']);

/** Where a person field reads: the names alone when that is all the query asks of the person, else the read model. */
function peopleFor(ctx: Context, info: GraphQLResolveInfo, path: readonly string[] = []) {
  return selectsOnly(info, NAME_FIELDS, path) ? ctx.loaders.users.nameById : ctx.loaders.users.userById;
}

/** The person a relation points at. */
export function person(ctx: Context, info: GraphQLResolveInfo, user: { id: string } | null | undefined) {
  return user ? peopleFor(ctx, info).get(user.id) : null;
}

/** The relations of a help request a list reads ahead (preloadSelected): its people, its responses and their responders. */
export function requestRelations(ctx: Context): Relation<HelpRequestView>[] {
  const people = (info: GraphQLResolveInfo, path: readonly string[]) => peopleFor(ctx, info, path);
  const { responsesByRequestId } = ctx.loaders.helpdesk;
  const responder: Relation<HelpResponseView> = { field: 'responder', loader: people, key: (r) => r.responder?.id };
  return [
    { field: 'requester', loader: people, key: (r) => r.requester?.id },
    { field: 'assignee', loader: people, key: (r) => r.assignedTo?.id },
    {
      field: 'responses',
      loader: () => responsesByRequestId,
      key: (r) => r.id,
      below: {
        rows: (r) => {
          const responses = responsesByRequestId.get(r.id);
          return Array.isArray(responses) ? responses : [];
        },
        relations: [responder],
      },
    },
  ];
}
