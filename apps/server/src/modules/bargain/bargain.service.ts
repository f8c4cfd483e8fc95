import { randomInt } from 'node:crypto';
import {
  type BargainAdminClaimsQuery,
  type BargainAdminItem,
  type BargainAdminItemsQuery,
  type BargainClaim,
  type BargainClaimAdmin,
  type BargainClaimBody,
  type BargainClaimData,
  type BargainDetailData,
  type BargainEdition,
  type BargainEditionId,
  type BargainEditionsData,
  type BargainHelpBlock,
  type BargainHelpData,
  type BargainItemBody,
  type BargainItemCreated,
  type BargainItemData,
  type BargainItemsData,
  type BargainItemUpdateBody,
  type BargainMineQuery,
  type BargainPost,
  type BargainPostBody,
  type BargainThanksPage,
  type BargainThanksQuery,
  bargainSharePath,
  type ErrorId,
  type MyHelpRow,
  type MyHelpsQuery,
  type NewOrderData,
  type PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { OrderService } from '../order/order.service.ts';
import type { BargainRepo, BargainRow, ClaimView, ItemRow } from './bargain.repo.ts';
import { type CutBand, cutOf } from './bargain-cut.ts';
import { statusOf, toBrief, toClaim, toItem, toReward } from './bargain-view.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The name of the bargain's deal port in the order placement batch. */
export const BARGAIN_DEAL_PORT = 'bargain';
const ITEM_POSTS = 6;

export interface BargainOptions {
  claimHours: number;
  newUserDays: number;
  helpersNeeded: number;
  timeLimitHours: number;
  band: CutBand;
  newUserBand: CutBand;
  firstKnifeBand: CutBand;
  auditNewUserPercent: number;
  auditSameIp: number;
  editions: Record<BargainEditionId, Omit<BargainEdition, 'itemCount' | 'edition'>>;
}

/** What the bargain needs of other modules (rewards, addresses). */
export interface BargainPorts {
  giveRedPacket(trx: Db, userId: number, title: string, amount: number): Promise<void>;
  /** Gives one coupon of the template (its own transaction); false when it could not. */
  giveCoupon(userId: number, templateId: number): Promise<boolean>;
  addressOwned(userId: number, addressId: number): Promise<boolean>;
}

const random = () => randomInt(0, 1_000_000_000) / 1_000_000_000;

/**
 * The zero-yuan bargain, both editions. A bargain needs `helpers_needed` helps after its
 * starter's first knife; each cut is drawn by `cutOf` under the bargain's row lock (one help at a
 * time per bargain, any node), with the help row's unique key making a helper count once. The
 * free order is placed through the order module's placement batch as a deal: the port below
 * re-checks the claim under the bargain's and the item's locks, and records it with the order.
 */
export class BargainService {
  constructor(
    private readonly db: Db,
    private readonly repo: BargainRepo,
    private readonly captcha: CaptchaService,
    private readonly orders: OrderService,
    private readonly ports: BargainPorts,
    private readonly opts: BargainOptions,
  ) {}

  // --- reading --------------------------------------------------------------------------------

  private edition(id: BargainEditionId, itemCount: number): BargainEdition {
    return { edition: id, ...this.opts.editions[id], itemCount };
  }

  async editions(): Promise<BargainEditionsData> {
    const counts = new Map((await this.repo.enabledCounts()).map((r) => [r.edition, r.n]));
    return {
      list: (['normal', 'newYear'] as const).map((e) => this.edition(e, counts.get(e) ?? 0)),
    };
  }

  private async briefs(rows: BargainRow[], now: Date) {
    const items = new Map(
      (await this.repo.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
    );
    const claims = new Map(
      (await this.repo.claimsOfBargains(rows.map((r) => r.id))).map((c) => [c.bargain_id, c]),
    );
    return rows.map((r) =>
      toBrief(r, items.get(r.item_id), claims.get(r.id), now, this.opts.claimHours),
    );
  }

  async items(userId: number | null, edition: BargainEditionId): Promise<BargainItemsData> {
    const now = new Date();
    const rows = await this.repo.itemsOfEdition(edition);
    let latest = new Map<number, ReturnType<typeof toBrief>>();
    let running: ReturnType<typeof toBrief>[] = [];
    if (userId) {
      const mine = await this.repo.latestOf(
        userId,
        rows.map((r) => r.id),
      );
      latest = new Map((await this.briefs(mine, now)).map((b) => [b.itemId, b]));
      running = (await this.briefs(await this.repo.running(userId, edition), now)).filter(
        (b) => b.status === 'running',
      );
    }
    return {
      now: now.toISOString(),
      edition: this.edition(edition, rows.length),
      list: rows.map((r) => ({ item: toItem(r), mine: latest.get(r.id) ?? null })),
      running,
    };
  }

  private async enabledItem(id: number): Promise<ItemRow> {
    const row = await this.repo.item(id);
    if (!row?.enabled) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
    return row;
  }

  async item(userId: number | null, id: number): Promise<BargainItemData> {
    const now = new Date();
    const row = await this.enabledItem(id);
    const item = toItem(row);
    const [mineRows, [posts, total]] = await Promise.all([
      userId ? this.repo.latestOf(userId, [id]) : Promise.resolve([]),
      this.repo.posts(id, ITEM_POSTS, 0),
    ]);
    const mine = userId ? ((await this.briefs(mineRows, now))[0] ?? null) : null;
    let canStart = false;
    if (userId && item.stockLeft > 0 && mine?.status !== 'running') {
      const started = await this.repo.startedBy(this.db, id, userId);
      canStart = started.n < row.per_user_limit;
    }
    return {
      now: now.toISOString(),
      edition: this.edition(row.edition, 0),
      item,
      mine,
      canStart,
      posts: posts.map(toPost),
      postTotal: total.n,
    };
  }

  async posts(itemId: number, pageNum: number, pageSize: number): Promise<PageOf<BargainPost>> {
    await this.enabledItem(itemId);
    const [rows, total] = await this.repo.posts(itemId, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toPost), total: total.n, pageNum, pageSize };
  }

  async detail(viewerId: number | null, id: number): Promise<BargainDetailData> {
    const now = new Date();
    const b = await this.repo.bargain(id);
    if (!b) throw new AppError('BARGAIN_NOT_FOUND');
    const [itemRow, helpers, starter, mineHelp, claimRow] = await Promise.all([
      this.repo.item(b.item_id),
      this.repo.helpers(id),
      this.repo.user(b.user_id),
      viewerId ? this.repo.helpOf(id, viewerId) : Promise.resolve(undefined),
      viewerId === b.user_id ? this.repo.claimOfBargain(id) : Promise.resolve(undefined),
    ]);
    if (!itemRow) throw new AppError('BARGAIN_NOT_FOUND');
    const status = statusOf(b, now);
    const isOwner = viewerId === b.user_id;
    let block: BargainHelpBlock | null = null;
    if (status !== 'running') block = 'ended';
    else if (!viewerId) block = 'login';
    else if (isOwner) block = 'own';
    else if (mineHelp) block = 'helped';
    return {
      now: now.toISOString(),
      edition: this.edition(b.edition, 0),
      item: toItem(itemRow),
      bargain: toBrief(b, itemRow, claimRow, now, this.opts.claimHours),
      starter: { nickname: starter?.nickname ?? '', avatar: starter?.avatar ?? '' },
      helpers: helpers.map((h) => ({
        nickname: h.nickname,
        avatar: h.avatar,
        cut: h.cut,
        isStarter: h.is_starter,
        isNewUser: h.is_new_user,
        createdAt: h.created_at.toISOString(),
      })),
      isOwner,
      canHelp: block === null,
      helpBlock: block,
      myCut: mineHelp?.cut ?? null,
      sharePath: bargainSharePath(b.edition, b.id),
      claim: claimRow ? toClaim(claimRow, itemRow) : null,
    };
  }

  async mine(userId: number, q: BargainMineQuery) {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const status = q.status && q.status !== 'all' ? q.status : undefined;
    const [rows, total] = await this.repo.mine(
      userId,
      { edition: q.edition, status },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: await this.briefs(rows, new Date()), total: total.n, pageNum, pageSize };
  }

  async myHelps(userId: number, q: MyHelpsQuery): Promise<PageOf<MyHelpRow>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.myHelps(
      userId,
      q.edition,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    const items = new Map(
      (await this.repo.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
    );
    return {
      list: rows.map((r) => {
        const item = items.get(r.item_id);
        return {
          bargainId: r.bargain_id,
          edition: r.edition,
          title: item?.title ?? '',
          image: item?.image ?? '',
          starter: { nickname: r.nickname, avatar: r.avatar },
          cut: r.cut,
          reward: toReward({
            reward_kind: r.reward_kind,
            coupon_template_id: r.coupon_template_id,
            red_packet_amount: r.reward_amount,
            coupon_name:
              item?.coupon_template_id === r.coupon_template_id ? item?.coupon_name : null,
          }),
          status: r.status,
          createdAt: r.created_at.toISOString(),
        };
      }),
      total: total.n,
      pageNum,
      pageSize,
    };
  }

  async thanks(userId: number, q: BargainThanksQuery): Promise<BargainThanksPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.thanks(
      userId,
      { edition: q.edition, bargainId: q.bargainId },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    const items = new Map(
      (await this.repo.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
    );
    return {
      list: rows.map((r) => ({
        bargainId: r.bargain_id,
        title: items.get(r.item_id)?.title ?? '',
        nickname: r.nickname,
        avatar: r.avatar,
        cut: r.cut,
        isNewUser: r.is_new_user,
        createdAt: r.created_at.toISOString(),
      })),
      total: total.n,
      pageNum,
      pageSize,
      totalCut: total.cut,
    };
  }

  // --- starting and helping -------------------------------------------------------------------

  async start(userId: number, itemId: number): Promise<BargainDetailData> {
    const row = await this.enabledItem(itemId);
    const cuts = row.helpers_needed + 1;
    if (row.price - row.target_price < cuts) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const id = await this.db.transaction().execute(async (trx) => {
      const item = await this.repo.lockItem(trx, itemId);
      if (!item?.enabled) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
      if ((await this.repo.claimedOf(trx, itemId)) >= item.stock) {
        throw new AppError('BARGAIN_SOLD_OUT');
      }
      await this.repo.expireDueOf(trx, itemId, userId);
      const started = await this.repo.startedBy(trx, itemId, userId);
      if (started.running > 0) throw new AppError('BARGAIN_ALREADY_RUNNING');
      if (started.n >= item.per_user_limit) throw new AppError('BARGAIN_LIMIT_REACHED');
      const remaining = row.price - item.target_price;
      if (remaining < item.helpers_needed + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
      const cut = cutOf(remaining, item.helpers_needed + 1, this.opts.firstKnifeBand, random());
      const inserted = await this.repo.insertBargain(trx, {
        item_id: itemId,
        user_id: userId,
        edition: item.edition,
        original_price: row.price,
        target_price: item.target_price,
        current_price: row.price - cut,
        helpers_needed: item.helpers_needed,
        expires_at: new Date(Date.now() + item.time_limit_hours * HOUR),
      });
      if (!inserted) throw new AppError('BARGAIN_ALREADY_RUNNING');
      await this.repo.insertHelp(trx, {
        bargain_id: inserted.id,
        helper_id: userId,
        cut,
        is_starter: true,
        is_new_user: false,
        ip: '',
        reward_kind: 'none',
        reward_amount: 0,
        coupon_template_id: null,
        reward_status: 'none',
      });
      await this.repo.bumpStarted(trx, itemId);
      return inserted.id;
    });
    return this.detail(userId, id);
  }

  async help(
    userId: number,
    ip: string,
    ticket: string | undefined,
    bargainId: number,
  ): Promise<BargainHelpData> {
    await this.captcha.spend(ticket, userId, `bargain:${bargainId}`);
    const helper = await this.repo.user(userId);
    if (!helper) throw new AppError('BARGAIN_NOT_FOUND');
    const isNewUser = Date.now() - helper.created_at.getTime() < this.opts.newUserDays * DAY;
    // Read before the transaction (PGlite's one connection is the transaction's); the reward is
    // the item's as it is when the help is made.
    const first = await this.repo.bargain(bargainId);
    if (!first) throw new AppError('BARGAIN_NOT_FOUND');
    const itemRow = await this.repo.item(first.item_id);
    const done = await this.db.transaction().execute(async (trx) => {
      const b = await this.repo.lockBargain(trx, bargainId);
      if (!b) throw new AppError('BARGAIN_NOT_FOUND');
      if (b.user_id === userId) throw new AppError('BARGAIN_HELP_OWN');
      if (statusOf(b, new Date()) !== 'running') throw new AppError('BARGAIN_ENDED');
      const cutsLeft = b.helpers_needed - b.helps_done;
      const cut = cutOf(
        b.current_price - b.target_price,
        cutsLeft,
        isNewUser ? this.opts.newUserBand : this.opts.band,
        random(),
      );
      const reward = toReward(
        itemRow ?? { reward_kind: 'none', coupon_template_id: null, red_packet_amount: 0 },
      );
      const help = await this.repo.insertHelp(trx, {
        bargain_id: b.id,
        helper_id: userId,
        cut,
        is_starter: false,
        is_new_user: isNewUser,
        ip: ip.slice(0, 64),
        reward_kind: reward.kind,
        reward_amount: reward.redPacketAmount,
        coupon_template_id: reward.couponTemplateId,
        reward_status:
          reward.kind === 'none' ? 'none' : reward.kind === 'coupon' ? 'pending' : 'given',
      });
      if (!help) throw new AppError('BARGAIN_HELPED');
      const finished = cutsLeft === 1;
      // Under the row lock the guard always holds; it is the belt to the lock's braces.
      if (!(await this.repo.applyCut(trx, b, cut, true, finished))) {
        throw new AppError('BARGAIN_ENDED');
      }
      if (reward.kind === 'redPacket') {
        await this.ports.giveRedPacket(
          trx,
          userId,
          `砍价助力红包（${itemRow?.title ?? ''}）`.slice(0, 30),
          reward.redPacketAmount,
        );
      }
      return {
        helpId: help.id,
        data: {
          cut,
          remaining: b.current_price - cut - b.target_price,
          helpsDone: b.helps_done + 1,
          helpersNeeded: b.helpers_needed,
          status: finished ? ('succeeded' as const) : ('running' as const),
          isNewUser,
          reward,
        },
      };
    });
    if (done.data.reward.kind === 'coupon' && done.data.reward.couponTemplateId) {
      await this.settleCoupon(done.helpId, userId, done.data.reward.couponTemplateId);
    }
    return done.data;
  }

  /**
   * The coupon service gives coupons in its own transaction only: the help is written first
   * with its reward pending, and settled here (or by the sweeper after a crash), once.
   */
  async settleCoupon(helpId: number, userId: number, templateId: number): Promise<boolean> {
    // Taken first, so that the request and a sweeper never both give it (at most once).
    if (!(await this.repo.moveReward(helpId, 'pending', 'given'))) return false;
    if (await this.ports.giveCoupon(userId, templateId)) return true;
    await this.repo.moveReward(helpId, 'given', 'failed');
    return false;
  }

  // --- the free order -------------------------------------------------------------------------

  private flagsOf(helps: { is_new_user: boolean; ip: string }[]): string[] {
    const flags: string[] = [];
    if (!helps.length) return flags;
    const fresh = helps.filter((h) => h.is_new_user).length;
    if ((fresh * 100) / helps.length >= this.opts.auditNewUserPercent) {
      flags.push('新用户助力占比过高');
    }
    const perIp = new Map<string, number>();
    for (const h of helps) if (h.ip) perIp.set(h.ip, (perIp.get(h.ip) ?? 0) + 1);
    if ([...perIp.values()].some((n) => n >= this.opts.auditSameIp)) {
      flags.push('同一设备/网络多次助力');
    }
    return flags;
  }

  private async claimView(bargainId: number): Promise<BargainClaim> {
    const c = await this.repo.claimOfBargain(bargainId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.repo.item(c.item_id));
  }

  async claim(userId: number, body: BargainClaimBody): Promise<BargainClaimData> {
    const b = await this.repo.bargain(body.bargainId);
    if (!b || b.user_id !== userId) throw new AppError('BARGAIN_NOT_FOUND');
    if (b.status !== 'succeeded') throw new AppError('BARGAIN_NOT_SUCCEEDED');
    // A resubmit of a placed claim answers it.
    const earlier = await this.orders.bySubmitKey(userId, body.clientKey);
    const existing = await this.repo.claimOfBargain(b.id);
    if (earlier && existing?.order_no && earlier.orderNos.includes(existing.order_no)) {
      return { claim: await this.claimView(b.id), order: earlier };
    }
    const error = this.claimError(b, existing ?? null, new Date());
    if (error) throw new AppError(error);
    if (!(await this.ports.addressOwned(userId, body.addressId))) {
      throw new AppError('ADDRESS_REQUIRED');
    }
    const item = await this.repo.item(b.item_id);
    if (!item) throw new AppError('BARGAIN_NOT_FOUND');
    const flags = existing ? [] : this.flagsOf(await this.repo.helpStats(b.id));
    if (flags.length) {
      await this.db.transaction().execute(async (trx) => {
        const locked = await this.repo.lockItem(trx, b.item_id);
        if (!locked) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
        if (await this.repo.claimOfUserItem(trx, userId, b.item_id)) {
          throw new AppError('BARGAIN_CLAIMED');
        }
        if ((await this.repo.claimedOf(trx, b.item_id)) >= locked.stock) {
          throw new AppError('BARGAIN_SOLD_OUT');
        }
        const row = await this.repo.insertClaim(trx, {
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
    return this.orders
      .placeDeal(userId, {
        ...p,
        skuId,
        deal: { port: BARGAIN_DEAL_PORT, ref: b.id, price: b.target_price },
      })
      .then((r) => r.data);
  }

  /**
   * Whether the bargain's owner may have its free order placed now, given the user's claim on
   * the item (null: none). An approved audit claim and a claim whose order was cancelled unpaid
   * (within the claim time) may be placed; any other claim is the one per user and item.
   */
  private claimError(
    b: BargainRow,
    existing: {
      bargain_id: number;
      status: string;
      approved_at: Date | null;
      order_status: string | null;
    } | null,
    now: Date,
  ): ErrorId | null {
    if (b.status !== 'succeeded' || !b.succeeded_at) return 'BARGAIN_NOT_SUCCEEDED';
    const late = now.getTime() > b.succeeded_at.getTime() + this.opts.claimHours * HOUR;
    if (!existing) return late ? 'BARGAIN_CLAIM_EXPIRED' : null;
    if (existing.bargain_id !== b.id) return 'BARGAIN_CLAIMED';
    if (existing.status === 'audit' && existing.approved_at) return null;
    if (existing.status === 'ordered' && existing.order_status === 'cancelled') {
      return late ? 'BARGAIN_CLAIM_EXPIRED' : null;
    }
    return 'BARGAIN_CLAIMED';
  }

  /** The placement batch's check of bargain deals (DealPort.check): locks, checks, writes nothing. */
  async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const bargains = new Map(
      (await this.repo.lockBargains(trx, [...new Set(deals.map((d) => d.ref))])).map((b) => [
        b.id,
        b,
      ]),
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
      const existing = await this.repo.claimOfUserItem(trx, d.userId, b.item_id);
      const error = this.claimError(b, existing ?? null, now);
      if (error) {
        answers.push(error);
        continue;
      }
      // An approved audit claim already holds its unit; any other needs one now.
      if (!(existing?.status === 'audit')) {
        const item = await this.repo.lockItem(trx, b.item_id);
        const held = (await this.repo.claimedOf(trx, b.item_id)) + (taken.get(b.item_id) ?? 0);
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
      const b = await this.repo.bargain(r.ref, trx);
      if (!b) throw new Error(`bargain ${r.ref} vanished under its lock`);
      await this.repo.upsertOrdered(trx, {
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
    const c = await this.repo.claim(claimId);
    if (!c || c.user_id !== userId) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.repo.item(c.item_id));
  }

  async post(userId: number, body: BargainPostBody): Promise<BargainPost> {
    const c = await this.repo.claim(body.claimId);
    if (!c || c.user_id !== userId) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    if (c.post_id !== null) throw new AppError('BARGAIN_POSTED');
    if (c.status !== 'ordered' || c.received_at === null) {
      throw new AppError('BARGAIN_POST_NOT_RECEIVED');
    }
    const content = body.content.trim();
    if (!content) throw new AppError('BARGAIN_POST_TEXT_INVALID');
    const row = await this.repo.insertPost({
      claim_id: c.id,
      item_id: c.item_id,
      user_id: userId,
      content,
      images: JSON.stringify(body.images),
    });
    if (!row) throw new AppError('BARGAIN_POSTED');
    const [posts] = await this.repo.posts(c.item_id, 1, 0);
    const mine = posts.find((p) => p.id === row.id);
    if (!mine) throw new AppError('BARGAIN_POSTED');
    return toPost(mine);
  }

  // --- operator -------------------------------------------------------------------------------

  async adminItems(q: BargainAdminItemsQuery): Promise<PageOf<BargainAdminItem>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.adminItems(q.edition, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toAdminItem), total: total.n, pageNum, pageSize };
  }

  private async checkReward(b: {
    rewardKind?: 'none' | 'coupon' | 'redPacket';
    couponTemplateId?: number | null;
    redPacketAmount?: number;
  }) {
    if (b.rewardKind === 'coupon') {
      if (!b.couponTemplateId || !(await this.repo.couponTemplateExists(b.couponTemplateId))) {
        throw new AppError('BARGAIN_REWARD_INVALID');
      }
    }
    if (b.rewardKind === 'redPacket' && !(b.redPacketAmount && b.redPacketAmount > 0)) {
      throw new AppError('BARGAIN_REWARD_INVALID');
    }
  }

  async createItem(b: BargainItemBody): Promise<BargainItemCreated> {
    const sku = await this.repo.skuOf(b.skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    const helpers = b.helpersNeeded ?? this.opts.helpersNeeded;
    const target = b.targetPrice ?? 0;
    if (sku.price - target < helpers + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const kind = b.rewardKind ?? 'none';
    await this.checkReward({ ...b, rewardKind: kind });
    const id = await this.repo.insertItem({
      edition: b.edition,
      sku_id: sku.id,
      product_id: sku.product_id,
      target_price: target,
      helpers_needed: helpers,
      time_limit_hours: b.timeLimitHours ?? this.opts.timeLimitHours,
      stock: b.stock ?? 10,
      per_user_limit: b.perUserLimit ?? 1,
      reward_kind: kind,
      coupon_template_id: kind === 'coupon' ? (b.couponTemplateId ?? null) : null,
      red_packet_amount: kind === 'redPacket' ? (b.redPacketAmount ?? 0) : 0,
      enabled: b.enabled ?? true,
      sort: b.sort ?? 0,
    });
    return { id };
  }

  async updateItem(b: BargainItemUpdateBody): Promise<BargainAdminItem> {
    const row = await this.repo.item(b.id);
    if (!row) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
    const helpers = b.helpersNeeded ?? row.helpers_needed;
    const target = b.targetPrice ?? row.target_price;
    if (row.price - target < helpers + 1) throw new AppError('BARGAIN_TARGET_TOO_HIGH');
    const kind = b.rewardKind ?? row.reward_kind;
    const couponTemplateId =
      b.couponTemplateId !== undefined ? b.couponTemplateId : row.coupon_template_id;
    const redPacketAmount = b.redPacketAmount ?? row.red_packet_amount;
    await this.checkReward({ rewardKind: kind, couponTemplateId, redPacketAmount });
    // Running bargains keep the terms they started with (their own rows).
    await this.repo.updateItem(b.id, {
      target_price: target,
      helpers_needed: helpers,
      time_limit_hours: b.timeLimitHours ?? row.time_limit_hours,
      stock: b.stock ?? row.stock,
      per_user_limit: b.perUserLimit ?? row.per_user_limit,
      enabled: b.enabled ?? row.enabled,
      sort: b.sort ?? row.sort,
      reward_kind: kind,
      coupon_template_id: kind === 'coupon' ? couponTemplateId : null,
      red_packet_amount: kind === 'redPacket' ? redPacketAmount : 0,
    });
    const after = await this.repo.item(b.id);
    if (!after) throw new AppError('BARGAIN_ITEM_NOT_FOUND');
    return toAdminItem(after);
  }

  async adminClaims(q: BargainAdminClaimsQuery): Promise<PageOf<BargainClaimAdmin>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const status = (q.status ?? 'audit') === 'all' ? undefined : (q.status as ClaimView['status']);
    const [rows, total] = await this.repo.adminClaims(status, pageSize, (pageNum - 1) * pageSize);
    const items = new Map(
      (await this.repo.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
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
    const c = await this.repo.claim(claimId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    if (c.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
    const b = await this.repo.bargain(c.bargain_id);
    const item = await this.repo.item(c.item_id);
    if (!b || !item || c.address_id === null) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      const locked = await this.repo.lockClaim(trx, claimId);
      if (locked?.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
      if (!locked.approved_at) {
        await this.repo.updateClaim(trx, claimId, { approved_at: new Date() });
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
      const c = await this.repo.lockClaim(trx, claimId);
      if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
      if (c.status !== 'audit') throw new AppError('BARGAIN_CLAIM_NOT_AUDIT');
      await this.repo.updateClaim(trx, claimId, {
        status: 'rejected',
        reject_reason: reason.trim().slice(0, 100),
      });
    });
    const c = await this.repo.claim(claimId);
    if (!c) throw new AppError('BARGAIN_CLAIM_NOT_FOUND');
    return toClaim(c, await this.repo.item(c.item_id));
  }
}

function toPost(p: {
  id: number;
  item_id: number;
  nickname: string;
  avatar: string;
  content: string;
  images: string[];
  created_at: Date;
}): BargainPost {
  return {
    id: p.id,
    itemId: p.item_id,
    nickname: p.nickname,
    avatar: p.avatar,
    content: p.content,
    images: p.images,
    createdAt: p.created_at.toISOString(),
  };
}

function toAdminItem(r: ItemRow): BargainAdminItem {
  return {
    ...toItem(r),
    enabled: r.enabled,
    sort: r.sort,
    createdAt: r.created_at.toISOString(),
  };
}
