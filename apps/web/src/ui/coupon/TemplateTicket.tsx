import type { CouponTemplateView } from '@chaopin/contracts';
import { CouponTicket } from './CouponTicket.tsx';
import { claimAction } from './couponText.ts';

/** A claimable template with its 立即领取 / 已领取 / 已抢光 button. */
export function TemplateTicket({
  template,
  pending,
  onClaim,
}: {
  template: CouponTemplateView;
  /** Its claim is on the way. */
  pending: boolean;
  onClaim: (template: CouponTemplateView) => void;
}) {
  const action = claimAction(template);
  return (
    <CouponTicket
      coupon={template}
      validity={template.validText}
      forNewUsers={template.audience === 'new'}
      stamp={template.state === 'soldOut' ? '已抢光' : null}
      testId={`coupon-template-${template.id}`}
      action={
        <button
          type="button"
          className={action.enabled ? 'cp-btn' : 'cp-btn cp-btn--done'}
          data-testid={`coupon-claim-${template.id}`}
          disabled={!action.enabled || pending}
          onClick={() => onClaim(template)}
        >
          {pending ? '领取中' : action.label}
        </button>
      }
    />
  );
}
