import type {
  CartInvalidItem,
  CartInvalidReason,
  CartItem,
  CartStoreGroup,
  CartTotals,
  CartView,
} from '@chaopin/contracts';
import type { SkuInfo } from '../catalogue/index.ts';

/** A stored cart line, as the view needs it. */
export interface CartLine {
  id: number;
  sku_id: number;
  quantity: number;
  selected: boolean;
  title: string;
  image: string;
  sku_name: string;
}

/** Why a line cannot be bought now, or undefined when it can. */
export function invalidReason(sku: SkuInfo | undefined): CartInvalidReason | undefined {
  if (!sku) return 'gone';
  if (!sku.onShelf) return 'offShelf';
  if (sku.stock <= 0) return 'soldOut';
  return undefined;
}

/** Totals of the selected lines among valid ones: pieces and live price × quantity in fen. */
export function cartTotals(
  items: ReadonlyArray<Pick<CartItem, 'price' | 'quantity' | 'selected'>>,
): CartTotals {
  let selectedCount = 0;
  let totalPrice = 0;
  for (const item of items) {
    if (!item.selected) continue;
    selectedCount += item.quantity;
    totalPrice += item.price * item.quantity;
  }
  const allSelected = items.length > 0 && items.every((i) => i.selected);
  return { selectedCount, totalPrice, allSelected };
}

/**
 * The cart page: valid lines grouped by store (stores ordered by their newest line, lines newest
 * first), invalid lines apart, and the totals. Prices and stock come only from `skus`.
 */
export function buildCartView(lines: readonly CartLine[], skus: Map<number, SkuInfo>): CartView {
  const ordered = [...lines].sort((a, b) => b.id - a.id);
  const stores = new Map<number, CartStoreGroup>();
  const invalid: CartInvalidItem[] = [];
  const valid: CartItem[] = [];
  for (const line of ordered) {
    const sku = skus.get(line.sku_id);
    const reason = invalidReason(sku);
    if (!sku || reason) {
      invalid.push({
        id: line.id,
        skuId: line.sku_id,
        productId: sku?.productId ?? 0,
        title: sku?.title ?? line.title,
        image: sku?.image ?? line.image,
        skuName: sku?.skuName ?? line.sku_name,
        quantity: line.quantity,
        reason: reason ?? 'gone',
      });
      continue;
    }
    const item: CartItem = {
      id: line.id,
      skuId: sku.skuId,
      productId: sku.productId,
      title: sku.title,
      image: sku.image,
      skuName: sku.skuName,
      price: sku.price,
      quantity: line.quantity,
      stock: sku.stock,
      selected: line.selected,
    };
    valid.push(item);
    let group = stores.get(sku.storeId);
    if (!group) {
      group = { storeId: sku.storeId, storeName: sku.storeName, items: [] };
      stores.set(sku.storeId, group);
    }
    group.items.push(item);
  }
  return { stores: [...stores.values()], invalid, totals: cartTotals(valid) };
}

/** The tab badge: total quantity of the lines that can be bought. */
export function badgeCount(lines: readonly CartLine[], skus: Map<number, SkuInfo>): number {
  let count = 0;
  for (const line of lines) if (!invalidReason(skus.get(line.sku_id))) count += line.quantity;
  return count;
}
