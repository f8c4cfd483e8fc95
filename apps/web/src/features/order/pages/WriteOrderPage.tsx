import { ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input, Switch } from 'antd-mobile';
import { KoubeiOutline, QuestionCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { decodeLines } from '../../../core/sku.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showToast } from '../../../ui/toast.ts';
import { orderApi, orderKeys, type PreviewChoice } from '../api.ts';
import { CouponPicker } from '../components/CouponPicker.tsx';
import '../../../ui/order/order.css';

/** 确认订单: from the cart (?items=…&fromCart=1) or buy-now (?items=skuId*qty). */
export default function WriteOrderPage() {
  const [params] = useSearchParams();
  const itemsText = params.get('items') ?? '';
  const lines = decodeLines(itemsText);
  const fromCart = params.get('fromCart') === '1';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    addressId,
    note,
    choice: stored,
    setAddressId,
    setNote,
    setChoice,
    reset,
  } = useCheckout();
  // One key per visit: a double tap or a retry after a lost answer returns the same order.
  const [clientKey] = useState(newClientKey);
  // Nothing chosen yet (fields absent): the server applies its best coupons and the red packet.
  const choice: PreviewChoice =
    stored?.items === itemsText
      ? {
          couponIds: stored.couponIds,
          useRedPacket: stored.useRedPacket,
          usePoints: stored.usePoints,
        }
      : {};
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);

  // Keyed by this visit too: every visit prices afresh (a coupon claimed or a red packet opened
  // since changes the best choice, and a stale one would be submitted as it is).
  const previewKey = (c: PreviewChoice) => [
    'order',
    'preview',
    clientKey,
    itemsText,
    addressId,
    c.couponIds ?? null,
    c.useRedPacket ?? null,
    c.usePoints ?? null,
  ];
  const runPreview = (c: PreviewChoice) => orderApi.preview(lines, addressId ?? undefined, c);
  const preview = useQuery({
    queryKey: previewKey(choice),
    queryFn: () => runPreview(choice),
    enabled: lines.length > 0,
    retry: false,
  });
  // The coupon sheet's list (every coupon with its fit and saving) is asked for only when the
  // sheet opens: checkout itself shows the counts, so a full wallet does not slow every preview.
  const sheet = useQuery({
    queryKey: [...previewKey(choice), 'coupons'],
    queryFn: () => orderApi.preview(lines, addressId ?? undefined, choice, { listCoupons: true }),
    enabled: picking && lines.length > 0,
    retry: false,
  });

  // A new choice is priced before it is kept, so a refused one (its toast is the server's reason)
  // leaves the page on the last good preview instead of an error screen.
  const apply = useMutation({
    mutationFn: async (next: PreviewChoice) => {
      await queryClient.fetchQuery({
        queryKey: previewKey(next),
        queryFn: () => runPreview(next),
        retry: false,
        staleTime: 0,
        meta: { toast: false },
      });
      return next;
    },
    onSuccess: (next) => {
      setChoice({ items: itemsText, ...next });
      setPicking(false);
    },
  });

  // Coupons picked earlier that can no longer be used (held by another order, expired): the
  // query's toast says why, and the server chooses again.
  const staleCoupons =
    choice.couponIds !== undefined &&
    isApiError(preview.error) &&
    preview.error.errorId.startsWith('COUPON_');
  const keptRedPacket = choice.useRedPacket;
  const keptPoints = choice.usePoints;
  useEffect(() => {
    if (staleCoupons) {
      setChoice({ items: itemsText, useRedPacket: keptRedPacket, usePoints: keptPoints });
    }
  }, [staleCoupons, itemsText, keptRedPacket, keptPoints, setChoice]);

  // A chosen address that has been deleted since: fall back to the default one.
  const staleAddress =
    addressId !== null && isApiError(preview.error) && preview.error.errorId === 'ADDRESS_REQUIRED';
  useEffect(() => {
    if (staleAddress) setAddressId(null);
  }, [staleAddress, setAddressId]);

  const submit = useMutation({
    mutationFn: (order: {
      addressId: number;
      couponIds: number[];
      useRedPacket: boolean;
      usePoints: boolean;
    }) => orderApi.create({ clientKey, items: lines, fromCart, note: note.trim(), ...order }),
    meta: { toast: false },
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
      reset();
      navigate(payPagePath(data), { replace: true });
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试');
      void preview.refetch();
    },
  });

  if (lines.length === 0) {
    return <ErrorBlock status="empty" title="没有要结算的商品" description="请返回重新选择" />;
  }
  const data = preview.data;
  if (!data) {
    if (preview.isError && !staleAddress && !staleCoupons) {
      return (
        <ErrorBlock
          status="default"
          title={isApiError(preview.error) ? preview.error.msg : '加载失败'}
          description="请返回调整后重试"
        >
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => void preview.refetch()}
          >
            重新加载
          </Button>
        </ErrorBlock>
      );
    }
    return <PageLoading />;
  }

  const count = lines.reduce((n, l) => n + l.quantity, 0);
  const usableCoupons = data.couponCounts.usable;
  const onSubmit = () => {
    if (!data.address) return showToast('请选择收货地址');
    // Exactly what this preview priced, so the order costs what the page shows.
    if (!submit.isPending) {
      submit.mutate({
        addressId: data.address.id,
        couponIds: data.couponIds,
        useRedPacket: data.useRedPacket,
        usePoints: data.usePoints,
      });
    }
  };
  const openPicker = () => {
    setPicked(data.couponIds);
    setPicking(true);
  };
  const storeDiscount = data.discountAmount - data.platformDiscount;
  const switching = apply.isPending && apply.variables.useRedPacket !== choice.useRedPacket;
  const switchingPoints = apply.isPending && apply.variables.usePoints !== choice.usePoints;

  return (
    <div className="write-order">
      <AddressRow address={data.address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />

      {data.stores.map((store) => (
        <section key={store.storeId} className="wo-store card">
          <header className="wo-store__name">
            <KoubeiOutline /> {store.storeName}
          </header>
          <OrderLines items={store.items} link={false} />
          {/* Each store's shipping before the user commits; discounts are listed once, below. */}
          <div className="wo-row" data-testid="store-shipping">
            <span>运费</span>
            <span>{store.shippingFee === 0 ? '包邮' : formatPrice(store.shippingFee)}</span>
          </div>
        </section>
      ))}

      <section className="wo-store card">
        <button
          type="button"
          className="wo-row wo-row--link"
          data-testid="coupon-row"
          onClick={openPicker}
        >
          <span>优惠券</span>
          <span className="wo-row__value">
            {data.couponIds.length > 0 ? (
              <span className="wo-muted">已选{data.couponIds.length}张</span>
            ) : (
              <span className={usableCoupons > 0 ? 'wo-coupon-hint' : 'wo-muted'}>
                {usableCoupons > 0 ? `${usableCoupons}张可用` : '无可用'}
              </span>
            )}
            <RightOutline className="wo-muted" />
          </span>
        </button>
        <div className="wo-row">
          <span className="wo-row__label">
            红包抵扣
            <Link className="wo-help" to={PATHS.orderRule} aria-label="红包抵扣规则">
              <QuestionCircleOutline />
            </Link>
          </span>
          <span className="wo-row__value">
            <span className="wo-muted">
              红包余额{formatPrice(data.redPacketBalance)}，本单可抵
              {formatPrice(data.redPacketDeductible)}
            </span>
            <Switch
              data-testid="redpacket-switch"
              aria-label="使用红包抵扣"
              checked={data.useRedPacket}
              loading={switching}
              disabled={apply.isPending || (!data.useRedPacket && data.redPacketDeductible === 0)}
              onChange={(on) => apply.mutate({ ...choice, useRedPacket: on })}
            />
          </span>
        </div>
        <div className="wo-row">
          <span className="wo-row__label">
            积分抵扣
            <Link className="wo-help" to={PATHS.orderRule} aria-label="积分抵扣规则">
              <QuestionCircleOutline />
            </Link>
          </span>
          <span className="wo-row__value">
            <span className="wo-muted" data-testid="points-offer">
              {data.usePoints
                ? `使用${data.pointsUsed}积分`
                : `共${data.pointsBalance}积分，本单可抵${formatPrice(data.pointsDeductible)}`}
            </span>
            <Switch
              data-testid="points-switch"
              aria-label="使用积分抵扣"
              checked={data.usePoints}
              loading={switchingPoints}
              disabled={apply.isPending || (!data.usePoints && data.pointsDeductible === 0)}
              onChange={(on) => apply.mutate({ ...choice, usePoints: on })}
            />
          </span>
        </div>
      </section>

      <section className="wo-store card">
        <div className="wo-row">
          <span>订单备注</span>
          <Input
            className="wo-note"
            placeholder="选填，请先和商家协商一致"
            value={note}
            maxLength={ORDER_NOTE_MAX}
            onChange={setNote}
          />
        </div>
      </section>

      <section className="wo-store card">
        <div className="wo-row">
          <span>商品金额</span>
          <span data-testid="goods-amount">{formatPrice(data.goodsAmount)}</span>
        </div>
        {(data.memberSaving ?? 0) > 0 && (
          <div className="wo-row">
            <span>会员价已省</span>
            <span className="wo-minus" data-testid="member-saving">
              {formatPrice(data.memberSaving ?? 0)}
            </span>
          </div>
        )}
        <div className="wo-row">
          <span>运费</span>
          <span data-testid="shipping-total">
            {data.shippingFee === 0 ? '包邮' : `+${formatPrice(data.shippingFee)}`}
          </span>
        </div>
        {/* Each discount once, named by who pays for it: they and the charges make 实付. */}
        {storeDiscount > 0 && (
          <div className="wo-row">
            <span>店铺优惠</span>
            <span className="wo-minus" data-testid="store-discount">
              -{formatPrice(storeDiscount)}
            </span>
          </div>
        )}
        {data.platformDiscount > 0 && (
          <div className="wo-row">
            <span>平台优惠</span>
            <span className="wo-minus" data-testid="platform-discount">
              -{formatPrice(data.platformDiscount)}
            </span>
          </div>
        )}
        <div className="wo-row">
          <span>红包</span>
          <span className="wo-minus" data-testid="redpacket-deduction">
            -{formatPrice(data.redPacketDeduction)}
          </span>
        </div>
        {data.pointsDeduction > 0 && (
          <div className="wo-row">
            <span>积分抵扣</span>
            <span className="wo-minus" data-testid="points-deduction">
              -{formatPrice(data.pointsDeduction)}
            </span>
          </div>
        )}
        <div className="wo-row wo-row--sub">
          <span>实付</span>
          <span data-testid="pay-total">
            <Price fen={data.totalAmount} />
          </span>
        </div>
        <p className="wo-rule">
          每个店铺满{formatPrice(data.freeShippingThreshold)}包邮，不满收取运费
          {formatPrice(data.shippingFeePerStore)}
          <Link className="wo-rule__link" to={PATHS.orderRule}>
            运费及抵扣规则
          </Link>
        </p>
      </section>

      <footer className="wo-bar">
        <span className="wo-bar__count">共{count}件</span>
        <span className="wo-bar__total">
          合计：
          <span data-testid="order-total">
            <Price fen={data.totalAmount} />
          </span>
        </span>
        <Button
          color="primary"
          shape="rounded"
          loading={submit.isPending}
          disabled={!data.address || apply.isPending}
          onClick={onSubmit}
        >
          提交订单
        </Button>
      </footer>

      <CouponPicker
        visible={picking}
        coupons={sheet.data?.coupons ?? []}
        loading={sheet.isPending}
        picked={picked}
        applying={apply.isPending && !switching}
        onPick={setPicked}
        onClose={() => setPicking(false)}
        onConfirm={() => apply.mutate({ ...choice, couponIds: picked })}
      />
    </div>
  );
}
