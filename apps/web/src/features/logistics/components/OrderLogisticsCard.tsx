import type { OrderDetail } from '@chaopin/contracts';
import { TruckOutline } from 'antd-mobile-icons';

/** The carrier and tracking number on an order's detail (the logistics feature adds the latest step). */
export function OrderLogisticsCard({ order }: { order: OrderDetail }) {
  if (!order.trackingNo) return null;
  return (
    <section className="oi-card card oi-row-card">
      <TruckOutline className="oi-icon" />
      <div>
        <div>{order.carrier}</div>
        <div className="oi-muted">运单号：{order.trackingNo}</div>
      </div>
    </section>
  );
}
