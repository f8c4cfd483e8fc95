import type { LogisticsState } from '@chaopin/contracts';
import type { LogisticsProvider, ShipmentRoute, Tracking, TrackStep } from './provider.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** China has one time zone and no daylight saving: UTC+8. */
const CHINA_OFFSET = 8 * HOUR;

/** Warehouses the demo stores ship from; a store's is picked by its id. */
const SENDER_SITES = [
  { province: '广东省', city: '深圳市', district: '宝安区' },
  { province: '浙江省', city: '杭州市', district: '余杭区' },
  { province: '浙江省', city: '金华市', district: '义乌市' },
  { province: '广东省', city: '广州市', district: '白云区' },
  { province: '上海市', city: '上海市', district: '青浦区' },
  { province: '江苏省', city: '苏州市', district: '吴中区' },
  { province: '福建省', city: '泉州市', district: '晋江市' },
] as const;

/** Sorting hubs a long-distance parcel may pass through. */
const NATIONAL_HUBS = [
  { province: '湖北省', city: '武汉' },
  { province: '河南省', city: '郑州' },
  { province: '江苏省', city: '南京' },
  { province: '湖南省', city: '长沙' },
  { province: '山东省', city: '济南' },
  { province: '陕西省', city: '西安' },
] as const;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const SIGNERS = ['本人签收', '家门口', '快递柜', '菜鸟驿站代收', '前台代收'];

/** FNV-1a: a stable 32-bit seed from the tracking number. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough to make a believable route. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const short = (city: string) => city.replace(/市$/, '');

/** Couriers deliver in the day: a time outside 09:00-20:00 (China) moves to the next morning. */
function daytime(t: number, rand: () => number): number {
  const local = t + CHINA_OFFSET;
  const dayStart = local - (((local % DAY) + DAY) % DAY);
  const hour = (local - dayStart) / HOUR;
  const morning = (day: number) => day + 9 * HOUR + Math.floor(rand() * 150) * MINUTE;
  if (hour < 9) return morning(dayStart) - CHINA_OFFSET;
  if (hour >= 20) return morning(dayStart + DAY) - CHINA_OFFSET;
  return t;
}

interface Planned {
  state: LogisticsState;
  at: number;
  text: string;
  location: string;
}

/**
 * A simulated carrier: the same tracking number always gives the same route and times. The
 * parcel is picked up within two hours of shipping, passes the sender's city hub, maybe a
 * national hub and the receiver's city hub, and is signed for two to three days after shipping,
 * in the daytime.
 */
export class BuiltinLogisticsProvider implements LogisticsProvider {
  plan(route: ShipmentRoute): Planned[] {
    const rand = prng(seedOf(route.trackingNo));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const minutes = (min: number, max: number) => (min + Math.floor(rand() * (max - min))) * MINUTE;
    const from = SENDER_SITES[route.sender.storeId % SENDER_SITES.length] ?? SENDER_SITES[0];
    const to = route.receiver;
    const carrier = route.carrier;
    const fromHub = `${short(from.city)}转运中心`;
    const toHub = `${short(to.city)}转运中心`;
    const station = `${short(to.city)}${to.district}营业部`;
    const hubs = [fromHub];
    if (from.province !== to.province && rand() < 0.6) {
      const via = NATIONAL_HUBS.filter(
        (h) => h.province !== from.province && h.province !== to.province,
      );
      hubs.push(`${pick(via).city}转运中心`);
    }
    if (toHub !== fromHub) hubs.push(toHub);

    const t0 = route.shippedAt.getTime();
    const signed = daytime(t0 + 46 * HOUR + minutes(0, 20 * 60), rand);
    const delivering = signed - minutes(40, 150);
    const atStation = delivering - minutes(60, 180);
    const collected = t0 + minutes(20, 120);

    const courier = `${pick([...SURNAMES])}师傅`;
    const phone = `1${pick(['35', '38', '50', '58', '77', '86', '89'])}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
    const steps: Planned[] = [
      {
        state: 'shipped',
        at: t0,
        text: `【${from.city}】商家已发货，包裹等待${carrier}揽收`,
        location: from.city,
      },
      {
        state: 'collected',
        at: collected,
        text: `【${from.city}】${carrier}${short(from.city)}${from.district}营业点 已揽收`,
        location: `${short(from.city)}${from.district}营业点`,
      },
    ];
    // The sender's city hub within hours of pickup; the other hubs spread over the long haul.
    const firstIn = collected + minutes(60, 180);
    const firstOut = firstIn + minutes(30, 120);
    const span = atStation - firstOut;
    const later = hubs.length - 1;
    hubs.forEach((hub, i) => {
      const next = hubs[i + 1] ?? station;
      const k = i - 1;
      const arrive =
        i === 0 ? firstIn : firstOut + (span * (k * 2 + 0.3 + rand() * 0.5)) / (later * 2);
      const leave =
        i === 0 ? firstOut : firstOut + (span * (k * 2 + 1.2 + rand() * 0.5)) / (later * 2);
      steps.push(
        { state: 'in_transit', at: arrive, text: `快件已到达【${hub}】`, location: hub },
        {
          state: 'in_transit',
          at: leave,
          text: `快件已从【${hub}】发出，下一站【${next}】`,
          location: hub,
        },
      );
    });
    steps.push(
      {
        state: 'in_transit',
        at: atStation,
        text: `快件已到达【${station}】`,
        location: station,
      },
      {
        state: 'delivering',
        at: delivering,
        text: `【${to.city}】${station}快递员${courier}正在为您派送，联系电话：${phone}`,
        location: station,
      },
      {
        state: 'signed',
        at: signed,
        text: `【${to.city}】您的快件已签收，签收人：${pick(SIGNERS)}。如有疑问请联系快递员${courier}（${phone}），感谢使用${carrier}，期待再次为您服务`,
        location: station,
      },
    );
    // Whole seconds, strictly increasing.
    let last = Number.NEGATIVE_INFINITY;
    for (const s of steps) {
      s.at = Math.max(Math.floor(s.at / 1000) * 1000, last + 1000);
      last = s.at;
    }
    return steps;
  }

  async track(route: ShipmentRoute, now: Date): Promise<Tracking> {
    const plan = this.plan(route);
    const signed = plan[plan.length - 1] as Planned;
    // The first scan is the shipping itself, so there is always something to show.
    const seen = plan.filter((s, i) => i === 0 || s.at <= now.getTime());
    const steps: TrackStep[] = seen
      .map((s) => ({ state: s.state, time: new Date(s.at), text: s.text, location: s.location }))
      .reverse();
    const isSigned = signed.at <= now.getTime();
    return {
      steps,
      signedAt: isSigned ? new Date(signed.at) : null,
      nextCheckAt: isSigned ? null : new Date(signed.at),
    };
  }
}
