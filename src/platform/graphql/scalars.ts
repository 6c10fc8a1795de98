import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isIsoForm } from '../db/timestamps.js';

const bad = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/**
 * Dates in and out as ISO 8601 text. A read model's timestamp is already text in the form `toISOString` writes
 * (platform/db/timestamps.ts) and goes out as it is; a Date, or any other text, is printed in that form.
 */
export const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize(value) {
    if (typeof value === 'string' && isIsoForm(value)) return value;
    const date = value instanceof Date ? value : new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue(value) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad('DateTime must be an ISO 8601 string');
    return new Date(value);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value)))
      throw bad('DateTime must be an ISO 8601 string');
    return new Date(ast.value);
  },
});

const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);
function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) return BigInt(value);
  throw bad('BigInt must be an integer');
}

/** 64-bit integers (memory sizes beyond 2^32). JSON numbers lose precision past 2^53, so big values go out as strings. */
export const BigIntScalar = new GraphQLScalarType<bigint, number | string>({
  name: 'BigInt',
  serialize(value) {
    const n = toBigInt(value);
    return n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(n) : n.toString();
  },
  parseValue(value) {
    const n = toBigInt(value);
    if (n > MAX || n < MIN) throw bad('BigInt is outside the 64-bit range');
    return n;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.STRING) throw bad('BigInt must be an integer');
    const n = toBigInt(ast.value);
    if (n > MAX || n < MIN) throw bad('BigInt is outside the 64-bit range');
    return n;
  },
});

function literalToJson(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literalToJson);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJson(f.value)]));
    default:
      throw bad('JSON literals cannot contain variables');
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalToJson,
});
