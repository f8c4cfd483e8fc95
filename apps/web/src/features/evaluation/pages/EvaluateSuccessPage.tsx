import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../evaluation.css';

/** paritySuccess: thanks, then back to the order or on with shopping. */
export default function EvaluateSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('orderNo');
  return (
    <div className="evaluate-success">
      <CheckCircleFill className="evaluate-success__icon" />
      <h2>评价成功</h2>
      <p>感谢您的评价，您的分享能帮助更多买家</p>
      <div className="evaluate-success__buttons">
        <Button
          shape="rounded"
          fill="outline"
          color="primary"
          onClick={() =>
            navigate(
              orderNo ? `${PATHS.orderInfo}?orderNo=${encodeURIComponent(orderNo)}` : PATHS.orders,
              { replace: true },
            )
          }
        >
          返回订单
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
