import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';

/**
 * Generators for the fuzz suite: a seeded PRNG (so a failing case can be replayed from its seed), a catalogue
 * of hostile values, valid values built from a JSON Schema (REST routes) or a GraphQL input type (GraphQL
 * arguments), and mutations that break a valid value in one place at a time.
 */

export type Rng = {
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** mulberry32: tiny, fast and good enough to spread cases; the same seed gives the same cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

// ---- hostile values ----------------------------------------------------------------------------------------

/** A JSON number the serializer writes verbatim (1e400 parses to Infinity; NaN makes the JSON invalid). */
export const RAW = (literal: string) => `\u0001RAW:${literal}\u0001`;

/** JSON text for a value, with RAW markers replaced by their literal. */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:(?:[^"\\]|\\.)*?\\u0001"/g, (quoted) =>
    (JSON.parse(quoted) as string).slice(5, -1),
  );
}

const deepArray = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = {};
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
/** An own property named __proto__, as a hostile client's JSON has it (JSON.stringify writes it). */
const protoKey = (inner: unknown) =>
  JSON.parse(`{"__proto__": ${JSON.stringify(inner)}, "constructor": {"prototype": {"isAdmin": true}}}`);

/** Hostile strings by kind, so each kind comes up often whatever the size of the others. */
export const HOSTILE_STRING_KINDS: Record<string, readonly string[]> = {
  control: [
    '\u0000',
    'nul\u0000inside',
    '\u0000\u0000\u0000',
    '\u0007\u001b[31mred\u001b[0m',
    'line\r\nbreak',
    '\b\f\v',
    '\u007f\u0085',
  ],
  unicode: [
    '\uD800',
    'lone \uDC00 low surrogate',
    '\uDBFF\uDFFF\uD83D',
    '\u202Eevil\u202C',
    'zero\u200Bwidth\u200D\u2060',
    '\uFEFFbom',
    '👩‍👩‍👧‍👦🔥🏳️‍🌈',
    'e\u0301'.repeat(60),
    'Z̴͉̈a̷͇̍l̸̰̾g̶͈̈ő̵̜',
    '\uFFFF\uFFFE',
    'ﷺ'.repeat(40),
    '９４１０３',
    'İstanbul ß ﬃ',
  ],
  size: ['', ' ', '\t\r\n ', 'a'.repeat(201), 'b'.repeat(10_001), 'c'.repeat(100_000), '🔥'.repeat(5000)],
  injection: [
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '1; SELECT pg_sleep(10)--',
    '" OR ""="',
    "\\'",
    '%',
    '_',
    '%%__\\\\',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    'file:///etc/passwd',
    'http://169.254.169.254/latest/meta-data/',
    '94103@evil.example',
    '${7*7}',
    '{{7*7}}',
    '%s%s%n',
    '{"$ne":null}',
    '/home/{username}/../../root',
    '$(reboot)',
  ],
  lookalike: [
    '[object Object]',
    'null',
    'undefined',
    'true',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '0x1F',
    '94103\n',
    ' 94103',
    '9410',
    '941030',
    '00000',
    '99999',
    'ABCDE',
    '0123456789abcdef0123456789abcdef',
    '0123456789ABCDEF0123456789ABCDEF',
    'g'.repeat(32),
    '0'.repeat(33),
    'admin',
    'ADMIN',
    '__proto__',
    'constructor',
    '/',
    '/api/../etc',
    'a@b',
    '@.',
    'x@y.z'.repeat(60),
    '2026-13-45T99:99:99Z',
  ],
};

export const HOSTILE_STRINGS: readonly string[] = Object.values(HOSTILE_STRING_KINDS).flat();

export const hostileString = (r: Rng): string => r.pick(r.pick(Object.values(HOSTILE_STRING_KINDS)));

export const HOSTILE_NUMBERS: readonly unknown[] = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  65536,
  99_999_999_999,
  RAW('1e400'),
  RAW('-1e400'),
  RAW('123456789012345678901234567890'),
  RAW('1E+2'),
  RAW('-0.0'),
];

export const HOSTILE_OTHERS: readonly unknown[] = [
  true,
  false,
  null,
  [],
  [null],
  [1, 'a', {}],
  Array.from({ length: 1000 }, () => 'a'),
  {},
  { $ne: null },
  { $gt: '' },
  { length: 1e9 },
  deepObject(5),
  deepArray(500),
  deepObject(500),
];

/** One hostile value of any JSON type. */
export function hostile(r: Rng): unknown {
  const roll = r.next();
  if (roll < 0.55) return hostileString(r);
  if (roll < 0.8) return r.pick(HOSTILE_NUMBERS);
  if (roll < 0.97) return r.pick(HOSTILE_OTHERS);
  return protoKey({ isAdmin: true, role: 'admin' });
}

/** Integers a schema's Int accepts but its rules may not, and a few it does not. */
const HOSTILE_INTEGERS: readonly unknown[] = [
  0,
  -1,
  -0,
  2 ** 31 - 1,
  -(2 ** 31),
  101,
  501,
  65_536,
  1_000_001,
  999_999_999,
  1.5,
  2 ** 31,
  RAW('1e400'),
];

