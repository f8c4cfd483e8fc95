import type { DrawResultView } from '@chaopin/contracts';
import { Button, Popup } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';

interface Props {
  result: DrawResultView | null;
  onClose: () => void;
}

/** Where a won prize is used: the claim page for a product, else the result's own link. */
export function prizeAction(r: DrawResultView): { label: string; to: string } | null {
  if (r.kind === 'product') {
    return r.orderNo && r.link
      ? { label: '查看订单', to: r.link }
      : { label: '去领取', to: `${PATHS.integralDrawClaim}?id=${r.id}` };
  }
  return r.link ? { label: '去使用', to: r.link } : null;
}

/** The spin's result: 恭喜获得… with where to use it, or 谢谢参与. */
export function DrawResultDialog({ result, onClose }: Props) {
  const navigate = useNavigate();
  const won = result !== null && result.kind !== 'nothing';
  const action = result ? prizeAction(result) : null;
  return (
    <Popup visible={result !== null} onMaskClick={onClose} bodyClassName="dr-result-popup">
      {result && (
        <div className="dr-result" data-testid="draw-result" role="dialog" aria-label="抽奖结果">
          <h3>{won ? '恭喜您获得' : '很遗憾'}</h3>
          <p className="dr-result__title" data-testid="draw-result-title">
            {result.title}
          </p>
          <p className="dr-result__note">
            {result.kind === 'product'
              ? '实物奖品请填写收货地址领取'
              : won
                ? '奖品已发放到您的账户'
                : '差一点就中奖了，明天再来试试吧'}
          </p>
          <div className="dr-result__actions">
            {action && (
              <Button color="primary" shape="rounded" block onClick={() => navigate(action.to)}>
                {action.label}
              </Button>
            )}
            <Button shape="rounded" block onClick={onClose}>
              {won ? '继续抽奖' : '知道了'}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
