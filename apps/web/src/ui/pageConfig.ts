import { NAV_BAR_HEIGHT, REACH_BOTTOM_HOME, REACH_BOTTOM_MY } from '@chaopin/contracts';
import { APP_NAME, PATHS } from './paths.ts';

// The paths live in paths.ts; re-exported so the pages that read both keep one import.
export { APP_NAME, loginPath, PATHS, safeRedirect, TAB_PATHS } from './paths.ts';

/**
 * The pages.json of the original app (SPEC §2) as a table: the layout reads it for the nav bar,
 * the document title, pull-to-refresh and the login gate; pages read reachBottomDistance.
 */
export interface PageConfig {
  title: string;
  /** Draws its own header: no shared NavBar (nav bar height 0). */
  customNavBar?: boolean;
  pullToRefresh?: boolean;
  /** px from the bottom at which the next page of a list loads. */
  reachBottomDistance?: number;
  /** Shown with the tab bar. */
  tab?: boolean;
  /** Login gate: logged-out users are sent to the login page. */
  requiresLogin?: boolean;
}

/** The bargain's pages by name; captcha pages have no pull-to-refresh (it would refetch the challenge). */
const BARGAIN_PAGE_CONFIG: Record<string, PageConfig> = {
  homeZeroYuan: { title: '砍价免费拿', pullToRefresh: true },
  homeZeroDetail: { title: '砍价商品' },
  homeZeroBargain: { title: '我的砍价', requiresLogin: true, pullToRefresh: true },
  helpBargain: { title: '帮好友砍价', requiresLogin: true },
  thankshelpme: { title: '感谢帮砍', requiresLogin: true, pullToRefresh: true },
  thirdStep: { title: '免单卡', requiresLogin: true },
  audit: { title: '领取进度', requiresLogin: true, pullToRefresh: true },
  BaskSingle: { title: '晒单', requiresLogin: true },
};
const bargainPages = (folder: string, prefix: string) =>
  Object.fromEntries(
    Object.entries(BARGAIN_PAGE_CONFIG).map(([page, config]) => [
      `/rootPages/${folder}/${page}`,
      { ...config, title: `${prefix}${config.title}` },
    ]),
  );

const HOME: PageConfig = {
  title: APP_NAME,
  customNavBar: true,
  pullToRefresh: true,
  reachBottomDistance: REACH_BOTTOM_HOME,
  tab: true,
};

