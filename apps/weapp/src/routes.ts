/**
 * The mini-program's pages: SPEC §2's routes (and the web app's extra pages) in WeChat's
 * app.json shape. The main package holds pages/…, each rootPages/<folder> is a sub-package.
 * A page listed in NATIVE_PAGES is a Taro page of its own; every other one is a <web-view>
 * of the web build's page at the same path (scripts/gen-webview-pages.mjs writes those stubs).
 */

/** The five tabs, in order (SPEC §2's tab bar; the texts are the web app's). */
export const TABS = [
  { pagePath: 'pages/index/index', text: '首页' },
  { pagePath: 'pages/homeClassify/homeClassify', text: '分类' },
  { pagePath: 'pages/live/live', text: '直播' },
  { pagePath: 'pages/shopCar/shopCar', text: '购物车' },
  { pagePath: 'pages/user/user', text: '我的' },
] as const;

export const TAB_SELECTED_COLOR = '#FF0135';

/** Pages built natively here; the rest open the web build in a <web-view>. */
export const NATIVE_PAGES: readonly string[] = [
  ...TABS.map((tab) => tab.pagePath),
  'pages/shopDetails/shopDetails',
  'pages/login/login',
  'rootPages/livePlay/play',
];

/** The main package after the tabs, grouped as SPEC §2 lists them. */
const OTHER_MAIN_PAGES = [
  // Home entries, zones and activities.
  'pages/share/share',
  'pages/homeSauceWine/homeSauceWine',
  'pages/homeCpHelpFarmers/homeCpHelpFarmers',
  'pages/homeNewPeopleReturn/homeNewPeopleReturn',
  'pages/npnZone/npnZone',
  'pages/cpShopMall/cpShopMall',
  'pages/cpShopMallSort/cpShopMallSort',
  'pages/cpShopMallctivity/cpShopMallctivity',
  'pages/homeShopsort/homeShopsort',
  'pages/homeSearch/homeSearch',
  'pages/homeNationalday/homeNationalday',
  'pages/homeNationalday/webLink',
  'pages/homeDailySale/homeDailySale',
  'pages/homeSeckill/homeSeckill',
  'pages/userHelpRed/userHelpRed',
  'pages/promotion/promotion',
  'pages/report/report',
  'pages/rule/rule',
  'pages/rule/agreement',
  'pages/rule/privacy',
  'pages/live/search',
  // Product, store and coupons.
  'pages/shopDetails/shopDetails',
  'pages/shopDetails/evaluations',
  'pages/shopDetailsViewPlay/shopDetailsViewPlay',
  'pages/shopDetailsStore/shopDetailsStore',
  'pages/shopDetailsStore/shopDetailsStoreDetails',
  'pages/shopDetailsStore/license',
  'pages/shopDetailsStoreDetails/shopDetailsStoreDetails',
  'pages/shopDetailsStoreDetails/license',
  'pages/shopReceiveCoupon/shopReceiveCoupon',
  // Ordering and paying.
  'pages/writeOrder/writeOrder',
  'pages/writeOrder/rule',
  'pages/shopOrderPay/shopOrderPay',
  'pages/shopOrderPay/successfulWithdrawals',
  // Income and withdrawal.
  'pages/incomeDetail/incomeDetail',
  'pages/userCashWithdrawal/CashWithdrawal',
  'pages/userCashWithdrawal/records',
  'pages/alipayNumber/alipayNumber',
  'pages/successfulWithdrawals/successfulWithdrawals',
  // Settings and account.
  'pages/userSetting/setting',
  'pages/userSetting/setTingTwo',
  'pages/userSetting/bindNewPhone',
  'pages/userSetting/modifyMobile',
  'pages/userSetting/modifyPassword',
  'pages/userSetting/nameAuthentication',
  'pages/userSetting/choosePayType',
  'pages/userSetting/aboutUs',
  'pages/setPayPassword/setPayPassword',
  'pages/setPayPassword/SetPayment',
  'pages/userContactUs/contactUs',
  'pages/userMyTeam/myTeam',
  'pages/userRule/rule',
  'pages/login/login',
  'pages/login/resetPwd',
  // Addresses and orders.
  'pages/userReceivingAddress/ReceivingAddress',
  'pages/userReceivingAddress/addNewAddress',
  'pages/userReceivingAddress/addressEdit',
  'pages/userMyOrder/allOrder',
  'pages/userMyOrder/orderInfo',
  'pages/userMyOrder/orderRefund',
  'pages/userMyOrder/refundOrderDetails',
  'pages/userMyOrder/viewLogistics',
  // Promotion programme.
  'pages/userExtension/myExtension',
  'pages/userProfit/myProfit',
  'pages/userUpgrade/upgrade',
  'pages/userUpgrade/webLink',
  'pages/userInviteFriend/inviteFriend',
  'pages/userMyorderParity/parityDetail',
  'pages/userMyorderParity/paritySuccess',
  // My page's lists.
  'pages/user/myCollection',
  'pages/userMyFollow/myFollow',
  'pages/userFootprint/myFootprint',
  'pages/userMyCoupon/myCoupon',
  'pages/userMyCoupon/couponGoods',
  'pages/userMyAssets/myAssets',
  'pages/userMyAssets/redPacket',
  'pages/userMyAssets/withdrawRule',
  'pages/userMyAssets/detailed',
  'pages/userMyAssets/befoUse',
  'pages/user/moneyStrategy',
  'pages/user/userInfo',
  'pages/user/fiveNinetyEight',
  'pages/user/webLink',
  'pages/user/webLink1',
  'pages/user/SaveMoneyDetail',
  // Messages, feedback, invite.
  'pages/info/info',
  'pages/infoSystemMessages/infoSystemMessages',
  'pages/infoSystemMessages/details',
  'pages/infoOrderMessage/infoOrderMessage',
  'pages/userFeedback/userFeedback',
  'pages/userQR/userQR',
];

