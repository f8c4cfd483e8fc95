/** Every page's path (SPEC §2's pages.json paths, so shared links still open); the login hop. */
export const APP_NAME = '潮品直播';

export const PATHS = {
  home: '/',
  homeAlias: '/pages/index/index',
  category: '/pages/homeClassify/homeClassify',
  live: '/pages/live/live',
  liveSearch: '/pages/live/search',
  cart: '/pages/shopCar/shopCar',
  my: '/pages/user/user',
  login: '/pages/login/login',
  resetPwd: '/pages/login/resetPwd',
  userInfo: '/pages/user/userInfo',
  setting: '/pages/userSetting/setting',
  settingTwo: '/pages/userSetting/setTingTwo',
  modifyMobile: '/pages/userSetting/modifyMobile',
  bindNewPhone: '/pages/userSetting/bindNewPhone',
  modifyPassword: '/pages/userSetting/modifyPassword',
  nameAuthentication: '/pages/userSetting/nameAuthentication',
  choosePayType: '/pages/userSetting/choosePayType',
  aboutUs: '/pages/userSetting/aboutUs',
  setPayPassword: '/pages/setPayPassword/setPayPassword',
  resetPayPassword: '/pages/setPayPassword/SetPayment',
  product: '/pages/shopDetails/shopDetails',
  store: '/pages/shopDetailsStore/shopDetailsStore',
  storeInfo: '/pages/shopDetailsStore/shopDetailsStoreDetails',
  storeLicense: '/pages/shopDetailsStore/license',
  // SPEC §2 also names them under a folder of their own.
  storeInfoAlias: '/pages/shopDetailsStoreDetails/shopDetailsStoreDetails',
  storeLicenseAlias: '/pages/shopDetailsStoreDetails/license',
  evaluations: '/pages/shopDetails/evaluations',
  productVideo: '/pages/shopDetailsViewPlay/shopDetailsViewPlay',
  search: '/pages/homeSearch/homeSearch',
  writeOrder: '/pages/writeOrder/writeOrder',
  orderRule: '/pages/writeOrder/rule',
  pay: '/pages/shopOrderPay/shopOrderPay',
  paySuccess: '/pages/shopOrderPay/successfulWithdrawals',
  addresses: '/pages/userReceivingAddress/ReceivingAddress',
  addAddress: '/pages/userReceivingAddress/addNewAddress',
  editAddress: '/pages/userReceivingAddress/addressEdit',
  orders: '/pages/userMyOrder/allOrder',
  orderInfo: '/pages/userMyOrder/orderInfo',
  collection: '/pages/user/myCollection',
  footprint: '/pages/userFootprint/myFootprint',
  follow: '/pages/userMyFollow/myFollow',
  assets: '/pages/userMyAssets/myAssets',
  redPacket: '/pages/userMyAssets/redPacket',
  bill: '/pages/userMyAssets/detailed',
  withdrawRule: '/pages/userMyAssets/withdrawRule',
  redPacketRule: '/pages/userMyAssets/befoUse',
  couponCenter: '/pages/shopReceiveCoupon/shopReceiveCoupon',
  myCoupon: '/pages/userMyCoupon/myCoupon',
  /** 去使用: the products one of my coupons applies to. */
  couponGoods: '/pages/userMyCoupon/couponGoods',
  refundApply: '/pages/userMyOrder/orderRefund',
  refundDetail: '/pages/userMyOrder/refundOrderDetails',
  logistics: '/pages/userMyOrder/viewLogistics',
  evaluate: '/pages/userMyorderParity/parityDetail',
  evaluateSuccess: '/pages/userMyorderParity/paritySuccess',
  invoices: '/rootPages/invoiceMent/invoiceMent',
  invoiceDetail: '/rootPages/invoiceMent/invoiceDetails',
  applyInvoice: '/rootPages/invoiceMent/applyInvoice',
  invoiceTitles: '/rootPages/invoiceMent/invoiceTitleList',
  invoiceTitle: '/rootPages/invoiceMent/invoiceTitle',
  feedback: '/pages/userFeedback/userFeedback',
  contactUs: '/pages/userContactUs/contactUs',
  report: '/pages/report/report',
  rule: '/pages/rule/rule',
  userRule: '/pages/userRule/rule',
  /** The login page's 《用户协议》 and 《隐私政策》 (common/rule codes agreement, privacy). */
  agreement: '/pages/rule/agreement',
  privacy: '/pages/rule/privacy',
  messages: '/pages/info/info',
  systemMessages: '/pages/infoSystemMessages/infoSystemMessages',
  systemMessageDetail: '/pages/infoSystemMessages/details',
  orderMessages: '/pages/infoOrderMessage/infoOrderMessage',
  seckill: '/pages/homeSeckill/homeSeckill',
  mySubscribe: '/rootPages/mySubscribe/mySubscribe',
  shopRush: '/rootPages/mySubscribe/shopRush',
  subscribeWebLink: '/rootPages/mySubscribe/webLink',
  // The other in-app web views (SPEC §2 webLink pages): one page, the link's title in its bar.
  userWebLink: '/pages/user/webLink',
  userWebLink1: '/pages/user/webLink1',
  integralWebLink: '/rootPages/integral/webLink',
  timWebLink: '/rootPages/tim/webLink',
  nationalDayWebLink: '/pages/homeNationalday/webLink',

  chatRoom: '/rootPages/tim/room',
  chatUser: '/rootPages/tim/userInfo',
  contacts: '/rootPages/tim/contacts',
  friendRequests: '/rootPages/tim/friendRequests',
  addFriend: '/rootPages/tim/addFriend',
  blacklist: '/rootPages/tim/blacklist',
  groupCreate: '/rootPages/tim/groupCreate',
  groupInfo: '/rootPages/tim/groupInfo',
  groupMembers: '/rootPages/tim/groupMembers',
  groupNotices: '/rootPages/tim/groupNotices',
  chatRooms: '/rootPages/tim/chatRooms',
  /** 在线复诊开药: the pharmacists, the request form, a request and its prescription. */
  starYaoOfficer: '/rootPages/tim/starYaoOfficer',
  writeVisit: '/rootPages/tim/writeVisit',
  preInfo: '/rootPages/tim/preInfo',
  pharmacistDesk: '/rootPages/tim/pharmacistDesk',
  /** Live hosts: 主播入驻, the live centre and the 预告 list. */
  starUp: '/rootPages/starUp/starUp',
  liveUser: '/rootPages/liveUser/user',
  liveNotice: '/rootPages/liveNotice/notice',
  /** Live viewers: the room, its end summary and the replay. */
  livePlay: '/rootPages/livePlay/play',
  liveOver: '/rootPages/liveOver/liveOver',
  liveVideo: '/rootPages/video/video',
  // Social commerce: membership, upgrade, promotion, withdrawal.
  membersPay: '/rootPages/MembersPay/MembersPay',
  membersWebLink: '/rootPages/MembersPay/webLink',
  upgrade: '/pages/userUpgrade/upgrade',
  upgradeWebLink: '/pages/userUpgrade/webLink',
  fiveNinetyEight: '/pages/user/fiveNinetyEight',
  saveMoney: '/pages/user/SaveMoneyDetail',
  moneyStrategy: '/pages/user/moneyStrategy',
  myTeam: '/pages/userMyTeam/myTeam',
  myExtension: '/pages/userExtension/myExtension',
  myProfit: '/pages/userProfit/myProfit',
  incomeDetail: '/pages/incomeDetail/incomeDetail',
  inviteFriend: '/pages/userInviteFriend/inviteFriend',
  userQR: '/pages/userQR/userQR',
  promotion: '/pages/promotion/promotion',
  cashWithdrawal: '/pages/userCashWithdrawal/CashWithdrawal',
  withdrawRecords: '/pages/userCashWithdrawal/records',
  alipayNumber: '/pages/alipayNumber/alipayNumber',
  successfulWithdrawals: '/pages/successfulWithdrawals/successfulWithdrawals',
  // Points (积分): the daily sign-in, its bill, its rules and the share page.
  integral: '/rootPages/integral/integral',
  integralBill: '/rootPages/integral/MyBill',
  integralRule: '/rootPages/integral/bottomLayer',
  integralShare: '/rootPages/integral/sharePage',
  /** 幸运抽奖 (?id= a wheel; default the one running now); a product prize's claim (?id=<result>). */
  integralDraw: '/rootPages/integral/draw',
  integralDrawClaim: '/rootPages/integral/drawClaim',
  /** 集卡有礼 (?campaignId= for a past campaign; default the one running now). */
  integralCards: '/rootPages/integral/cards',
  /** 积分商城 and 兑换码兑换. */
  exchange: '/rootPages/exchange/exchangeWeb',
  redeemCode: '/rootPages/redeemCode/redeemCode',
  // 竞猜: rounds and a round (?id=), join (order, pay), invite friends, the winner's prize order.
  game: '/rootPages/game/game',
  gameOrder: '/rootPages/game/order',
  gamePay: '/rootPages/game/pay',
  gameInviter: '/rootPages/game/inviter',
  gameInfo: '/rootPages/game/info',
  /** The original's test page: never shipped, it redirects home. */
  gameZtest: '/rootPages/Ztest/index',
  /** 种果树: the farm game (the web view's default page); ?help=<userId> helps that friend. */
  farm: '/rootPages/farm/farm',
  /** 女神帮 (?inviter=<userId> or ?inviteCode= from a member's invitation), 我的邀请, 抵扣明细. */
  goddess: '/rootPages/goddess/goddess',
  goddessMyInviter: '/rootPages/goddess/MyInviter',
  goddessDeduction: '/rootPages/goddess/deductionDetail',
  // 砍价免费拿 and its New Year edition: the same pages under each folder (BARGAIN_PAGE_CONFIG).
  zeroYuan: '/rootPages/homeZeroYuan/homeZeroYuan',
  zeroYuanNewYear: '/rootPages/homeZeroYuanNewYear/homeZeroYuan',
  // Zones (专区), the new-user full refund, the share landing page and 好友助力红包.
  zoneHelpFarmers: '/pages/homeCpHelpFarmers/homeCpHelpFarmers',
  zoneSauceWine: '/pages/homeSauceWine/homeSauceWine',
  newPeopleReturn: '/pages/homeNewPeopleReturn/homeNewPeopleReturn',
  npnZone: '/pages/npnZone/npnZone',
  cpShopMall: '/pages/cpShopMall/cpShopMall',
  cpShopMallSort: '/pages/cpShopMallSort/cpShopMallSort',
  cpShopMallctivity: '/pages/cpShopMallctivity/cpShopMallctivity',
  homeShopsort: '/pages/homeShopsort/homeShopsort',
  nationalDay: '/pages/homeNationalday/homeNationalday',
  dailySale: '/pages/homeDailySale/homeDailySale',
  share: '/pages/share/share',
  userHelpRed: '/pages/userHelpRed/userHelpRed',
  previewImage: '/preview-image',
  openLocation: '/open-location',
  chooseLocation: '/choose-location',
} as const;

export const TAB_PATHS = [PATHS.home, PATHS.category, PATHS.live, PATHS.cart, PATHS.my] as const;

/** Where a logged-out user goes; `from` is the path (with query) to come back to. */
export function loginPath(from?: string): string {
  return from ? `${PATHS.login}?redirect=${encodeURIComponent(from)}` : PATHS.login;
}

/** Only in-app paths are followed after login (no scheme, no protocol-relative URL). */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith(PATHS.login)) return null;
  return value;
}

/** A chat's room (C2C<userId>, GROUP<id>, …); the chat, the message centre and 问诊 open it. */
export const chatRoomPath = (conversationID: string) =>
  `${PATHS.chatRoom}?conversationID=${encodeURIComponent(conversationID)}`;
