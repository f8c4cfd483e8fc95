import type { OrderLineInput, SkuView } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, Popup } from 'antd-mobile';
import { useState } from 'react';
import { productQuery } from '../../../ui/product/productApi.ts';
import { SkuPicker } from '../../../ui/product/SkuPicker.tsx';
import { LiveCheckout } from './LiveCheckout.tsx';

type Step = 'sku' | 'checkout' | 'done';

/**
 * Buying from the room without leaving it: the product's SKU picker, then a checkout sheet
 * (address, amount, 提交订单 with the room's id) and its payment: the balance with the pay
 * password, or online in the cashier sheet (去充值 too). The video keeps playing underneath.
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
        <LiveCheckout
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