/**
 * A hostile value of the same JSON type as `like`, so it passes GraphQL's type coercion and the REST
 * schemas' type checks and reaches the rules behind them.
 */
export function hostileLike(r: Rng, like: unknown): unknown {
  if (typeof like === 'string') return hostileString(r);
  if (typeof like === 'number') return r.pick(HOSTILE_INTEGERS);
  if (typeof like === 'boolean') return r.chance(0.5) ? !like : like;
  if (Array.isArray(like)) {
    return r.pick([
      [],
      [hostileString(r)],
      Array.from({ length: 200 }, () => (like.length ? like[0] : 'a')),
      [...like, ...like],
    ]);
  }
  return hostile(r);
}

export const PROTO_POISON = () => protoKey({ isAdmin: true, role: 'admin' });

// ---- valid values by name ----------------------------------------------------------------------------------

/** Ids of things that exist, so a case can get past "not found" to the rules behind it. */
export interface Pools {
  users: string[];
  usernames: string[];
  admins: string[];
  groups: string[];
  entries: string[];
  workspaces: string[];
  mappings: string[];
  requests: number[];
  faqs: number[];
}

let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;

/**
 * A plausible value for a field or argument, judged by its name and, for a bare `id`, by the operation it
 * belongs to (`updateGroup(id)` is a group id). Undefined when the name says nothing useful.
 */
export function valueByName(r: Rng, pools: Pools, name: string, owner: string): unknown {
  const n = name.toLowerCase();
  const o = owner.toLowerCase();
  const any = <T>(list: T[], fallback: T): T => (list.length ? r.pick(list) : fallback);
  const hexFallback = '0123456789abcdef0123456789abcdef';
  if (n === 'zip') return r.pick(['94103', '10001', '60601', '99501']);
  if (n === 'api_key' || n === 'api_key_secret') return undefined; // the caller's credentials: set by the case
  if (n === 'userid' || n === 'user_id') return any(pools.users, hexFallback);
  if (n === 'groupid' || n === 'group_id') return any(pools.groups, hexFallback);
  if (n === 'entryid') return any(pools.entries, hexFallback);
  if (n === 'workspaceids') return pools.workspaces.slice(0, 1 + r.int(Math.max(1, pools.workspaces.length)));
  if (n === 'assignedtoid' || n === 'assigned_to_id') return any(pools.admins, hexFallback);
  if (n === 'id') {
    if (/faq/.test(o)) return any(pools.faqs, 1);
    if (/help|request|respond/.test(o)) return any(pools.requests, 1);
    if (/mapping/.test(o)) return any(pools.mappings, hexFallback);
    if (/group/.test(o)) return any(pools.groups, hexFallback);
    if (/workspace/.test(o)) return any(pools.workspaces, hexFallback);
    if (/user/.test(o)) return any(pools.users, hexFallback);
    return undefined;
  }
  if (n === 'username') return /create/.test(o) ? fresh('fz') : any(pools.usernames, 'nobody');
  if (n === 'password') return 'Fuzz-Passw0rd!1';
  if (n === 'phone') return '555-0100';
  if (/email/.test(n)) return 'fuzz@example.com';
  if (n === 'destinationpath') return '/opt/fuzz/run.sh';
  if (n === 'persistentprofilepath') return '/home/{username}';
  if (n === 'agentcpucores') return 2;
  if (n === 'agentmemorybytes') return 4_100_000_000;
  if (n === 'zoneproxyport') return 8443;
  if (n === 'limit' || n === 'per_page' || n === 'perpage') return 10;
  if (n === 'offset') return 0;
  if (n === 'page') return 1;
  if (n === 'display_order' || n === 'displayorder') return 1;
  if (n === 'tags') return ['fuzz', 'printer'];
  if (n === 'q' || n === 'search') return r.pick(['printer', 'password', 'Fuzz']);
  if (n === 'name') return /group|mapping/.test(o) ? fresh('fuzz-') : undefined;
  if (n === 'category' && /workspace/.test(o)) return 'Desktop';
  if (n === 'entries') return [registryEntry(fresh('fuzz/img'))];
  return undefined;
}

export const registryEntry = (name: string) => ({
  description: 'Fuzzed workspace',
  docker_registry: 'https://index.docker.io/v1/',
  image_src: 'fuzz.png',
  name: `${name}:1.16.0`,
  run_config: { hostname: 'fuzz' },
  exec_config: { go: { cmd: 'true' } },
  categories: ['Desktop'],
  friendly_name: name,
  architecture: ['amd64'],
  compatibility: ['1.16.x'],
  uncompressed_size_mb: 100,
});

// ---- valid values from a JSON Schema (REST) -----------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const PATTERN_CANDIDATES = [
  '1',
  '2',
  '10',
  '12345',
  'a',
  'abc',
  'x-1',
  '0123456789abcdef0123456789abcdef',
  'fuzz/img:1.0',
];

