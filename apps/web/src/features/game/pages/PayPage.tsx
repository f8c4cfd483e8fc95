import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { balanceQuery, sharedKeys } from '../../../core/sharedKeys.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { payPasswordQuery } from '../../../ui/payPassword/payPasswordQuery.ts';
import { pointsHomeQuery, refreshPoints } from '../../../ui/points/pointsQuery.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { gameApi, idParam, refreshGame, roundQuery } from '../api.ts';
import { entryFeeText, LoadState } from '../components.tsx';
import '../game.css';

/**
 * rootPages/game/pay (?id=, &inviter=): pays the entry fee — points, and for a round with a cash
 * fee the wallet, after the pay password. The join and its payment are one server transaction
 * (retrying with the same key answers the same entry).
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const inviter = idParam(params, 'inviter');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...roundQuery(id ?? 0), enabled: id !== null });
  const points = useQuery(pointsHomeQuery());
  const cash = (query.data?.round.entryCash ?? 0) > 0;
  const wallet = useQuery({ ...balanceQuery(), enabled: cash });
  const payPassword = useQuery({ ...payPasswordQuery(), enabled: cash });
  const [clientKey] = useState(newClientKey);
  const [asking, setAsking] = useState(false);
  const join = useMutation({
    mutationFn: (password?: string) =>
      gameApi.join(id ?? 0, clientKey, inviter ?? undefined, password),
    onSuccess: () => {
      setAsking(false);
      showSuccess('报名成功，快去竞猜吧');
      void refreshGame(queryClient);
      void refreshPoints(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.balance });
      navigate(`${PATHS.game}?id=${id}`, { replace: true });
    },
    onError: (error) => {
      // A wrong password may be typed again; anything else needs the page, not the sheet.
      if (!isApiError(error) || error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
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
  const cashFee = data.round.entryCash;
  const balance = points.data?.balance ?? 0;
  const money = wallet.data?.balance ?? 0;
  const shortPoints = fee > 0 && points.data !== undefined && balance < fee;
  const shortCash = cashFee > 0 && wallet.data !== undefined && money < cashFee;
  const short = shortPoints || shortCash;

  const confirm = async () => {
    if (join.isPending) return;
    if (cashFee <= 0) return join.mutate(undefined);
    if (!payPassword.data?.isSet) {
      const go = await Dialog.confirm({
        content: '您还未设置支付密码，是否现在设置？',
        confirmText: '去设置',
        cancelText: '取消',
      });
      if (go) navigate(PATHS.setPayPassword);
      return;
    }
    setAsking(true);
  };

  return (
    <div className="gm-page" data-testid="game-pay">
      <section className="gm-section">
        <h3>支付报名费</h3>
        <div className="gm-row">
          <span>应付</span>
          <span data-testid="game-fee">{entryFeeText(data.round)}</span>
        </div>
        <Radio.Group value={cashFee > 0 ? 'balance' : 'points'}>
          {fee > 0 && (
            <div className="gm-row">
              <Radio value="points">积分支付（可用 {balance} 积分）</Radio>
            </div>
          )}
          {cashFee > 0 && (
            <div className="gm-row">
              <Radio value="balance" data-testid="game-pay-balance">
                余额支付（可用余额 {formatPrice(money)}）
              </Radio>
            </div>
          )}
        </Radio.Group>
        {shortPoints && <p className="gm-tip">积分不足，可通过每日签到获取积分</p>}
        {shortCash && <p className="gm-tip">余额不足，请先充值</p>}
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={join.isPending}
        disabled={short || data.round.status !== 'open'}
        onClick={() => void confirm()}
      >
        确认支付
      </Button>
      {shortPoints && (
        <Button block fill="none" style={{ marginTop: 8 }} onClick={() => navigate(PATHS.integral)}>
          去签到赚积分
        </Button>
      )}
      {shortCash && (
        <Button block fill="none" style={{ marginTop: 8 }} onClick={() => navigate(PATHS.assets)}>
          去充值
        </Button>
      )}
      <PayPasswordSheet
        visible={asking}
        amount={cashFee}
        onClose={() => setAsking(false)}
        onSubmit={(password) => join.mutateAsync(password)}
      />
    </div>
  );
}
