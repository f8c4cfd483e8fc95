import type { NewOrderData, OrderLineInput, SkuView } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { orderApi, payApi } from '../../../core/api/order.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { addressesQuery, productQuery, queryKeys } from '../../../core/queries.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { Price } from '../../goods/components/Price.tsx';
import { SkuPicker } from '../../goods/components/SkuPicker.tsx';
import { AddressRow } from '../../order/components/AddressRow.tsx';
import { OrderLines } from '../../order/components/OrderLines.tsx';
import { PayPasswordSheet } from './PayPasswordSheet.tsx';
import { usePayPasswordGate } from './usePayPasswordGate.ts';
import '../../goods/productDetail.css';
import '../../order/order.css';

type Step = 'sku' | 'checkout' | 'done';

/**
 * Buying from the room without leaving it: the product's SKU picker, then a checkout sheet
 * (address, amount, 提交订单 with the room's id) and the balance payment with the pay password.
 * The video keeps playing underneath.
 */
export function BuySheet({
  roomId,
  productId,
  onClose,
}: {
  roomId: number;
  /** The product being bought; null: closed. */
  productId: number | null;
  onClose: () => void;
}) {
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId !== null });
  const [step, setStep] = useState<Step>('sku');
  const [lines, setLines] = useState<OrderLineInput[]>([]);

  if (productId === null) return null;
  const close = () => {
    setStep('sku');
    setLines([]);
    onClose();
  };
  if (!product.data) {
    return (
      <Popup visible onMaskClick={close} bodyClassName="lp-sheet">
        <div className="buy-loading">
          {product.isError ? '商品加载失败' : <DotLoading color="primary" />}
        </div>
      </Popup>
    );
  }
  return (
    <>
      <SkuPicker
        key={productId}
        product={product.data}
        action={step === 'sku' ? 'buy' : null}
        onClose={close}
        onConfirm={(_a, sku: SkuView, quantity) => {
          setLines([{ skuId: sku.id, quantity }]);
          setStep('checkout');
        }}
      />
      {step !== 'sku' && lines.length > 0 && (
        <Checkout
          roomId={roomId}
          lines={lines}
          done={step === 'done'}
          onPaid={() => setStep('done')}
          onBack={() => setStep('sku')}
          onClose={close}
        />
      )}
    </>
  );
}

