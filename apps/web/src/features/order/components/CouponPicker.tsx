import type { CouponChoice } from '@chaopin/contracts';
import { Button, DotLoading, Popup, Tabs } from 'antd-mobile';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { formatDate, formatPrice } from '../../../core/format.ts';
import { couponFace, toggleCoupon } from './couponChoice.ts';
import './couponPicker.css';

type Pane = 'usable' | 'unusable';

/**
 * The checkout's coupon sheet. `picked` is the sheet's own selection, applied only on 确定 (the
 * server re-prices and validates it), so closing the sheet leaves the order as it was.
 */
export function CouponPicker({
  visible,
  coupons,
  loading = false,
  picked,
  applying,
  onPick,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  coupons: CouponChoice[];
  /** The list is being fetched (the sheet asks for it when it opens). */
  loading?: boolean;
  picked: number[];
  applying: boolean;
  onPick: (picked: number[]) => void;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const [pane, setPane] = useState<Pane>('usable');
  const usable = coupons.filter((c) => c.usable);
  const unusable = coupons.filter((c) => !c.usable);
  const list = pane === 'usable' ? usable : unusable;

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyClassName="coupon-picker-popup"
      data-testid="coupon-picker"
    >
      <div className="coupon-picker">
        <header className="coupon-picker__head">
          <h3>优惠券</h3>
          <button
            type="button"
            className="coupon-picker__close"
            aria-label="关闭"
            onClick={onClose}
          >
            <CloseOutline />
          </button>
        </header>
        <Tabs
          activeKey={pane}
          onChange={(key) => setPane(key === 'unusable' ? 'unusable' : 'usable')}
        >
          <Tabs.Tab key="usable" title={`可用优惠券(${usable.length})`} />
          <Tabs.Tab key="unusable" title={`不可用优惠券(${unusable.length})`} />
        </Tabs>
        <div className="coupon-picker__list">
          {loading && (
            <p className="coupon-picker__empty">
              <DotLoading color="primary" />
            </p>
          )}
          {!loading && list.length === 0 && (
            <p className="coupon-picker__empty">
              {pane === 'usable' ? '暂无可用优惠券' : '暂无不可用优惠券'}
            </p>
          )}
          {list.map((choice) => (
            <CouponOption
              key={choice.coupon.id}
              choice={choice}
              checked={picked.includes(choice.coupon.id)}
              onClick={() => onPick(toggleCoupon(picked, choice.coupon, coupons))}
            />
          ))}
        </div>
        <footer className="coupon-picker__foot">
          <button
            type="button"
            className={picked.length === 0 ? 'coupon-none is-checked' : 'coupon-none'}
            aria-pressed={picked.length === 0}
            data-testid="coupon-none"
            onClick={() => onPick([])}
          >
            <span>不使用优惠券</span>
            <CheckMark checked={picked.length === 0} />
          </button>
          <Button
            block
            color="primary"
            shape="rounded"
            loading={applying}
            data-testid="coupon-confirm"
            onClick={onConfirm}
          >
            确定
          </Button>
        </footer>
      </div>
    </Popup>
  );
}

function CouponOption({
  choice,
  checked,
  onClick,
}: {
  choice: CouponChoice;
  checked: boolean;
  onClick: () => void;
}) {
  const { coupon, usable } = choice;
  const testId = `coupon-option-${coupon.id}`;
  const body = (
    <>
      <div className="coupon-opt__face">
        <strong>{couponFace(coupon)}</strong>
        <span>{coupon.threshold > 0 ? `满${formatPrice(coupon.threshold)}可用` : '无门槛'}</span>
      </div>
      <div className="coupon-opt__body">
        <div className="coupon-opt__title">{coupon.title}</div>
        <div className="coupon-opt__scope">
          {coupon.scopeText} · {coupon.name}
        </div>
        <div className="coupon-opt__valid">
          有效期至 {formatDate(coupon.validTo)}
          {coupon.expiringSoon && <em>即将过期</em>}
        </div>
        {!usable && choice.reason && <div className="coupon-opt__reason">{choice.reason}</div>}
      </div>
    </>
  );
  if (!usable) {
    return (
      <div className="coupon-opt is-unusable" data-testid={testId} aria-disabled="true">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={checked ? 'coupon-opt is-checked' : 'coupon-opt'}
      aria-pressed={checked}
      data-testid={testId}
      onClick={onClick}
    >
      {body}
      <div className="coupon-opt__side">
        <span className="coupon-opt__saving">省{formatPrice(choice.saving)}</span>
        <CheckMark checked={checked} />
      </div>
    </button>
  );
}

function CheckMark({ checked }: { checked: boolean }) {
  return checked ? (
    <CheckCircleFill className="coupon-check is-checked" />
  ) : (
    <span className="coupon-check" />
  );
}
