import {
  BILL_ACCOUNTS,
  BILL_KINDS,
  type BillAccount,
  type BillKind,
  type BillRow,
  type RedPacket,
} from '@chaopin/contracts';
import { formatPrice } from '../../core/format.ts';

export const ACCOUNT_TEXT: Record<BillAccount, string> = {
  all: '全部',
  balance: '余额',
  redPacket: '红包',
};

export const PACKET_STATE_TEXT: Record<RedPacket['state'], string> = {
  unopened: '未拆',
  opened: '已拆',
  expired: '已过期',
};

/** +¥12.00 for money in, -¥12.00 for money out (the minus comes from formatPrice). */
export function signedAmount(fen: number): string {
  return fen > 0 ? `+${formatPrice(fen)}` : formatPrice(fen);
}

export function amountTone(row: Pick<BillRow, 'amount'>): 'in' | 'out' {
  return row.amount > 0 ? 'in' : 'out';
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The bill's month filter value (YYYY-MM) of a picker date (its wall clock, not an instant). */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** '2024-05' → the first of that month, for the picker; null when not a month. */
export function monthToDate(month: string): Date | null {
  const m = MONTH.exec(month);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : null;
}

/** '2024-05' → 2024年5月. */
export function monthText(month: string): string {
  const m = MONTH.exec(month);
  return m ? `${m[1]}年${Number(m[2])}月` : month;
}

export interface BillFilter {
  account: BillAccount;
  kind: BillKind;
  /** YYYY-MM, or '' for every month. */
  month: string;
}

const isAccount = (v: string | null): v is BillAccount =>
  (BILL_ACCOUNTS as readonly (string | null)[]).includes(v);
const isKind = (v: string | null): v is BillKind =>
  (BILL_KINDS as readonly (string | null)[]).includes(v);

/**
 * The filter kept in the address (so that coming back from an order keeps it). Anything a hand
 * edited into the link falls back to 全部 rather than asking the server for a 400.
 */
export function billFilterFrom(params: URLSearchParams): BillFilter {
  const account = params.get('account');
  const kind = params.get('kind');
  const month = params.get('month') ?? '';
  return {
    account: isAccount(account) ? account : 'all',
    kind: isKind(kind) ? kind : 'all',
    month: MONTH.test(month) ? month : '',
  };
}

/** The search params of a filter, leaving out what is 全部. */
export function billFilterParams(filter: BillFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.account !== 'all') params.account = filter.account;
  if (filter.kind !== 'all') params.kind = filter.kind;
  if (filter.month) params.month = filter.month;
  return params;
}

const HOUR = 3_600_000;

/** An unopened packet's deadline as the list says it: soon ones in hours, the rest by date. */
export function expiryText(expiresAt: string, now = Date.now()): string {
  const left = new Date(expiresAt).getTime() - now;
  if (Number.isNaN(left)) return '';
  if (left <= 0) return '已过期';
  if (left < HOUR) return '即将过期';
  if (left < 24 * HOUR) return `${Math.floor(left / HOUR)}小时后过期`;
  return `${Math.ceil(left / (24 * HOUR))}天后过期`;
}

/** What the packet's face shows: the range's top before it is opened, its amount after. */
export function packetFace(packet: RedPacket): { prefix: string; fen: number } {
  if (packet.state === 'opened' && packet.amount !== null)
    return { prefix: '', fen: packet.amount };
  return { prefix: '最高', fen: packet.maxAmount };
}

/** 优惠券's note on 我的资产: the ones about to lapse matter more than the count. */
export function couponNote(expiring: number): string | null {
  return expiring > 0 ? `${expiring}张即将过期` : null;
}
