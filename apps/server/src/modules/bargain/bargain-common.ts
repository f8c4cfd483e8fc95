import { randomInt } from 'node:crypto';
import type { BargainEdition, BargainEditionId } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CutRules } from './bargain-cut.ts';
import type { BargainRows, ItemRow } from './bargain-rows.repo.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** The name of the bargain's deal port in the order placement batch. */
export const BARGAIN_DEAL_PORT = 'bargain';

export interface BargainOptions {
  claimHours: number;
  newUserDays: number;
  helpersNeeded: number;
  timeLimitHours: number;
  cuts: CutRules;
  auditNewUserPercent: number;
  auditSameIp: number;
  editions: Record<BargainEditionId, Omit<BargainEdition, 'itemCount' | 'edition'>>;
}

/** What the bargain needs of other modules (rewards, addresses). */
export interface BargainPorts {
  giveRedPacket(trx: Db, userId: number, title: string, amount: number): Promise<void>;
  /**
   * Gives one coupon of the template inside the caller's transaction; throws the coupon
   * module's AppError when the template cannot give one (sold out, ended, the user's limit).
   */
  grantCoupon(trx: Db, userId: number, templateId: number): Promise<void>;
  addressOwned(userId: number, addressId: number): Promise<boolean>;
  /** The free order's shipping as its placement will charge it (the order module's rule). */
  dealShippingFee(price: number, skuFreeShipping: boolean): number;
}

export const random = () => randomInt(0, 1_000_000_000) / 1_000_000_000;

export function editionOf(
  opts: BargainOptions,
  id: BargainEditionId,
  itemCount: number,
): BargainEdition {
  return { edition: id, ...opts.editions[id], itemCount };
}

/** The item if it is listed, else BARGAIN_ITEM_NOT_FOUND. */
export async function enabledItem(rows: BargainRows, id: number): Promise<ItemRow> {
  const row = await rows.item(id);
  if (!row?.enabled) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
  return row;
}

/** A paged query's page (first page, ten rows unless asked) and its offset. */
export function pageOf(q: { pageNum?: number; pageSize?: number }) {
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 10;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}
