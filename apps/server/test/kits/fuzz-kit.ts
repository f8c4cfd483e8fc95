// Shared by the fuzz tests (fuzz-openapi, fuzz-im-commands): the corpus of hostile values, a
// sampler of plausible values for a JSON schema, encoders that can write what well-behaved
// encoders refuse (1e309, unpaired surrogates in a URL), and a seeded PRNG.

/** A JSON text spliced into a body as it is (values JSON.stringify cannot write). */
export class Raw {
  constructor(readonly json: string) {}
}

export const HUGE = 'x'.repeat(70_000);
export const CORPUS: unknown[] = [
  // strings
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  "1' or '1'='1",
  "'; drop table app_user; --",
  '<script>alert(1)</script>',
  '%',
  '%zz',
  '%00',
  '😀'.repeat(40),
  '\u202e\u200b\ufeff',
  '\r\n\t',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  '[{"skuId":1,"quantity":1,"x":"\\u0000"}]',
  '[{"skuId":1e309,"quantity":1}]',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  HUGE,
  // numbers
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e308,
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890'),
  // others
  true,
  false,
  null,
  [],
  [1],
  ['a', 'b'],
  ['a\u0000'],
  [[[]]],
  Array.from({ length: 200 }, (_, i) => i),
  {},
  { $ne: 1 },
  { a: { b: { c: 'd' } } },
  new Raw('{"__proto__":{"polluted":1}}'),
  new Raw('{"constructor":{"prototype":{"polluted":1}}}'),
];

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  $ref?: string;
}

export const PATTERN_SAMPLES = ['13912345678', '123456', 'Abc12345', 'abcdefgh12', 'abc', 'A'];

/** A plausible value for a schema, so that one field at a time can be made hostile. */
export function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'abc';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return sample(branch, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern, 'u');
        return PATTERN_SAMPLES.find((s) => re.test(s)) ?? 'abc';
      }
      return 'abc'.padEnd(schema.minLength ?? 0, 'x');
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(schema.items, depth + 1),
      );
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) obj[k] = sample(v, depth + 1);
      return obj;
    }
    default:
      return 'abc';
  }
}

/** The paths of the fields of a body schema: top level, and inside objects and arrays. */
export function fieldPaths(schema: Schema | undefined, prefix: Array<string | number> = []) {
  const out: Array<Array<string | number>> = [];
  if (!schema || prefix.length > 3) return out;
  const s = schema.anyOf?.find((b) => b.type === 'array' || b.type === 'object') ?? schema;
  if (s.properties) {
    for (const [k, v] of Object.entries(s.properties)) {
      out.push([...prefix, k]);
      out.push(...fieldPaths(v, [...prefix, k]));
    }
  } else if (s.type === 'array' && s.items) {
    out.push([...prefix, 0]);
    out.push(...fieldPaths(s.items, [...prefix, 0]));
  }
  return out;
}

/** JSON text of a value, with Raw pieces spliced in. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Percent-encodes a string as a hostile client would send it: an unpaired surrogate goes as its
 * three UTF-8-style bytes (%ED%A0%80), which no well-formed encoder writes.
 */
export function encode(s: string): string {
  let out = '';
  let run = '';
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    const high = unit >= 0xd800 && unit <= 0xdbff;
    const low = unit >= 0xdc00 && unit <= 0xdfff;
    const paired = high && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (paired) {
      run += s.slice(i, i + 2);
      i++;
    } else if (high || low) {
      out += encodeURIComponent(run);
      run = '';
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else run += s[i];
  }
  return out + encodeURIComponent(run);
}

/** A form / query string of an object: arrays repeat the key, objects go as their JSON text. */
export function toForm(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `value=${encode(formValue(value))}`;
  }
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v))
      for (const item of v) pairs.push(`${encode(k)}=${encode(formValue(item))}`);
    else if (v !== undefined) pairs.push(`${encode(k)}=${encode(formValue(v))}`);
  }
  return pairs.join('&');
}
export function formValue(v: unknown): string {
  if (v instanceof Raw) return v.json;
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object') return toJson(v);
  return String(v);
}

/** A copy of `target` with the value at `path` replaced (arrays and objects made on the way). */
export function setAt(target: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(target) ? [...target] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const obj: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  obj[head] = setAt(obj[head], rest, value);
  return obj;
}

/** A PRNG (mulberry32) so that a sample can be replayed with FUZZ_SEED. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick<T>(list: readonly T[], n: number): T[] {
      if (n >= list.length) return [...list];
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
  };
}

export function describeValue(v: unknown): string {
  const text = v instanceof Raw ? v.json : typeof v === 'string' ? JSON.stringify(v) : toJson(v);
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}
