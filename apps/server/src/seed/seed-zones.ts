import { ZONE_PAGE_KEYS, type ZoneKind } from '@chaopin/contracts';
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { DrawingId } from './illustrations/library.ts';
import { bannerArt, iconArt } from './svg-art.ts';

const ZONE_SEED_META_KEY = 'demo_seed_zones';
/** The 9.9 zone's price: a real SKU of this price, so the order charges what the page shows. */
const NPN_PRICE = 990;
/** Top-category indexes of the demo catalogue (seed-plan TOP_CATEGORIES). */
const FOOD = 3;

interface ZoneSeed {
  key: string;
  title: string;
  kind: ZoneKind;
  theme: string;
  rules: string;
  label: string;
  art: { top: number; art: DrawingId; label: string; subline: string };
}

const ZONES: ZoneSeed[] = [
  {
    key: ZONE_PAGE_KEYS.helpFarmers,
    title: '助农专区',
    kind: 'normal',
    theme: '#2E9E4F',
    rules: '助农专区商品直采自农户合作社，每售出一件，平台让利部分全部返还农户。',
    label: '助农',
    art: { top: FOOD, art: 'rice-bag', label: '助农专区', subline: '产地直发 · 助力乡村' },
  },
  {
    key: ZONE_PAGE_KEYS.sauceWine,
    title: '助农好物',
    kind: 'normal',
    theme: '#B5472B',
    rules: '农家酱香、粮油调味，产地直供，支持七天无理由退货。',
    label: '产地直供',
    art: { top: FOOD, art: 'soy-sauce', label: '助农好物', subline: '农家酱香 · 粮油直供' },
  },
  {
    key: ZONE_PAGE_KEYS.newPeopleReturn,
    title: '新人全额返',
    kind: 'newUser',
    theme: '#FF0135',
    rules:
      '1. 每位用户（同一手机号）限参与一次；\n2. 在本专区下单并支付的第一笔订单，确认收货且售后期结束后，订单实付金额（商品+运费−优惠）全额以红包返还；\n3. 订单发生退款的，不再返还，且名额视为已使用；\n4. 红包可在“我的红包”中拆开使用。',
    label: '全额返',
    art: { top: 2, art: 'serum', label: '新人全额返', subline: '首单实付全额返红包' },
  },
  {
    key: ZONE_PAGE_KEYS.npn,
    title: '9.9元专区',
    kind: 'normal',
    theme: '#FF6A00',
    rules: '专区商品均为9.9元特惠规格，数量有限，售完即止；9.9元尝鲜装全部包邮。',
    label: '9.9特惠',
    art: { top: FOOD, art: 'bread', label: '特惠尝鲜', subline: '精选好物 限量尝鲜' },
  },
  {
    key: ZONE_PAGE_KEYS.specialtyFood,
    title: '特产美食',
    kind: 'normal',
    theme: '#D4621B',
    rules: '全国各地特色美食，产地直发，新鲜到家。',
    label: '地方特产',
    art: { top: FOOD, art: 'orange', label: '特产美食', subline: '寻味中国 · 产地直发' },
  },
  {
    key: ZONE_PAGE_KEYS.shopMall,
    title: '潮品商城',
    kind: 'mall',
    theme: '#7A3CF0',
    rules: '品牌好货集中购，正品保障，按分类挑选更方便。',
    label: '',
    art: { top: 4, art: 'headphones', label: '潮品商城', subline: '品牌好货 · 正品保障' },
  },
  {
    key: ZONE_PAGE_KEYS.nationalDay,
    title: '国庆特惠',
    kind: 'normal',
    theme: '#D7000F',
    rules:
      '1. 活动期间专区商品限时特惠；\n2. 可叠加使用平台优惠券与红包；\n3. 活动商品支持七天无理由退货；\n4. 如有疑问请联系在线客服。',
    label: '国庆特惠',
    art: { top: 0, art: 'coat', label: '国庆特惠', subline: '盛世华诞 · 好物狂欢' },
  },
  {
    key: ZONE_PAGE_KEYS.dailySale,
    title: '每日特卖',
    kind: 'daily',
    theme: '#FF3355',
    rules: '每天0点（北京时间）上新一批特卖好物，限当日有效。',
    label: '今日特卖',
    art: { top: 1, art: 'shirt', label: '每日特卖', subline: '每天0点上新' },
  },
];

/** Home menu entries (after the category entries: the zones, activities and communities). */
const MENU = [
  {
    name: '助农专区',
    link: '/pages/homeCpHelpFarmers/homeCpHelpFarmers',
    top: FOOD,
    art: 'rice-bag',
  },
  {
    name: '新人全额返',
    link: '/pages/homeNewPeopleReturn/homeNewPeopleReturn',
    top: 2,
    art: 'serum',
  },
  { name: '9.9专区', link: '/pages/npnZone/npnZone', top: FOOD, art: 'bread' },
  {
    name: '特产美食',
    link: '/pages/cpShopMallctivity/cpShopMallctivity',
    top: FOOD,
    art: 'orange',
  },
  { name: '国庆特惠', link: '/pages/homeNationalday/homeNationalday', top: 0, art: 'coat' },
  { name: '潮品商城', link: '/pages/cpShopMall/cpShopMall', top: 4, art: 'headphones' },
  { name: '0元砍价', link: '/rootPages/homeZeroYuan/homeZeroYuan', top: 2, art: 'gift-box' },
  { name: '女神帮', link: '/rootPages/goddess/goddess', top: 2, art: 'lipstick' },
  { name: '问药师', link: '/rootPages/tim/starYaoOfficer', top: 2, art: 'massage-gun' },
] as const;
const DAILY_SALE_LINK = '/pages/homeDailySale/homeDailySale';

