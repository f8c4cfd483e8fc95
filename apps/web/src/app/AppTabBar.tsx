import { useQuery } from '@tanstack/react-query';
import { TabBar } from 'antd-mobile';
import {
  AppOutline,
  AppstoreOutline,
  PlayOutline,
  ShopbagOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { cartCountQuery } from '../core/queries.ts';
import { useSession } from '../core/session.ts';
import { PATHS } from './pageConfig.ts';

const TABS = [
  { key: PATHS.home, title: '首页', icon: <AppOutline /> },
  { key: PATHS.category, title: '分类', icon: <AppstoreOutline /> },
  { key: PATHS.live, title: '直播', icon: <PlayOutline /> },
  { key: PATHS.cart, title: '购物车', icon: <ShopbagOutline /> },
  { key: PATHS.my, title: '我的', icon: <UserOutline /> },
];

export function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === PATHS.homeAlias ? PATHS.home : pathname;
  const isLogin = useSession((s) => s.isLogin);
  const { data: cart } = useQuery({ ...cartCountQuery(), enabled: isLogin });
  const cartBadge = isLogin && cart?.count ? (cart.count > 99 ? '99+' : String(cart.count)) : null;
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
            badge={tab.key === PATHS.cart ? cartBadge : null}
          />
        ))}
      </TabBar>
    </nav>
  );
}
