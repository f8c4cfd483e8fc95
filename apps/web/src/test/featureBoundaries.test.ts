import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureOf, findCrossings, readSources } from '../../scripts/feature-boundaries.ts';

// The test runs under jsdom, where import.meta.url is not a file URL; vitest sets __dirname.
const SRC = resolve(__dirname, '..');

/**
 * The imports between features still on main, each to go when what the two share moves to ui/
 * (or the page that puts them together moves to app/). The list only shrinks: a new crossing
 * fails the first test, a crossing that is gone fails the second until it is struck off here.
 */
const KNOWN = new Set([
  'features/cart/pages/CartPage.tsx -> features/goods/api.ts',
  'features/category/pages/CategoryPage.tsx -> features/home/api.ts',
  'features/evaluation/pages/EvaluatePage.tsx -> features/goods/api.ts',
  'features/evaluation/pages/EvaluatePage.tsx -> features/order/api.ts',
  'features/farm/HarvestButton.tsx -> features/order/components/PrizeShipping.tsx',
  'features/game/pages/InfoPage.tsx -> features/order/components/PrizeShipping.tsx',
  'features/game/pages/OrderPage.tsx -> features/points/api.ts',
  'features/game/pages/PayPage.tsx -> features/points/api.ts',
  'features/goods/components/SeckillStrip.test.tsx -> features/seckill/productQuery.ts',
  'features/goods/components/SeckillStrip.tsx -> features/seckill/useRemindToggle.ts',
  'features/goods/components/productDetailParts.tsx -> features/chat/components/ServiceButton.tsx',
  'features/goods/components/productDetailParts.tsx -> features/coupon/components/CouponSheet.tsx',
  'features/goods/pages/ProductDetailPage.tsx -> features/cart/api.ts',
  'features/goods/pages/ProductDetailPage.tsx -> features/seckill/productQuery.ts',
  'features/goods/pages/StorePage.tsx -> features/coupon/components/CouponSheet.tsx',
  'features/home/components/SeckillBanner.tsx -> features/seckill/bannerQuery.ts',
  'features/home/pages/HomePage.tsx -> features/coupon/components/NewUserPack.tsx',
  'features/invoice/api.ts -> features/service/api.ts',
  'features/live/components/BuySheet.tsx -> features/goods/api.ts',
  'features/live/components/LiveCheckout.tsx -> features/order/api.ts',
  'features/live/components/useGatewayWatch.ts -> features/order/api.ts',
  'features/liveHost/components/FollowedHostList.tsx -> features/live/api.ts',
  'features/liveHost/components/ProductPicker.tsx -> features/home/api.ts',
  'features/liveHost/components/ProductPicker.tsx -> features/search/api.ts',
  'features/liveHost/components/RoomFormSheet.tsx -> features/live/api.ts',
  'features/liveHost/pages/LiveCentrePage.tsx -> features/live/useNow.ts',
  'features/liveHost/pages/LiveNoticePage.tsx -> features/live/api.ts',
  'features/liveHost/pages/LiveNoticePage.tsx -> features/live/hooks.ts',
  'features/liveHost/pages/StarUpPage.tsx -> features/live/api.ts',
  'features/liveHost/useRoomChannel.ts -> features/live/useLiveChat.ts',
  'features/member/loginInvite.test.tsx -> features/auth/pages/LoginPage.tsx',
  'features/message/pages/MessageCenterPage.tsx -> features/chat/components/ConversationList.tsx',
  'features/order/components/OrderActions.tsx -> features/invoice/components/InvoiceButton.tsx',
  'features/order/pages/OrderInfoPage.tsx -> features/aftersale/components/ItemAfterSale.tsx',
  'features/order/pages/OrderInfoPage.tsx -> features/chat/components/ServiceButton.tsx',
  'features/order/pages/OrderInfoPage.tsx -> features/logistics/components/OrderLogisticsCard.tsx',
  'features/points/api.ts -> features/wallet/api.ts',
  'features/points/draw/DrawClaimPage.tsx -> features/order/components/PrizeShipping.tsx',
  'features/points/exchange/pages/ExchangePage.tsx -> features/redeem/components/DealConfirm.tsx',
  'features/points/pages/SharePage.tsx -> features/promotion/api.ts',
  'features/points/pages/SharePage.tsx -> features/promotion/promotion.css',
  'features/promotion/api.ts -> features/wallet/api.ts',
  'features/promotion/components/BindInviteForm.tsx -> features/member/api.ts',
  'features/promotion/pages/PromotionPage.tsx -> features/member/api.ts',
  'features/promotion/pages/UserQrPage.tsx -> features/member/api.ts',
  'features/seckill/pages/MySubscribePage.tsx -> features/live/components/LiveReservations.tsx',
  'features/service/pages/ContactUsPage.tsx -> features/invoice/api.ts',
  'features/service/pages/FeedbackPage.tsx -> features/invoice/api.ts',
  'features/service/pages/ReportPage.tsx -> features/invoice/api.ts',
  'features/service/pages/UserRulePage.tsx -> features/promotion/components/PromoRuleFacts.tsx',
  'features/user/pages/CollectionPage.tsx -> features/goods/api.ts',
  'features/user/pages/FollowPage.tsx -> features/goods/api.ts',
  'features/user/pages/FollowPage.tsx -> features/liveHost/components/FollowedHostList.tsx',
  'features/user/pages/FootprintPage.tsx -> features/goods/api.ts',
  'features/user/pages/MyPage.tsx -> features/medicine/api.ts',
  'features/user/pages/MyPage.tsx -> features/member/api.ts',
  'features/user/pages/MyPage.tsx -> features/member/components/MyMemberEntries.tsx',
  'features/user/pages/MyPage.tsx -> features/message/api.ts',
  'features/user/pages/MyPage.tsx -> features/order/api.ts',
  'features/wallet/pages/AssetsPage.tsx -> features/order/api.ts',
  'features/zone/components/HelpRedPanel.tsx -> features/promotion/api.ts',
  'features/zone/components/ZoneGoods.tsx -> features/cart/api.ts',
  'features/zone/pages/SharePage.tsx -> features/promotion/api.ts',
]);

