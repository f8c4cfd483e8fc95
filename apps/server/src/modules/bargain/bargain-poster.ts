import { createHash } from 'node:crypto';
import { type BargainPosterData, bargainSharePath } from '@chaopin/contracts';
import type { AssetLoader } from '../../platform/asset-loader.ts';
import { type BlobStore, urlForKey } from '../../platform/blob-store.ts';
import { AppError } from '../../platform/errors.ts';
import { renderPoster } from '../catalogue/index.ts';
import type { BargainRows } from './bargain-rows.repo.ts';

/**
 * 邀请好友帮砍's poster: the catalogue's share poster with the item, the starter's call and the
 * target price, its QR the help page. Stored once per look (the key hashes what it shows), so a
 * second share of the same bargain reuses it.
 */
export class BargainPoster {
  constructor(
    private readonly rows: BargainRows,
    private readonly blobs: BlobStore,
    private readonly loadAsset: AssetLoader,
  ) {}

  async poster(bargainId: number, origin: string): Promise<BargainPosterData> {
    const b = await this.rows.bargain(bargainId);
    if (!b) throw new AppError('BARGAIN_NOT_FOUND');
    const [item, starter] = await Promise.all([
      this.rows.item(b.item_id),
      this.rows.user(b.user_id),
    ]);
    if (!item) throw new AppError('BARGAIN_NOT_FOUND');
    const link = `${origin}/#${bargainSharePath(b.edition, b.id)}`;
    const title = `${starter?.nickname ?? '好友'}邀你帮砍一刀：${item.title}`;
    const look = [title, item.target_price, item.image, link].join('\n');
    const key = `bargain/${b.id}-${createHash('sha256').update(look).digest('hex').slice(0, 16)}.png`;
    if (!(await this.blobs.open(key))) {
      const png = await renderPoster({
        image: await this.loadAsset(item.image),
        title,
        price: item.target_price,
        link,
      });
      await this.blobs.put(key, png, 'image/png');
    }
    return { poster: urlForKey(key), link };
  }
}
