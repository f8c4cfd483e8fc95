/**
 * The part of `qs` refine uses for its URLs (`?currentPage=2&filters[0][field]=status&…`): parse
 * with bracket nesting and index arrays, stringify with `arrayFormat: 'indices'`, `skipNulls` and
 * no encoding. qs itself (with its side-channel and ponyfills) is ~6 KB gz of the first load;
 * qs.test.ts holds this to qs's answers for the URLs refine writes and reads.
 */

type Value = string | Value[] | { [key: string]: Value };
type Obj = { [key: string]: Value };

export interface ParseOptions {
  ignoreQueryPrefix?: boolean;
  depth?: number;
}

export interface StringifyOptions {
  addQueryPrefix?: boolean;
  skipNulls?: boolean;
  arrayFormat?: 'indices';
  encode?: false;
  encodeValuesOnly?: boolean;
}

const ARRAY_LIMIT = 20;
const PARAMETER_LIMIT = 1000;

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][0]` → ['a', '[b]', '[0]'], what lies past `depth` brackets as one more (qs's parseKeys). */
function chainOf(key: string, depth: number): string[] {
  const first = /\[[^[\]]*]/.exec(key);
  const parent = first ? key.slice(0, first.index) : key;
  const chain = parent ? [parent] : [];
  const child = /\[[^[\]]*]/g;
  let segment: RegExpExecArray | null = null;
  for (let i = 0; i < depth; i++) {
    segment = child.exec(key);
    if (!segment) break;
    chain.push(segment[0]);
  }
  if (segment && chain.length - (parent ? 1 : 0) === depth) {
    const more = child.exec(key);
    if (more) chain.push(`[${key.slice(more.index)}]`);
  }
  return chain;
}

const INHERITED = (key: string) => key in Object.prototype;

/** One parameter's value nested along its chain (qs's parseObject): `[n]` is an array index. */
function nest(chain: string[], value: Value): Value | undefined {
  let leaf: Value = value;
  for (let i = chain.length - 1; i >= 0; i--) {
    const root = chain[i] as string;
    if (root === '[]') {
      leaf = Array.isArray(leaf) ? leaf : [leaf];
      continue;
    }
    const bare = root.startsWith('[') && root.endsWith(']') ? root.slice(1, -1) : root;
    if (INHERITED(bare)) return undefined;
    const index = Number.parseInt(bare, 10);
    if (root !== bare && String(index) === bare && index >= 0 && index < ARRAY_LIMIT) {
      const array: Value[] = [];
      array[index] = leaf;
      leaf = array;
    } else {
      leaf = { [bare]: leaf };
    }
  }
  return leaf;
}

const isNode = (v: unknown): v is Obj | Value[] => typeof v === 'object' && v !== null;

/** qs's utils.merge for parsed values: objects by key, arrays by index, else both kept. */
function merge(target: Value | undefined, source: Value): Value {
  if (target === undefined) return source;
  if (source === '') return target;
  if (!isNode(source)) {
    if (Array.isArray(target)) return [...target, source];
    if (isNode(target)) return INHERITED(source) ? target : { ...target, [source]: 'true' };
    return [target, source];
  }
  if (!isNode(target)) return [target, ...(Array.isArray(source) ? source : [source])];
  if (Array.isArray(target) && Array.isArray(source)) {
    const out = target.slice();
    source.forEach((item, i) => {
      const here = out[i];
      if (!(i in out)) out[i] = item;
      else if (isNode(here) && isNode(item)) out[i] = merge(here, item);
      else out.push(item);
    });
    return out;
  }
  const out: Obj = Array.isArray(target)
    ? Object.fromEntries(Object.entries(target).filter(([, v]) => v !== undefined))
    : { ...target };
  for (const [k, v] of Object.entries(source)) out[k] = k in out ? merge(out[k], v) : v;
  return out;
}

/** Arrays without the holes sparse indexes left (qs's compact). */
function compact(value: Value): Value {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (!isNode(value)) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) out[k] = compact(v);
  return out;
}

export function parse(text: string, options: ParseOptions = {}): Obj {
  const depth = options.depth ?? 5;
  const query = (options.ignoreQueryPrefix ? text.replace(/^\?/, '') : text)
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
  // First the parameters by their whole key (a repeated key's values gather in an array)…
  const raw = new Map<string, Value>();
  for (const part of query.split('&').slice(0, PARAMETER_LIMIT)) {
    if (!part) continue;
    const bracketEquals = part.indexOf(']=');
    const at = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const key = decode(at === -1 ? part : part.slice(0, at));
    const value = at === -1 ? '' : decode(part.slice(at + 1));
    const seen = raw.get(key);
    raw.set(key, seen === undefined ? value : ([] as Value[]).concat(seen, value));
  }
  // …then each key's brackets nest it into the result.
  let out: Obj = {};
  for (const [key, value] of raw) {
    if (!key) continue;
    const chain = chainOf(key, depth);
    const nested = chain.length ? nest(chain, value) : undefined;
    if (nested !== undefined) out = merge(out, nested) as Obj;
  }
  return compact(out) as Obj;
}

function pairs(prefix: string, value: unknown, skipNulls: boolean, out: string[]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    if (!skipNulls) out.push(`${prefix}=`);
    return;
  }
  if (value instanceof Date) {
    out.push(`${prefix}=${value.toISOString()}`);
    return;
  }
  if (typeof value !== 'object') {
    out.push(`${prefix}=${String(value)}`);
    return;
  }
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [k, v] of entries) pairs(`${prefix}[${k}]`, v, skipNulls, out);
}

/** `{ a: [{ b: 1 }] }` → `a[0][b]=1`: unencoded, as refine asks (`encode: false`). */
export function stringify(value: unknown, options: StringifyOptions = {}): string {
  if (typeof value !== 'object' || value === null) return '';
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) pairs(k, v, options.skipNulls ?? false, out);
  const joined = out.join('&');
  return options.addQueryPrefix && joined ? `?${joined}` : joined;
}

export default { parse, stringify };
