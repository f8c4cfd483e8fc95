import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { type ComponentType, lazy, useEffect } from 'react';
import { showToast } from '../../../ui/toast.ts';
import type { ProductErrorProps } from './ProductError.tsx';

/**
 * What the first screen does not show is loaded once the main picture (the page's LCP) is on
 * screen, each part a chunk of its own: a cold product page then waits on the page's own file
 * and the data only. A part whose chunk fails to load (offline) says so when it is opened, rather
 * than taking the page into the route's error screen.
 */
function part<P extends object>(
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<P> = () => null,
) {
  return lazy(() =>
    load().then(
      (c) => ({ default: c }),
      () => ({ default: failed }),
    ),
  );
}

/** A popup whose chunk failed: opening it says so and closes it again. */
function Unavailable({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    showToast('网络不给力，请稍后重试');
    onClose();
  }, [open, onClose]);
  return null;
}

/** The 领券 row and its sheet: asked for after the main picture, absent without coupons. */
export const CouponSheet = part(() =>
  import('../../../ui/coupon/CouponSheet.tsx').then((m) => m.CouponSheet),
);
/** The 限时秒杀 strip: fetched only for a product with a sale. */
export const SeckillStrip = part(() => import('./SeckillStrip.tsx').then((m) => m.default));
export const SkuPicker = part(
  () => import('../../../ui/product/SkuPicker.tsx').then((m) => m.SkuPicker),
  (p) => <Unavailable open={p.action !== null} onClose={p.onClose} />,
);
export const SharePopup = part(
  () => import('../../../ui/share/SharePopup.tsx').then((m) => m.SharePopup),
  (p) => <Unavailable open={p.visible} onClose={p.onClose} />,
);
export const ServiceButton = part(() =>
  import('../../../ui/chat/ServiceButton.tsx').then((m) => m.ServiceButton),
);
/**
 * The error screen (ErrorBlock's pictures), only for a product that is gone or failed; plain text
 * and the button where its chunk cannot be loaded either (offline).
 */
export const ProductError = part(
  () => import('./ProductError.tsx').then((m) => m.default),
  ({ title, description, action, onAction }: ProductErrorProps) => (
    <div className="pd-error">
      <h2>{title}</h2>
      <p>{description}</p>
      <button type="button" onClick={onAction}>
        {action}
      </button>
    </div>
  ),
);

/** The footer's 客服 button as it looks until its chunk (the chat client's helpers) is in. */
export function ServicePlaceholder({ className }: { className: string }) {
  return (
    <button type="button" className={className} data-testid="service-button" disabled>
      <MessageOutline />
      <span>客服</span>
    </button>
  );
}
