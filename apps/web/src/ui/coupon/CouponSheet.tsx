import { useQuery } from '@tanstack/react-query';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../core/session.ts';
import { type CouponSource, couponsOfQuery } from './couponApi.ts';
import { couponRule } from './couponText.ts';
import './coupon.css';

// The popup (antd-mobile's Popup and its animation library) is fetched on the first tap: most
// visitors of a product or a store never open it.
const CouponSheetPopup = lazy(() => import('./CouponSheetPopup.tsx'));

const CHIPS_SHOWN = 2;

/**
 * The 领券 row of a product's or a store's page: the first coupons' rules, opening a sheet that
 * lists them all with their claim buttons. Nothing to claim, no row.
 */
export function CouponSheet(source: CouponSource) {
  const userId = useSession((s) => (s.status === 'out' ? null : (s.user?.id ?? null)));
  const query = useQuery(couponsOfQuery(source, userId));
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const templates = query.data?.list ?? [];
  if (templates.length === 0) return null;

  return (
    <>
      <button
        type="button"
        className="cp-row"
        data-testid="coupon-row"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span className="cp-row__label">领券</span>
        <span className="cp-row__chips">
          {templates.slice(0, CHIPS_SHOWN).map((t) => (
            <span key={t.id} className="cp-chip">
              {couponRule(t)}
            </span>
          ))}
        </span>
        {templates.length > CHIPS_SHOWN && (
          <span className="cp-row__more">共{templates.length}张</span>
        )}
        <RightOutline className="cp-row__arrow" />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CouponSheetPopup templates={templates} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
