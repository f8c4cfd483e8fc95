import { ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../../ui/address/addressesQuery.ts';
import { PrizeShipping } from '../../../ui/order/PrizeShipping.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { drawApi, drawResultsQuery, refreshDraw } from './api.ts';
import './draw.css';

/** rootPages/integral/drawClaim (?id=<result>): a won product's ¥0 order with my address. */
export default function DrawClaimPage() {
  const [params] = useSearchParams();
  const resultId = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const records = useQuery(drawResultsQuery());
  const addresses = useQuery(addressesQuery());
  const { addressId, note, setAddressId, setNote, reset } = useCheckout();
  const [clientKey, setClientKey] = useState(newClientKey);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const prize = records.data?.list.find((r) => r.id === resultId);
  const claim = useMutation({
    mutationFn: (chosen: number) =>
      drawApi.claim({ resultId, addressId: chosen, clientKey, note: note.trim() }),
    onSuccess: (order) => {
      reset();
      setClientKey(newClientKey());
      void refreshDraw(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      if (order.payAmount > 0) {
        navigate(payPagePath(order), { replace: true });
        return;
      }
      showSuccess('领取成功，奖品将尽快发出');
      navigate(PATHS.integralDraw, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
    },
  });
  return (
    <div className="dr-page" data-testid="draw-claim">
      <section className="dr-card">
        <h3>领取奖品</h3>
        <p className="dr-claim__title">{prize?.title ?? '实物奖品'}</p>
        <p className="dr-empty">奖品以0元订单发出，请确认收货地址。</p>
        {prize?.skuId != null && <PrizeShipping className="dr-shipping" skuId={prize.skuId} />}
      </section>
      <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
      <section className="dr-card">
        <Input
          aria-label="订单备注"
          placeholder="订单备注（选填）"
          value={note}
          maxLength={ORDER_NOTE_MAX}
          onChange={setNote}
        />
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={claim.isPending}
        disabled={!address || !resultId || Boolean(prize?.orderNo)}
        onClick={() => {
          if (address && !claim.isPending) claim.mutate(address.id);
        }}
      >
        {prize?.orderNo ? '已领取' : '确认领取'}
      </Button>
    </div>
  );
}
