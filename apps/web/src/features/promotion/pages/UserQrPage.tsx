import { useQuery } from '@tanstack/react-query';
import { GiftOutline, RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { identityQuery } from '../../../ui/member/identityQuery.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { InviteShare } from '../../../ui/share/InviteShare.tsx';
import { inviteQuery } from '../api.ts';
import { BindInviteForm } from '../components/BindInviteForm.tsx';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/** 邀请有礼: my poster, code and link, what both sides get, and my own inviter while I may bind one. */
export default function UserQrPage() {
  const invite = useQuery(inviteQuery());
  // Secondary here: without it the page still invites, only the bind form stays away.
  const identity = useQuery({ ...identityQuery(), meta: { toast: false } });

  if (!invite.data) {
    if (invite.isError) {
      return <LoadFailed onRetry={() => void invite.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = invite.data;

  return (
    <div className="pr-invite">
      <section className="pr-gifts card" data-testid="invite-gifts">
        <h3>
          <GiftOutline /> 邀请好友，双方有礼
        </h3>
        <div className="pr-gifts__row">
          <div className="pr-gift">
            <strong>{formatPrice(data.inviteeGift)}</strong>
            <span>好友注册得红包</span>
          </div>
          <div className="pr-gift">
            <strong>{formatPrice(data.inviterReward)}</strong>
            <span>好友首单确认收货，您得奖励</span>
          </div>
        </div>
        <Link className="pr-gifts__count" to={PATHS.myTeam}>
          已邀请 <em data-testid="invited-count">{data.invitedCount}</em> 人
          <RightOutline />
        </Link>
      </section>

      <section className="card pr-invite__share">
        <InviteShare inviteCode={data.inviteCode} link={data.link} posterUrl={data.posterUrl} />
      </section>

      {identity.data?.canBind && <BindInviteForm />}
      {identity.data?.parent && (
        <p className="pr-invite__parent">我的邀请人：{identity.data.parent.nickname}</p>
      )}
    </div>
  );
}
