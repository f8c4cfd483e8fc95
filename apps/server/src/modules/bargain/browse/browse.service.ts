import {
  type BargainBrief,
  type BargainDetailData,
  type BargainEditionId,
  type BargainEditionsData,
  type BargainHelpBlock,
  type BargainItemData,
  type BargainItemsData,
  type BargainMineQuery,
  type BargainThanksPage,
  type BargainThanksQuery,
  bargainSharePath,
  type MyHelpRow,
  type MyHelpsQuery,
  type PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  type BargainOptions,
  type BargainPorts,
  editionOf,
  enabledItem,
  pageOf,
} from '../bargain-common.ts';
import type { BargainRow, BargainRows } from '../bargain-rows.repo.ts';
import { statusOf, toBrief, toClaim, toItem, toPost, toReward } from '../bargain-view.ts';
import type { PostRepo } from '../post/post.repo.ts';
import type { BrowseRepo } from './browse.repo.ts';

/** The item page's newest 晒单 posts. */
const ITEM_POSTS = 6;

/** The bargain's pages: editions, items, a bargain's detail, my bargains, my helps, thanks. */
export class BargainBrowse {
  constructor(
    private readonly db: Db,
    private readonly rows: BargainRows,
    private readonly repo: BrowseRepo,
    private readonly posts: PostRepo,
    private readonly ports: BargainPorts,
    private readonly opts: BargainOptions,
  ) {}

  async editions(): Promise<BargainEditionsData> {
    const counts = new Map((await this.repo.enabledCounts()).map((r) => [r.edition, r.n]));
    return {
      list: (['normal', 'newYear'] as const).map((e) =>
        editionOf(this.opts, e, counts.get(e) ?? 0),
      ),
    };
  }

  private async briefs(rows: BargainRow[], now: Date): Promise<BargainBrief[]> {
    const items = new Map(
      (await this.rows.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
    );
    const claims = new Map(
      (await this.rows.claimsOfBargains(rows.map((r) => r.id))).map((c) => [c.bargain_id, c]),
    );
    return rows.map((r) =>
      toBrief(r, items.get(r.item_id), claims.get(r.id), now, this.opts.claimHours),
    );
  }

  async items(userId: number | null, edition: BargainEditionId): Promise<BargainItemsData> {
    const now = new Date();
    const rows = await this.repo.itemsOfEdition(edition);
    let latest = new Map<number, BargainBrief>();
    let running: BargainBrief[] = [];
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
      edition: editionOf(this.opts, edition, rows.length),
      list: rows.map((r) => ({ item: toItem(r), mine: latest.get(r.id) ?? null })),
      running,
    };
  }

  async item(userId: number | null, id: number): Promise<BargainItemData> {
    const now = new Date();
    const row = await enabledItem(this.rows, id);
    const item = toItem(row);
    const [mineRows, [posts, total]] = await Promise.all([
      userId ? this.repo.latestOf(userId, [id]) : Promise.resolve([]),
      this.posts.posts(id, ITEM_POSTS, 0),
    ]);
    const mine = userId ? ((await this.briefs(mineRows, now))[0] ?? null) : null;
    let canStart = false;
    if (userId && item.stockLeft > 0 && mine?.status !== 'running') {
      const started = await this.rows.startedBy(narrowDb(this.db), id, userId);
      canStart = started.n < row.per_user_limit;
    }
    return {
      now: now.toISOString(),
      edition: editionOf(this.opts, row.edition, 0),
      item,
      mine,
      canStart,
      posts: posts.map(toPost),
      postTotal: total.n,
    };
  }

  async detail(viewerId: number | null, id: number): Promise<BargainDetailData> {
    const now = new Date();
    const b = await this.rows.bargain(id);
    if (!b) throw new AppError('BARGAIN_NOT_FOUND');
    const [itemRow, helpers, starter, mineHelp, claimRow] = await Promise.all([
      this.rows.item(b.item_id),
      this.repo.helpers(id),
      this.rows.user(b.user_id),
      viewerId ? this.repo.helpOf(id, viewerId) : Promise.resolve(undefined),
      viewerId === b.user_id ? this.rows.claimOfBargain(id) : Promise.resolve(undefined),
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
      edition: editionOf(this.opts, b.edition, 0),
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
      shippingFee: this.ports.dealShippingFee(b.target_price, itemRow.free_shipping),
    };
  }

  async mine(userId: number, q: BargainMineQuery): Promise<PageOf<BargainBrief>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const status = q.status && q.status !== 'all' ? q.status : undefined;
    const [rows, total] = await this.repo.mine(
      userId,
      { edition: q.edition, status },
      pageSize,
      offset,
    );
    return { list: await this.briefs(rows, new Date()), total: total.n, pageNum, pageSize };
  }

  async myHelps(userId: number, q: MyHelpsQuery): Promise<PageOf<MyHelpRow>> {
    const { pageNum, pageSize, offset } = pageOf(q);
    const [rows, total] = await this.repo.myHelps(userId, q.edition, pageSize, offset);
    const items = new Map(
      (await this.rows.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
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
    const { pageNum, pageSize, offset } = pageOf(q);
    const [rows, total] = await this.repo.thanks(
      userId,
      { edition: q.edition, bargainId: q.bargainId },
      pageSize,
      offset,
    );
    const items = new Map(
      (await this.rows.itemsById([...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]),
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
}
