import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { pointsHomeQuery } from '../../../ui/points/pointsQuery.ts';
import { idParam, roundQuery } from '../api.ts';
import { entryFeeText, LoadState, RoundCard } from '../components.tsx';
import '../game.css';

/** rootPages/game/order (?id=, &inviter=): what joining costs and gives, then to the payment. */
export default function OrderPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const inviter = idParam(params, 'inviter');
  const navigate = useNavigate();
  const query = useQuery({ ...roundQuery(id ?? 0), enabled: id !== null });
  const points = useQuery(pointsHomeQuery());
  if (!id) return <LoadState isError={false} refetch={() => undefined} gone />;
  const data = query.data;
  if (!data) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return <LoadState isError={query.isError} refetch={query.refetch} gone={gone} />;
  }
  const { round, mine } = data;
  if (mine?.joined) return <Navigate replace to={`${PATHS.game}?id=${id}`} />;
  const balance = points.data?.balance;
  return (
    <div className="gm-page" data-testid="game-order">
      <section className="gm-card">
        <RoundCard round={round} />
      </section>
      <section className="gm-section">
        <h3>报名信息</h3>
        <div className="gm-row">
          <span>报名费</span>
          <span>{entryFeeText(round)}</span>
        </div>
        <div className="gm-row">
          <span>可竞猜次数</span>
          <span>{round.guessesPerEntry} 次</span>
        </div>
        <div className="gm-row">
          <span>未中奖</span>
          <span>{round.consolationText}</span>
        </div>
        <div className="gm-row">
          <span>我的积分</span>
          <span>{balance ?? '—'}</span>
        </div>
        <p className="gm-tip">
          每轮每人限报名一次；猜中最接近实际价格者获得商品（差价相同先提交者胜）。
        </p>
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={round.status !== 'open'}
        onClick={() => navigate(`${PATHS.gamePay}?id=${id}${inviter ? `&inviter=${inviter}` : ''}`)}
      >
        {round.status === 'open' ? '去支付' : '本轮已截止'}
      </Button>
    </div>
  );
}
