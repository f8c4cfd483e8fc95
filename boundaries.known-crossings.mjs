// Crossings of the boundary rules (.dependency-cruiser.mjs) that exist today and are being removed
// by the engineer named on each list. Each entry is `from → to`, paths under
// apps/server/src/modules/ or apps/web/src/features/. Delete an entry when its crossing is gone;
// never add one for new code: enter the other module through its index.ts instead.

/** Modules in a known import cycle (none left: rewards ended points/exchange ↔ redeem). */
export const knownModuleCycles = [];

/** Server modules: owner → crossings. */
export const knownServerCrossings = {
  // the ledger engineer: order/payment/ledger.ts moves to modules/ledger (its index.ts)
  ledger: [],
  // the rewards engineer: prize orders, coupon/red-packet/points grants move to modules/rewards
  rewards: [
    'draw/draw-spin.service.ts → points/points.service.ts',
    'draw/draw-views.service.ts → points/points.service.ts',
    'draw/draw.service.ts → points/points.service.ts',
    'farm/farm-play.service.ts → order/barrage.service.ts',
    'farm/farm-views.service.ts → order/barrage.service.ts',
    'game/game.service.ts → order/barrage.service.ts',
    'game/game.service.ts → points/points.service.ts',
  ],
  // the order engineer: order/** internals, the stock service (catalogue/stock/) and placement
  order: [
    'aftersale/aftersale.service.ts → order/order-aftersale.ts',
    'aftersale/refund-settlement.ts → order/order-aftersale.ts',
    'aftersale/refund-settlement.ts → order/payment/gateway.ts',
    'coupon/coupon-view.ts → order/discount.ts',
    'coupon/coupon.service.ts → order/coupon-port.ts',
    'invoice/invoice.service.ts → order/order.service.ts',
    'live/rooms/live-orders.ts → order/order.service.ts',
    'live/rooms/room-stats.ts → order/order.service.ts',
    'logistics/evaluation.service.ts → order/order-fulfilment.ts',
    'logistics/logistics-sweeper.ts → order/order-fulfilment.ts',
    'logistics/logistics.service.ts → order/order-fulfilment.ts',
    'logistics/route.ts → order/order-fulfilment.ts',
    'points/exchange/exchange.service.ts → order/order.service.ts',
    'points/exchange/exchange.service.ts → order/placement/order-placer.ts',
    'promotion/membership/membership.service.ts → order/payment/payment.service.ts',
    'promotion/team/identity.service.ts → order/barrage.service.ts',
    'seckill/seckill.service.ts → order/order.service.ts',
  ],
};

