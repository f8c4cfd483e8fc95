import type {
  BargainAdminClaimsQuery,
  BargainClaim,
  BargainClaimAdmin,
  BargainClaimBody,
  BargainClaimData,
  ErrorId,
  NewOrderData,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RewardsService } from '../../rewards/index.ts';
import {
  BARGAIN_DEAL_PORT,
  type BargainOptions,
  type BargainPorts,
  pageOf,
} from '../bargain-common.ts';
import type { BargainRow, BargainRows, ClaimView } from '../bargain-rows.repo.ts';
import { toClaim } from '../bargain-view.ts';
import type { ClaimRepo } from './claim.repo.ts';
import { claimError, flagsOf } from './claim-rules.ts';

/**
 * The free order of a succeeded bargain and its audit. The order is a prize order of the kernel's
 * rewards (the order module's placement batch, as a deal): the port below (checkDeals, recordDeals) re-checks the
 * claim under the bargain's and the item's locks, and records it with the order. A claim whose
 * helps look farmed waits in `audit` until the operator approves (the order is placed then) or
 * rejects it (its unit returns).
 */
export class BargainClaims {
  constructor(
    private readonly db: Db,
    private readonly rows: BargainRows,
    private readonly repo: ClaimRepo,
    private readonly rewards: RewardsService,
    private readonly ports: Pick<BargainPorts, 'addressOwned'>,
    private readonly opts: BargainOptions,
  ) {}

  private async claimView(bargainId: number): Promise<BargainClaim> {
    const c = await this.rows.claimOfBargain(bargainId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.rows.item(c.item_id));
  }

  async claim(userId: number, body: BargainClaimBody): Promise<BargainClaimData> {
    const b = await this.rows.bargain(body.bargainId);
    if (!b || b.user_id !== userId) throw new AppError('BARGAIN_NOT_FOUND');
    if (b.status !== 'succeeded') throw new AppError('BARGAIN_NOT_SUCCEEDED');
    // A resubmit of a placed claim answers it.
    const earlier = await this.rewards.earlierOrder(userId, body.clientKey);
    const existing = await this.rows.claimOfBargain(b.id);
    if (earlier && existing?.order_no && earlier.orderNos.includes(existing.order_no)) {
      return { claim: await this.claimView(b.id), order: earlier };
    }
    const error = claimError(b, existing ?? null, new Date(), this.opts.claimHours);
    if (error) throw new AppError(error);
    if (!(await this.ports.addressOwned(userId, body.addressId))) {
      throw new AppError('ADDRESS_REQUIRED');
    }
    const item = await this.rows.item(b.item_id);
    if (!item) throw new AppError('BARGAIN_NOT_FOUND');
    const flags = existing ? [] : flagsOf(await this.repo.helpStats(b.id), this.opts);
    if (flags.length) {
      await this.db.transaction().execute(async (trx) => {
        const locked = await this.rows.lockItem(narrowDb(trx), b.item_id);
        if (!locked) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
        if (await this.repo.claimOfUserItem(narrowDb(trx), userId, b.item_id)) {
          throw new AppError('BARGAIN_CLAIMED');
        }
        if ((await this.rows.claimedOf(narrowDb(trx), b.item_id)) >= locked.stock) {
          throw new AppError('BARGAIN_SOLD_OUT');
        }
        const row = await this.repo.insertClaim(narrowDb(trx), {
          bargain_id: b.id,
          item_id: b.item_id,
          user_id: userId,
          status: 'audit',
          flags: JSON.stringify(flags),
          address_id: body.addressId,
          note: body.note?.trim() ?? '',
        });
        if (!row) throw new AppError('BARGAIN_CLAIMED');
      });
      return { claim: await this.claimView(b.id), order: null };
    }
    const order = await this.placeFree(userId, b, item.sku_id, {
      clientKey: body.clientKey,
      addressId: body.addressId,
      note: body.note?.trim() ?? '',
    });
    return { claim: await this.claimView(b.id), order };
  }

  private placeFree(
    userId: number,
    b: BargainRow,
    skuId: number,
    p: { clientKey: string; addressId: number; note: string },
  ): Promise<NewOrderData> {
    return this.rewards
      .prizeOrder(userId, {
        ...p,
        port: BARGAIN_DEAL_PORT,
        ref: b.id,
        skuId,
        price: b.target_price,
      })
      .then((r) => r.data);
  }

