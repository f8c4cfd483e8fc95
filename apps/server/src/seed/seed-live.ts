import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Demo broadcasts start at 20:00, Asia/Shanghai: prime time for live selling. */
const START_HOUR = 20;

/** 20:00 in Shanghai, `days` days after today there. */
function eveningOf(now: number, days: number): Date {
  const local = now + SHANGHAI_OFFSET_MS;
  const midnight = local - (local % DAY_MS) - SHANGHAI_OFFSET_MS;
  return new Date(midnight + days * DAY_MS + START_HOUR * 3_600_000);
}

/** The demo's hosts: approved, real-name verified, each with a 预告 and a stocked shelf. */
const HOSTS = [
  {
    phone: '13900000001',
    nickname: '潮品小鹿',
    avatar: '/assets/avatars/1.svg',
    sortId: 2,
    title: '秋冬穿搭专场 · 直播间专享价',
    days: 1,
    cover: '/assets/live/cover-fashion.svg',
  },
  {
    phone: '13900000002',
    nickname: '农鲜阿姨',
    avatar: '/assets/avatars/2.svg',
    sortId: 7,
    title: '产地直发 · 新鲜农货助农专场',
    days: 2,
    cover: '/assets/live/cover-farm.svg',
  },
  {
    phone: '13900000003',
    nickname: '数码老王',
    avatar: '/assets/avatars/3.svg',
    sortId: 5,
    title: '数码好物开箱 · 限时福利',
    days: 3,
    cover: '/assets/live/cover-digital.svg',
  },
] as const;
const SHELF_SIZE = 4;

/**
 * Demo live rooms, once per install (app_meta): three approved hosts with a 预告 each (20:00
 * Shanghai time, one, two and three days ahead), a cover each and shelves from the catalogue, so that the 直播 tab and
 * 直播预告 show real rooms. Going live needs a stream: a host pushes from OBS with the address
 * of the live centre (rootPages/liveUser/user; log in with the host's phone).
 */
export async function seedLive(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_live', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const products = await db
    .selectFrom('product')
    .select('id')
    .where('status', '=', 1)
    .orderBy('sales', 'desc')
    .orderBy('id')
    .limit(HOSTS.length * SHELF_SIZE)
    .execute();
  if (products.length < HOSTS.length * SHELF_SIZE) return 0;
  const { rooms } = app.liveModule;
  let made = 0;
  for (const [i, h] of HOSTS.entries()) {
    const user = await db
      .insertInto('app_user')
      .values({ phone: h.phone, nickname: h.nickname, avatar: h.avatar })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ nickname: h.nickname }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('app_user')
      .set({ real_name_at: new Date(now), real_name_masked: `${h.nickname.slice(0, 1)}*` })
      .where('id', '=', user.id)
      .execute();
    await db
      .insertInto('live_host')
      .values({
        user_id: user.id,
        status: 'approved',
        intro: `${h.nickname}的直播间`,
        sort_id: h.sortId,
        reviewed_at: new Date(now),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const shelf = products.slice(i * SHELF_SIZE, (i + 1) * SHELF_SIZE);
    const { id } = await rooms.upInfo(user.id, {
      title: h.title,
      cover: h.cover,
      sortId: h.sortId,
      noticeAt: eveningOf(now, h.days).toISOString(),
    });
    await rooms.upShop(user.id, {
      roomId: id,
      items: shelf.map((p, n) => ({
        productId: p.id,
        status: n === SHELF_SIZE - 1 ? 'shown' : 'onSale',
      })),
    });
    made++;
  }
  return made;
}
