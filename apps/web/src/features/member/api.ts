import type { MemberBuyBody } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

/** Who I am in the programme; 我的, the upgrade pages and 推广中心 all read it. */
export const identityApi = {
  identity: () => get('promotion/identity'),
};

/** The configured numbers (public: the agreements and the goods' 会员价 need them logged out too). */
export const promoRulesApi = {
  rules: () => get('promotion/rules'),
};

export const memberApi = {
  plans: () => get('member/plans'),
  /** One purchase per clientKey: resubmitting after a lost answer returns the same purchase. */
  buy: (body: MemberBuyBody) => post('member/buy', body),
  /** Polled after the cashier until the gateway's notify marks the purchase paid. */
  purchase: (purchaseNo: string) => get('member/purchase', { purchaseNo }),
  savings: (query: { pageNum: number; pageSize: number }) => get('member/savings', query),
  upgrade: () => get('promotion/upgrade'),
  /** The deposit variant of the upgrade, paid from the balance. */
  bailPay: (password: string) => post('promotion/bailPay', { password }),
};
