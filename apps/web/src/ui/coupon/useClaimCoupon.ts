import type { CouponTemplateView } from '@chaopin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import { useSession } from '../../core/session.ts';
import { loginPath } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { couponApi, refreshCoupons, showClaimed } from './couponApi.ts';

/**
 * 立即领取 on any template list. Signed-out users are sent to log in first (and come back here).
 * The row changes at once; every coupon list is then refetched, since a claim also changes
 * 我的优惠券 and possibly the same template elsewhere.
 */
export function useClaimCoupon(): {
  claim: (template: Pick<CouponTemplateView, 'id'>) => void;
  pendingId: number | null;
} {
  const signedOut = useSession((s) => s.status === 'out');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: (templateId: number) => couponApi.claim(templateId),
    meta: { toast: false },
    onSuccess: (_coupon, templateId) => {
      showClaimed(queryClient, templateId);
      void refreshCoupons(queryClient);
      showToast('领取成功');
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '领取失败，请稍后重试');
      // 已抢光 / 已领过: the row should say so rather than offer the button again.
      void refreshCoupons(queryClient);
    },
  });

  const claim = (template: Pick<CouponTemplateView, 'id'>) => {
    if (signedOut) {
      showToast('请先登录');
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    if (!mutation.isPending) mutation.mutate(template.id);
  };
  return { claim, pendingId: mutation.isPending ? (mutation.variables ?? null) : null };
}
