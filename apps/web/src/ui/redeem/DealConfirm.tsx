import type { NewOrderData } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCheckout } from '../../core/checkout.ts';
import { formatPrice } from '../../core/format.ts';
import { AddressRow } from '../address/AddressRow.tsx';
import { addressesQuery } from '../address/addressesQuery.ts';
import { Img } from '../Img.tsx';
import { PATHS } from '../pageConfig.ts';
import { payPagePath } from '../payLink.ts';
import './redeem.css';

/**
 * Clears a confirm step kept across the trip to the address list when the page is left for
 * anywhere else (so it is not open again on the next visit).
 */
export function useClearOnLeave(clear: () => void): void {
  useEffect(
    () => () => {
      if (!window.location.hash.includes(PATHS.addresses)) clear();
    },
    [clear],
  );
}

/** Where a placed deal order goes: the cashier when shipping (or cash) is due, else its page. */
export function dealOrderPath(order: NewOrderData): string {
  if (order.payAmount <= 0) {
    return `${PATHS.orderInfo}?orderNo=${encodeURIComponent(order.orderNos[0] ?? order.payNo)}`;
  }
  return payPagePath(order);
}

export interface DealGoods {
  title: string;
  skuName: string;
  image: string;
  /** The SKU's own price, struck through. */
  originalPrice: number;
  /** The goods price of the order (¥0, or the mall item's cash part). */
  price: number;
  shippingFee: number;
  /** Points spent with the order (mall items). */
  points?: number;
}

/**
 * The confirm step of a product from a redeem code or the points mall: the goods, what the order
 * costs (goods price, the store's shipping, paid at the cashier), and the delivery address (the
 * same picker as writeOrder: the address list with ?select=1, the choice kept in the checkout
 * store across the trip). `onConfirm` gets the chosen address id.
 */
export function DealConfirm({
  goods,
  confirmText,
  pending,
  onConfirm,
}: {
  goods: DealGoods;
  confirmText: string;
  pending: boolean;
  onConfirm: (addressId: number) => void;
}) {
  const navigate = useNavigate();
  const addresses = useQuery(addressesQuery());
  const addressId = useCheckout((s) => s.addressId);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const payAmount = goods.price + goods.shippingFee;

  return (
    <div className="rd-deal" data-testid="deal-confirm">
      <div className="rd-deal__goods">
        <Img className="rd-deal__image" src={goods.image} alt={goods.title} />
        <div>
          <div className="rd-deal__title">{goods.title}</div>
          {goods.skuName && <div className="rd-deal__sku">{goods.skuName}</div>}
          <div className="rd-deal__price">
            {goods.points !== undefined && <b>{goods.points} 积分</b>}
            {(goods.points === undefined || goods.price > 0) && (
              <b>
                {goods.points !== undefined && ' + '}
                {formatPrice(goods.price)}
              </b>
            )}
            <s>{formatPrice(goods.originalPrice)}</s>
          </div>
        </div>
      </div>
      {addresses.isPending ? (
        <DotLoading />
      ) : (
        <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
      )}
      <dl className="rd-deal__sum">
        <dt>商品金额</dt>
        <dd>{formatPrice(goods.price)}</dd>
        <dt>运费</dt>
        <dd data-testid="deal-shipping">
          {goods.shippingFee > 0 ? formatPrice(goods.shippingFee) : '免运费'}
        </dd>
        <dt>需支付</dt>
        <dd className="rd-deal__due" data-testid="deal-pay">
          {formatPrice(payAmount)}
        </dd>
      </dl>
      {payAmount > 0 && (
        <p className="rd-hint">
          下单后请在收银台支付{goods.price > 0 ? '现金部分与' : ''}运费，超时未支付订单将自动取消
          {goods.points !== undefined ? '，积分退回' : '，兑换码可重新使用'}。
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="deal-submit"
        loading={pending}
        onClick={() => (address ? onConfirm(address.id) : navigate(`${PATHS.addresses}?select=1`))}
      >
        {address ? confirmText : '请添加收货地址'}
      </Button>
    </div>
  );
}
