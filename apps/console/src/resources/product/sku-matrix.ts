// The SKU editor's model: spec axes (颜色, 尺码…) and the matrix of SKUs they make, pure.

/** One spec axis: its name and its values in display order. */
export interface SpecAxis {
  name: string;
  values: string[];
}

/** One SKU row of the matrix; money in yuan as typed (fen only on the wire). */
export interface SkuRow {
  /** The row's combination (its values in axis order): rows keep their data across edits by it. */
  key: string;
  /** The saved SKU this row edits; none for a new one. */
  id?: number;
  specs: Record<string, string>;
  name: string;
  price: number | null;
  originPrice: number | null;
  stock: number | null;
  freeShipping: boolean;
  /** Empty: the product's main picture is used. */
  image: string;
}

export interface SkuMatrix {
  axes: SpecAxis[];
  rows: SkuRow[];
}

/** A SKU as the detail answers it (fen). */
export interface SavedSku {
  id: number;
  name: string;
  specs: Record<string, string>;
  price: number;
  originPrice: number;
  stock: number;
  image: string;
  freeShipping: boolean;
}

/** The SKU name of a product without axes. */
export const SINGLE_SKU = '默认';
/** Joins a SKU's values in its name ("黑色 / M"): the app orders its picker's axes by it. */
export const SEPARATOR = ' / ';
export const MAX_AXES = 3;
export const MAX_SKUS = 100;
const KEY_JOIN = '\u0001';

/** Axes that count: named, with at least one value. */
function usable(axes: readonly SpecAxis[]): SpecAxis[] {
  return axes.filter((a) => a.name.trim() && a.values.length > 0);
}

/** Every combination of the axes' values, in axis order ([{}] when there is no axis). */
export function combinations(axes: readonly SpecAxis[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const axis of usable(axes)) {
    out = out.flatMap((specs) => axis.values.map((v) => ({ ...specs, [axis.name.trim()]: v })));
  }
  return out;
}

export function rowKey(specs: Record<string, string>, axes: readonly SpecAxis[]): string {
  return usable(axes)
    .map((a) => specs[a.name.trim()] ?? '')
    .join(KEY_JOIN);
}

export function skuName(specs: Record<string, string>, axes: readonly SpecAxis[]): string {
  const values = usable(axes).map((a) => specs[a.name.trim()] ?? '');
  return values.length ? values.join(SEPARATOR) : SINGLE_SKU;
}

/**
 * The rows of `axes`, each keeping its previous data: the same combination keeps everything
 * (its saved SKU too); a new combination starts from the first earlier row it extends (an axis
 * was added) for its prices, 包邮 and picture, with no stock.
 */
export function buildRows(axes: readonly SpecAxis[], previous: readonly SkuRow[]): SkuRow[] {
  const byKey = new Map(previous.map((r) => [r.key, r]));
  return combinations(axes).map((specs) => {
    const key = rowKey(specs, axes);
    const name = skuName(specs, axes);
    const same = byKey.get(key);
    if (same) return { ...same, specs, name };
    const base = previous.find((r) =>
      Object.entries(r.specs).every(([axis, value]) => specs[axis] === value),
    );
    return {
      key,
      specs,
      name,
      price: base?.price ?? null,
      originPrice: base?.originPrice ?? null,
      stock: 0,
      freeShipping: base?.freeShipping ?? false,
      image: base?.image ?? '',
    };
  });
}

const yuan = (fen: number) => fen / 100;
export const toFen = (yuanValue: number) => Math.round(yuanValue * 100);

/**
 * The matrix of saved SKUs: axes from their specs, ordered as their names tell ("红色 / M" puts
 * 颜色 before 尺码, as the app does); SKUs without specs but several of them become one "规格" axis.
 */
export function fromSaved(skus: readonly SavedSku[]): SkuMatrix {
  let withSpecs = skus;
  if (skus.length > 1 && skus.every((s) => Object.keys(s.specs).length === 0)) {
    withSpecs = skus.map((s) => ({ ...s, specs: { 规格: s.name } }));
  }
  const rank = new Map<string, number>();
  const values = new Map<string, string[]>();
  for (const s of withSpecs) {
    const parts = s.name.split(SEPARATOR);
    for (const [axis, value] of Object.entries(s.specs)) {
      const at = parts.indexOf(value);
      if (at >= 0 && !rank.has(axis)) rank.set(axis, at);
      const list = values.get(axis) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(axis, list);
    }
  }
  const last = Number.MAX_SAFE_INTEGER;
  const axes = [...values.keys()]
    .sort((a, b) => (rank.get(a) ?? last) - (rank.get(b) ?? last) || a.localeCompare(b))
    .map((name) => ({ name, values: values.get(name) ?? [] }));
  const saved = withSpecs.map((s) => ({
    key: rowKey(s.specs, axes),
    id: s.id,
    specs: s.specs,
    name: s.name,
    price: yuan(s.price),
    originPrice: yuan(s.originPrice),
    stock: s.stock,
    freeShipping: s.freeShipping,
    image: s.image,
  }));
  return { axes, rows: buildRows(axes, saved) };
}

/** What is wrong with the matrix, in the words the form shows; null when it can be saved. */
export function matrixProblem(m: SkuMatrix): string | null {
  const names = m.axes.map((a) => a.name.trim());
  if (names.some((n) => !n)) return '请填写规格名';
  if (new Set(names).size !== names.length) return '规格名不能重复';
  for (const axis of m.axes) {
    if (!axis.values.length) return `请为「${axis.name}」添加规格值`;
    if (new Set(axis.values).size !== axis.values.length) return `「${axis.name}」的规格值重复`;
  }
  if (!m.rows.length) return '请至少设置一个规格';
  if (m.rows.length > MAX_SKUS) return `规格组合不能超过 ${MAX_SKUS} 个`;
  for (const r of m.rows) {
    if (r.price === null || r.originPrice === null || r.stock === null) {
      return `请填写「${r.name}」的售价、原价和库存`;
    }
    if (r.price > r.originPrice) return `「${r.name}」的售价不能高于原价`;
  }
  return null;
}

/** The `skus` of a save body (fen); a row without its own picture takes `fallbackImage`. */
export function toSkuInputs(m: SkuMatrix, fallbackImage: string) {
  return m.rows.map((r) => ({
    ...(r.id === undefined ? {} : { id: r.id }),
    name: r.name,
    specs: r.specs,
    price: toFen(r.price ?? 0),
    originPrice: toFen(r.originPrice ?? 0),
    stock: r.stock ?? 0,
    freeShipping: r.freeShipping,
    image: r.image || fallbackImage,
  }));
}
