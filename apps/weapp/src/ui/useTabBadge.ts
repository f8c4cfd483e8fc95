import Taro, { useDidShow } from '@tarojs/taro';
import { api } from '../platform/api';
import { isLoggedIn } from '../platform/session';

const CART_TAB = 3;
// Tab bar calls fail off a tab page or before the bar exists; the badge is a nicety, as on the web.
const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

/**
 * The fourth tab's badge, as the web app's tab bar: the cart's count (99+), else SPEC §2's red
 * dot while anything is unread; nothing when signed out. Refreshed whenever a tab shows.
 */
export function useTabBadge(): void {
  useDidShow(() => {
    void refresh();
  });
}

async function refresh() {
  const counts = isLoggedIn()
    ? await api.get('home/unreadAndCartCount').catch(() => null)
    : { unread: 0, cartCount: 0 };
  if (!counts) return;
  if (counts.cartCount > 0) {
    const text = counts.cartCount > 99 ? '99+' : String(counts.cartCount);
    await quiet(Taro.setTabBarBadge({ index: CART_TAB, text }));
    return;
  }
  await quiet(Taro.removeTabBarBadge({ index: CART_TAB }));
  await quiet(
    counts.unread > 0
      ? Taro.showTabBarRedDot({ index: CART_TAB })
      : Taro.hideTabBarRedDot({ index: CART_TAB }),
  );
}