const crossingsOf = (files: Record<string, string>) =>
  findCrossings(new Map(Object.entries(files))).map((c) => `${c.from} -> ${c.to}`);

describe('feature boundaries', () => {
  it('reads the feature of a path under features/ only', () => {
    expect(featureOf('features/order/pages/PayPage.tsx')).toBe('order');
    expect(featureOf('ui/Price.tsx')).toBeNull();
    expect(featureOf('app/router.tsx')).toBeNull();
  });

  it('finds a planted crossing in every import form', () => {
    const planted = crossingsOf({
      'features/cart/pages/CartPage.tsx': [
        "import { Price } from '../../goods/components/Price.tsx';",
        "import '../../order/order.css';",
        "const Sheet = lazy(() => import('../../coupon/components/CouponSheet.tsx'));",
        "vi.mock('../../wallet/queries.ts');",
      ].join('\n'),
    });
    expect(planted).toEqual([
      'features/cart/pages/CartPage.tsx -> features/goods/components/Price.tsx',
      'features/cart/pages/CartPage.tsx -> features/order/order.css',
      'features/cart/pages/CartPage.tsx -> features/coupon/components/CouponSheet.tsx',
      'features/cart/pages/CartPage.tsx -> features/wallet/queries.ts',
    ]);
  });

  it('lets a feature import core, ui and itself, and the app import features', () => {
    expect(
      crossingsOf({
        'features/cart/pages/CartPage.tsx': [
          "import { Price } from '../../../ui/Price.tsx';",
          "import { cartApi } from '../../../core/api/cart.ts';",
          "import { CartRow } from '../components/CartRow.tsx';",
        ].join('\n'),
        'app/lazyPages.ts': "const cart = () => import('../features/cart/pages/CartPage.tsx');",
      }),
    ).toEqual([]);
  });

  it('holds no crossing beyond the known ones', () => {
    const found = new Set(crossingsOf(Object.fromEntries(readSources(SRC))));
    expect([...found].filter((c) => !KNOWN.has(c))).toEqual([]);
  });

  it('keeps the known list true (strike off a crossing once it is gone)', () => {
    const found = new Set(crossingsOf(Object.fromEntries(readSources(SRC))));
    expect([...KNOWN].filter((c) => !found.has(c))).toEqual([]);
  });
});