  /** The placement batch's check of bargain deals (DealPort.check): locks, checks, writes nothing. */
  async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const bargains = new Map(
      (await this.repo.lockBargains(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map(
        (b) => [b.id, b],
      ),
    );
    const now = new Date();
    const seen = new Set<string>();
    const taken = new Map<number, number>();
    const answers: (ErrorId | null)[] = [];
    for (const d of deals) {
      const b = bargains.get(d.ref);
      if (!b || b.user_id !== d.userId) {
        answers.push('BARGAIN_NOT_FOUND');
        continue;
      }
      const key = `${d.userId}:${b.item_id}`;
      if (seen.has(key)) {
        answers.push('BARGAIN_CLAIMED');
        continue;
      }
      const existing = await this.repo.claimOfUserItem(narrowDb(trx), d.userId, b.item_id);
      const error = claimError(b, existing ?? null, now, this.opts.claimHours);
      if (error) {
        answers.push(error);
        continue;
      }
      // An approved audit claim already holds its unit; any other needs one now.
      if (!(existing?.status === 'audit')) {
        const item = await this.rows.lockItem(narrowDb(trx), b.item_id);
        const held =
          (await this.rows.claimedOf(narrowDb(trx), b.item_id)) + (taken.get(b.item_id) ?? 0);
        if (!item || held >= item.stock) {
          answers.push('BARGAIN_SOLD_OUT');
          continue;
        }
        taken.set(b.item_id, (taken.get(b.item_id) ?? 0) + 1);
      }
      seen.add(key);
      answers.push(null);
    }
    return answers;
  }

  /** DealPort.record: the placed free orders become (or move) their claims. */
  async recordDeals(
    trx: Db,
    rows: readonly { ref: number; userId: number; orderId: number; orderNo: string }[],
  ): Promise<void> {
    for (const r of rows) {
      const b = await this.rows.bargain(r.ref, narrowDb(trx));
      if (!b) throw new Error(`bargain ${r.ref} vanished under its lock`);
      await this.repo.upsertOrdered(narrowDb(trx), {
        bargain_id: b.id,
        item_id: b.item_id,
        user_id: r.userId,
        status: 'ordered',
        flags: '[]',
        note: '',
        order_id: r.orderId,
        order_no: r.orderNo,
      });
    }
  }

  async claimOf(userId: number, claimId: number): Promise<BargainClaim> {
    const c = await this.rows.claim(claimId);
    if (!c || c.user_id !== userId) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.rows.item(c.item_id));
  }

  // --- audit (operator) -----------------------------------------------------------------------

  async adminClaims(q: BargainAdminClaimsQuery): Promise<PageOf<BargainClaimAdmin>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const status = (q.status ?? 'audit') === 'all' ? undefined : (q.status as ClaimView['status']);
    const [rows, total] = await this.repo.adminClaims(status, pageSize, offset);
    const items = new Map(
      (await this.rows.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
    );
    return {
      list: rows.map((c) => ({
        ...toClaim(c, items.get(c.item_id)),
        userId: c.user_id,
        nickname: c.nickname,
        flags: c.flags,
      })),
      total: total.n,
      pageNum,
      pageSize,
    };
  }

  async approve(claimId: number): Promise<BargainClaimData> {
    const c = await this.rows.claim(claimId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    if (c.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
    const b = await this.rows.bargain(c.bargain_id);
    const item = await this.rows.item(c.item_id);
    if (!b || !item || c.address_id === null) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      const locked = await this.repo.lockClaim(narrowDb(trx), claimId);
      if (locked?.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
      if (!locked.approved_at) {
        await this.repo.updateClaim(narrowDb(trx), claimId, { approved_at: new Date() });
      }
    });
    const order = await this.placeFree(c.user_id, b, item.sku_id, {
      clientKey: `bargain-claim-${c.id}`,
      addressId: c.address_id,
      note: c.note,
    });
    return { claim: await this.claimView(b.id), order };
  }

  async reject(claimId: number, reason: string): Promise<BargainClaim> {
    await this.db.transaction().execute(async (trx) => {
      const c = await this.repo.lockClaim(narrowDb(trx), claimId);
      if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
      if (c.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
      await this.repo.updateClaim(narrowDb(trx), claimId, {
        status: 'rejected',
        reject_reason: reason.trim().slice(0, 100),
      });
    });
    const c = await this.rows.claim(claimId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.rows.item(c.item_id));
  }
}
