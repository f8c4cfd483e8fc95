/** 我的's shortcuts: the web app's texts and pages (most open as web-view pages for now). */
export const ORDER_SHORTCUTS = [
  { title: '待付款', status: 'unpaid' },
  { title: '待发货', status: 'unshipped' },
  { title: '待收货', status: 'unreceived' },
  { title: '待评价', status: 'unevaluated' },
  { title: '售后', status: 'aftersale' },
] as const;

export const ASSETS = [
  { title: '我的资产', path: '/pages/userMyAssets/myAssets' },
  { title: '我的优惠券', path: '/pages/userMyCoupon/myCoupon' },
  { title: '我的红包', path: '/pages/userMyAssets/redPacket' },
  { title: '领券中心', path: '/pages/shopReceiveCoupon/shopReceiveCoupon' },
  { title: '收货地址', path: '/pages/userReceivingAddress/ReceivingAddress' },
  { title: '我的收藏', path: '/pages/user/myCollection' },
  { title: '我的足迹', path: '/pages/userFootprint/myFootprint' },
  { title: '我的关注', path: '/pages/userMyFollow/myFollow' },
  { title: '我的提醒', path: '/rootPages/mySubscribe/mySubscribe' },
  { title: '我的发票', path: '/rootPages/invoiceMent/invoiceMent' },
] as const;

export const SERVICES = [
  { title: '直播中心', path: '/rootPages/liveUser/user' },
  { title: '直播预告', path: '/rootPages/liveNotice/notice' },
  { title: '消息中心', path: '/pages/info/info' },
  { title: '意见反馈', path: '/pages/userFeedback/userFeedback' },
  { title: '联系我们', path: '/pages/userContactUs/contactUs' },
  { title: '规则中心', path: '/pages/rule/rule' },
  { title: '种果树', path: '/rootPages/farm/farm' },
] as const;

export const SETTINGS = [
  { title: '个人信息', path: '/pages/user/userInfo' },
  { title: '实名认证', path: '/pages/userSetting/nameAuthentication' },
  { title: '支付密码', path: '/pages/userSetting/choosePayType' },
  { title: '设置', path: '/pages/userSetting/setting' },
  { title: '关于我们', path: '/pages/userSetting/aboutUs' },
] as const;
