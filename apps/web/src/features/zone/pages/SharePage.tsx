import { Button } from 'antd-mobile';
import { GiftOutline, ShopbagOutline, UserAddOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';
import { shareTarget } from '../share.ts';
import '../zone.css';

/**
 * pages/share: where a shared card lands. It says what was shared and leads on with one tap
 * (a product, a bargain to help, an invitation to sign up); a bare visit gets the app's welcome.
 */
export default function SharePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
    </div>
  );
}
