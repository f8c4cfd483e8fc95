import type { BargainPost, BargainPostBody, PageOf } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import { enabledItem } from '../bargain-common.ts';
import type { BargainRows } from '../bargain-rows.repo.ts';
import { toPost } from '../bargain-view.ts';
import type { PostRepo } from './post.repo.ts';

/** 晒单: a received free order's post (one per claim) and an item's posts. */
export class BargainPosts {
  constructor(
    private readonly rows: BargainRows,
    private readonly repo: PostRepo,
  ) {}

  async posts(itemId: number, pageNum: number, pageSize: number): Promise<PageOf<BargainPost>> {
    await enabledItem(this.rows, itemId);
    const [rows, total] = await this.repo.posts(itemId, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toPost), total: total.n, pageNum, pageSize };
  }

  async post(userId: number, body: BargainPostBody): Promise<BargainPost> {
    const c = await this.rows.claim(body.claimId);
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
}
