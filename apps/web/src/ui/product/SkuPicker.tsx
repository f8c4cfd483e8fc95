import type { ProductDetail, SkuView } from '@chaopin/contracts';
import { CART_QUANTITY_MAX } from '@chaopin/contracts';
import { Button, Popup, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { formatPrice } from '../../core/format.ts';
import {
  chosenSku,
  initialChoice,
  type SpecChoice,
  toggleValue,
  valueAvailable,
} from '../../core/sku.ts';
import { Img } from '../Img.tsx';
import { Price } from '../Price.tsx';
import './skuPicker.css';

export type PickAction = 'cart' | 'buy';

interface Props {
  product: ProductDetail;
  /** Which button opened the picker; null: closed. `select` shows both buttons. */
  action: PickAction | 'select' | null;
  onClose: () => void;
  onConfirm: (action: PickAction, sku: SkuView, quantity: number) => void;
  busy?: boolean;
}

/** The SKU popup: one row of values per spec axis, price/stock/image of the chosen SKU, quantity. */
export function SkuPicker({ product, action, onClose, onConfirm, busy }: Props) {
  const [choice, setChoice] = useState<SpecChoice>(() =>
    initialChoice(product.skus, product.specAxes),
  );
  const [quantity, setQuantity] = useState(1);
  const sku = chosenSku(product.skus, product.specAxes, choice);
  const maxQuantity = Math.max(1, Math.min(sku?.stock ?? 1, CART_QUANTITY_MAX));
  const missing = product.specAxes.filter((axis) => !choice[axis.name]).map((a) => a.name);
  const soldOut = product.skus.every((s) => s.stock <= 0);

  const pick = (axis: string, value: string) => {
    const next = toggleValue(choice, axis, value);
    setChoice(next);
    const found = chosenSku(product.skus, product.specAxes, next);
    if (found) setQuantity((q) => Math.max(1, Math.min(q, found.stock)));
  };

  const confirm = (which: PickAction) => {
    if (!sku) return;
    onConfirm(which, sku, Math.min(quantity, sku.stock));
  };

  const button = (which: PickAction) => (
    <Button
      key={which}
      block
      shape="rounded"
      color={which === 'buy' ? 'primary' : 'warning'}
      disabled={!sku || sku.stock <= 0}
      loading={busy && which === 'cart'}
      onClick={() => confirm(which)}
    >
      {soldOut ? '已售罄' : which === 'buy' ? '立即购买' : '加入购物车'}
    </Button>
  );

  return (
    <Popup
      visible={action !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sku-picker"
      showCloseButton
      destroyOnClose={false}
    >
      <div className="sku-picker__head">
        <Img
          className="sku-picker__image"
          src={sku?.image || product.mainImage}
          alt={product.title}
        />
        <div className="sku-picker__summary">
          <Price fen={sku?.price ?? product.price} />
          {(sku?.originPrice ?? product.originPrice) > (sku?.price ?? product.price) && (
            <del className="sku-picker__origin">
              {formatPrice(sku?.originPrice ?? product.originPrice)}
            </del>
          )}
          <div className="sku-picker__stock" data-testid="sku-stock">
            库存 {sku ? sku.stock : product.stock} 件
          </div>
          <div className="sku-picker__chosen">
            {sku ? `已选：${sku.name}` : `请选择 ${missing.join(' ')}`}
          </div>
        </div>
      </div>
      <div className="sku-picker__body">
        {product.specAxes.map((axis) => (
          <section key={axis.name} className="sku-picker__axis">
            <h4>{axis.name}</h4>
            <div className="sku-picker__values">
              {axis.values.map((value) => {
                const active = choice[axis.name] === value;
                const available = valueAvailable(product.skus, choice, axis.name, value);
                return (
                  <button
                    type="button"
                    key={value}
                    className={active ? 'sku-value is-active' : 'sku-value'}
                    aria-pressed={active}
                    disabled={!available && !active}
                    onClick={() => pick(axis.name, value)}
                  >
                    {value}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
        <div className="sku-picker__quantity">
          <span>购买数量</span>
          <Stepper
            min={1}
            max={maxQuantity}
            value={quantity}
            disabled={!sku || sku.stock <= 0}
            onChange={(v) => setQuantity(Math.max(1, Math.min(Math.trunc(v) || 1, maxQuantity)))}
          />
        </div>
      </div>
      <div className="sku-picker__actions">
        {action === 'select' ? [button('cart'), button('buy')] : action && button(action)}
      </div>
    </Popup>
  );
}