export function fromJsonSchema(r: Rng, pools: Pools, schema: JsonSchema, name: string, owner: string): unknown {
  const named = name ? valueByName(r, pools, name, owner) : undefined;
  if (named !== undefined) return named;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const nonNull = options.filter((o) => o.type !== 'null');
    return fromJsonSchema(r, pools, r.pick(nonNull.length ? nonNull : options), name, owner);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return r.pick(schema.enum);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (!(schema.required ?? []).includes(key) && !r.chance(0.6)) continue;
        const value = fromJsonSchema(r, pools, sub, key, owner);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + r.int(2) }, () => fromJsonSchema(r, pools, schema.items ?? {}, '', owner));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 1 + r.int(5)));
    case 'boolean':
      return r.chance(0.5);
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const fits = PATTERN_CANDIDATES.filter((c) => re.test(c));
        if (fits.length) return r.pick(fits);
      }
      const text = r.pick(['Printer on fire', 'Fuzz text', 'Hello']);
      return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return r.pick(['x', 1, true]);
  }
}

// ---- valid values from GraphQL input types -----------------------------------------------------------------

export function fromGraphqlType(r: Rng, pools: Pools, type: GraphQLInputType, name: string, owner: string): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const named = valueByName(r, pools, name, owner);
    if (Array.isArray(named)) return named;
    return Array.from({ length: 1 + r.int(2) }, () => fromGraphqlType(r, pools, inner.ofType, name, owner));
  }
  const named = valueByName(r, pools, name, owner);
  if (named !== undefined) return named;
  if (isEnumType(inner)) return r.pick(inner.getValues()).name;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (!isNonNullType(field.type) && !r.chance(0.6)) continue;
      out[field.name] = fromGraphqlType(r, pools, field.type, field.name, owner);
    }
    return out;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        return 1 + r.int(5);
      case 'Float':
        return 1.5;
      case 'Boolean':
        return r.chance(0.5);
      case 'ID':
        return '0123456789abcdef0123456789abcdef';
      case 'BigInt':
        return 4_100_000_000;
      case 'DateTime':
        return new Date(0).toISOString();
      case 'JSON':
        return {};
      default:
        return r.pick(['Printer on fire', 'Fuzz text', 'Hello']);
    }
  }
  return null;
}

/**
 * Every scalar of the returned type, and objects two levels down: enough for nested resolvers (a request's
 * history, a user's groups) to run, within the document limits every client is held to.
 */
export function selectionFor(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields()) as GraphQLField<unknown, unknown>[]) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const inner = getNamedType(field.type);
    if (isObjectType(inner)) {
      if (depth < 2) parts.push(`${field.name} ${selectionFor(field.type, depth + 1)}`);
    } else {
      parts.push(field.name);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : '{ __typename }';
}

// ---- breaking a valid value --------------------------------------------------------------------------------

type Path = Array<string | number>;

/** The paths to every leaf and every container inside a value, the root included. */
export function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

export function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else copy[head] = deleteAt(copy[head], rest);
  return copy;
}

const valueAt = (root: unknown, path: Path): unknown => path.reduce<any>((v, k) => v?.[k], root);

/**
 * Replaces one to three places in `value` (leaves or whole sub-objects) with hostile values: of the same
 * JSON type when `typed` (to get past type checks), of any type otherwise.
 */
export function corrupt(r: Rng, value: unknown, typed = false): unknown {
  let out = value;
  const times = 1 + r.int(3);
  for (let i = 0; i < times; i++) {
    const paths = pathsOf(out);
    const path = paths.length > 1 && r.chance(0.85) ? r.pick(paths.slice(1)) : r.pick(paths);
    out = setAt(out, path, typed ? hostileLike(r, valueAt(out, path)) : hostile(r));
  }
  return out;
}

/** Drops one field somewhere inside, or sets it to null. */
export function omitOne(r: Rng, value: unknown, asNull: boolean): unknown {
  const paths = pathsOf(value).slice(1);
  if (!paths.length) return asNull ? null : undefined;
  const path = r.pick(paths);
  return asNull ? setAt(value, path, null) : deleteAt(value, path);
}

/** Adds fields nobody declared, at the top or inside a nested object. */
export function addExtra(r: Rng, value: unknown): unknown {
  const objects = pathsOf(value).filter((p) => {
    let v: any = value;
    for (const k of p) v = v?.[k];
    return v && typeof v === 'object' && !Array.isArray(v);
  });
  if (!objects.length) return value;
  const path = r.pick(objects);
  const extra = r.pick(['role', 'is_admin', 'password_hash', 'id', 'extra', 'tokenVersion', 'requester_id']);
  return setAt(value, [...path, extra], r.chance(0.5) ? 'admin' : hostile(r));
}

/** Percent-encodes every byte outside the unreserved set, lone surrogates included (as U+FFFD). */
export const encodeAll = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A query string in the form legacy clients send: repeated keys for arrays, JSON text for objects. */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined) continue;
      const text =
        typeof v === 'string'
          ? v
          : v === null
            ? ''
            : typeof v === 'object'
              ? JSON.stringify(v)
              : String(v).replace(/^\u0001RAW:(.*)\u0001$/, '$1');
      parts.push(`${encodeAll(key)}=${encodeAll(text)}`);
    }
  }
  return parts.join('&');
}
