import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

// Every route of SPEC §2 opened as a new user, as typed (no route parameters: SPEC shows none):
// none may show 页面不存在 or the error page, throw, or get a 5xx from the server.
const SPEC_ROUTES = [
  '/',
  '/pages/index/index',
  '/pages/homeClassify/homeClassify',
  '/pages/live/live',
  '/pages/shopCar/shopCar',
  '/pages/user/user',
  // pages/
  '/pages/share/share',
  '/pages/homeSauceWine/homeSauceWine',
  '/pages/homeCpHelpFarmers/homeCpHelpFarmers',
  '/pages/homeNewPeopleReturn/homeNewPeopleReturn',
  '/pages/npnZone/npnZone',
  '/pages/cpShopMall/cpShopMall',
  '/pages/cpShopMallSort/cpShopMallSort',
  '/pages/cpShopMallctivity/cpShopMallctivity',
  '/pages/homeShopsort/homeShopsort',
  '/pages/homeSearch/homeSearch',
  '/pages/homeNationalday/homeNationalday',
  '/pages/homeNationalday/webLink',
  '/pages/homeSeckill/homeSeckill',
  '/pages/userHelpRed/userHelpRed',
  '/pages/promotion/promotion',
  '/pages/report/report',
  '/pages/rule/rule',
  '/pages/live/search',
  '/pages/shopDetails/shopDetails',
  '/pages/shopDetailsViewPlay/shopDetailsViewPlay',
  '/pages/shopDetailsStore/shopDetailsStore',
  '/pages/shopDetailsStoreDetails/shopDetailsStoreDetails',
  '/pages/shopDetailsStoreDetails/license',
  '/pages/shopReceiveCoupon/shopReceiveCoupon',
  '/pages/writeOrder/writeOrder',
  '/pages/writeOrder/rule',
  '/pages/shopOrderPay/shopOrderPay',
  '/pages/shopOrderPay/successfulWithdrawals',
  '/pages/incomeDetail/incomeDetail',
  '/pages/userCashWithdrawal/CashWithdrawal',
  '/pages/alipayNumber/alipayNumber',
  '/pages/successfulWithdrawals/successfulWithdrawals',
  '/pages/userSetting/setting',
  '/pages/userSetting/setTingTwo',
  '/pages/userSetting/bindNewPhone',
  '/pages/userSetting/modifyMobile',
  '/pages/userSetting/modifyPassword',
  '/pages/userSetting/nameAuthentication',
  '/pages/userSetting/choosePayType',
  '/pages/userSetting/aboutUs',
  '/pages/setPayPassword/setPayPassword',
  '/pages/setPayPassword/SetPayment',
  '/pages/userContactUs/contactUs',
  '/pages/userMyTeam/myTeam',
  '/pages/userRule/rule',
  '/pages/login/login',
  '/pages/userReceivingAddress/ReceivingAddress',
  '/pages/userReceivingAddress/addNewAddress',
  '/pages/userReceivingAddress/addressEdit',
  '/pages/userMyOrder/allOrder',
  '/pages/userMyOrder/orderInfo',
  '/pages/userMyOrder/orderRefund',
  '/pages/userMyOrder/refundOrderDetails',
  '/pages/userMyOrder/viewLogistics',
  '/pages/userExtension/myExtension',
  '/pages/userProfit/myProfit',
  '/pages/userUpgrade/upgrade',
  '/pages/userUpgrade/webLink',
  '/pages/userInviteFriend/inviteFriend',
  '/pages/userMyorderParity/parityDetail',
  '/pages/userMyorderParity/paritySuccess',
  '/pages/user/myCollection',
  '/pages/userMyFollow/myFollow',
  '/pages/userFootprint/myFootprint',
  '/pages/userMyCoupon/myCoupon',
  '/pages/userMyAssets/myAssets',
  '/pages/userMyAssets/redPacket',
  '/pages/userMyAssets/withdrawRule',
  '/pages/userMyAssets/detailed',
  '/pages/userMyAssets/befoUse',
  '/pages/user/moneyStrategy',
  '/pages/user/userInfo',
  '/pages/user/fiveNinetyEight',
  '/pages/user/webLink',
  '/pages/user/webLink1',
  '/pages/user/SaveMoneyDetail',
  '/pages/info/info',
  '/pages/infoSystemMessages/infoSystemMessages',
  '/pages/infoSystemMessages/details',
  '/pages/infoOrderMessage/infoOrderMessage',
  '/pages/userFeedback/userFeedback',
  '/pages/userQR/userQR',
  // rootPages/
  '/rootPages/livePlay/play',
  '/rootPages/liveNotice/notice',
  '/rootPages/liveOver/liveOver',
  '/rootPages/liveUser/user',
  '/rootPages/video/video',
  '/rootPages/starUp/starUp',
  '/rootPages/game/game',
  '/rootPages/game/order',
  '/rootPages/game/inviter',
  '/rootPages/game/info',
  '/rootPages/game/pay',
  '/rootPages/Ztest/index',
  ...['homeZeroYuan', 'homeZeroYuanNewYear'].flatMap((edition) =>
    [
      'homeZeroDetail',
      'homeZeroYuan',
      'thirdStep',
      'homeZeroBargain',
      'helpBargain',
      'audit',
      'BaskSingle',
      'thankshelpme',
    ].map((page) => `/rootPages/${edition}/${page}`),
  ),
  '/rootPages/MembersPay/MembersPay',
  '/rootPages/MembersPay/webLink',
  '/rootPages/integral/integral',
  '/rootPages/integral/MyBill',
  '/rootPages/integral/webLink',
  '/rootPages/integral/bottomLayer',
  '/rootPages/integral/sharePage',
  '/rootPages/exchange/exchangeWeb',
  '/rootPages/redeemCode/redeemCode',
  '/rootPages/mySubscribe/mySubscribe',
  '/rootPages/mySubscribe/webLink',
  '/rootPages/mySubscribe/shopRush',
  '/rootPages/tim/room',
  '/rootPages/tim/writeVisit',
  '/rootPages/tim/webLink',
  '/rootPages/tim/preInfo',
  '/rootPages/tim/starYaoOfficer',
  '/rootPages/goddess/goddess',
  '/rootPages/goddess/MyInviter',
  '/rootPages/goddess/deductionDetail',
  '/rootPages/invoiceMent/invoiceMent',
  '/rootPages/invoiceMent/invoiceDetails',
  '/rootPages/invoiceMent/applyInvoice',
  '/rootPages/invoiceMent/invoiceTitleList',
  '/rootPages/invoiceMent/invoiceTitle',
  // system pages
  '/preview-image',
  '/choose-location',
  '/open-location',
];

