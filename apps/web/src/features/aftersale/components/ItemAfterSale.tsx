import type { OrderDetail } from '@chaopin/contracts';

/** The after-sales entry under one line of an order's detail (filled by the after-sales feature). */
export function ItemAfterSale(_props: { order: OrderDetail; item: OrderDetail['items'][number] }) {
  return null;
}
