import {
  type CollectedProduct,
  type FollowedStore,
  type FootprintDay,
  type IdList,
  MAX_ID,
  type PageOf,
  type PageQuery,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import { ON_SHELF } from '../browse/catalogue.repo.ts';
import { toProductCard } from '../browse/product-card.ts';
import type { CollectionRepo } from './collection.repo.ts';

const DEFAULT_PAGE_SIZE = 10;

/** "1,2,3" or [1, 2, 3] as distinct ids; IDS_INVALID when empty or out of range. */
export function parseIds(list: IdList): number[] {
  const raw = typeof list === 'string' ? list.split(',').map((s) => Number(s.trim())) : list;
  const ids = [...new Set(raw)];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) {
    throw new AppError('IDS_INVALID');
  }
  return ids;
}

function paging(query: PageQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * A user's favourites (myCollection), footprints (myFootprint) and followed stores (myFollow).
 * Every call takes the signed-in user's id and touches only that user's rows: ids of another
 * user's entries are simply not found.
 */
export class CollectionService {
  constructor(private readonly repo: CollectionRepo) {}

  async collect(userId: number, productId: number): Promise<void> {
    if (!(await this.repo.productOnShelf(productId))) throw new AppError('PRODUCT_NOT_FOUND');
    await this.repo.addFavorite(userId, productId);
  }

  uncollect(userId: number, productIds: IdList): Promise<number> {
    return this.repo.removeFavorites(userId, parseIds(productIds));
  }

  async collection(userId: number, query: PageQuery): Promise<PageOf<CollectedProduct>> {
    const { pageNum, pageSize, offset } = paging(query);
    const total = await this.repo.countFavorites(userId);
    const rows = offset < total ? await this.repo.pageFavorites(userId, pageSize, offset) : [];
    const list = rows.map((r) => ({
      ...toProductCard(r),
      invalid: r.status !== ON_SHELF,
      collectedAt: r.created_at.toISOString(),
    }));
    return { list, total, pageNum, pageSize };
  }

  /** Footprints newest first, a page of them grouped by China calendar day. */
  async footprints(userId: number, query: PageQuery): Promise<PageOf<FootprintDay>> {
    const { pageNum, pageSize, offset } = paging(query);
    const total = await this.repo.countFootprints(userId);
    const rows = offset < total ? await this.repo.pageFootprints(userId, pageSize, offset) : [];
    const list: FootprintDay[] = [];
    for (const r of rows) {
      let day = list.at(-1);
      if (day?.date !== r.day) {
        day = { date: r.day, items: [] };
        list.push(day);
      }
      day.items.push({
        ...toProductCard(r),
        footprintId: r.footprint_id,
        invalid: r.status !== ON_SHELF,
        viewedAt: r.viewed_at.toISOString(),
      });
    }
    return { list, total, pageNum, pageSize };
  }

  deleteFootprints(userId: number, ids: IdList): Promise<number> {
    return this.repo.deleteFootprints(userId, parseIds(ids));
  }

  clearFootprints(userId: number): Promise<number> {
    return this.repo.deleteFootprints(userId, 'all');
  }

  async follow(userId: number, storeId: number): Promise<void> {
    if (!(await this.repo.storeExists(storeId))) throw new AppError('STORE_NOT_FOUND');
    await this.repo.follow(userId, storeId);
  }

  unfollow(userId: number, storeId: number): Promise<number> {
    return this.repo.unfollow(userId, storeId);
  }

  async follows(userId: number, query: PageQuery): Promise<PageOf<FollowedStore>> {
    const { pageNum, pageSize, offset } = paging(query);
    const total = await this.repo.countFollows(userId);
    const rows = offset < total ? await this.repo.pageFollows(userId, pageSize, offset) : [];
    const list = rows.map((r) => ({
      id: r.id,
      name: r.name,
      logo: r.logo,
      score: r.score,
      productCount: Number(r.product_count ?? 0),
      followerCount: Number(r.follower_count ?? 0),
      followedAt: r.created_at.toISOString(),
    }));
    return { list, total, pageNum, pageSize };
  }
}
