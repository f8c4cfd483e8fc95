// How much bench:scale seeds: a year of a shop at SCALE=1, every count multiplied by SCALE
// (`SCALE=0.01` or `--scale 0.01`: the reduced run; 0.001 in CI). Shared by the seed, the sweep
// and the CI test.

/** SCALE from `--scale <n>` or the SCALE environment variable (1 when neither). */
export function scaleArg(argv = process.argv, env = process.env): number {
  const at = argv.indexOf('--scale');
  const raw = at > 0 ? argv[at + 1] : env.SCALE;
  const scale = raw === undefined ? 1 : Number(raw);
  if (!(scale > 0 && scale <= 1)) throw new Error(`SCALE must be in (0, 1], got ${raw}`);
  return scale;
}

export interface Counts {
  scale: number;
  stores: number;
  products: number;
  /** SKUs per product (sizes × colours of one product). */
  skusPerProduct: number;
  users: number;
  orders: number;
  aftersales: number;
  messages: number;
  /** Messages per conversation on average (conversations = messages / this). */
  messagesPerConversation: number;
  rooms: number;
  giftsPerRoom: number;
  coupons: number;
  members: number;
}

export function countsFor(scale: number): Counts {
  const n = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    scale,
    stores: n(2_000, 5),
    products: n(100_000, 50),
    skusPerProduct: 3,
    users: n(1_000_000, 200),
    orders: n(5_000_000, 1_000),
    aftersales: n(500_000, 100),
    messages: n(20_000_000, 2_000),
    messagesPerConversation: 20,
    rooms: n(2_000, 4),
    giftsPerRoom: 100,
    coupons: n(1_000_000, 200),
    members: n(1_000_000, 200),
  };
}

/** The console's operator (an admin, signed in by SMS like the dashboard bench). */
export const OPERATOR_PHONE = '13800000000';
/** The buyer with the most orders, messages and team: user 1 (heavy users have the low ids). */
export const HEAVY_USER = 1;
/** A user's phone: `13` and the id on 9 digits. */
export const phoneOf = (id: number) => `13${String(id).padStart(9, '0')}`;
