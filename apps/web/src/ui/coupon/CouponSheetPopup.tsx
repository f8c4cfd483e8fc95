import type { CouponTemplateView } from '@chaopin/contracts';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { TemplateTicket } from './TemplateTicket.tsx';
import { useClaimCoupon } from './useClaimCoupon.ts';

/** The 领券 sheet: every coupon of the product or store, each with its claim button. */
export default function CouponSheetPopup({
  templates,
  visible,
  onClose,
}: {
  templates: CouponTemplateView[];
  visible: boolean;
  onClose: () => void;
}) {
  const { claim, pendingId } = useClaimCoupon();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="cp-sheet">
      <div className="cp-sheet__body" data-testid="coupon-sheet">
        <header className="cp-sheet__head">
          <h2>优惠券</h2>
          <button type="button" className="cp-sheet__close" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        <p className="cp-sheet__hint">可领优惠券</p>
        <div className="cp-sheet__list">
          {templates.map((template) => (
            <TemplateTicket
              key={template.id}
              template={template}
              pending={pendingId === template.id}
              onClaim={claim}
            />
          ))}
        </div>
      </div>
    </Popup>
  );
}
