import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline, ShopbagOutline, VideoOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { InviteShare } from '../../../ui/share/InviteShare.tsx';
import { inviteQuery } from '../api.ts';
import { appLink } from '../labels.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

interface Card {
  key: 'host' | 'shop';
  title: string;
  icon: ReactNode;
  points: string[];
  /** Where the friend's link opens (with my code, so the registration binds them to me). */
  path: string;
}

const CARDS: Card[] = [
  {
    key: 'host',
    title: '邀请好友成为主播',
    icon: <VideoOutline />,
    points: [
      '好友完成实名认证后即可申请主播入驻，开播带货',
      '好友通过您的链接注册即成为您的直属成员，其下单您可得佣金',
    ],
    path: PATHS.starUp,
  },
  {
    key: 'shop',
    title: '邀请好友开店',
    icon: <ShopbagOutline />,
    points: ['好友升级推广员后即可分享商品赚佣金', '好友邀请的买家下单，您可得二级佣金'],
    path: PATHS.upgrade,
  },
];

/** inviteFriend: invite friends to host lives or to open a shop, each with my poster and link. */
export default function InviteFriendPage() {
  const invite = useQuery(inviteQuery());
  const [sharing, setSharing] = useState<Card | null>(null);

  if (!invite.data) {
    if (invite.isError) {
      return <LoadFailed onRetry={() => void invite.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = invite.data;

  return (
    <div className="pr-invite">
      {CARDS.map((card) => (
        <section key={card.key} className="pr-invite-card card" data-testid={`invite-${card.key}`}>
          <div className="pr-invite-card__head">
            <span className="pr-invite-card__icon">{card.icon}</span>
            <h3>{card.title}</h3>
          </div>
          <ul>
            {card.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <Button block color="primary" shape="rounded" onClick={() => setSharing(card)}>
            分享给好友
          </Button>
        </section>
      ))}
      <p className="pr-invite__note">
        好友通过您的海报或链接注册即与您绑定，已邀请 {data.invitedCount} 人。
      </p>

      <Popup
        visible={sharing !== null}
        onMaskClick={() => setSharing(null)}
        onClose={() => setSharing(null)}
        bodyClassName="pr-share-popup"
        destroyOnClose
      >
        {sharing && (
          <div className="pr-share-popup__body">
            <header>
              <h3>{sharing.title}</h3>
              <button type="button" aria-label="关闭" onClick={() => setSharing(null)}>
                <CloseOutline />
              </button>
            </header>
            <InviteShare
              inviteCode={data.inviteCode}
              link={appLink(sharing.path, data.inviteCode)}
              posterUrl={data.posterUrl}
            />
          </div>
        )}
      </Popup>
    </div>
  );
}
