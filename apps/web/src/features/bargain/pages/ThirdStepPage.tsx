import { type BargainEditionId, ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../../ui/address/addressesQuery.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showToast } from '../../../ui/toast.ts';
import { bargainApi, detailQuery, refreshBargain } from '../api.ts';
import { BargainCountdown } from '../components/BargainCountdown.tsx';
import { EditionShell } from '../components/EditionShell.tsx';
import { idParam, MissingId, PageStates } from '../components/PageStates.tsx';
import { bargainPath } from '../edition.ts';

/**
 * thirdStep (?id= my succeeded bargain): the free-order card with what the order costs (its
 * shipping shown before the claim). Choose the address and 立即领取: an order owing nothing is
 * paid at once and goes to its claim page, one owing money to the cashier (a flagged claim waits
 * for review: audit).
 */
export default function ThirdStepPage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  if (!id) return <MissingId title="砍价不存在" />;
  return <FreeOrderCard key={id} id={id} edition={edition} />;
}

function FreeOrderCard({ id, edition }: { id: number; edition: BargainEditionId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(detailQuery(id));
  const addresses = useQuery(addressesQuery());
  const { addressId, note, setAddressId, setNote, reset } = useCheckout();
  // One key per claim attempt: a retry after a lost answer gets the same claim back.
  const [clientKey, setClientKey] = useState(newClientKey);

  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;

  const claim = useMutation({
    mutationFn: (chosen: number) =>
      bargainApi.claim({ bargainId: id, addressId: chosen, clientKey, note: note.trim() }),
    meta: { toast: false },
    onSuccess: (data) => {
      reset();
      setClientKey(newClientKey());
      void refreshBargain(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      if (data.order && data.order.payAmount > 0) {
        navigate(payPagePath(data.order), { replace: true });
      } else {
        navigate(bargainPath(edition, 'audit', { id: data.claim.id }), { replace: true });
      }
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '领取失败，请稍后重试');
      if (!isApiError(error)) return;
      if (error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
      if (/^BARGAIN_/.test(error.errorId)) void query.refetch();
    },
  });

  const data = query.data;
  if (!data) return <PageStates query={query} goneTitle="砍价不存在" />;
  const { bargain, item } = data;
  if (!data.isOwner) return <Navigate replace to={bargainPath(edition, 'helpBargain', { id })} />;
  if (data.claim) {
    return <Navigate replace to={bargainPath(edition, 'audit', { id: data.claim.id })} />;
  }
  const claimable = bargain.status === 'succeeded';
  const onClaim = () => {
    if (!address) return showToast('请选择收货地址');
    if (!claim.isPending) claim.mutate(address.id);
  };

  return (
    <EditionShell edition={edition} themeColor={data.edition.themeColor}>
      <section className="bg-card" data-testid="free-order-card">
        <h2 className="bg-card__title">免单卡</h2>
        <div className="bg-panel__goods">
          <Img className="bg-row__image" src={item.image} alt={item.title} />
          <div>
            <div className="text-clamp-2">{item.title}</div>
            {item.skuName && <div className="bg-detail__sku">{item.skuName}</div>}
            <div className="bg-item__prices">
              <Price fen={bargain.targetPrice} />
              <s>{formatPrice(bargain.originalPrice)}</s>
            </div>
          </div>
        </div>
        {claimable && bargain.claimDeadline ? (
          <BargainCountdown
            at={bargain.claimDeadline}
            offsetMs={data.offsetMs}
            label="请在"
            suffix="内领取，逾期作废"
            onReached={() => void query.refetch()}
          />
        ) : (
          <p className="bg-help__block">
            {bargain.status === 'running' ? '砍价尚未成功，继续邀请好友帮砍吧' : '砍价已过期'}
          </p>
        )}
      </section>

      {claimable && (
        <>
          <dl className="card bg-sum" data-testid="free-order-sum">
            <dt>商品金额</dt>
            <dd>{formatPrice(bargain.targetPrice)}</dd>
            <dt>运费</dt>
            <dd data-testid="free-order-shipping">
              {data.shippingFee > 0 ? formatPrice(data.shippingFee) : '免运费'}
            </dd>
            <dt>需支付</dt>
            <dd className="bg-sum__due" data-testid="free-order-pay">
              {formatPrice(bargain.targetPrice + data.shippingFee)}
            </dd>
          </dl>
          <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
          <section className="card bg-note">
            <span>订单备注</span>
            <Input
              aria-label="订单备注"
              placeholder="选填"
              value={note}
              maxLength={Math.min(ORDER_NOTE_MAX, 200)}
              onChange={setNote}
            />
          </section>
          <p className="bg-tip">
            免单商品需确认收货后才能晒单；每件商品每人限领一次，异常领取将进入人工审核。
          </p>
        </>
      )}

      <footer className="bg-bar">
        <span className="bg-bar__note">
          免单价 <Price fen={bargain.targetPrice} />
        </span>
        {claimable ? (
          <Button
            className="bg-bar__button"
            shape="rounded"
            color="primary"
            loading={claim.isPending}
            onClick={onClaim}
            data-testid="claim-free-order"
          >
            立即领取
          </Button>
        ) : (
          <Button
            className="bg-bar__button"
            shape="rounded"
            color="primary"
            onClick={() =>
              navigate(
                bargain.status === 'running'
                  ? bargainPath(edition, 'homeZeroBargain', { id })
                  : bargainPath(edition, 'homeZeroDetail', { id: item.id }),
              )
            }
          >
            {bargain.status === 'running' ? '继续砍价' : '重新发起'}
          </Button>
        )}
      </footer>
    </EditionShell>
  );
}
