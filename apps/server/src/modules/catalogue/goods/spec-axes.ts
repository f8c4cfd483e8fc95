import type { SpecAxis } from '@chaopin/contracts';

interface SkuSpecs {
  name: string;
  specs: Record<string, string>;
}

const SEPARATOR = ' / ';

/**
 * The axes of a SKU picker in display order. jsonb does not keep key order, so the order comes
 * from the SKU names ("红色 / M" names the 颜色 value before the 尺码 one); an axis whose place
 * the names do not tell goes last, by key. Values keep the order of their first SKU.
 */
export function specAxes(skus: readonly SkuSpecs[]): SpecAxis[] {
  const rank = new Map<string, number>();
  for (const sku of skus) {
    const parts = sku.name.split(SEPARATOR);
    for (const [key, value] of Object.entries(sku.specs)) {
      const at = parts.indexOf(value);
      const owners = Object.values(sku.specs).filter((v) => v === value).length;
      if (at >= 0 && owners === 1 && !rank.has(key)) rank.set(key, at);
    }
  }
  const values = new Map<string, string[]>();
  for (const sku of skus) {
    for (const [key, value] of Object.entries(sku.specs)) {
      const list = values.get(key) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(key, list);
    }
  }
  const last = Number.MAX_SAFE_INTEGER;
  return [...values.keys()]
    .sort((a, b) => (rank.get(a) ?? last) - (rank.get(b) ?? last) || a.localeCompare(b))
    .map((name) => ({ name, values: values.get(name) ?? [] }));
}
