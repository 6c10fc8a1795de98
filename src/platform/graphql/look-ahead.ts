import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields a query selects below the resolver's own field, along `path` (`['requests']`: what it
 * asks of each request), fragments included. Directives are not evaluated: a field under `@skip` still counts,
 * which may only make a resolver read ahead what is then not shown.
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[] = []): Set<string> {
  let sets = info.fieldNodes
    .map((node) => node.selectionSet)
    .filter((set): set is SelectionSetNode => set !== undefined);
  for (const name of path) {
    const next: SelectionSetNode[] = [];
    for (const set of sets) {
      forEachField(info, set, (field) => {
        if (field.name.value === name && field.selectionSet) next.push(field.selectionSet);
      });
    }
    sets = next;
  }
  const names = new Set<string>();
  for (const set of sets) forEachField(info, set, (field) => names.add(field.name.value));
  return names;
}

function forEachField(
  info: GraphQLResolveInfo,
  set: SelectionSetNode,
  visit: (field: Extract<SelectionSetNode['selections'][number], { kind: Kind.FIELD }>) => void,
  seen = new Set<string>(),
): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) visit(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) forEachField(info, selection.selectionSet, visit, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = info.fragments[selection.name.value];
      if (fragment) forEachField(info, fragment.selectionSet, visit, seen);
    }
  }
}
