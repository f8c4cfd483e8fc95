import type { OrderShipment } from '../order/index.ts';
import type { ShipmentRoute } from './provider.ts';

/** What a carrier needs to know of a shipped order. */
export function routeOf(s: OrderShipment): ShipmentRoute {
  return {
    carrier: s.carrier,
    trackingNo: s.trackingNo,
    shippedAt: s.shippedAt,
    sender: { storeId: s.storeId, storeName: s.storeName },
    receiver: {
      name: s.address.name,
      phone: s.address.phone,
      province: s.address.province,
      city: s.address.city,
      district: s.address.district,
    },
  };
}
