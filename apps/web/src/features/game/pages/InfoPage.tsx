import { ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../../ui/address/addressesQuery.ts';
import { PrizeShipping } from '../../../ui/order/PrizeShipping.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { gameApi, idParam, refreshGame, roundQuery } from '../api.ts';
import { LoadState, RoundCard } from '../components.tsx';
import '../game.css';

/** rootPages/game/info (?id=): the winner confirms the prize order (¥0 goods) with an address. */
export default function InfoPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...roundQuery(id ?? 0), enabled: id !== null });
  const addresses = useQuery(addressesQuery());
  const { addressId, note, setAddressId, setNote, reset } = useCheckout();
  const [clientKey, setClientKey] = useState(newClientKey);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const claim = useMutation({
    mutationFn: (chosen: number) =>
      gameApi.prize({ roundId: id ?? 0, addressId: chosen, clientKey, note: note.trim() }),
    onSuccess: (order) => {
      reset();
      setClientKey(newClientKey());
      void refreshGame(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      if (order.payAmount > 0) {
        navigate(payPagePath(order), { replace: true });
        return;
      }
      showSuccess('领奖成功，奖品将尽快发出');
      navigate(`${PATHS.game}?id=${id}`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
    },
  });
  if (!id) return <LoadState isError={false} refetch={() => undefined} gone />;
  const data = query.data;
  if (!data) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return <LoadState isError={query.isError} refetch={query.refetch} gone={gone} />;
  }
  if (!data.mine?.isWinner || data.mine.prizeOrderNo) {
    return <Navigate replace to={`${PATHS.game}?id=${id}`} />;
  }
  return (
    <div className="gm-page" data-testid="game-info">
      <section className="gm-card">
        <RoundCard round={data.round} />
        <p className="gm-tip">恭喜您猜中！奖品以0元订单发出，请确认收货地址。</p>
      </section>
      <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
      <section className="gm-section">
        {/* A settled round names its SKU (hidden only while guesses are sealed). */}
        {data.round.skuId !== null && <PrizeShipping className="gm-row" skuId={data.round.skuId} />}
        <div className="gm-row">
          <span>订单备注</span>
          <Input
            aria-label="订单备注"
            placeholder="选填"
            value={note}
            maxLength={ORDER_NOTE_MAX}
            onChange={setNote}
          />
        </div>
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={claim.isPending}
        disabled={!address}
        onClick={() => {
          if (address && !claim.isPending) claim.mutate(address.id);
        }}
      >
        确认领奖
      </Button>
    </div>
  );
}
