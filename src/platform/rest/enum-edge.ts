import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLEnumType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The legacy REST routes speak each enum's internal value (open, created_date, Low), the spelling their bodies have
 * always had; GraphQL speaks its names (OPEN, CREATED_AT, LOW). A stored document's translation is planned once from
 * the schema's enum definitions: which variables and which result paths hold an enum, and a lookup table for each.
 * Running it then touches only those paths.
 */
export interface EnumEdge {
  /** The variables with each enum value given by its internal value replaced by its GraphQL name. */
  variables<V extends Record<string, unknown>>(variables: V): V;
  /** The result data with each enum value GraphQL named replaced by its internal value. */
  data<T>(data: T): T;
}

/** Converts one value; null where nothing below holds an enum. */
type Convert = ((value: unknown) => unknown) | null;

const identity: EnumEdge = { variables: (variables) => variables, data: (data) => data };

const plans = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, EnumEdge>>();

export function enumEdgeOf(schema: GraphQLSchema, document: DocumentNode): EnumEdge {
  let bySchema = plans.get(schema);
  if (!bySchema) plans.set(schema, (bySchema = new WeakMap()));
  let plan = bySchema.get(document);
  if (!plan) bySchema.set(document, (plan = planEdge(schema, document)));
  return plan;
}

const lists = (convert: (value: unknown) => unknown): ((value: unknown) => unknown) => {
  const each = (value: unknown): unknown =>
    value == null ? value : Array.isArray(value) ? value.map(each) : convert(value);
  return each;
};

function enumLookup(type: GraphQLEnumType, direction: 'toName' | 'toInternal'): (value: unknown) => unknown {
  const table = new Map<unknown, unknown>(
    type.getValues().map((value) => (direction === 'toName' ? [value.value, value.name] : [value.name, value.value])),
  );
  // A value the table lacks passes as it is, for GraphQL to refuse (variables) or as it came (results).
  return lists((value) => (table.has(value) ? table.get(value) : value));
}

function planEdge(schema: GraphQLSchema, document: DocumentNode): EnumEdge {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation) return identity;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );

  // Whether an input type holds an enum anywhere below it, recursive input types included.
  const holdsEnum = (type: GraphQLNamedType, seen = new Set<GraphQLNamedType>()): boolean => {
    if (isEnumType(type)) return true;
    if (!isInputObjectType(type) || seen.has(type)) return false;
    seen.add(type);
    return Object.values(type.getFields()).some((field) => holdsEnum(getNamedType(field.type), seen));
  };
  const inputs = new Map<GraphQLNamedType, (value: unknown) => unknown>();
  const input = (type: GraphQLInputType): Convert => {
    const named = getNamedType(type);
    if (!holdsEnum(named)) return null;
    let convert = inputs.get(named);
    if (convert) return convert;
    if (isEnumType(named)) convert = enumLookup(named, 'toName');
    else {
      // Registered before its fields are planned, so a field of the type's own type finds it.
      const fields: (readonly [string, (value: unknown) => unknown])[] = [];
      convert = lists((value) => convertFields(value, fields));
      inputs.set(named, convert);
      for (const field of Object.values((named as GraphQLInputObjectType).getFields())) {
        const inner = input(field.type);
        if (inner) fields.push([field.name, inner]);
      }
    }
    inputs.set(named, convert);
    return convert;
  };

  const variableFields = (operation.variableDefinitions ?? []).flatMap((definition) => {
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
    const convert = type ? input(type) : null;
    return convert ? [[definition.variable.name.value, convert] as const] : [];
  });

  const selection = (parent: GraphQLNamedType, set: SelectionSetNode, into: Map<string, Convert[]>): void => {
    for (const node of set.selections) {
      if (node.kind === Kind.FIELD) {
        if (!isObjectType(parent) && !isAbstractType(parent)) continue;
        const field =
          'getFields' in parent
            ? (parent.getFields() as Record<string, { type: GraphQLOutputType }>)[node.name.value]
            : undefined;
        if (!field) continue;
        const convert = output(field.type, node.selectionSet);
        if (convert) {
          const key = node.alias?.value ?? node.name.value;
          into.set(key, [...(into.get(key) ?? []), convert]);
        }
      } else {
        const fragment = node.kind === Kind.INLINE_FRAGMENT ? node : fragments.get(node.name.value);
        const type = fragment?.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
        if (fragment && type) selection(type, fragment.selectionSet, into);
      }
    }
  };

  const output = (type: GraphQLOutputType, set: SelectionSetNode | undefined): Convert => {
    let inner = type;
    while (isNonNullType(inner) || isListType(inner)) inner = inner.ofType;
    if (isEnumType(inner)) return enumLookup(inner, 'toInternal');
    if (!set) return null;
    const into = new Map<string, Convert[]>();
    selection(inner, set, into);
    const fields = [...into].map(([key, converts]) => {
      const all = converts.filter((c): c is NonNullable<Convert> => c !== null);
      // The same response key from two fragments: each conversion runs in turn, and a value the first converted
      // passes the next unchanged.
      const convert = all.length === 1 ? all[0] : (value: unknown) => all.reduce((v, c) => c(v), value);
      return [key, convert] as const;
    });
    return fields.length ? lists((value) => convertFields(value, fields)) : null;
  };

  const root =
    operation.operation === OperationTypeNode.QUERY
      ? schema.getQueryType()
      : operation.operation === OperationTypeNode.MUTATION
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const data = root ? output(root, operation.selectionSet) : null;
  if (!variableFields.length && !data) return identity;
  return {
    variables: (variables) =>
      variableFields.length ? (convertFields(variables, variableFields) as typeof variables) : variables,
    data: (result) => (data && result != null ? (data(result) as typeof result) : result),
  };
}

function convertFields(value: unknown, fields: readonly (readonly [string, (value: unknown) => unknown])[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, convert] of fields) {
    if (!(key in source)) continue;
    const converted = convert(source[key]);
    if (converted !== source[key]) (copy ??= { ...source })[key] = converted;
  }
  return copy ?? value;
}
