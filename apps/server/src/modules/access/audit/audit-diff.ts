type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What a console write changed, field by field: `{ field: [before, after] }`, nested objects as
 * dotted paths (`address.city`), arrays compared whole. A created row diffs against nothing
 * (every field `[null, value]`), a deleted one against nothing after.
 */
export function auditDiff(before: unknown, after: unknown, prefix = ''): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  if (!isPlain(before) || !isPlain(after)) {
    if (isPlain(before) || isPlain(after)) {
      const side = (isPlain(before) ? before : after) as Plain;
      for (const key of Object.keys(side)) {
        Object.assign(
          out,
          auditDiff(
            isPlain(before) ? before[key] : null,
            isPlain(after) ? after[key] : null,
            `${prefix}${key}.`,
          ),
        );
      }
      return out;
    }
    if (!same(before ?? null, after ?? null))
      out[prefix.slice(0, -1) || 'value'] = [before ?? null, after ?? null];
    return out;
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (isPlain(a) && isPlain(b)) Object.assign(out, auditDiff(a, b, `${prefix}${key}.`));
    else if (!same(a ?? null, b ?? null)) out[`${prefix}${key}`] = [a ?? null, b ?? null];
  }
  return out;
}
