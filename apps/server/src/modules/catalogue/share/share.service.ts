import { createHash, randomInt } from 'node:crypto';
import type { ShareData } from '@chaopin/contracts';
import type { AssetLoader } from '../../../platform/asset-loader.ts';
import { type BlobStore, urlForKey } from '../../../platform/blob-store.ts';
import { AppError } from '../../../platform/errors.ts';
import type { GoodsRepo } from '../goods/goods.repo.ts';
import { renderPoster } from './poster.ts';
import type { ShareRepo } from './share.repo.ts';

const CODE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const CODE_LENGTH = 8;

export function productPagePath(productId: number): string {
  return `/#/pages/shopDetails/shopDetails?id=${productId}`;
}

/**
 * Product sharing: one short link per product, and a poster stored once per look (title, price,
 * image, site): the blob key hashes them, so a price change makes a new poster and a repeat
 * share re-uses the stored one.
 */
export class ShareService {
  constructor(
    private readonly repo: ShareRepo,
    private readonly goods: GoodsRepo,
    private readonly blobs: BlobStore,
    private readonly loadAsset: AssetLoader,
  ) {}

  async share(productId: number, origin: string): Promise<ShareData> {
    const product = await this.goods.onShelfProduct(productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const link = await this.repo.ensureLink(productId, randomCode());
    const shortUrl = `/s/${link.code}`;
    const look = [product.title, product.price, product.main_image, origin].join('\n');
    const posterKey = `share/${link.code}-${createHash('sha256').update(look).digest('hex').slice(0, 16)}.png`;
    if (link.poster_key !== posterKey) {
      const png = await renderPoster({
        image: await this.loadAsset(product.main_image),
        title: product.title,
        price: product.price,
        link: origin + shortUrl,
      });
      await this.blobs.put(posterKey, png, 'image/png');
      await this.repo.setPosterKey(link.code, posterKey);
    }
    return { shortUrl, poster: urlForKey(posterKey) };
  }

  /** Where a short link leads; NOT_FOUND for an unknown code. */
  async target(code: string): Promise<string> {
    const productId = /^[a-z0-9]{1,16}$/.test(code) ? await this.repo.productOf(code) : undefined;
    if (productId === undefined) throw new AppError('NOT_FOUND');
    return productPagePath(productId);
  }
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
