import type { Deps } from '../deps.ts';
import { activityArt, popupArt } from './svg-art.ts';

/** Its own marker, so installs seeded before the home extras existed get them on the next start. */
const HOME_SEED_META_KEY = 'demo_seed_home';
const HOME_SEED_VERSION = '2';
const POPUP_DAYS = 365;
/** The 新人专享 popup advertises the new-user coupon pack and leads to 领券中心, where it is claimed. */
const NEW_USER_POPUP = {
  title: '新人专享礼包',
  link: '/pages/shopReceiveCoupon/shopReceiveCoupon',
  art: {
    top: 2,
    art: 'gift-box',
    title: '新人专享礼包',
    subline: '新人券包 · 一键领取',
    cta: '立即领取',
  },
} as const;

async function putPopupImage(deps: Deps): Promise<string> {
  return deps.blobs.put(
    'seed/home/popup-new-user.svg',
    Buffer.from(popupArt(NEW_USER_POPUP.art)),
    'image/svg+xml',
  );
}

/**
 * Seeds the demo home activity buttons and popup once per database, after seedDemo. Links lead
 * only to pages that exist: a category tab, search results and a product detail. Does nothing
 * (and claims nothing) while the catalogue is empty. Returns the rows written, or null.
 */
export async function seedHomeExtras(deps: Deps): Promise<{ activities: number } | null> {
  const db = deps.db;
  const seeded = await db
    .selectFrom('app_meta')
    .select(['key', 'value'])
    .where('key', '=', HOME_SEED_META_KEY)
    .executeTakeFirst();
  if (seeded) {
    // Version 1 seeded a 新人专享 popup advertising 男装新品上架: it now advertises the pack.
    if (seeded.value === '1') {
      const image = await putPopupImage(deps);
      await db.transaction().execute(async (trx) => {
        const bumped = await trx
          .updateTable('app_meta')
          .set({ value: HOME_SEED_VERSION })
          .where('key', '=', HOME_SEED_META_KEY)
          .where('value', '=', '1')
          .executeTakeFirst();
        if (!bumped.numUpdatedRows) return;
        await trx
          .updateTable('home_popup')
          .set({ title: NEW_USER_POPUP.title, link: NEW_USER_POPUP.link, image })
          .where('title', '=', '新人专享')
          .where('audience', '=', 'new')
          .execute();
      });
    }
    return null;
  }
  const tops = await db
    .selectFrom('category')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .limit(3)
    .execute();
  const topSeller = await db
    .selectFrom('product')
    .select('id')
    .where('status', '=', 1)
    .orderBy('sales', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (tops.length < 2 || !topSeller) return null;

  const cards = [
    {
      title: '今日特卖',
      subtitle: '女装低至5折',
      link: `/pages/homeClassify/homeClassify?id=${tops[0]?.id}`,
      art: { top: 0, art: 'dress' as const },
    },
    {
      title: '爆款推荐',
      subtitle: '销量冠军好物',
      link: `/pages/shopDetails/shopDetails?id=${topSeller.id}`,
      art: { top: 4, art: 'phone' as const },
    },
    {
      title: '美妆专场',
      subtitle: '面膜囤货价',
      link: `/pages/homeSearch/homeSearch?keyword=${encodeURIComponent('面膜')}`,
      art: { top: 2, art: 'sheet-mask' as const },
    },
  ];
  const images = await Promise.all(
    cards.map((c, i) =>
      deps.blobs.put(
        `seed/home/activity-${i + 1}.svg`,
        Buffer.from(activityArt({ ...c.art, title: c.title, subline: c.subtitle })),
        'image/svg+xml',
      ),
    ),
  );
  const popupImage = await putPopupImage(deps);
  const now = new Date();

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: HOME_SEED_META_KEY, value: HOME_SEED_VERSION })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return null;
    await trx
      .insertInto('home_activity')
      .values(
        cards.map((c, i) => ({
          title: c.title,
          subtitle: c.subtitle,
          image: images[i] ?? '',
          link: c.link,
          sort: (i + 1) * 10,
        })),
      )
      .execute();
    await trx
      .insertInto('home_popup')
      .values({
        title: NEW_USER_POPUP.title,
        image: popupImage,
        link: NEW_USER_POPUP.link,
        // Only for buyers who have never paid for an order (and logged-out visitors).
        audience: 'new',
        starts_at: new Date(now.getTime() - 60_000),
        ends_at: new Date(now.getTime() + POPUP_DAYS * 86_400_000),
      })
      .execute();
    return { activities: cards.length };
  });
}