function Checkout({
  roomId,
  lines,
  done,
  onPaid,
  onBack,
  onClose,
}: {
  roomId: number;
  lines: OrderLineInput[];
  done: boolean;
  onPaid: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const payGate = usePayPasswordGate();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [clientKey] = useState(newClientKey);
  const [order, setOrder] = useState<NewOrderData | null>(null);
  const [asking, setAsking] = useState(false);

  const preview = useQuery({
    queryKey: ['order', 'preview', 'live', clientKey, roomId, JSON.stringify(lines), addressId],
    queryFn: () => orderApi.preview(lines, addressId ?? undefined),
    retry: false,
  });
  const addresses = useQuery({ ...addressesQuery(), enabled: choosing });

  const create = useMutation({
    mutationFn: (address: number) =>
      orderApi.create({
        clientKey,
        addressId: address,
        items: lines,
        liveRoomId: roomId,
        // What the preview applied (its best coupons and the red packet) is what is paid.
        couponIds: preview.data?.couponIds ?? [],
        useRedPacket: preview.data?.useRedPacket ?? false,
      }),
    onSuccess: (data) => {
      setOrder(data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
    },
  });

  const data = preview.data;
  const amount = order?.payAmount ?? data?.totalAmount ?? 0;
  const short = data ? data.balance < amount : false;

  const submit = async () => {
    if (!data) return;
    if (!data.address) return showToast('请选择收货地址');
    if (short) return showToast('余额不足，请先充值');
    let placed = order;
    if (!placed) {
      try {
        placed = await create.mutateAsync(data.address.id);
      } catch {
        void preview.refetch();
        return;
      }
    }
    if (await payGate()) setAsking(true);
  };

  const pay = async (password: string) => {
    if (!order) return;
    try {
      const result = await payApi.withBalance(order.payNo, password);
      setAsking(false);
      onPaid();
      queryClient.setQueryData(queryKeys.balance, { balance: result.balance });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payTypes });
      void queryClient.invalidateQueries({ queryKey: ['live', 'shelf', roomId] });
      showToast('支付成功');
    } catch (error) {
      showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
      if (isApiError(error) && error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      throw error;
    }
  };

  return (
    <>
      <Popup
        visible
        onMaskClick={done ? onClose : undefined}
        bodyClassName="lp-sheet checkout-sheet"
      >
        <div className="checkout" data-testid="live-checkout">
          <header className="checkout__head">
            {!done && !order && (
              <button type="button" className="checkout__back" onClick={onBack}>
                返回
              </button>
            )}
            <span>{done ? '支付成功' : '确认订单'}</span>
            <button type="button" className="checkout__close" aria-label="关闭" onClick={onClose}>
              <CloseOutline />
            </button>
          </header>
          {done ? (
            <div className="checkout__done" data-testid="live-paid">
              <CheckCircleFill className="checkout__done-icon" />
              <p>支付成功，商家将尽快为您发货</p>
              <div className="checkout__done-amount">{formatPrice(amount)}</div>
              <div className="checkout__done-actions">
                <Button shape="rounded" onClick={onClose}>
                  继续看直播
                </Button>
                <Button
                  shape="rounded"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(PATHS.orders)}
                >
                  查看订单
                </Button>
              </div>
            </div>
          ) : !data ? (
            <div className="buy-loading">
              {preview.isError ? (
                <span>{isApiError(preview.error) ? preview.error.msg : '加载失败'}</span>
              ) : (
                <DotLoading color="primary" />
              )}
            </div>
          ) : (
            <>
              <div className="checkout__body">
                <AddressRow address={data.address} onClick={() => !order && setChoosing(true)} />
                {data.stores.map((store) => (
                  <section key={store.storeId} className="checkout__store">
                    <div className="checkout__store-name">{store.storeName}</div>
                    <OrderLines items={store.items} link={false} />
                  </section>
                ))}
                <div className="checkout__row">
                  <span>商品金额</span>
                  <span>{formatPrice(data.goodsAmount)}</span>
                </div>
                <div className="checkout__row">
                  <span>运费</span>
                  <span>
                    {data.shippingFee === 0 ? '包邮' : `+${formatPrice(data.shippingFee)}`}
                  </span>
                </div>
                <div className="checkout__row">
                  <span>支付方式</span>
                  <span className={short ? 'checkout__short' : ''}>
                    余额支付（可用 {formatPrice(data.balance)}）{short ? ' 余额不足' : ''}
                  </span>
                </div>
              </div>
              <footer className="checkout__bar">
                <span className="checkout__total">
                  合计 <Price fen={amount} />
                </span>
                <Button
                  color="primary"
                  shape="rounded"
                  data-testid="live-checkout-submit"
                  loading={create.isPending}
                  disabled={!data.address || short}
                  onClick={() => void submit()}
                >
                  {order ? '去支付' : '提交订单'}
                </Button>
              </footer>
            </>
          )}
        </div>
      </Popup>

      <Popup
        visible={choosing}
        onMaskClick={() => setChoosing(false)}
        bodyClassName="lp-sheet address-sheet"
        style={{ zIndex: 1050 }}
      >
        <header className="checkout__head">
          <span>选择收货地址</span>
          <button
            type="button"
            className="checkout__close"
            aria-label="关闭"
            onClick={() => setChoosing(false)}
          >
            <CloseOutline />
          </button>
        </header>
        <div className="address-sheet__list">
          {addresses.data?.map((a) => (
            <button
              type="button"
              key={a.id}
              className={a.id === data?.address?.id ? 'address-opt is-active' : 'address-opt'}
              onClick={() => {
                setAddressId(a.id);
                setChoosing(false);
              }}
            >
              <div className="address-opt__who">
                {a.name} <span>{a.phone}</span> {a.isDefault && <em>默认</em>}
              </div>
              <div className="address-opt__full">{a.fullAddress}</div>
            </button>
          ))}
          {addresses.data?.length === 0 && <p className="shelf-sheet__empty">还没有收货地址</p>}
          <Button block shape="rounded" onClick={() => navigate(PATHS.addAddress)}>
            新增收货地址
          </Button>
        </div>
      </Popup>

      <PayPasswordSheet
        visible={asking}
        amount={amount}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </>
  );
}
