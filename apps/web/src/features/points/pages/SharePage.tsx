import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { inviteQuery } from '../../../ui/promotion/promoKeys.ts';
import { InviteShare } from '../../../ui/share/InviteShare.tsx';
import { showSuccess } from '../../../ui/toast.ts';
import { pointsApi, refreshPoints } from '../api.ts';
import '../../../ui/promotion/promotion.css';
import '../points.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/**
 * sharePage (分享得积分): my invitation poster (drawn by the server, its QR my registration link)
 * to save or copy; the first share of the day (copying the link, saving the poster) earns the
 * share task's points, which the server gives once a day.
 */
export default function SharePage() {
  const invite = useQuery(inviteQuery());
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: pointsApi.share,
    meta: { toast: false },
    onSuccess: (r) => {
      if (r.fresh && r.points > 0) showSuccess(`分享成功，获得${r.points}积分`);
      void refreshPoints(queryClient);
    },
  });

  if (!invite.data) {
    if (invite.isError) {
      return <LoadFailed onRetry={() => void invite.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = invite.data;

  return (
    <div className="pt-share">
      <section className="pt-share__intro card">
        <h3>邀请好友一起来逛</h3>
        <p>
          好友通过您的海报或链接注册得{formatPrice(data.inviteeGift)}
          红包；好友首单确认收货，您得{formatPrice(data.inviterReward)}奖励。
        </p>
        <p data-testid="share-task">复制链接或保存海报，每天首次分享可得积分。</p>
        <Link className="pt-share__more" to={PATHS.integral}>
          每日签到、每日首单赚积分 <RightOutline />
        </Link>
      </section>
      <section className="card">
        <InviteShare
          inviteCode={data.inviteCode}
          link={data.link}
          posterUrl={data.posterUrl}
          onShared={() => share.mutate()}
        />
      </section>
    </div>
  );
}
