import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Whether the operation asks for `field` on the value the current field returns, fragments included. */
export function selects(info: GraphQLResolveInfo, field: string): boolean {
  const visited = new Set<string>();
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    set !== undefined &&
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === field;
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet);
      const name = selection.name.value;
      if (visited.has(name)) return false;
      visited.add(name);
      return inSet(info.fragments[name]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSet(node.selectionSet));
}
