import type { NewUserPackData } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import { useSession } from '../../core/session.ts';
import { loginPath } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { couponApi, couponKeys, newUserPackQuery, refreshCoupons } from './couponApi.ts';
import { couponConditions, couponValue, yuanText } from './couponText.ts';
import './newUserPack.css';

const COUPONS_SHOWN = 3;

/**
 * 新人礼包: the pack's total, its first coupons and 一键领取. Whether it shows is the server's
 * call (new users and visitors), so the question waits until a stored login has been checked.
 */
export default function NewUserPackCard() {
  const status = useSession((s) => s.status);
  const userId = useSession((s) => (s.status === 'out' ? null : (s.user?.id ?? null)));
  const query = useQuery({ ...newUserPackQuery(userId), enabled: status !== 'checking' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const claim = useMutation({
    mutationFn: couponApi.claimNewUserPack,
    meta: { toast: false },
    onSuccess: ({ list }) => {
      queryClient.setQueryData<NewUserPackData>(couponKeys.newUserPack(userId), (old) =>
        old ? { ...old, show: false } : old,
      );
      void refreshCoupons(queryClient);
      showToast(`已领取${list.length}张优惠券，可在「我的优惠券」查看`);
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '领取失败，请稍后重试');
      void refreshCoupons(queryClient);
    },
  });

  const pack = query.data;
  if (!pack?.show || pack.list.length === 0) return null;
  const signedIn = status === 'in';
  const blocked = signedIn && !pack.eligible;

  const onClaim = () => {
    if (!signedIn) {
      showToast('请先登录');
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    if (!claim.isPending) claim.mutate();
  };

  return (
    <section className="nup card" aria-label="新人专享礼包" data-testid="new-user-pack">
      <header className="nup__head">
        <span className="nup__title">新人专享礼包</span>
        <span className="nup__total">
          <small>¥</small>
          {yuanText(pack.totalAmount)}
        </span>
        <span className="nup__sub">共{pack.list.length}张优惠券</span>
      </header>
      <div className="nup__main">
        <ul className="nup__coupons">
          {pack.list.slice(0, COUPONS_SHOWN).map((t) => {
            const value = couponValue(t);
            return (
              <li key={t.id} className="nup__coupon">
                <b>
                  {value.before && <small>{value.unit}</small>}
                  {value.figure}
                  {!value.before && <small>{value.unit}</small>}
                </b>
                <span>{couponConditions(t)[0]}</span>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="nup__claim"
          data-testid="new-user-pack-claim"
          disabled={blocked || claim.isPending}
          onClick={onClaim}
        >
          {blocked ? '仅限新用户' : claim.isPending ? '领取中' : '一键领取'}
        </button>
      </div>
    </section>
  );
}
