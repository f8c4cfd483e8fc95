import type { ComponentType } from 'react';
import { addressPages } from '../features/address/index.ts';
import { aftersalePages } from '../features/aftersale/index.ts';
import { authPages } from '../features/auth/index.ts';
import { bargainPages } from '../features/bargain/index.ts';
import { cartPages } from '../features/cart/index.ts';
import { categoryPages } from '../features/category/index.ts';
import { chatPages, loadChatTimPages } from '../features/chat/index.ts';
import { couponPages } from '../features/coupon/index.ts';
import { evaluationPages } from '../features/evaluation/index.ts';
import { farmPages } from '../features/farm/index.ts';
import { gamePages } from '../features/game/index.ts';
import { goddessPages } from '../features/goddess/index.ts';
import { goodsPages } from '../features/goods/index.ts';
import { invoicePages } from '../features/invoice/index.ts';
import { livePages } from '../features/live/index.ts';
import { liveHostPages } from '../features/liveHost/index.ts';
import { logisticsPages } from '../features/logistics/index.ts';
import { loadMedicineTimPages } from '../features/medicine/index.ts';
import { memberPages } from '../features/member/index.ts';
import { messagePages } from '../features/message/index.ts';
import { orderPages } from '../features/order/index.ts';
import { payPasswordPages } from '../features/payPassword/index.ts';
import { pointsPages } from '../features/points/index.ts';
import { promotionPages } from '../features/promotion/index.ts';
import { redeemPages } from '../features/redeem/index.ts';
import { searchPages } from '../features/search/index.ts';
import { seckillPages } from '../features/seckill/index.ts';
import { servicePages } from '../features/service/index.ts';
import { settingsPages } from '../features/settings/index.ts';
import { userPages } from '../features/user/index.ts';
import { walletPages } from '../features/wallet/index.ts';
import { zonePages } from '../features/zone/index.ts';

type PageModule = { default: ComponentType };

/**
 * Every non-home page is its own chunk (the original's sub-packages). The likely next ones are
 * prefetched once the first screen is done (PREFETCH_PAGES in vite.config.ts, app/idle.ts).
 */
export const pageLoaders = {
  ...categoryPages,
  ...livePages,
  ...cartPages,
  ...userPages,
  ...authPages,
  ...settingsPages,
  ...payPasswordPages,
  ...goodsPages,
  ...searchPages,
  ...orderPages,
  ...addressPages,
  ...walletPages,
  ...couponPages,
  ...aftersalePages,
  ...logisticsPages,
  ...evaluationPages,
  ...invoicePages,
  ...servicePages,
  ...messagePages,
  ...seckillPages,
  ...liveHostPages,
  ...memberPages,
  ...promotionPages,
  ...pointsPages,
  ...redeemPages,
  ...gamePages,
  ...farmPages,
  ...goddessPages,
  ...bargainPages,
  ...zonePages,
  ...chatPages,
  // rootPages/tim/<page>: TimPages' map and both features' pages, fetched in parallel.
  chatPages: () =>
    Promise.all([import('./TimPages.tsx'), loadChatTimPages(), loadMedicineTimPages()]).then(
      ([tim, chat, medicine]) => ({ default: tim.timPages(chat, medicine) }),
    ),
  notFound: () => import('../ui/NotFoundPage.tsx'),
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
