import {
  type AssetsData,
  type BillAccount,
  type BillKind,
  type BillPage,
  type BillQuery,
  type BillRow,
  FREE_SHIPPING_THRESHOLD,
  ORDER_PAY_MINUTES,
  SHIPPING_FEE_PER_STORE,
  type WalletRulesData,
} from '@chaopin/contracts';
import { monthRange } from '../../platform/china-time.ts';
import type { CouponService } from '../coupon/index.ts';
import type { BillAccountKind, Ledger, LedgerBillFilter, LedgerReads } from '../ledger/index.ts';
import type { WalletRepo } from './wallet.repo.ts';

/** Ledger transaction kinds behind each kind of the bill's filter. */
const KINDS: Record<Exclude<BillKind, 'all' | 'other'>, readonly string[]> = {
  recharge: ['recharge'],
  pay: ['order_pay', 'rp_hold'],
  refund: ['refund', 'pay_refund', 'refund_discount', 'rp_release'],
  redPacket: ['rp_open'],
  gift: ['live-gift'],
};
const KNOWN = Object.values(KINDS).flat();

const TITLES: Record<string, string> = {
  recharge: '余额充值',
  order_pay: '订单支付',
  rp_hold: '红包抵扣',
  rp_release: '订单关闭，红包退回',
  refund: '售后退款',
  pay_refund: '支付退回（订单已关闭）',
  refund_discount: '售后退款（红包退回）',
  rp_open: '拆红包',
  'live-gift': '直播打赏',
};

function billKind(txnKind: string): BillRow['kind'] {
  for (const [kind, txns] of Object.entries(KINDS)) {
    if (txns.includes(txnKind)) return kind as BillRow['kind'];
  }
  return 'other';
}

/** The ledger accounts behind each account of the bill's filter. */
const ACCOUNTS: Record<BillAccount, readonly BillAccountKind[]> = {
  balance: ['wallet'],
  redPacket: ['redpacket'],
  all: ['wallet', 'redpacket'],
};

/** `YYYY-MM` in China time as [start, end). */
function monthBounds(month: string): { from: Date; to: Date } {
  const [from, to] = monthRange(month);
  return { from, to };
}

export interface WalletRules {
  redPacketMaxSharePercent: number;
  redPacketValidDays: number;
  couponExpiringDays: number;
  pointsPerYuan: number;
  pointsMaxSharePercent: number;
}

/** 我的资产, its bill (every movement of the wallet and the red-packet account) and the rules. */
export class WalletService {
  constructor(
    private readonly repo: WalletRepo,
    private readonly ledger: Ledger,
    private readonly ledgerReads: LedgerReads,
    private readonly coupons: CouponService,
    private readonly rulesConfig: WalletRules,
  ) {}

  rules(): WalletRulesData {
    return {
      ...this.rulesConfig,
      freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
      shippingFeePerStore: SHIPPING_FEE_PER_STORE,
      orderPayMinutes: ORDER_PAY_MINUTES,
    };
  }

  async assets(userId: number): Promise<AssetsData> {
    const now = new Date();
    const [balance, redPacketBalance, unopened, coupons, commission, points] = await Promise.all([
      this.ledger.balanceOf(userId),
      this.ledger.redPacketBalanceOf(userId),
      this.repo.countUnopened(userId, now),
      this.coupons.counts(userId, now),
      this.ledger.commissionOf(userId),
      this.ledger.pointsOf(userId),
    ]);
    return {
      balance,
      redPacketBalance,
      unopenedRedPackets: unopened,
      couponCount: coupons.unused,
      expiringCoupons: coupons.expiring,
      points,
      commission,
    };
  }

  async bill(userId: number, q: BillQuery): Promise<BillPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const kind = q.kind ?? 'all';
    const filter: LedgerBillFilter = {
      userId,
      accounts: ACCOUNTS[q.account ?? 'all'],
      txnKinds:
        kind === 'all'
          ? undefined
          : kind === 'other'
            ? { exclude: KNOWN }
            : { include: KINDS[kind] },
      ...(q.month ? monthBounds(q.month) : {}),
    };
    const page = await this.ledgerReads.billPage(filter, pageSize, (pageNum - 1) * pageSize);
    const refs = {
      payments: [] as string[],
      groups: [] as string[],
      refunds: [] as string[],
      orders: [] as string[],
    };
    for (const r of page.rows) {
      if (r.txn_kind === 'order_pay' || r.txn_kind === 'pay_refund') refs.payments.push(r.ref);
      else if (r.txn_kind === 'rp_hold') refs.groups.push(r.ref);
      else if (r.txn_kind === 'refund' || r.txn_kind === 'refund_discount')
        refs.refunds.push(r.ref);
      else if (r.txn_kind === 'rp_release') refs.orders.push(r.ref);
    }
    const orderNos = await this.repo.orderNos(refs);
    return {
      list: page.rows.map((r) => ({
        id: r.id,
        account: r.account_kind === 'redpacket' ? 'redPacket' : 'balance',
        kind: billKind(r.txn_kind),
        title: r.memo || TITLES[r.txn_kind] || '其他',
        amount: r.amount,
        orderNo: orderNos.get(r.ref) ?? null,
        ref: r.ref,
        createdAt: r.created_at.toISOString(),
      })),
      total: page.total,
      pageNum,
      pageSize,
      income: page.income,
      expense: page.expense,
    };
  }
}
