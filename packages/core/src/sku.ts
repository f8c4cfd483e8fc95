import type { SkuView, SpecAxis } from '@chaopin/contracts';

/** The picker's choice: axis name → value. A missing axis is not chosen yet. */
export type SpecChoice = Record<string, string>;

function matches(sku: SkuView, choice: SpecChoice, skipAxis?: string): boolean {
  return Object.entries(choice).every(
    ([axis, value]) => axis === skipAxis || sku.specs[axis] === value,
  );
}

/** The SKU that the choice names completely, or null while an axis is open. */
export function chosenSku(skus: SkuView[], axes: SpecAxis[], choice: SpecChoice): SkuView | null {
  if (axes.length === 0) return skus.length === 1 ? (skus[0] ?? null) : null;
  if (axes.some((axis) => !choice[axis.name])) return null;
  return skus.find((sku) => matches(sku, choice)) ?? null;
}

/**
 * A value can be picked when some SKU in stock has it together with the values chosen on the
 * other axes; sold-out or missing combinations are shown disabled.
 */
export function valueAvailable(
  skus: SkuView[],
  choice: SpecChoice,
  axis: string,
  value: string,
): boolean {
  return skus.some(
    (sku) => sku.stock > 0 && sku.specs[axis] === value && matches(sku, choice, axis),
  );
}

/** Axes with a single value are chosen from the start, as are all axes of a single-SKU product. */
export function initialChoice(skus: SkuView[], axes: SpecAxis[]): SpecChoice {
  const choice: SpecChoice = {};
  const only = skus.length === 1 ? skus[0] : undefined;
  for (const axis of axes) {
    const value = only
      ? only.specs[axis.name]
      : axis.values.length === 1
        ? axis.values[0]
        : undefined;
    if (value && valueAvailable(skus, {}, axis.name, value)) choice[axis.name] = value;
  }
  return choice;
}

/** Tapping a chosen value clears it; tapping another value picks it. */
export function toggleValue(choice: SpecChoice, axis: string, value: string): SpecChoice {
  const next = { ...choice };
  if (next[axis] === value) delete next[axis];
  else next[axis] = value;
  return next;
}

/** Order lines travel in the write-order URL as `skuId*quantity` joined by commas. */
export interface Line {
  skuId: number;
  quantity: number;
}

export function encodeLines(lines: Line[]): string {
  return lines.map((l) => `${l.skuId}*${l.quantity}`).join(',');
}

export function decodeLines(text: string | null): Line[] {
  if (!text) return [];
  const lines: Line[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d{1,10})\*(\d{1,3})$/.exec(part.trim());
    if (!match) return [];
    const skuId = Number(match[1]);
    const quantity = Number(match[2]);
    if (skuId < 1 || quantity < 1) return [];
    lines.push({ skuId, quantity });
  }
  return lines;
}
