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

type FieldNodes = GraphQLResolveInfo['fieldNodes'];
const decided = new WeakMap<FieldNodes, Map<string, boolean>>();

/** A question about a document's selection, answered once per document (per field's nodes) and kept. */
function once(info: GraphQLResolveInfo, question: string, answer: () => boolean): boolean {
  let answers = decided.get(info.fieldNodes);
  if (!answers) {
    answers = new Map<string, boolean>();
    decided.set(info.fieldNodes, answers);
  }
  let known = answers.get(question);
  if (known === undefined) answers.set(question, (known = answer()));
  return known;
}

/**
 * Whether the query selects any of `names` below the resolver's field along `path` (a page's
 * `pagination.total`: `selects(info, ['total'], ['pagination'])`), decided once per document.
 */
export function selects(info: GraphQLResolveInfo, names: readonly string[], path: readonly string[] = []): boolean {
  return once(info, `any\n${path.join('.')}\n${names.join(',')}`, () => {
    const fields = selectedFields(info, path);
    return names.some((name) => fields.has(name));
  });
}

/** Whether the query selects nothing below the field along `path` but some of `names`, decided once per document. */
export function selectsOnly(
  info: GraphQLResolveInfo,
  names: ReadonlySet<string>,
  path: readonly string[] = [],
): boolean {
  return once(info, `only\n${path.join('.')}\n${[...names].join(',')}`, () =>
    [...selectedFields(info, path)].every((field) => names.has(field)),
  );
}