const BARGAIN_PAGES = [
  'homeZeroDetail',
  'homeZeroYuan',
  'thirdStep',
  'homeZeroBargain',
  'helpBargain',
  'audit',
  'BaskSingle',
  'thankshelpme',
];

/** rootPages/<folder> → its pages (SPEC §2's sub-packages, plus the web app's extra pages). */
export const SUB_PACKAGES: Record<string, readonly string[]> = {
  livePlay: ['play'],
  liveNotice: ['notice'],
  liveOver: ['liveOver'],
  liveUser: ['user'],
  video: ['video'],
  starUp: ['starUp'],
  game: ['game', 'order', 'inviter', 'info', 'pay'],
  Ztest: ['index'],
  farm: ['farm'],
  homeZeroYuan: BARGAIN_PAGES,
  homeZeroYuanNewYear: BARGAIN_PAGES,
  MembersPay: ['MembersPay', 'webLink'],
  integral: [
    'integral',
    'MyBill',
    'webLink',
    'bottomLayer',
    'sharePage',
    'draw',
    'drawClaim',
    'cards',
  ],
  exchange: ['exchangeWeb'],
  redeemCode: ['redeemCode'],
  mySubscribe: ['mySubscribe', 'webLink', 'shopRush'],
  tim: [
    'room',
    'writeVisit',
    'webLink',
    'preInfo',
    'starYaoOfficer',
    'pharmacistDesk',
    'userInfo',
    'contacts',
    'friendRequests',
    'addFriend',
    'blacklist',
    'groupCreate',
    'groupInfo',
    'groupMembers',
    'groupNotices',
    'chatRooms',
  ],
  goddess: ['goddess', 'MyInviter', 'deductionDetail'],
  invoiceMent: [
    'invoiceMent',
    'invoiceDetails',
    'applyInvoice',
    'invoiceTitleList',
    'invoiceTitle',
  ],
};

/** app.json's `pages`: the tabs first (the home page opens the app), then the rest. */
export const MAIN_PAGES: readonly string[] = [
  ...TABS.map((tab) => tab.pagePath),
  ...OTHER_MAIN_PAGES,
];

/** SPEC §1: sub-packages are preloaded from the home and live pages. */
export const PRELOAD_FROM: Record<string, readonly string[]> = {
  // The live room and its neighbours, from the live tab.
  'pages/live/live': ['livePlay', 'liveNotice', 'liveOver', 'liveUser', 'video', 'tim'],
  // The activities the home page links to.
  'pages/index/index': [
    'livePlay',
    'homeZeroYuan',
    'integral',
    'mySubscribe',
    'goddess',
    'game',
    'MembersPay',
  ],
};

export const subPackageRoot = (folder: string) => `rootPages/${folder}`;

/** Every page path of the app, main package and sub-packages (no leading slash). */
export function allPagePaths(): string[] {
  const sub = Object.entries(SUB_PACKAGES).flatMap(([folder, pages]) =>
    pages.map((page) => `${subPackageRoot(folder)}/${page}`),
  );
  return [...MAIN_PAGES, ...sub];
}
