import { useQuery } from '@tanstack/react-query';
import { Badge, TabBar } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../core/session.ts';
import { useUnreadMessages } from '../core/unread.ts';
import { cartCountQuery } from '../ui/cart/cartApi.ts';
import { BagIcon, CategoryIcon, HomeIcon, LiveIcon, UserIcon } from '../ui/icons.tsx';
import { PATHS } from '../ui/pageConfig.ts';

const TABS = [
  { key: PATHS.home, title: '首页', icon: <HomeIcon /> },
  { key: PATHS.category, title: '分类', icon: <CategoryIcon /> },
  { key: PATHS.live, title: '直播', icon: <LiveIcon /> },
  { key: PATHS.cart, title: '购物车', icon: <BagIcon /> },
  { key: PATHS.my, title: '我的', icon: <UserIcon /> },
];

export function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === PATHS.homeAlias ? PATHS.home : pathname;
  const isLogin = useSession((s) => s.isLogin);
  const { data: cart } = useQuery({ ...cartCountQuery(), enabled: isLogin });
  const cartBadge = isLogin && cart?.count ? (cart.count > 99 ? '99+' : String(cart.count)) : null;
  // SPEC §2: a red dot on the fourth tab while anything is unread (the message centre's count).
  const unread = useUnreadMessages().total > 0;
  const fourthBadge = cartBadge ?? (unread ? Badge.dot : null);
  return (
    <nav className="app-tabbar" aria-label="主导航">
      <TabBar
        safeArea
        activeKey={active}
        // Tabs replace each other like the mini-program's switchTab: no growing back stack.
        onChange={(key) => key !== active && navigate(key, { replace: true })}
      >
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            title={tab.title}
            icon={tab.icon}
            badge={tab.key === PATHS.cart ? fourthBadge : null}
          />
        ))}
      </TabBar>
    </nav>
  );
}
