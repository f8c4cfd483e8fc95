import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { pointsHomeQuery, refreshPoints } from '../../points/queries.ts';
import { gameApi } from '../api.ts';
import { LoadState } from '../components.tsx';
import { idParam, refreshGame, roundQuery } from '../queries.ts';
import '../game.css';

/**
 * rootPages/game/pay (?id=, &inviter=): pays the entry fee. Points only for now: the join and
 * its points are one server transaction (retrying with the same key answers the same entry).
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const inviter = idParam(params, 'inviter');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...roundQuery(id ?? 0), enabled: id !== null });
  const points = useQuery(pointsHomeQuery());
  const [clientKey] = useState(newClientKey);
  const join = useMutation({
    mutationFn: () => gameApi.join(id ?? 0, clientKey, inviter ?? undefined),
    onSuccess: () => {
      showSuccess('报名成功，快去竞猜吧');
      void refreshGame(queryClient);
      void refreshPoints(queryClient);
      navigate(`${PATHS.game}?id=${id}`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'GAME_ALREADY_JOINED') {
        navigate(`${PATHS.game}?id=${id}`, { replace: true });
      }
    },
  });
  if (!id) return <LoadState isError={false} refetch={() => undefined} gone />;
  const data = query.data;
  if (!data) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return <LoadState isError={query.isError} refetch={query.refetch} gone={gone} />;
  }
  const fee = data.round.entryPoints;
  const balance = points.data?.balance ?? 0;
  const short = points.data !== undefined && balance < fee;
  return (
    <div className="gm-page" data-testid="game-pay">
      <section className="gm-section">
        <h3>支付报名费</h3>
        <div className="gm-row">
          <span>应付</span>
          <span data-testid="game-fee">{fee} 积分</span>
        </div>
        <Radio.Group value="points">
          <div className="gm-row">
            <Radio value="points">积分支付（可用 {balance} 积分）</Radio>
          </div>
        </Radio.Group>
        {short && <p className="gm-tip">积分不足，可通过每日签到获取积分</p>}
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={join.isPending}
        disabled={short || data.round.status !== 'open'}
        onClick={() => {
          if (!join.isPending) join.mutate();
        }}
      >
        确认支付
      </Button>
      {short && (
        <Button block fill="none" style={{ marginTop: 8 }} onClick={() => navigate(PATHS.integral)}>
          去签到赚积分
        </Button>
      )}
    </div>
  );
}