/**
 * Demo zones, once per install (its own marker, so an install seeded before zones existed gets
 * them): each zone lists 6–12 seeded products; the 9.9 zone's are real ¥9.90 SKUs added to food
 * products, so what the page shows is what the order charges. Then the home's 今日特卖 card and
 * new menu entries point at the zone pages. Run after seedDemo and seedHomeExtras.
 */
export async function seedZones(deps: Deps): Promise<number> {
  const db = deps.db;
  const seeded = await db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', ZONE_SEED_META_KEY)
    .executeTakeFirst();
  if (seeded) return 0;
  const products = await db
    .selectFrom('product as p')
    .innerJoin('category as c', 'c.id', 'p.category_id')
    .innerJoin('category as t', 't.id', 'c.parent_id')
    .select(['p.id', 'p.price', 't.sort as top_sort'])
    .where('p.status', '=', 1)
    .orderBy('p.sales', 'desc')
    .orderBy('p.id')
    .execute();
  if (products.length < 40) return 0;
  const tops = [...new Set(products.map((p) => p.top_sort))].sort((a, b) => a - b);
  const ofTop = (top: number) => products.filter((p) => p.top_sort === tops[top]);
  const food = ofTop(FOOD);
  const cheap = products.filter((p) => p.price <= 9_900);
  const byKey: Record<string, number[]> = {
    [ZONE_PAGE_KEYS.helpFarmers]: food.slice(0, 8).map((p) => p.id),
    [ZONE_PAGE_KEYS.sauceWine]: food.slice(8, 14).map((p) => p.id),
    [ZONE_PAGE_KEYS.newPeopleReturn]: cheap.slice(0, 8).map((p) => p.id),
    [ZONE_PAGE_KEYS.specialtyFood]: food.slice(14, 24).map((p) => p.id),
    [ZONE_PAGE_KEYS.shopMall]: tops.slice(0, 6).flatMap((_, i) =>
      ofTop(i)
        .slice(2, 4)
        .map((p) => p.id),
    ),
    [ZONE_PAGE_KEYS.nationalDay]: products.slice(0, 10).map((p) => p.id),
    [ZONE_PAGE_KEYS.dailySale]: products.slice(10, 22).map((p) => p.id),
  };
  const banners = await Promise.all(
    ZONES.map((z, i) =>
      deps.blobs.put(
        `seed/zone/banner-${i + 1}.svg`,
        Buffer.from(bannerArt({ ...z.art, variant: i })),
        'image/svg+xml',
      ),
    ),
  );

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: ZONE_SEED_META_KEY, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return 0;

    // The 9.9 zone: food products whose SKUs vary only by 规格 get a ¥9.90 尝鲜装 of their own.
    const npnProducts = await trx
      .selectFrom('product as p')
      .select(['p.id', 'p.main_image'])
      .where(
        'p.id',
        'in',
        food.map((p) => p.id),
      )
      .where(
        sql<boolean>`not exists (select 1 from sku k where k.product_id = p.id
          and (select array_agg(x order by x) from jsonb_object_keys(k.specs) x) <> array['规格'])`,
      )
      .orderBy('p.sales', 'desc')
      .limit(8)
      .execute();
    const npn: { product_id: number; sku_id: number }[] = [];
    for (const p of npnProducts) {
      const sku = await trx
        .insertInto('sku')
        .values({
          product_id: p.id,
          // No price in the name: the price is the operator's and would go stale in it.
          name: '尝鲜装',
          specs: JSON.stringify({ 规格: '尝鲜装' }),
          price: NPN_PRICE,
          origin_price: NPN_PRICE * 2,
          stock: 500,
          image: p.main_image,
          free_shipping: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      npn.push({ product_id: p.id, sku_id: sku.id });
    }

    for (const [i, z] of ZONES.entries()) {
      const zone = await trx
        .insertInto('zone')
        .values({
          key: z.key,
          title: z.title,
          kind: z.kind,
          theme: z.theme,
          rules: z.rules,
          banner: banners[i] ?? '',
          sort: (i + 1) * 10,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!zone) continue;
      const items =
        z.key === ZONE_PAGE_KEYS.npn
          ? npn
          : (byKey[z.key] ?? []).map((id) => ({ product_id: id, sku_id: null }));
      if (!items.length) continue;
      await trx
        .insertInto('zone_item')
        .values(
          items.map((it, n) => ({ ...it, zone_id: zone.id, label: z.label, sort: (n + 1) * 10 })),
        )
        .execute();
    }

    await trx
      .updateTable('home_activity')
      .set({ link: DAILY_SALE_LINK, subtitle: '每天0点上新' })
      .where('title', '=', '今日特卖')
      .execute();
    const icons = await Promise.all(
      MENU.map((m, i) =>
        deps.blobs.put(
          `seed/zone/menu-${i + 1}.svg`,
          Buffer.from(bannerIcon(m.top, m.art)),
          'image/svg+xml',
        ),
      ),
    );
    const last = await trx
      .selectFrom('menu_entry')
      .select((e) => e.fn.max('sort').as('sort'))
      .executeTakeFirst();
    const base = Number(last?.sort ?? 0);
    await trx
      .insertInto('menu_entry')
      .values(
        MENU.map((m, i) => ({
          name: m.name,
          icon: icons[i] ?? '',
          link: m.link,
          sort: base + (i + 1) * 10,
        })),
      )
      .execute();
    return ZONES.length;
  });
}

function bannerIcon(top: number, art: DrawingId): string {
  return iconArt({ top, art, variant: 1 });
}