/** Web features, the web engineer: feature-to-feature imports, moving to ui/ and feature index.ts files. */
export const knownFeatureCrossings = [
  'cart/pages/CartPage.tsx → goods/api.ts',
  'category/pages/CategoryPage.tsx → home/api.ts',
  'evaluation/pages/EvaluatePage.tsx → goods/api.ts',
  'evaluation/pages/EvaluatePage.tsx → order/api.ts',
  'farm/HarvestButton.tsx → order/components/PrizeShipping.tsx',
  'game/pages/InfoPage.tsx → order/components/PrizeShipping.tsx',
  'game/pages/OrderPage.tsx → points/api.ts',
  'game/pages/PayPage.tsx → points/api.ts',
  'goods/components/SeckillStrip.tsx → seckill/useRemindToggle.ts',
  'goods/components/productDetailParts.tsx → chat/components/ServiceButton.tsx',
  'goods/components/productDetailParts.tsx → coupon/components/CouponSheet.tsx',
  'goods/pages/ProductDetailPage.tsx → cart/api.ts',
  'goods/pages/ProductDetailPage.tsx → seckill/productQuery.ts',
  'goods/pages/StorePage.tsx → coupon/components/CouponSheet.tsx',
  'home/components/SeckillBanner.tsx → seckill/bannerQuery.ts',
  'home/pages/HomePage.tsx → coupon/components/NewUserPack.tsx',
  'invoice/api.ts → service/api.ts',
  'live/components/BuySheet.tsx → goods/api.ts',
  'live/components/LiveCheckout.tsx → order/api.ts',
  'live/components/useGatewayWatch.ts → order/api.ts',
  'liveHost/components/FollowedHostList.tsx → live/api.ts',
  'liveHost/components/ProductPicker.tsx → home/api.ts',
  'liveHost/components/ProductPicker.tsx → search/api.ts',
  'liveHost/components/RoomFormSheet.tsx → live/api.ts',
  'liveHost/pages/LiveCentrePage.tsx → live/useNow.ts',
  'liveHost/pages/LiveNoticePage.tsx → live/api.ts',
  'liveHost/pages/LiveNoticePage.tsx → live/hooks.ts',
  'liveHost/pages/StarUpPage.tsx → live/api.ts',
  'liveHost/useRoomChannel.ts → live/useLiveChat.ts',
  'message/pages/MessageCenterPage.tsx → chat/components/ConversationList.tsx',
  'order/components/OrderActions.tsx → invoice/components/InvoiceButton.tsx',
  'order/pages/OrderInfoPage.tsx → aftersale/components/ItemAfterSale.tsx',
  'order/pages/OrderInfoPage.tsx → chat/components/ServiceButton.tsx',
  'order/pages/OrderInfoPage.tsx → logistics/components/OrderLogisticsCard.tsx',
  'points/api.ts → wallet/api.ts',
  'points/draw/DrawClaimPage.tsx → order/components/PrizeShipping.tsx',
  'points/exchange/pages/ExchangePage.tsx → redeem/components/DealConfirm.tsx',
  'points/pages/SharePage.tsx → promotion/api.ts',
  'points/pages/SharePage.tsx → promotion/promotion.css',
  'promotion/api.ts → wallet/api.ts',
  'promotion/components/BindInviteForm.tsx → member/api.ts',
  'promotion/pages/PromotionPage.tsx → member/api.ts',
  'promotion/pages/UserQrPage.tsx → member/api.ts',
  'seckill/pages/MySubscribePage.tsx → live/components/LiveReservations.tsx',
  'service/pages/ContactUsPage.tsx → invoice/api.ts',
  'service/pages/FeedbackPage.tsx → invoice/api.ts',
  'service/pages/ReportPage.tsx → invoice/api.ts',
  'service/pages/UserRulePage.tsx → promotion/components/PromoRuleFacts.tsx',
  'user/pages/CollectionPage.tsx → goods/api.ts',
  'user/pages/FollowPage.tsx → goods/api.ts',
  'user/pages/FollowPage.tsx → liveHost/components/FollowedHostList.tsx',
  'user/pages/FootprintPage.tsx → goods/api.ts',
  'user/pages/MyPage.tsx → medicine/api.ts',
  'user/pages/MyPage.tsx → member/api.ts',
  'user/pages/MyPage.tsx → member/components/MyMemberEntries.tsx',
  'user/pages/MyPage.tsx → message/api.ts',
  'user/pages/MyPage.tsx → order/api.ts',
  'wallet/pages/AssetsPage.tsx → order/api.ts',
  'zone/components/HelpRedPanel.tsx → promotion/api.ts',
  'zone/components/ZoneGoods.tsx → cart/api.ts',
  'zone/pages/SharePage.tsx → promotion/api.ts',
];

const ruleNames = ['module-through-index', 'no-foreign-repo', 'no-feature-crossing'];
const expand = (base, entries) =>
  entries.flatMap((entry) => {
    const [from, to] = entry.split(' → ');
    return ruleNames.map((name) => ({
      type: 'dependency',
      from: `${base}${from}`,
      to: `${base}${to}`,
      rule: { name, severity: 'error' },
    }));
  });

/** The lists above as dependency-cruiser's knownViolations (each pair under every rule it may break). */
export const knownCrossings = [
  ...expand('apps/server/src/modules/', Object.values(knownServerCrossings).flat()),
  ...expand('apps/web/src/features/', knownFeatureCrossings),
];
