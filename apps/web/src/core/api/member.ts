import type {
  IdentityData,
  MemberBuyBody,
  MemberBuyData,
  MemberPlansData,
  PromoRulesData,
  SavingsPage,
  UpgradeData,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

/** Who I am in the programme; 我的, the upgrade pages and 推广中心 all read it. */
export const identityApi = {
  identity: () => get<IdentityData>('promotion/identity'),
};

/** The configured numbers (public: the agreements and the goods' 会员价 need them logged out too). */
export const promoRulesApi = {
  rules: () => get<PromoRulesData>('promotion/rules'),
};

export const memberApi = {
  plans: () => get<MemberPlansData>('member/plans'),
  /** One purchase per clientKey: resubmitting after a lost answer returns the same purchase. */
  buy: (body: MemberBuyBody) => post<MemberBuyData>('member/buy', body),
  /** Polled after the cashier until the gateway's notify marks the purchase paid. */
  purchase: (purchaseNo: string) => get<MemberBuyData>('member/purchase', { purchaseNo }),
  savings: (query: { pageNum: number; pageSize: number }) =>
    get<SavingsPage>('member/savings', query),
  upgrade: () => get<UpgradeData>('promotion/upgrade'),
  /** The deposit variant of the upgrade, paid from the balance. */
  bailPay: (password: string) => post<IdentityData>('promotion/bailPay', { password }),
};
