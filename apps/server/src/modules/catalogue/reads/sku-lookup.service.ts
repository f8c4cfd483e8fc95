import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { SkuLookupRepo } from './sku-lookup.repo.ts';

const ON_SHELF = 1;

/** A SKU as a buyer sees it right now: live price (fen) and stock, its product and store. */
export interface SkuInfo {
  skuId: number;
  productId: number;
  title: string;
  /** The SKU's own image, else the product's main image. */
  image: string;
  skuName: string;
  price: number;
  stock: number;
  onShelf: boolean;
  storeId: number;
  storeName: string;
}

/** Live SKU reads for other modules (cart, orders); never cached, so prices are never stale. */
export class SkuLookupService {
  constructor(private readonly repo: SkuLookupRepo) {}

  /** The SKUs that exist among `ids`, by id. */
  async byIds(ids: readonly number[], db?: Db): Promise<Map<number, SkuInfo>> {
    const rows = await this.repo.byIds(ids, db && narrowDb(db));
    const map = new Map<number, SkuInfo>();
    for (const r of rows) {
      map.set(r.id, {
        skuId: r.id,
        productId: r.product_id,
        title: r.title,
        image: r.image || r.main_image,
        skuName: r.name,
        price: r.price,
        stock: r.stock,
        onShelf: r.status === ON_SHELF,
        storeId: r.store_id,
        storeName: r.store_name,
      });
    }
    return map;
  }

  async get(id: number, db?: Db): Promise<SkuInfo | undefined> {
    return (await this.byIds([id], db)).get(id);
  }
}
