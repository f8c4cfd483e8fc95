import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../../../ui/order/order.css';

export default function PaySuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const amount = Number(params.get('amount') ?? 0);
  const orders = (params.get('orders') ?? '').split(',').filter(Boolean);
  const viewOrder = () =>
    navigate(
      orders.length === 1
        ? `${PATHS.orderInfo}?orderNo=${encodeURIComponent(orders[0] ?? '')}`
        : `${PATHS.orders}?status=unshipped`,
      { replace: true },
    );

  return (
    <div className="pay-success">
      <CheckCircleFill className="pay-success__icon" />
      <h2>支付成功</h2>
      {amount > 0 && (
        <div className="pay-success__amount">
          <Price fen={amount} />
        </div>
      )}
      <p className="pay-success__hint">商家将尽快为您发货</p>
      <div className="pay-success__buttons">
        <Button shape="rounded" fill="outline" color="primary" onClick={viewOrder}>
          查看订单
        </Button>
        <Button
          shape="rounded"
          color="primary"
          onClick={() => navigate(PATHS.home, { replace: true })}
        >
          继续购物
        </Button>
      </div>
    </div>
  );
}
