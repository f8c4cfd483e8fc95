import type { ProductSaveBody, ProductSaveData, SkuInput } from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { assertStore, type ConsoleActor, inScope } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditPort } from './audit-port.ts';
import type { ProductAdminRepo, SkuWrite } from './product-admin.repo.ts';
import { sanitizeDescription } from './rich-text.ts';

/** What the audit log keeps of a product: its fields, and its SKUs keyed by id. */
interface ProductState {
  storeId: number;
  categoryId: number;
  title: string;
  subtitle: string;
  mainImage: string;
  images: string[];
  video: string | null;
  detail: string;
  price: number;
  originPrice: number;
}

type SkuRow = Awaited<ReturnType<ProductAdminRepo['skus']>>[number];

function auditView(p: ProductState, skus: readonly SkuRow[]) {
  return {
    ...p,
    skus: Object.fromEntries(
      skus.map((s) => [
        String(s.id),
        {
          name: s.name,
          specs: s.specs,
          price: s.price,
          originPrice: s.origin_price,
          stock: s.stock,
          image: s.image,
          freeShipping: s.free_shipping,
        },
      ]),
    ),
  };
}

/** The rules every save checks before touching the database. */
function checkSkus(skus: readonly SkuInput[]): void {
  const names = new Set(skus.map((s) => s.name));
  if (names.size !== skus.length) throw new AppError('PRODUCT_INVALID');
  if (skus.some((s) => s.price > s.originPrice)) throw new AppError('PRODUCT_INVALID');
}

function skuWrite(s: SkuInput): SkuWrite {
  return {
    name: s.name,
    specs: JSON.stringify(s.specs ?? {}),
    price: s.price,
    origin_price: s.originPrice,
    stock: s.stock,
    image: s.image,
    ...(s.freeShipping === undefined ? {} : { free_shipping: s.freeShipping }),
  };
}

/**
 * Creates or edits a product and its SKUs inside `trx`, with its audit row. SKUs with an id are
 * updated; a new SKU named like one the edit leaves out takes that row back (names are unique
 * per product); the SKUs left out keep their rows (orders name them) with no stock. Fields an
 * edit leaves out (subtitle, gallery, video, description) keep their values.
 */
export async function saveProductIn(
  trx: Db,
  repo: ProductAdminRepo,
  actor: ConsoleActor,
  body: ProductSaveBody,
  audit: AuditPort,
): Promise<ProductSaveData> {
  checkSkus(body.skus);
  // A 商家 creates only in their own store (another store is as good as unknown to them).
  if (body.id === undefined) assertStore(actor, body.storeId, 'STORE_NOT_FOUND');
  let before: ProductState | undefined;
  let beforeSkus: SkuRow[] = [];
  if (body.id !== undefined) {
    const row = await repo.lockProduct(narrowDb(trx), body.id);
    if (!row || !inScope(actor, row.store_id)) throw new AppError('PRODUCT_NOT_FOUND');
    // Only the operator moves a product between stores.
    if (row.store_id !== body.storeId && actor.storeIds !== null) {
      throw new AppError('PRODUCT_STORE_FIXED');
    }
    before = {
      storeId: row.store_id,
      categoryId: row.category_id,
      title: row.title,
      subtitle: row.subtitle,
      mainImage: row.main_image,
      images: row.images,
      video: row.video,
      detail: row.detail,
      price: row.price,
      originPrice: row.origin_price,
    };
    beforeSkus = await repo.skus(body.id, narrowDb(trx));
  }
  if (!(await repo.storeExists(narrowDb(trx), body.storeId))) throw new AppError('STORE_NOT_FOUND');
  if (!(await repo.categoryExists(narrowDb(trx), body.categoryId)))
    throw new AppError('CATEGORY_NOT_FOUND');

  const after: ProductState = {
    storeId: body.storeId,
    categoryId: body.categoryId,
    title: body.title,
    subtitle: body.subtitle ?? before?.subtitle ?? '',
    mainImage: body.mainImage,
    images: body.images ?? before?.images ?? [body.mainImage],
    video: body.video === undefined ? (before?.video ?? null) : body.video,
    detail: body.detail === undefined ? (before?.detail ?? '') : sanitizeDescription(body.detail),
    price: Math.min(...body.skus.map((s) => s.price)),
    originPrice: body.originPrice,
  };
  const values = {
    store_id: after.storeId,
    category_id: after.categoryId,
    title: after.title,
    subtitle: after.subtitle,
    main_image: after.mainImage,
    images: JSON.stringify(after.images),
    video: after.video,
    price: after.price,
    origin_price: after.originPrice,
    detail: after.detail,
  };

  const existing = new Map(beforeSkus.map((s) => [s.id, s]));
  if (body.skus.some((s) => s.id !== undefined && !existing.has(s.id))) {
    throw new AppError('SKU_NOT_FOUND');
  }
  const named = new Set(body.skus.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  const reusable = new Map(beforeSkus.filter((s) => !named.has(s.id)).map((s) => [s.name, s.id]));
  const skus = body.skus.map((s) => ({ ...s, id: s.id ?? reusable.get(s.name) }));

  const productId =
    body.id === undefined ? (await repo.insertProduct(narrowDb(trx), values)).id : body.id;
  // Renamed SKUs could collide with each other's old names on the unique (product, name): park
  // the edited ones under temporary names first.
  for (const s of skus) {
    if (s.id !== undefined) {
      await repo.updateSku(narrowDb(trx), productId, s.id, { ...skuWrite(s), name: `~${s.id}` });
    }
  }
  const skuIds: number[] = [];
  for (const s of skus) {
    if (s.id === undefined)
      skuIds.push((await repo.insertSku(narrowDb(trx), productId, skuWrite(s))).id);
    else {
      await repo.updateSku(narrowDb(trx), productId, s.id, skuWrite(s));
      skuIds.push(s.id);
    }
  }
  if (body.id !== undefined) {
    await repo.zeroStockExcept(narrowDb(trx), productId, skuIds);
    await repo.updateProduct(narrowDb(trx), productId, values);
  }
  await audit.record(trx, actor, {
    resource: 'product',
    resourceId: productId,
    action: body.id === undefined ? 'create' : 'update',
    storeId: after.storeId,
    ...(before ? { before: auditView(before, beforeSkus) } : {}),
    after: auditView(after, await repo.skus(productId, narrowDb(trx))),
  });
  return { id: productId, skuIds };
}
