/**
 * Rules every input obeys, whatever its route or command schema says, applied centrally (the HTTP
 * validator compiler in validation.ts and the IM socket gateway):
 *
 * - an integer is bounded to what its column holds: a schema integer without its own `minimum` /
 *   `maximum` gets the default range (int4 for the REST API, whose ids, counts and amounts are
 *   `integer` columns; safe integers for IM commands, whose times and sequences are `bigint`);
 * - a number is finite: Ajv's string coercion turns "Infinity" and "1e309" into Infinity and then
 *   skips every range keyword, so a finite check runs on the validated (coerced) value;
 * - a string, and an object key, holds no NUL (PostgreSQL refuses it in text and jsonb) and no
 *   unpaired UTF-16 surrogate (not encodable as UTF-8; jsonb refuses its escape).
 */

export interface IntegerRange {
  minimum: number;
  maximum: number;
}

/** PostgreSQL `integer`. */
export const INT4_RANGE: IntegerRange = { minimum: -2_147_483_648, maximum: 2_147_483_647 };
/** What a JS number carries exactly; within PostgreSQL `bigint`. */
export const SAFE_INTEGER_RANGE: IntegerRange = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object';

function isIntegerNode(node: Node): boolean {
  const t = node.type;
  return t === 'integer' || (Array.isArray(t) && t.includes('integer'));
}

/**
 * A copy of a JSON schema (TypeBox schemas are plain JSON schema) in which every integer without
 * a lower or upper bound gets the range's. The schema given is left as it is (it is shared, and
 * its docs and response serializers are built from it).
 */
export function withIntegerBounds<T>(schema: T, range: IntegerRange): T {
  const copy = (node: unknown): unknown => {
    if (typeof node === 'boolean') return node;
    if (!isNode(node) || Array.isArray(node)) return node;
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_MAPS.has(key) && isNode(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map(copy);
      } else if (SCHEMA_KEYWORDS.has(key)) {
        out[key] = Array.isArray(value) ? value.map(copy) : copy(value);
      } else {
        // Data (`const`, `enum`, `default`, …) and annotations: shared, never changed.
        out[key] = value;
      }
    }
    if (isIntegerNode(out)) {
      if (out.minimum === undefined && out.exclusiveMinimum === undefined) {
        out.minimum = range.minimum;
      }
      if (out.maximum === undefined && out.exclusiveMaximum === undefined) {
        out.maximum = range.maximum;
      }
    }
    return out;
  };
  return copy(schema) as T;
}

/** Keywords whose value maps names to schemas, lists schemas, or is a schema (items may be a list). */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);

const SURROGATE = /[\uD800-\uDFFF]/;
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string may be stored: no NUL, no unpaired surrogate. */
export function isSafeText(s: string): boolean {
  return !s.includes('\u0000') && !(SURROGATE.test(s) && UNPAIRED.test(s));
}

export type InputPath = Array<string | number>;

/**
 * The path of the first value that breaks the string or number rules (a string with NUL or an
 * unpaired surrogate, an object key likewise, a number that is not finite), or undefined when
 * all is well. Walks without recursion, so any nesting depth is safe.
 */
export function findUnsafeInput(root: unknown): InputPath | undefined {
  const values: unknown[] = [root];
  const parents: number[] = [-1];
  const keys: Array<string | number> = [''];
  const pathTo = (index: number, last?: string): InputPath => {
    const path: InputPath = last === undefined ? [] : [last];
    for (let i = index; i > 0; i = parents[i] as number) path.push(keys[i] as string | number);
    return path.reverse();
  };
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'string') {
      if (!isSafeText(value)) return pathTo(i);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return pathTo(i);
    } else if (Array.isArray(value)) {
      for (let k = 0; k < value.length; k++) {
        values.push(value[k]);
        parents.push(i);
        keys.push(k);
      }
    } else if (isNode(value)) {
      for (const key of Object.keys(value)) {
        if (!isSafeText(key)) return pathTo(i, key);
        values.push(value[key]);
        parents.push(i);
        keys.push(key);
      }
    }
  }
  return undefined;
}

/**
 * The JSON pointer of the schema node that validates the value at `path` (as far as it can be
 * followed: properties, records, arrays and the branches of a union), e.g.
 * ['orderNo'] → '#/properties/orderNo'. Used to name the failing field's catalogue error.
 */
export function schemaPointerFor(schema: unknown, path: InputPath): string {
  const parts: string[] = [];
  let node: unknown = schema;
  for (const step of path) {
    const next = childSchema(node, step);
    if (!next) break;
    parts.push(...next.parts);
    node = next.node;
  }
  return `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function childSchema(
  node: unknown,
  step: string | number,
): { parts: string[]; node: unknown } | undefined {
  if (!isNode(node)) return undefined;
  const key = String(step);
  const props = node.properties;
  if (isNode(props) && Object.hasOwn(props, key)) {
    return { parts: ['properties', key], node: props[key] };
  }
  if (typeof step === 'number' && node.items !== undefined) {
    return { parts: ['items'], node: node.items };
  }
  const patterns = node.patternProperties;
  if (isNode(patterns)) {
    for (const [pattern, sub] of Object.entries(patterns)) {
      if (safeRegExp(pattern)?.test(key))
        return { parts: ['patternProperties', pattern], node: sub };
    }
  }
  if (isNode(node.additionalProperties)) {
    return { parts: ['additionalProperties'], node: node.additionalProperties };
  }
  for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[combinator];
    if (!Array.isArray(branches)) continue;
    for (let b = 0; b < branches.length; b++) {
      const inner = childSchema(branches[b], step);
      if (inner) return { parts: [combinator, String(b), ...inner.parts], node: inner.node };
    }
  }
  return undefined;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}
