// A graphql-codegen plugin: each enum's values as a readonly tuple, in the order the SDL declares them.
// Codegen sorts the schema it loads by name, values included, so the order is read from each enum's definition
// (and its extensions, in turn), which the sorted schema keeps. The code that needs an enum's values as a list
// (the database's native enums, the REST schemas, error messages, FAQ groups) then keeps the SDL's order.
import { isEnumType } from 'graphql';

export const plugin = (schema) => {
  const enums = Object.values(schema.getTypeMap()).filter((type) => isEnumType(type) && !type.name.startsWith('__'));
  const lines = enums.map((type) => {
    const declared = [type.astNode, ...type.extensionASTNodes].flatMap((node) => node?.values ?? []).map((value) => value.name.value);
    const values = type.getValues().map((value) => value.name);
    if (declared.length !== values.length || values.some((value) => !declared.includes(value))) {
      throw new Error(`enum ${type.name}: its definition nodes do not list exactly its values`);
    }
    return `export const ${type.name}Values = [${declared.map((value) => `'${value}'`).join(', ')}] as const satisfies readonly ${type.name}[];`;
  });
  return ['/** Each enum\'s values in the order the SDL declares them (the types above are sorted by name). */', ...lines].join('\n');
};
