import { useQuery } from '@tanstack/react-query';
import { Avatar, Button } from 'antd-mobile';
import { GiftOutline, ShopbagOutline, UserAddOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';
import { inviterCardQuery } from '../../../ui/promotion/promoKeys.ts';
import { HelpRedPanel } from '../components/HelpRedPanel.tsx';
import { shareTarget } from '../share.ts';
import '../zone.css';

/**
 * pages/share: where a shared card lands. It says what was shared and leads on with one tap
 * (a product, a bargain to help, an invitation to sign up: with the inviter and the friends who
 * helped them); a bare visit gets the app's welcome and, signed in, my own 好友助力 and share card.
 */
export default function SharePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isLogin } = useSession();
  const target = shareTarget(params);
  const card =
    target.kind === 'product'
      ? { icon: <ShopbagOutline />, title: '好友给你分享了一件好物', action: '查看商品' }
      : target.kind === 'bargain'
        ? {
            icon: <GiftOutline />,
            title: target.newYear ? '好友邀你帮砍新年好礼' : '好友邀你帮TA砍一刀',
            action: '帮TA砍一刀',
          }
        : target.kind === 'invite'
          ? {
              icon: <UserAddOutline />,
              title: `好友邀请你加入${APP_NAME}`,
              action: '注册领新人红包',
            }
          : { icon: <GiftOutline />, title: `欢迎来到${APP_NAME}`, action: '去逛逛' };
  return (
    <div className="zone-share" data-testid="share-page" data-kind={target.kind}>
      <div className="zone-share__icon">{card.icon}</div>
      <h2 className="zone-share__title">{card.title}</h2>
      <p className="zone-share__sub">
        {target.kind === 'none' ? '直播好物、每日特卖、新人全额返，等你来逛' : '点击下方按钮继续'}
      </p>
      <Button
        block
        shape="rounded"
        color="primary"
        onClick={() => navigate(target.kind === 'none' ? PATHS.home : target.path)}
      >
        {card.action}
      </Button>
      {target.kind !== 'none' && (
        <Button block shape="rounded" fill="none" onClick={() => navigate(PATHS.home)}>
          先去首页逛逛
        </Button>
      )}
      {target.kind === 'invite' && <InviterCard code={target.code} />}
      {target.kind === 'none' && isLogin && (
        <div className="zone-help zone-share__mine">
          <HelpRedPanel />
        </div>
      )}
    </div>
  );
}

/** Who sent the invitation, and the friends who already helped them (names masked). */
function InviterCard({ code }: { code: string }) {
  const card = useQuery({ ...inviterCardQuery(code), meta: { toast: false } });
  const c = card.data;
  if (!c) return null;
  return (
    <section className="card zone-inviter" data-testid="inviter-card">
      <div className="zone-inviter__who">
        <Avatar src={c.avatar || DEFAULT_AVATAR} />
        <span>
          <strong>{c.nickname}</strong>
          <small>
            邀你注册{c.inviteeGift > 0 ? `，你可得 ${formatPrice(c.inviteeGift)} 新人红包` : ''}
          </small>
        </span>
      </div>
      <p className="zone-inviter__count">已有 {c.helperCount} 位好友为TA助力</p>
      <ul className="zone-helpers">
        {c.helpers.map((h) => (
          <li key={`${h.helpedAt}-${h.nickname}`} className="zone-helper" data-testid="helper">
            <Img className="zone-helper__avatar" src={h.avatar} fallback={DEFAULT_AVATAR} />
            <span className="zone-helper__who">
              <strong>{h.nickname}</strong>
              <small>{formatDateTime(h.helpedAt)} 助力</small>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
