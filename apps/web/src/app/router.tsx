import { createHashRouter, type RouteObject } from 'react-router';
import HomePage from '../features/home/pages/HomePage.tsx';
import { PATHS } from '../ui/pageConfig.ts';
import { RouteError } from '../ui/RouteError.tsx';
import { StaticShellFallback } from '../ui/StaticShell.tsx';
import { AppLayout } from './AppLayout.tsx';
import { lazyPage } from './lazyPages.ts';

// The home page is in the entry chunk: it is the first screen and must not wait for a second request.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StaticShellFallback />,
    children: [
      { path: PATHS.home, element: <HomePage /> },
      { path: PATHS.homeAlias, element: <HomePage /> },
      { path: PATHS.category, lazy: lazyPage('category') },
      { path: PATHS.live, lazy: lazyPage('live') },
      { path: PATHS.cart, lazy: lazyPage('cart') },
      { path: PATHS.my, lazy: lazyPage('my') },
      { path: PATHS.login, lazy: lazyPage('login') },
      { path: PATHS.resetPwd, lazy: lazyPage('resetPwd') },
      { path: PATHS.userInfo, lazy: lazyPage('userInfo') },
      { path: PATHS.setting, lazy: lazyPage('setting') },
      { path: PATHS.settingTwo, lazy: lazyPage('settingTwo') },
      { path: PATHS.modifyMobile, lazy: lazyPage('modifyMobile') },
      { path: PATHS.bindNewPhone, lazy: lazyPage('bindNewPhone') },
      { path: PATHS.modifyPassword, lazy: lazyPage('modifyPassword') },
      { path: PATHS.nameAuthentication, lazy: lazyPage('nameAuthentication') },
      { path: PATHS.choosePayType, lazy: lazyPage('choosePayType') },
      { path: PATHS.aboutUs, lazy: lazyPage('aboutUs') },
      { path: PATHS.setPayPassword, lazy: lazyPage('setPayPassword') },
      { path: PATHS.resetPayPassword, lazy: lazyPage('resetPayPassword') },
      { path: PATHS.product, lazy: lazyPage('product') },
      { path: PATHS.store, lazy: lazyPage('store') },
      { path: PATHS.storeInfo, lazy: lazyPage('storeInfo') },
      { path: PATHS.storeLicense, lazy: lazyPage('storeLicense') },
      { path: PATHS.evaluations, lazy: lazyPage('evaluations') },
      { path: PATHS.productVideo, lazy: lazyPage('productVideo') },
      { path: PATHS.search, lazy: lazyPage('search') },
      { path: PATHS.writeOrder, lazy: lazyPage('writeOrder') },
      { path: PATHS.orderRule, lazy: lazyPage('orderRule') },
      { path: PATHS.pay, lazy: lazyPage('pay') },
      { path: PATHS.paySuccess, lazy: lazyPage('paySuccess') },
      { path: PATHS.addresses, lazy: lazyPage('addresses') },
      { path: PATHS.addAddress, lazy: lazyPage('addAddress') },
      { path: PATHS.editAddress, lazy: lazyPage('editAddress') },
      { path: PATHS.orders, lazy: lazyPage('orders') },
      { path: PATHS.orderInfo, lazy: lazyPage('orderInfo') },
      { path: PATHS.collection, lazy: lazyPage('collection') },
      { path: PATHS.footprint, lazy: lazyPage('footprint') },
      { path: PATHS.follow, lazy: lazyPage('follow') },
      { path: PATHS.assets, lazy: lazyPage('assets') },
      { path: PATHS.refundApply, lazy: lazyPage('refundApply') },
      { path: PATHS.refundDetail, lazy: lazyPage('refundDetail') },
      { path: PATHS.logistics, lazy: lazyPage('logistics') },
      { path: PATHS.evaluate, lazy: lazyPage('evaluate') },
      { path: PATHS.evaluateSuccess, lazy: lazyPage('evaluateSuccess') },
      { path: PATHS.invoices, lazy: lazyPage('invoices') },
      { path: PATHS.invoiceDetail, lazy: lazyPage('invoiceDetail') },
      { path: PATHS.applyInvoice, lazy: lazyPage('applyInvoice') },
      { path: PATHS.invoiceTitles, lazy: lazyPage('invoiceTitles') },
      { path: PATHS.invoiceTitle, lazy: lazyPage('invoiceTitle') },
      { path: PATHS.feedback, lazy: lazyPage('feedback') },
      { path: PATHS.contactUs, lazy: lazyPage('contactUs') },
      { path: PATHS.report, lazy: lazyPage('report') },
      { path: PATHS.rule, lazy: lazyPage('rule') },
      { path: PATHS.userRule, lazy: lazyPage('userRule') },
      { path: PATHS.agreement, lazy: lazyPage('agreement') },
      { path: PATHS.privacy, lazy: lazyPage('privacy') },
      { path: PATHS.messages, lazy: lazyPage('messages') },
      { path: PATHS.systemMessages, lazy: lazyPage('systemMessages') },
      { path: PATHS.systemMessageDetail, lazy: lazyPage('systemMessageDetail') },
      { path: PATHS.orderMessages, lazy: lazyPage('orderMessages') },
      { path: PATHS.seckill, lazy: lazyPage('seckill') },
      { path: PATHS.mySubscribe, lazy: lazyPage('mySubscribe') },
      { path: PATHS.shopRush, lazy: lazyPage('shopRush') },
      { path: PATHS.subscribeWebLink, lazy: lazyPage('webLink') },
      { path: PATHS.chatRoom, lazy: lazyPage('chatRoom') },
      // The chat's other pages (contacts, friends, groups…) pick their page from the last segment.
      { path: '/rootPages/tim/:page', lazy: lazyPage('chatPages') },
      { path: PATHS.previewImage, lazy: lazyPage('previewImage') },
      { path: PATHS.openLocation, lazy: lazyPage('openLocation') },
      { path: '*', lazy: lazyPage('notFound') },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
