// Test support for the after-sales request tests: one app per file with an operator, two buyers
// and a two-SKU product.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeAdmin, orderAt } from './aftersale-kit.ts';
import { type Buyer, type Catalogue, makeBuyer, makeProduct } from './order-kit.ts';

export interface AftersaleKit {
  t: TestApp;
  app: FastifyInstance;
  /** An operator's token (role admin). */
  admin: string;
  a: Buyer;
  b: Buyer;
  /** ¥25.00 a piece: under the free-shipping threshold, so single orders carry ¥8 shipping. */
  shop: Catalogue;
  sku(): number;
  sku2(): number;
  /** A one-piece order of sku() by buyer a, brought to `stage`. */
  order(stage: Parameters<typeof orderAt>[4]): ReturnType<typeof orderAt>;
  /** How many refund requests exist (to show a refused one wrote nothing). */
  refundCount(): Promise<number>;
}

/** One app per test file (after-sales window 7 days): created before its tests, closed after them. */
export function aftersaleAppPerFile(): AftersaleKit {
  const kit = {} as AftersaleKit;
  beforeAll(async () => {
    kit.t = await createTestApp({ AUTH_CACHE_MS: '0', AFTERSALE_DAYS: '7' });
    kit.app = kit.t.app;
    kit.admin = await makeAdmin(kit.app);
    kit.a = await makeBuyer(kit.app);
    kit.b = await makeBuyer(kit.app);
    kit.shop = await makeProduct(kit.app, { price: 2500, stock: 1000, skus: 2 });
  });
  afterAll(async () => {
    await kit.t?.close();
  });
  kit.sku = () => kit.shop.skuIds[0] as number;
  kit.sku2 = () => kit.shop.skuIds[1] as number;
  kit.order = (stage) =>
    orderAt(kit.app, kit.a, kit.admin, [{ skuId: kit.sku(), quantity: 1 }], stage);
  kit.refundCount = async () =>
    Number(
      (
        await kit.app.deps.db
          .selectFrom('refund')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return kit;
}
