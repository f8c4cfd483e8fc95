import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

// The chat's small pages share one chunk: one import here instead of eleven keeps the entry small.
const chatPage =
  (name: keyof typeof import('../features/chat/pages/index.ts')) => (): Promise<PageModule> =>
    import('../features/chat/pages/index.ts').then((m) => ({ default: m[name] }));

/**
 * Every non-home page is its own chunk (the original's sub-packages). The likely next ones are
 * prefetched once the first screen is done (PREFETCH_PAGES in vite.config.ts, app/idle.ts).
 */
export const pageLoaders = {
  category: () => import('../features/category/pages/CategoryPage.tsx'),
  live: () => import('../features/live/pages/LivePage.tsx'),
  cart: () => import('../features/cart/pages/CartPage.tsx'),
  my: () => import('../features/user/pages/MyPage.tsx'),
  userInfo: () => import('../features/user/pages/UserInfoPage.tsx'),
  login: () => import('../features/auth/pages/LoginPage.tsx'),
  resetPwd: () => import('../features/auth/pages/ResetPwdPage.tsx'),
  setting: () => import('../features/settings/pages/SettingPage.tsx'),
  settingTwo: () => import('../features/settings/pages/SettingTwoPage.tsx'),
  modifyMobile: () => import('../features/settings/pages/ModifyMobilePage.tsx'),
  bindNewPhone: () => import('../features/settings/pages/BindNewPhonePage.tsx'),
  modifyPassword: () => import('../features/settings/pages/ModifyPasswordPage.tsx'),
  nameAuthentication: () => import('../features/settings/pages/NameAuthPage.tsx'),
  choosePayType: () => import('../features/settings/pages/ChoosePayTypePage.tsx'),
  aboutUs: () => import('../features/settings/pages/AboutUsPage.tsx'),
  setPayPassword: () => import('../features/payPassword/pages/SetPayPasswordPage.tsx'),
  resetPayPassword: () => import('../features/payPassword/pages/ResetPayPasswordPage.tsx'),
  product: () => import('../features/goods/pages/ProductDetailPage.tsx'),
  store: () => import('../features/goods/pages/StorePage.tsx'),
  storeInfo: () => import('../features/goods/pages/StoreInfoPage.tsx'),
  storeLicense: () => import('../features/goods/pages/StoreLicensePage.tsx'),
  evaluations: () => import('../features/goods/pages/EvaluationsPage.tsx'),
  productVideo: () => import('../features/goods/pages/VideoPlayPage.tsx'),
  search: () => import('../features/search/pages/SearchPage.tsx'),
  writeOrder: () => import('../features/order/pages/WriteOrderPage.tsx'),
  orderRule: () => import('../features/order/pages/OrderRulePage.tsx'),
  pay: () => import('../features/order/pages/PayPage.tsx'),
  paySuccess: () => import('../features/order/pages/PaySuccessPage.tsx'),
  addresses: () => import('../features/address/pages/AddressListPage.tsx'),
  addAddress: () => import('../features/address/pages/AddAddressPage.tsx'),
  editAddress: () => import('../features/address/pages/EditAddressPage.tsx'),
  orders: () => import('../features/order/pages/OrderListPage.tsx'),
  orderInfo: () => import('../features/order/pages/OrderInfoPage.tsx'),
  collection: () => import('../features/user/pages/CollectionPage.tsx'),
  footprint: () => import('../features/user/pages/FootprintPage.tsx'),
  follow: () => import('../features/user/pages/FollowPage.tsx'),
  assets: () => import('../features/wallet/pages/AssetsPage.tsx'),
  redPacket: () => import('../features/wallet/pages/RedPacketPage.tsx'),
  bill: () => import('../features/wallet/pages/BillPage.tsx'),
  withdrawRule: () => import('../features/wallet/pages/WithdrawRulePage.tsx'),
  redPacketRule: () => import('../features/wallet/pages/RedPacketRulePage.tsx'),
  couponCenter: () => import('../features/coupon/pages/CouponCenterPage.tsx'),
  myCoupon: () => import('../features/coupon/pages/MyCouponPage.tsx'),
  couponGoods: () => import('../features/coupon/pages/CouponGoodsPage.tsx'),
  refundApply: () => import('../features/aftersale/pages/RefundApplyPage.tsx'),
  refundDetail: () => import('../features/aftersale/pages/RefundDetailPage.tsx'),
  logistics: () => import('../features/logistics/pages/LogisticsPage.tsx'),
  evaluate: () => import('../features/evaluation/pages/EvaluatePage.tsx'),
  evaluateSuccess: () => import('../features/evaluation/pages/EvaluateSuccessPage.tsx'),
  invoices: () => import('../features/invoice/pages/InvoiceListPage.tsx'),
  invoiceDetail: () => import('../features/invoice/pages/InvoiceDetailPage.tsx'),
  applyInvoice: () => import('../features/invoice/pages/ApplyInvoicePage.tsx'),
  invoiceTitles: () => import('../features/invoice/pages/InvoiceTitleListPage.tsx'),
  invoiceTitle: () => import('../features/invoice/pages/InvoiceTitlePage.tsx'),
  feedback: () => import('../features/service/pages/FeedbackPage.tsx'),
  contactUs: () => import('../features/service/pages/ContactUsPage.tsx'),
  report: () => import('../features/service/pages/ReportPage.tsx'),
  rule: () => import('../features/service/pages/RulePage.tsx'),
  userRule: () => import('../features/service/pages/UserRulePage.tsx'),
  agreement: () => import('../features/service/pages/AgreementPage.tsx'),
  privacy: () => import('../features/service/pages/PrivacyPage.tsx'),
  messages: () => import('../features/message/pages/MessageCenterPage.tsx'),
  systemMessages: () => import('../features/message/pages/SystemMessagesPage.tsx'),
  systemMessageDetail: () => import('../features/message/pages/SystemMessageDetailPage.tsx'),
  orderMessages: () => import('../features/message/pages/OrderMessagesPage.tsx'),
  seckill: () => import('../features/seckill/pages/SeckillPage.tsx'),
  mySubscribe: () => import('../features/seckill/pages/MySubscribePage.tsx'),
  shopRush: () => import('../features/seckill/pages/ShopRushPage.tsx'),
  webLink: () => import('../features/service/pages/WebLinkPage.tsx'),
  chatRoom: chatPage('ChatRoomPage'),
  chatPages: () => import('./TimPages.tsx'),
  previewImage: chatPage('PreviewImagePage'),
  openLocation: chatPage('OpenLocationPage'),
  chooseLocation: chatPage('ChooseLocationPage'),
  starUp: () => import('../features/liveHost/pages/StarUpPage.tsx'),
  liveUser: () => import('../features/liveHost/pages/LiveCentrePage.tsx'),
  liveNotice: () => import('../features/liveHost/pages/LiveNoticePage.tsx'),
  liveSearch: () => import('../features/live/pages/LiveSearchPage.tsx'),
  livePlay: () => import('../features/live/pages/LivePlayPage.tsx'),
  liveOver: () => import('../features/live/pages/LiveOverPage.tsx'),
  liveVideo: () => import('../features/live/pages/LiveVideoPage.tsx'),
  notFound: () => import('../ui/NotFoundPage.tsx'),
  membersPay: () => import('../features/member/pages/MembersPayPage.tsx'),
  membersWebLink: () => import('../features/member/pages/MemberAgreementPage.tsx'),
  upgrade: () => import('../features/member/pages/UpgradePage.tsx'),
  upgradeWebLink: () => import('../features/member/pages/UpgradeAgreementPage.tsx'),
  fiveNinetyEight: () => import('../features/member/pages/FiveNinetyEightPage.tsx'),
  saveMoney: () => import('../features/member/pages/SaveMoneyPage.tsx'),
  moneyStrategy: () => import('../features/promotion/pages/MoneyStrategyPage.tsx'),
  myTeam: () => import('../features/promotion/pages/MyTeamPage.tsx'),
  myExtension: () => import('../features/promotion/pages/MyExtensionPage.tsx'),
  myProfit: () => import('../features/promotion/pages/MyProfitPage.tsx'),
  incomeDetail: () => import('../features/promotion/pages/IncomeDetailPage.tsx'),
  inviteFriend: () => import('../features/promotion/pages/InviteFriendPage.tsx'),
  userQR: () => import('../features/promotion/pages/UserQrPage.tsx'),
  promotion: () => import('../features/promotion/pages/PromotionPage.tsx'),
  cashWithdrawal: () => import('../features/promotion/pages/CashWithdrawalPage.tsx'),
  withdrawRecords: () => import('../features/promotion/pages/WithdrawRecordsPage.tsx'),
  alipayNumber: () => import('../features/promotion/pages/AlipayNumberPage.tsx'),
  successfulWithdrawals: () => import('../features/promotion/pages/WithdrawResultPage.tsx'),
  integral: () => import('../features/points/pages/IntegralPage.tsx'),
  integralBill: () => import('../features/points/pages/MyBillPage.tsx'),
  integralRule: () => import('../features/points/pages/RulesPage.tsx'),
  integralShare: () => import('../features/points/pages/SharePage.tsx'),
  integralDraw: () => import('../features/points/draw/DrawPage.tsx'),
  integralDrawClaim: () => import('../features/points/draw/DrawClaimPage.tsx'),
  integralCards: () => import('../features/points/cards/CardsPage.tsx'),
  exchange: () => import('../features/points/exchange/pages/ExchangePage.tsx'),
  redeemCode: () => import('../features/redeem/pages/RedeemCodePage.tsx'),
  game: () => import('../features/game/pages/GamePage.tsx'),
  gameOrder: () => import('../features/game/pages/OrderPage.tsx'),
  gamePay: () => import('../features/game/pages/PayPage.tsx'),
  gameInviter: () => import('../features/game/pages/InviterPage.tsx'),
  gameInfo: () => import('../features/game/pages/InfoPage.tsx'),
  farm: () => import('../features/farm/pages/FarmPage.tsx'),
  goddess: () => import('../features/goddess/pages/GoddessPage.tsx'),
  goddessMyInviter: () => import('../features/goddess/pages/MyInviterPage.tsx'),
  goddessDeduction: () => import('../features/goddess/pages/DeductionDetailPage.tsx'),
  bargain: () => import('../features/bargain/pages/BargainPages.tsx'),
  zoneHelpFarmers: () => import('../features/zone/pages/HelpFarmersPage.tsx'),
  zoneSauceWine: () => import('../features/zone/pages/SauceWinePage.tsx'),
  newPeopleReturn: () => import('../features/zone/pages/NewPeopleReturnPage.tsx'),
  npnZone: () => import('../features/zone/pages/NpnZonePage.tsx'),
  cpShopMall: () => import('../features/zone/pages/MallPage.tsx'),
  cpShopMallSort: () => import('../features/zone/pages/MallSortPage.tsx'),
  cpShopMallctivity: () => import('../features/zone/pages/SpecialtyFoodPage.tsx'),
  homeShopsort: () => import('../features/zone/pages/ShopSortPage.tsx'),
  nationalDay: () => import('../features/zone/pages/NationalDayPage.tsx'),
  dailySale: () => import('../features/zone/pages/DailySalePage.tsx'),
  share: () => import('../features/zone/pages/SharePage.tsx'),
  userHelpRed: () => import('../features/zone/pages/HelpRedPage.tsx'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PageName = keyof typeof pageLoaders;

/** SPEC §9: a lazy page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('页面加载超时')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A react-router `lazy` function for a page. */
export function lazyPage(name: PageName) {
  return async () => {
    const module: PageModule = await withTimeout(pageLoaders[name](), CHUNK_TIMEOUT_MS);
    return { Component: module.default };
  };
}
