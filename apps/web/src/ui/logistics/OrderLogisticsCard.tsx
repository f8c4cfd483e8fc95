import type { OrderDetail } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { RightOutline, TruckOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../core/format.ts';
import { PATHS } from '../pageConfig.ts';
import { logisticsQuery } from './logisticsQuery.ts';
import './logistics.css';

/** The order's latest logistics scan on its detail page; tap for the whole route. */
export function OrderLogisticsCard({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const query = useQuery({ ...logisticsQuery(order.orderNo), enabled: Boolean(order.trackingNo) });
  if (!order.trackingNo) return null;
  const latest = query.data?.steps[0];
  return (
    <button
      type="button"
      className="oi-card card oi-row-card logistics-card"
      data-testid="order-logistics"
      onClick={() => navigate(`${PATHS.logistics}?orderNo=${encodeURIComponent(order.orderNo)}`)}
    >
      <TruckOutline className="oi-icon" />
      <div className="logistics-card__body">
        {latest ? (
          <>
            <div className="logistics-card__text text-clamp-2">{latest.text}</div>
            <div className="oi-muted">{formatDateTime(latest.time)}</div>
          </>
        ) : (
          <div>{order.carrier}</div>
        )}
        <div className="oi-muted">
          {order.carrier} 运单号：{order.trackingNo}
        </div>
      </div>
      <RightOutline className="logistics-card__arrow" />
    </button>
  );
}