let browser: Browser;
let A: AppUser;

beforeAll(async () => {
  browser = await launch();
  // The shared server of every e2e file (globalSetup.ts).
  A = await appUser(browser, inject('baseURL'));
});

afterAll(async () => {
  await A?.context.close();
  await browser?.close();
});

/** Tabs walking at once: most of a page's time is the wait for the network to go quiet. */
const TABS = 4;

/** What is wrong with `route` when opened in `page` (a full load: a hash change alone would let
 * the previous page's text be read). */
async function walk(page: Page, route: string, errors: string[]): Promise<string[]> {
  const found: string[] = [];
  const onResponse = (r: Response) => {
    if (r.status() >= 500) found.push(`${route}: ${r.status()} ${r.url()}`);
  };
  page.on('response', onResponse);
  const seen = errors.length;
  await page.goto('about:blank');
  await page.goto(`/#${route}`);
  await page.waitForLoadState('networkidle');
  const shown = () => page.locator('body').innerText();
  // The lazy chunk and the first data may still be on their way: the page has a moment.
  await expect
    .poll(
      async () => {
        const t = await shown();
        return t.trim() !== '' && !/页面不存在|页面加载失败/.test(t);
      },
      { timeout: 5_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  const text = await shown();
  if (text.includes('页面不存在')) found.push(`${route}: 页面不存在`);
  if (text.includes('页面加载失败')) found.push(`${route}: error page`);
  if (!text.trim()) found.push(`${route}: blank`);
  for (const e of errors.slice(seen)) found.push(`${route}: ${e}`);
  page.off('response', onResponse);
  return found;
}

describe('every SPEC §2 route, opened by a new user without parameters', () => {
  it('shows a page: never 页面不存在, the error page, an uncaught error or a 5xx', async () => {
    const tabs = await Promise.all(
      Array.from({ length: TABS }, async (_, n) => {
        if (n === 0) return { page: A.page, errors: A.errors };
        const page = await A.context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        return { page, errors };
      }),
    );
    const failures = (
      await Promise.all(
        tabs.map(async ({ page, errors }, n) => {
          const found: string[] = [];
          for (let i = n; i < SPEC_ROUTES.length; i += TABS) {
            found.push(...(await walk(page, SPEC_ROUTES[i] as string, errors)));
          }
          return found;
        }),
      )
    ).flat();
    expect(failures).toEqual([]);
  });
});
