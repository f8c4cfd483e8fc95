import type { DrawPrizeBody } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The lucky draw's demo wheel (8 slots: coupons, red packets, points, one product in small
 * stock, 谢谢参与), through the operator's service as any wheel. Once per install.
 */
export async function seedDraw(app: FastifyInstance, now = new Date()): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_draw', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const templates = await db
    .selectFrom('coupon_template')
    .select('id')
    .where('end_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const sku = await db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select('s.id')
    .where('p.status', '=', 1)
    .where('s.stock', '>', 0)
    .orderBy('p.sales', 'desc')
    .orderBy('s.id')
    .executeTakeFirst();
  // A coupon slot falls back to points when the install has no open-ended template.
  const coupon = (i: number, fallback: number): DrawPrizeBody => {
    const t = templates[i];
    return t
      ? { kind: 'coupon', couponTemplateId: t.id, weight: 15, stock: 500 }
      : { kind: 'points', amount: fallback, weight: 15 };
  };
  const prizes: DrawPrizeBody[] = [
    coupon(0, 30),
    { kind: 'redpacket', amount: 188, weight: 15, stock: 300 },
    { kind: 'points', amount: 10, weight: 25 },
    { kind: 'nothing', weight: 20 },
    coupon(1, 20),
    { kind: 'redpacket', amount: 888, weight: 3, stock: 50 },
    sku
      ? { kind: 'product', skuId: sku.id, weight: 1, stock: 3 }
      : { kind: 'points', amount: 100, weight: 1 },
    { kind: 'points', amount: 88, weight: 6 },
  ];
  await app.drawModule.draw.createWheel(
    {
      title: '幸运大转盘',
      pointsCost: 50,
      freePerDay: 1,
      startsAt: new Date(now.getTime() - 86_400_000).toISOString(),
      rules:
        '1. 每天可免费抽奖1次，每日首笔订单支付成功再得1次抽奖机会；次数用完后每次消耗50积分。\n' +
        '2. 奖品含优惠券、红包、积分与实物好礼，数量有限，抽完即止。\n' +
        '3. 优惠券、红包、积分即时到账；实物奖品请在“我的中奖记录”中填写收货地址领取。\n' +
        '4. 如发现作弊行为，平台有权取消中奖资格。',
      prizes,
    },
    now,
  );
  return 1;
}
