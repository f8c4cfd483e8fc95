import {
  MAX_ID,
  ORDER_LINES_MAX,
  ORDER_QUANTITY_MAX,
  type OrderLineInput,
} from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';

/** Items arrive as an array (JSON bodies) or as JSON text (form bodies). */
export function parseLines(raw: unknown): OrderLineInput[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('ORDER_ITEMS_INVALID');
    }
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > ORDER_LINES_MAX) {
    throw new AppError('ORDER_ITEMS_INVALID');
  }
  return value.map((item: unknown) => {
    const { skuId, quantity } = (item ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(skuId) || (skuId as number) < 1 || (skuId as number) > MAX_ID) {
      throw new AppError('SKU_NOT_FOUND');
    }
    if (
      !Number.isInteger(quantity) ||
      (quantity as number) < 1 ||
      (quantity as number) > ORDER_QUANTITY_MAX
    ) {
      throw new AppError('QUANTITY_INVALID');
    }
    return { skuId: skuId as number, quantity: quantity as number };
  });
}