export const PAGE_CONFIG: Record<string, PageConfig> = {
  [PATHS.home]: HOME,
  [PATHS.homeAlias]: HOME,
  [PATHS.category]: { title: '分类', pullToRefresh: true, tab: true },
  [PATHS.live]: { title: '直播', customNavBar: true, pullToRefresh: true, tab: true },
  [PATHS.cart]: { title: '购物车', tab: true, requiresLogin: true },
  [PATHS.my]: {
    title: '我的',
    customNavBar: true,
    pullToRefresh: true,
    reachBottomDistance: REACH_BOTTOM_MY,
    tab: true,
  },
  [PATHS.login]: { title: '登录' },
  [PATHS.resetPwd]: { title: '忘记密码' },
  [PATHS.userInfo]: { title: '个人信息', requiresLogin: true },
  [PATHS.setting]: { title: '设置', requiresLogin: true },
  [PATHS.settingTwo]: { title: '账号与安全', requiresLogin: true },
  [PATHS.modifyMobile]: { title: '修改手机号', requiresLogin: true },
  [PATHS.bindNewPhone]: { title: '绑定新手机号', requiresLogin: true },
  [PATHS.modifyPassword]: { title: '修改登录密码', requiresLogin: true },
  [PATHS.nameAuthentication]: { title: '实名认证', requiresLogin: true },
  [PATHS.choosePayType]: { title: '支付密码', requiresLogin: true },
  [PATHS.aboutUs]: { title: '关于我们' },
  [PATHS.setPayPassword]: { title: '设置支付密码', requiresLogin: true },
  [PATHS.resetPayPassword]: { title: '重置支付密码', requiresLogin: true },
  [PATHS.product]: { title: '商品详情', customNavBar: true },
  [PATHS.store]: { title: '店铺', reachBottomDistance: 250 },
  [PATHS.storeInfo]: { title: '店铺详情' },
  [PATHS.storeLicense]: { title: '营业执照' },
  [PATHS.storeInfoAlias]: { title: '店铺详情' },
  [PATHS.storeLicenseAlias]: { title: '营业执照' },
  [PATHS.evaluations]: { title: '商品评价', reachBottomDistance: 250 },
  [PATHS.productVideo]: { title: '商品视频', customNavBar: true },
  [PATHS.search]: { title: '搜索', customNavBar: true, reachBottomDistance: 250 },
  [PATHS.writeOrder]: { title: '确认订单', requiresLogin: true },
  [PATHS.orderRule]: { title: '运费及抵扣规则' },
  [PATHS.pay]: { title: '收银台', requiresLogin: true },
  [PATHS.paySuccess]: { title: '支付成功', requiresLogin: true },
  [PATHS.addresses]: { title: '收货地址', requiresLogin: true },
  [PATHS.addAddress]: { title: '新增收货地址', requiresLogin: true },
  [PATHS.editAddress]: { title: '编辑收货地址', requiresLogin: true },
  [PATHS.orders]: { title: '我的订单', requiresLogin: true, reachBottomDistance: 250 },
  [PATHS.orderInfo]: { title: '订单详情', requiresLogin: true },
  [PATHS.collection]: { title: '我的收藏', requiresLogin: true },
  [PATHS.footprint]: { title: '我的足迹', requiresLogin: true, pullToRefresh: true },
  [PATHS.follow]: { title: '我的关注', requiresLogin: true },
  [PATHS.assets]: { title: '我的资产', requiresLogin: true, pullToRefresh: true },
  [PATHS.redPacket]: {
    title: '我的红包',
    requiresLogin: true,
    pullToRefresh: true,
    reachBottomDistance: 250,
  },
  [PATHS.bill]: { title: '明细', requiresLogin: true, reachBottomDistance: 250 },
  [PATHS.withdrawRule]: { title: '提现规则' },
  [PATHS.redPacketRule]: { title: '红包使用规则' },
  [PATHS.couponCenter]: { title: '领券中心', pullToRefresh: true, reachBottomDistance: 250 },
  [PATHS.myCoupon]: {
    title: '我的优惠券',
    requiresLogin: true,
    pullToRefresh: true,
    reachBottomDistance: 250,
  },
  [PATHS.couponGoods]: { title: '可用商品', requiresLogin: true, reachBottomDistance: 250 },
  [PATHS.refundApply]: { title: '申请售后', requiresLogin: true },
  [PATHS.refundDetail]: { title: '售后详情', requiresLogin: true },
  [PATHS.logistics]: { title: '查看物流', pullToRefresh: true, requiresLogin: true },
  [PATHS.evaluate]: { title: '发表评价', requiresLogin: true },
  [PATHS.evaluateSuccess]: { title: '评价成功', requiresLogin: true },
  [PATHS.invoices]: { title: '我的发票', requiresLogin: true, pullToRefresh: true },
  [PATHS.invoiceDetail]: { title: '发票详情', requiresLogin: true },
  [PATHS.applyInvoice]: { title: '申请开票', requiresLogin: true },
  [PATHS.invoiceTitles]: { title: '发票抬头', requiresLogin: true },
  [PATHS.invoiceTitle]: { title: '编辑发票抬头', requiresLogin: true },
  [PATHS.feedback]: { title: '意见反馈', requiresLogin: true },
  [PATHS.contactUs]: { title: '联系我们' },
  [PATHS.report]: { title: '举报', requiresLogin: true },
  [PATHS.rule]: { title: '规则说明' },
  [PATHS.userRule]: { title: '推广规则' },
  [PATHS.membersPay]: { title: '开通会员', requiresLogin: true },
  [PATHS.membersWebLink]: { title: '会员服务协议' },
  [PATHS.upgrade]: { title: '身份升级', requiresLogin: true },
  [PATHS.upgradeWebLink]: { title: '升级说明' },
  [PATHS.fiveNinetyEight]: { title: '598礼包升级', requiresLogin: true },
  [PATHS.saveMoney]: { title: '会员省钱明细', requiresLogin: true, pullToRefresh: true },
  [PATHS.moneyStrategy]: { title: '赚钱攻略' },
  [PATHS.myTeam]: { title: '我的团队', requiresLogin: true, pullToRefresh: true },
  [PATHS.myExtension]: { title: '推广中心', requiresLogin: true, pullToRefresh: true },
  [PATHS.myProfit]: { title: '我的收益', requiresLogin: true, pullToRefresh: true },
  [PATHS.incomeDetail]: { title: '收益明细', requiresLogin: true },
  [PATHS.inviteFriend]: { title: '邀请好友', requiresLogin: true },
  [PATHS.userQR]: { title: '邀请有礼', requiresLogin: true },
  [PATHS.promotion]: { title: '推广赚钱', pullToRefresh: true },
  [PATHS.cashWithdrawal]: { title: '提现', requiresLogin: true },
  [PATHS.withdrawRecords]: { title: '提现记录', requiresLogin: true, pullToRefresh: true },
  [PATHS.alipayNumber]: { title: '提现账号', requiresLogin: true },
  [PATHS.successfulWithdrawals]: { title: '提现结果', requiresLogin: true },
  [PATHS.integral]: { title: '积分签到', requiresLogin: true, pullToRefresh: true },
  [PATHS.integralBill]: { title: '积分明细', requiresLogin: true, reachBottomDistance: 250 },
  // The numbers come from points/home, which answers only a signed-in user.
  [PATHS.integralRule]: { title: '积分规则', requiresLogin: true },
  [PATHS.integralShare]: { title: '分享得积分', requiresLogin: true },
  [PATHS.integralDraw]: { title: '幸运抽奖', requiresLogin: true, pullToRefresh: true },
  [PATHS.integralDrawClaim]: { title: '领取奖品', requiresLogin: true },
  [PATHS.integralCards]: { title: '集卡有礼', requiresLogin: true, pullToRefresh: true },
  [PATHS.exchange]: { title: '积分商城', pullToRefresh: true },
  [PATHS.redeemCode]: { title: '兑换码', requiresLogin: true, pullToRefresh: true },
  [PATHS.game]: { title: '竞猜', pullToRefresh: true },
  [PATHS.gameOrder]: { title: '报名竞猜', requiresLogin: true },
  [PATHS.gamePay]: { title: '支付报名费', requiresLogin: true },
  [PATHS.gameInviter]: { title: '邀请好友', requiresLogin: true },
  [PATHS.gameInfo]: { title: '确认领奖', requiresLogin: true },
  [PATHS.farm]: { title: '种果树', requiresLogin: true },
  [PATHS.goddess]: { title: '女神帮', requiresLogin: true, pullToRefresh: true },
  [PATHS.goddessMyInviter]: { title: '我的邀请', requiresLogin: true, pullToRefresh: true },
  [PATHS.goddessDeduction]: { title: '抵扣明细', requiresLogin: true, pullToRefresh: true },
  ...bargainPages('homeZeroYuan', ''),
  ...bargainPages('homeZeroYuanNewYear', '新春'),

  [PATHS.agreement]: { title: '用户协议' },
  [PATHS.privacy]: { title: '隐私政策' },
  [PATHS.messages]: { title: '消息', requiresLogin: true, pullToRefresh: true },
  [PATHS.systemMessages]: { title: '系统消息', requiresLogin: true, pullToRefresh: true },
  [PATHS.systemMessageDetail]: { title: '消息详情', requiresLogin: true },
  [PATHS.orderMessages]: { title: '订单消息', requiresLogin: true, pullToRefresh: true },
  [PATHS.seckill]: { title: '限时秒杀', pullToRefresh: true },
  [PATHS.mySubscribe]: {
    title: '我的提醒',
    requiresLogin: true,
    pullToRefresh: true,
    reachBottomDistance: 250,
  },
  // No pull-to-refresh: a pull would refetch the captcha challenge the widget is solving.
  [PATHS.shopRush]: { title: '立即抢购', requiresLogin: true },
  // Draws its own bar: the title comes from the link (?title=).
  [PATHS.subscribeWebLink]: { title: '详情', customNavBar: true },
  [PATHS.userWebLink]: { title: '详情', customNavBar: true },
  [PATHS.userWebLink1]: { title: '详情', customNavBar: true },
  [PATHS.integralWebLink]: { title: '详情', customNavBar: true },
  [PATHS.timWebLink]: { title: '详情', customNavBar: true },
  [PATHS.nationalDayWebLink]: { title: '详情', customNavBar: true },

  [PATHS.chatRoom]: { title: '聊天', customNavBar: true, requiresLogin: true },
  [PATHS.chatUser]: { title: '聊天信息', requiresLogin: true },
  [PATHS.contacts]: { title: '通讯录', requiresLogin: true },
  [PATHS.friendRequests]: { title: '新的朋友', requiresLogin: true },
  [PATHS.addFriend]: { title: '添加好友', requiresLogin: true },
  [PATHS.blacklist]: { title: '黑名单', requiresLogin: true },
  [PATHS.groupCreate]: { title: '发起群聊', requiresLogin: true },
  [PATHS.groupInfo]: { title: '群聊信息', requiresLogin: true },
  [PATHS.groupMembers]: { title: '群成员', requiresLogin: true },
  [PATHS.groupNotices]: { title: '群通知', requiresLogin: true },
  [PATHS.chatRooms]: { title: '聊天室', requiresLogin: true },
  [PATHS.starYaoOfficer]: { title: '明星药师', pullToRefresh: true, reachBottomDistance: 250 },
  [PATHS.writeVisit]: { title: '复诊开药', requiresLogin: true },
  [PATHS.preInfo]: { title: '处方信息', requiresLogin: true, pullToRefresh: true },
  [PATHS.pharmacistDesk]: { title: '药师工作台', requiresLogin: true, pullToRefresh: true },
  [PATHS.starUp]: { title: '主播入驻', requiresLogin: true },
  [PATHS.liveUser]: { title: '直播中心', requiresLogin: true, pullToRefresh: true },
  [PATHS.liveNotice]: { title: '直播预告', pullToRefresh: true, reachBottomDistance: 250 },
  [PATHS.liveSearch]: { title: '搜索直播', customNavBar: true, reachBottomDistance: 250 },
  [PATHS.livePlay]: { title: '直播间', customNavBar: true },
  [PATHS.liveOver]: { title: '直播已结束', customNavBar: true },
  [PATHS.liveVideo]: { title: '直播回放', customNavBar: true },
  [PATHS.previewImage]: { title: '图片预览', customNavBar: true },
  [PATHS.openLocation]: { title: '查看位置' },
  [PATHS.chooseLocation]: { title: '选择位置' },
  [PATHS.zoneHelpFarmers]: { title: '助农专区', pullToRefresh: true },
  [PATHS.zoneSauceWine]: { title: '助农好物' },
  [PATHS.newPeopleReturn]: { title: '新人全额返' },
  [PATHS.npnZone]: { title: '9.9元专区' },
  [PATHS.cpShopMall]: { title: '潮品商城' },
  [PATHS.cpShopMallSort]: { title: '商品分类' },
  [PATHS.cpShopMallctivity]: { title: '特产美食' },
  [PATHS.homeShopsort]: { title: '商城分类' },
  [PATHS.nationalDay]: { title: '国庆特惠', customNavBar: true, pullToRefresh: true },
  [PATHS.dailySale]: { title: '每日特卖' },
  [PATHS.share]: { title: '分享' },
  [PATHS.userHelpRed]: { title: '好友助力红包' },
};

const NOT_FOUND: PageConfig = { title: APP_NAME };

export function pageConfigFor(pathname: string): PageConfig {
  return PAGE_CONFIG[pathname] ?? PAGE_CONFIG[pathname.replace(/\/+$/, '') || '/'] ?? NOT_FOUND;
}

/** SPEC §2: content sits 44px below a shared nav bar, 0 below a custom one. */
export function navBarHeight(config: PageConfig): number {
  return config.customNavBar ? 0 : NAV_BAR_HEIGHT;
}
