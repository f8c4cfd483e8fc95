import { ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input } from 'antd-mobile';
import { KoubeiOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { orderApi } from '../../../core/api/order.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { queryKeys } from '../../../core/queries.ts';
import { decodeLines } from '../../../core/sku.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { Price } from '../../goods/components/Price.tsx';
import { AddressRow } from '../components/AddressRow.tsx';
import { OrderLines } from '../components/OrderLines.tsx';
import '../order.css';

/** 确认订单: from the cart (?items=…&fromCart=1) or buy-now (?items=skuId*qty). */
export default function WriteOrderPage() {
  const [params] = useSearchParams();
  const itemsText = params.get('items') ?? '';
  const lines = decodeLines(itemsText);
  const fromCart = params.get('fromCart') === '1';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addressId, note, setAddressId, setNote, reset } = useCheckout();
  // One key per visit: a double tap or a retry after a lost answer returns the same order.
  const [clientKey] = useState(newClientKey);

  const preview = useQuery({
    queryKey: ['order', 'preview', itemsText, addressId],
    queryFn: () => orderApi.preview(lines, addressId ?? undefined),
    enabled: lines.length > 0,
    retry: false,
  });

  // A chosen address that has been deleted since: fall back to the default one.
  const staleAddress =
    addressId !== null && isApiError(preview.error) && preview.error.errorId === 'ADDRESS_REQUIRED';
  useEffect(() => {
    if (staleAddress) setAddressId(null);
  }, [staleAddress, setAddressId]);

  const submit = useMutation({
    mutationFn: (address: number) =>
      orderApi.create({ clientKey, addressId: address, items: lines, fromCart, note: note.trim() }),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
      reset();
      const query = new URLSearchParams({
        orderNo: data.payNo,
        amount: String(data.payAmount),
        expiresAt: data.expiresAt,
        orders: data.orderNos.join(','),
      });
      navigate(`${PATHS.pay}?${query}`, { replace: true });
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
    if (preview.isError && !staleAddress) {
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
  const onSubmit = () => {
    if (!data.address) return showToast('请选择收货地址');
    if (!submit.isPending) submit.mutate(data.address.id);
  };

  return (
    <div className="write-order">
      <AddressRow address={data.address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />

      {data.stores.map((store) => (
        <section key={store.storeId} className="wo-store card">
          <header className="wo-store__name">
            <KoubeiOutline /> {store.storeName}
          </header>
          <OrderLines items={store.items} link={false} />
          <div className="wo-row">
            <span>运费</span>
            <span>{store.shippingFee === 0 ? '包邮' : formatPrice(store.shippingFee)}</span>
          </div>
          <div className="wo-row wo-row--sub">
            <span>小计</span>
            <Price fen={store.payAmount} />
          </div>
        </section>
      ))}

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
          <span>{formatPrice(data.goodsAmount)}</span>
        </div>
        <div className="wo-row">
          <span>运费</span>
          <span>{data.shippingFee === 0 ? '包邮' : `+${formatPrice(data.shippingFee)}`}</span>
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
          disabled={!data.address}
          onClick={onSubmit}
        >
          提交订单
        </Button>
      </footer>
    </div>
  );
}
