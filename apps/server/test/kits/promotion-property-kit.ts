// Test support for promotion.property.test.ts: the shop and its rules, the HTTP calls the actions
// make, the run's model (who is bound to whom, who is a promoter, the orders paid and the chain
// each was paid under) and the invariants of the whole programme read back from the database.
import { memberPriceOf } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { idCardCheckChar } from '../../src/modules/user/identity.ts';
import { dayAndMonthStart } from '../../src/platform/china-time.ts';
import { get, post } from './aftersale-kit.ts';
import { type Buyer, clientKey, makeBuyer, makeProduct, topUp, waitFor } from './order-kit.ts';

export const PAY_PASSWORD = '135790';

/** The programme's rules, set explicitly so the test's arithmetic does not follow defaults. */
export const RULES = {
  l1Bp: 1000,
  l2Bp: 500,
  memberPercent: 95,
  withdrawMin: 100,
  withdrawFeeBp: 60,
  dailyLimit: 4,
  inviteeGift: 500,
  inviterReward: 1000,
} as const;

export const APP_ENV: Record<string, string> = {
  PROMO_L1_BP: String(RULES.l1Bp),
  PROMO_L2_BP: String(RULES.l2Bp),
  PROMO_SELF_PURCHASE: 'false',
  PROMO_BIND_WINDOW_HOURS: '24',
  MEMBER_PRICE_PERCENT: String(RULES.memberPercent),
  WITHDRAW_MIN: String(RULES.withdrawMin),
  WITHDRAW_FEE_BP: String(RULES.withdrawFeeBp),
  WITHDRAW_DAILY_LIMIT: String(RULES.dailyLimit),
  INVITEE_RED_PACKET: String(RULES.inviteeGift),
  INVITER_REWARD: String(RULES.inviterReward),
};

export interface Good {
  skuId: number;
  productId: number;
  /** List price in fen. */
  price: number;
  l1Bp: number;
  l2Bp: number;
}

/**
 * One store, four products: ¥100.00 and ¥33.33 at the default rates, ¥12.34 with its own rates
 * (25 % / 3.33 %), and a ¥0.05 one whose commission rounds to nothing.
 */
export async function makeGoods(app: FastifyInstance, admin: string): Promise<Good[]> {
  const specs = [
    { price: 10_000 },
    { price: 3_333 },
    { price: 1_234, l1Bp: 2_500, l2Bp: 333 },
    { price: 5 },
  ];
  const goods: Good[] = [];
  let storeId: number | undefined;
  for (const s of specs) {
    const p = await makeProduct(app, { price: s.price, stock: 10_000_000, storeId });
    storeId = p.storeId;
    if (s.l1Bp !== undefined) {
      const r = await post(app, 'admin/promotion/commissionRate', admin, {
        productId: p.productId,
        l1Bp: s.l1Bp,
        l2Bp: s.l2Bp,
      });
      if (r.status !== 200) throw new Error(`commissionRate: ${JSON.stringify(r.body)}`);
    }
    goods.push({
      skuId: p.skuIds[0] as number,
      productId: p.productId,
      price: s.price,
      l1Bp: s.l1Bp ?? RULES.l1Bp,
      l2Bp: s.l2Bp ?? RULES.l2Bp,
    });
  }
  return goods;
}

// ---------------------------------------------------------------------------------------------
// The model

export type Tier = 'user' | 'promoter' | 'owner';

export interface Person {
  b: Buyer;
  /** The user id of the inviter (null: unbound). */
  parent: number | null;
  tier: Tier;
  /** Membership end (ms), as the test made it. */
  memberUntil: number | null;
  verified: boolean;
  /** The payout account bound now. */
  account: string | null;
  /** A receipt of one of this user's orders happened while bound: the inviter's reward is due. */
  inviterRewardDue: boolean;
}

export interface Level {
  level: 1 | 2;
  userId: number;
}

export interface OrderModel {
  orderNo: string;
  payNo: string;
  orderId: number;
  buyer: number;
  via: 'balance' | 'sandbox';
  /** Who earns, as the chain stood when it was paid (null: not paid). */
  earners: Level[] | null;
}

export interface Scope {
  people: Map<number, Person>;
  orders: OrderModel[];
  goods: Good[];
}

export const isPromoter = (p: Person | undefined) => p !== undefined && p.tier !== 'user';

/** The earners of a purchase by `buyer` now: the parent and grandparent, when promoters. */
export function earnersNow(scope: Scope, buyer: number): Level[] {
  const parent = scope.people.get(buyer)?.parent ?? null;
  const grand = parent === null ? null : (scope.people.get(parent)?.parent ?? null);
  const out: Level[] = [];
  if (parent !== null && isPromoter(scope.people.get(parent)))
    out.push({ level: 1, userId: parent });
  if (grand !== null && isPromoter(scope.people.get(grand))) out.push({ level: 2, userId: grand });
  return out;
}

/** Whether `ancestor` is `user` or above it in the model's tree. */
export function isAncestorOrSelf(scope: Scope, ancestor: number, user: number): boolean {
  let at: number | null = user;
  for (let i = 0; at !== null && i < 1000; i++) {
    if (at === ancestor) return true;
    at = scope.people.get(at)?.parent ?? null;
  }
  return false;
}

export const commissionOf = (base: number, refunded: number, rateBp: number) =>
  Math.floor((Math.max(0, base - refunded) * rateBp) / 10_000);

// ---------------------------------------------------------------------------------------------
// HTTP calls

export type Res<T = Record<string, unknown>> = Awaited<ReturnType<typeof post<T>>>;

export const show = (r: { status: number; body: { error?: string } }) =>
  r.status === 200 ? 'ok' : `${r.status} ${r.body.error}`;

export async function inviteCodeOf(app: FastifyInstance, b: Buyer): Promise<string> {
  const r = await get<{ inviteCode: string }>(app, 'promotion/identity', b.token);
  if (r.status !== 200) throw new Error(`identity: ${JSON.stringify(r.body)}`);
  return r.body.data.inviteCode;
}

/** A user registered with `parent`'s invite code (if any), with ¥3000 in the wallet. */
export async function register(app: FastifyInstance, parent?: Buyer): Promise<Buyer> {
  const code = parent ? await inviteCodeOf(app, parent) : undefined;
  const b = await makeBuyer(app, code ? { inviteCode: code } : {});
  await topUp(app, b.token, 300_000);
  return b;
}

export const setTier = (app: FastifyInstance, admin: string, userId: number, tier: Tier) =>
  post(app, 'admin/promotion/identity', admin, { userId, tier });

export const bind = (app: FastifyInstance, b: Buyer, inviteCode: string) =>
  post(app, 'promotion/bind', b.token, { inviteCode });

/** Opens every unopened red packet of the user (so that checkout can spend them). */
export async function openPackets(app: FastifyInstance, b: Buyer): Promise<void> {
  const packets = await app.deps.db
    .selectFrom('red_packet')
    .select('id')
    .where('user_id', '=', b.userId)
    .where('opened_at', 'is', null)
    .execute();
  for (const p of packets) await post(app, 'redPacket/open', b.token, { id: p.id });
}

export const place = (
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  useRedPacket: boolean,
) =>
  post<{ payNo: string; orderNos: string[]; payAmount: number }>(app, 'order/newAdd', b.token, {
    clientKey: clientKey(),
    addressId: b.addressId,
    items,
    useRedPacket,
  });

/** Pays from the wallet (topping it up when short). */
export async function payBalance(app: FastifyInstance, b: Buyer, payNo: string): Promise<Res> {
  const pay = () =>
    post(app, 'order/newBalancePay', b.token, { orderNo: payNo, payPassword: PAY_PASSWORD });
  const r = await pay();
  if (r.body.error !== 'BALANCE_NOT_ENOUGH') return r;
  await topUp(app, b.token, 300_000);
  return pay();
}

/** Pays through the sandbox cashier and waits for the notify to land. */
export async function paySandbox(
  app: FastifyInstance,
  b: Buyer,
  payNo: string,
  orderId: number,
): Promise<Res> {
  const start = await post<{ paymentNo: string }>(app, 'order/newPay', b.token, { orderNo: payNo });
  if (start.status !== 200) return start;
  await app.inject({
    method: 'POST',
    url: '/sandbox/cashier',
    payload: { paymentNo: start.body.data.paymentNo, action: 'pay' },
  });
  const paid = await waitFor(
    () => orderRow(app, orderId),
    (o) => o.paid_at !== null,
  );
  return paid.paid_at !== null
    ? start
    : { status: 599, body: { code: 599, msg: '', error: 'SANDBOX_PAY_TIMEOUT', data: {} } };
}

export const ship = (app: FastifyInstance, admin: string, orderNo: string) =>
  post(app, 'admin/order/ship', admin, {
    orderNo,
    carrier: '顺丰速运',
    trackingNo: 'SF1234567890',
  });

export const confirm = (app: FastifyInstance, b: Buyer, orderNo: string) =>
  post(app, 'order/newConfirm', b.token, { orderNo });

/** The auto-confirm job's receipt, in its own transaction (what the logistics sweeper does). */
export const autoConfirm = (app: FastifyInstance, userId: number, orderNo: string) =>
  app.deps.db
    .transaction()
    .execute((trx) => app.orderModule.fulfilment.autoConfirm(trx, userId, orderNo, '自动确认收货'));

export const quote = (app: FastifyInstance, b: Buyer, orderNo: string, skuId: number) =>
  get<{ maxAmount: number; fullRequired: boolean }>(app, 'order/queryRefundMoney', b.token, {
    orderNo,
    skuId,
  });

export const applyRefund = (
  app: FastifyInstance,
  b: Buyer,
  orderNo: string,
  skuId: number,
  amount: number,
) =>
  post<{ refundNo: string }>(app, 'order/refundApply', b.token, {
    orderNo,
    skuId,
    amount,
    type: 'refund',
    reason: '不想要了',
  });

export const approveRefund = (app: FastifyInstance, admin: string, refundNo: string) =>
  post(app, 'admin/refund/approve', admin, { refundNo });

/** The refund's status once it left `refunding` (a gateway refund's notify lands later). */
export async function refundSettled(app: FastifyInstance, refundNo: string): Promise<string> {
  const row = await waitFor(
    () =>
      app.deps.db
        .selectFrom('refund')
        .select('status')
        .where('refund_no', '=', refundNo)
        .executeTakeFirstOrThrow(),
    (r) => r.status !== 'refunding',
  );
  return row.status;
}

export interface WithdrawalView {
  withdrawNo: string;
  amount: number;
  fee: number;
  net: number;
  state: string;
}

export const withdrawApply = (app: FastifyInstance, b: Buyer, amount: number, key = clientKey()) =>
  post<WithdrawalView>(app, 'withdraw/apply', b.token, {
    amount,
    password: PAY_PASSWORD,
    clientKey: key,
  });

export const approveWithdrawal = (app: FastifyInstance, admin: string, withdrawNo: string) =>
  post<WithdrawalView>(app, 'admin/withdraw/approve', admin, { withdrawNo });

export const rejectWithdrawal = (app: FastifyInstance, admin: string, withdrawNo: string) =>
  post<WithdrawalView>(app, 'admin/withdraw/reject', admin, { withdrawNo, reason: '信息有误' });

/** The withdrawal's state once the sandbox's payout notify has landed. */
export async function withdrawalSettled(app: FastifyInstance, withdrawNo: string) {
  return waitFor(
    () =>
      app.deps.db
        .selectFrom('withdrawal')
        .selectAll()
        .where('withdraw_no', '=', withdrawNo)
        .executeTakeFirstOrThrow(),
    (w) => w.state !== 'paying',
  );
}

/** Real-name verification with an ID card unique to the user. */
export async function verifyRealName(app: FastifyInstance, b: Buyer): Promise<void> {
  const year = 1950 + (Math.floor(b.userId / 1000) % 50);
  const first17 = `110101${year}0307${String(b.userId % 1000).padStart(3, '0')}`;
  const r = await post(app, 'user/RealNameAuthentication', b.token, {
    realName: '张小三',
    idCard: first17 + idCardCheckChar(first17),
  });
  if (r.status !== 200) throw new Error(`real name: ${JSON.stringify(r.body)}`);
}

export const bindAccount = (app: FastifyInstance, b: Buyer, account: string) =>
  post(app, 'withdraw/account', b.token, { account, realName: '张小三' });

export const buyPlan = (app: FastifyInstance, b: Buyer, plan: string, key = clientKey()) =>
  post<{ purchaseNo: string; status: string; memberUntil: string | null }>(
    app,
    'member/buy',
    b.token,
    { plan, payType: 'balance', password: PAY_PASSWORD, clientKey: key },
  );

// ---------------------------------------------------------------------------------------------
// Reading the database

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  status: string;
  pay_method: string | null;
  paid_at: Date | null;
  shipped_at: Date | null;
  received_at: Date | null;
}

export async function orderRow(app: FastifyInstance, orderId: number): Promise<OrderRow> {
  return app.deps.db
    .selectFrom('shop_order')
    .select([
      'id',
      'order_no',
      'user_id',
      'status',
      'pay_method',
      'paid_at',
      'shipped_at',
      'received_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function linesOf(app: FastifyInstance, orderId: number) {
  return app.deps.db
    .selectFrom('order_item')
    .select(['id', 'sku_id', 'product_id', 'price', 'quantity', 'discount', 'redpacket'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export const commissionBalance = (app: FastifyInstance, userId: number) =>
  app.orderModule.ledger.commissionOf(userId);

export const walletBalance = (app: FastifyInstance, userId: number) =>
  app.orderModule.ledger.balanceOf(userId);

/** Withdrawals of the user since the start of today (Asia/Shanghai): the daily limit counts them. */
export async function withdrawalsToday(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.deps.db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', dayAndMonthStart().today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const memberUntilOf = async (app: FastifyInstance, userId: number) =>
  (
    await app.deps.db
      .selectFrom('promo_user')
      .select('member_until')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.member_until ?? null;

// ---------------------------------------------------------------------------------------------
// Invariants

/** A broken invariant: `key` names the rows (stable while they do not change), `text` says how. */
export interface Violation {
  key: string;
  text: string;
}

const n = (v: unknown) => Number(v ?? 0);
const WITHDRAW_HELD = ['pending', 'paying', 'succeeded'];
const COMMISSION_KINDS = ['commission', 'commission_reverse', 'withdraw_hold', 'withdraw_return'];

/**
 * The invariants of the programme. Over the whole database: the ledger (every account is its
 * entries, every transaction and so all balances sum to zero, no wallet or red-packet balance
 * below zero, a commission account below zero only after a commission reversal hit it, and no
 * withdrawal hold ever took one below zero), commissions (one per (line, level), each posted at
 * most once, amount = ⌊max(0, base − refunded) × rate⌋ with refunded = what was paid back of the
 * line, base = what was paid for it, the ledger's postings less reversals of each settled one
 * equal to its amount, its state following its order), each promoter's commission account equal
 * to Σ settled commissions − Σ withdrawals held or paid out, the withdrawals' ledger, the
 * membership revenue. For the run's `scope`: every paid line has exactly the commissions the
 * chain at payment says, the bindings and identities are the model's, invitation rewards given
 * exactly when due.
 */
export async function violations(app: FastifyInstance, scope: Scope): Promise<Violation[]> {
  const db = app.deps.db;
  const out: Violation[] = [];
  const bad = (key: string, text: string) => out.push({ key, text });

  // --- The ledger.
  const { rows: accounts } = await sql<{
    id: number;
    code: string;
    kind: string;
    user_id: number | null;
    balance: string;
    entries: string;
  }>`
    select a.id, a.code, a.kind, a.user_id, a.balance, coalesce(e.s, 0) as entries
    from ledger_account a
    left join (select account_id, sum(amount) as s from ledger_entry group by account_id) e
      on e.account_id = a.id
    order by a.id`.execute(db);
  const balanceOf = new Map(accounts.map((a) => [a.code, n(a.balance)]));
  let total = 0;
  for (const a of accounts) {
    total += n(a.balance);
    if (n(a.balance) !== n(a.entries)) {
      bad(
        `entries:${a.code}`,
        `account ${a.code}: balance ${a.balance} but Σ entries ${a.entries}`,
      );
    }
    if ((a.kind === 'wallet' || a.kind === 'redpacket') && n(a.balance) < 0) {
      bad(`negative:${a.code}`, `account ${a.code}: negative balance ${a.balance}`);
    }
  }
  if (total !== 0) bad('ledger-sum', `Σ of all ledger balances is ${total}, not 0`);
  const { rows: unbalanced } = await sql<{ id: number; kind: string; ref: string; s: string }>`
    select t.id, t.kind, t.ref, e.s from ledger_txn t
    join (select txn_id, sum(amount) as s from ledger_entry group by txn_id) e on e.txn_id = t.id
    where e.s <> 0`.execute(db);
  for (const t of unbalanced) bad(`txn:${t.id}`, `ledger txn ${t.kind}/${t.ref} sums to ${t.s}`);

  // Commission accounts, entry by entry (per account, entry ids follow the order the postings
  // took the account's row lock, so the running sum is the balance as it was after each).
  const { rows: commissionEntries } = await sql<{
    id: number;
    code: string;
    user_id: number;
    amount: string;
    kind: string;
    ref: string;
  }>`
    select e.id, a.code, a.user_id, e.amount, t.kind, t.ref
    from ledger_entry e
    join ledger_account a on a.id = e.account_id
    join ledger_txn t on t.id = e.txn_id
    where a.kind = 'commission'
    order by a.id, e.id`.execute(db);
  const running = new Map<string, number>();
  const reversed = new Set<string>();
  for (const e of commissionEntries) {
    const now = (running.get(e.code) ?? 0) + n(e.amount);
    running.set(e.code, now);
    if (e.kind === 'commission_reverse') reversed.add(e.code);
    if (!COMMISSION_KINDS.includes(e.kind)) {
      bad(`commission-kind:${e.id}`, `${e.code}: an entry of a ${e.kind} txn (${e.ref})`);
    }
    if (e.kind !== 'commission_reverse' && n(e.amount) < 0 && now < 0) {
      bad(`overdrawn:${e.id}`, `${e.code}: ${e.kind} ${e.ref} of ${e.amount} took it to ${now}`);
    }
  }
  for (const a of accounts) {
    if (a.kind === 'commission' && n(a.balance) < 0 && !reversed.has(a.code)) {
      bad(`debt:${a.code}`, `${a.code}: ${a.balance} with no commission reversal (no debt)`);
    }
  }

  // --- Commissions.
  const { rows: commissions } = await sql<{
    id: number;
    order_item_id: number;
    level: number;
    beneficiary_id: number;
    buyer_id: number;
    order_id: number;
    order_no: string;
    base: number;
    refunded: number;
    rate_bp: number;
    amount: number;
    state: string;
    frozen_at: Date | null;
    settle_at: Date | null;
    settled_at: Date | null;
    line_paid: number;
    item_order: number;
    o_user: number;
    o_no: string;
    paid_at: Date | null;
    received_at: Date | null;
  }>`
    select c.id, c.order_item_id, c.level, c.beneficiary_id, c.buyer_id, c.order_id, c.order_no,
      c.base, c.refunded, c.rate_bp, c.amount, c.state, c.frozen_at, c.settle_at, c.settled_at,
      greatest(0, i.price * i.quantity - i.discount - i.redpacket) as line_paid,
      i.order_id as item_order, o.user_id as o_user, o.order_no as o_no, o.paid_at, o.received_at
    from commission c
    join order_item i on i.id = c.order_item_id
    join shop_order o on o.id = i.order_id
    order by c.id`.execute(db);
  const { rows: refunds } = await sql<{
    refund_no: string;
    order_item_id: number;
    status: string;
    goods: number;
  }>`select refund_no, order_item_id, status, amount - shipping_amount as goods from refund`.execute(
    db,
  );
  const itemOfRefund = new Map(refunds.map((r) => [r.refund_no, r.order_item_id]));
  const goodsBack = new Map<number, number>();
  for (const r of refunds) {
    if (r.status === 'refunded') {
      goodsBack.set(r.order_item_id, (goodsBack.get(r.order_item_id) ?? 0) + n(r.goods));
    }
  }
  // Postings on commission accounts, per commission: "c:<id>" and "<refundNo>:<level>".
  const posted = new Map<number, { n: number; sum: number; user: number }>();
  const reversals = new Map<string, number>();
  for (const e of commissionEntries) {
    if (e.kind === 'commission') {
      const id = Number(e.ref.slice(2));
      const p = posted.get(id) ?? { n: 0, sum: 0, user: e.user_id };
      p.n += 1;
      p.sum += n(e.amount);
      posted.set(id, p);
    } else if (e.kind === 'commission_reverse') {
      const cut = e.ref.lastIndexOf(':');
      const item = itemOfRefund.get(e.ref.slice(0, cut));
      const key = `${item}:${e.ref.slice(cut + 1)}:${e.user_id}`;
      reversals.set(key, (reversals.get(key) ?? 0) - n(e.amount));
    }
  }
  const seen = new Map<string, number>();
  const settledOf = new Map<number, number>();
  let settledTotal = 0;
  for (const c of commissions) {
    const at = `commission ${c.id} (line ${c.order_item_id} L${c.level}, ${c.state})`;
    const k = `${c.order_item_id}:${c.level}`;
    if (seen.has(k))
      bad(`dup:${k}`, `${at}: a second commission of (line, level), after ${seen.get(k)}`);
    seen.set(k, c.id);
    if (c.base !== n(c.line_paid))
      bad(`base:${c.id}`, `${at}: base ${c.base}, the line paid ${c.line_paid}`);
    if (c.buyer_id !== c.o_user || c.order_id !== c.item_order || c.order_no !== c.o_no) {
      bad(`order:${c.id}`, `${at}: buyer/order ${c.buyer_id}/${c.order_no} not its line's`);
    }
    if (c.beneficiary_id === c.buyer_id) bad(`self:${c.id}`, `${at}: earned by the buyer`);
    if (c.paid_at === null) bad(`unpaid:${c.id}`, `${at}: its order was never paid`);
    const refunded = Math.min(c.base, goodsBack.get(c.order_item_id) ?? 0);
    const amount = commissionOf(c.base, refunded, c.rate_bp);
    // A voided commission stops following the line's refunds (onRefunded skips it): its
    // `refunded` may stay where it was when it reached 0, which still gives 0.
    const stale =
      c.state === 'void' &&
      c.refunded < refunded &&
      commissionOf(c.base, c.refunded, c.rate_bp) === 0;
    if ((c.refunded !== refunded && !stale) || c.amount !== amount) {
      bad(
        `amount:${c.id}`,
        `${at}: refunded ${c.refunded} amount ${c.amount}; the line's refunds say refunded ${refunded}, amount ⌊(${c.base} − ${refunded}) × ${c.rate_bp} / 10000⌋ = ${amount}`,
      );
    }
    if ((c.state === 'void') !== (c.amount === 0)) bad(`void:${c.id}`, `${at}: amount ${c.amount}`);
    if (c.state === 'pending' && c.received_at !== null) {
      bad(`state:${c.id}`, `${at}: pending, but its order was received`);
    }
    if ((c.state === 'frozen' || c.state === 'settled') && c.received_at === null) {
      bad(`state:${c.id}`, `${at}: its order was never received`);
    }
    if (c.state === 'settled' && (c.settled_at === null || c.frozen_at === null)) {
      bad(`state:${c.id}`, `${at}: settled without frozen_at/settled_at`);
    }
    if (c.state === 'frozen' && c.settled_at !== null)
      bad(`state:${c.id}`, `${at}: frozen, settled_at set`);
    // The ledger of this commission: posted once at settlement, less what refunds took back.
    const p = posted.get(c.id);
    const back = reversals.get(`${c.order_item_id}:${c.level}:${c.beneficiary_id}`) ?? 0;
    if (c.settled_at === null) {
      if (p || back)
        bad(`ledger:${c.id}`, `${at}: never settled, but posted ${p?.sum ?? 0}, reversed ${back}`);
    } else {
      if (p?.n !== 1 || p.user !== c.beneficiary_id) {
        bad(`ledger:${c.id}`, `${at}: settled, posted ${p?.n ?? 0} times to user ${p?.user}`);
      } else if (p.sum - back !== c.amount) {
        bad(`ledger:${c.id}`, `${at}: posted ${p.sum} − reversed ${back} ≠ amount ${c.amount}`);
      }
      settledOf.set(c.beneficiary_id, (settledOf.get(c.beneficiary_id) ?? 0) + c.amount);
      settledTotal += c.amount;
    }
    posted.delete(c.id);
  }
  for (const [id, p] of posted)
    bad(`orphan:${id}`, `commission txn c:${id} (${p.sum}) has no commission`);
  const { rows: twice } = await sql<{ ref: string; n: string }>`
    select ref, count(*) as n from ledger_txn where kind = 'commission'
    group by ref having count(*) > 1`.execute(db);
  for (const t of twice) bad(`settled-twice:${t.ref}`, `commission ${t.ref} settled ${t.n} times`);
  const budget = balanceOf.get('revenue:commission') ?? 0;
  if (budget !== -settledTotal) {
    bad(
      'revenue-commission',
      `revenue:commission ${budget}, −Σ settled commissions ${-settledTotal}`,
    );
  }

  // --- Withdrawals and each promoter's commission account.
  const { rows: withdrawals } = await sql<{
    id: number;
    withdraw_no: string;
    user_id: number;
    amount: number;
    fee: number;
    net: number;
    state: string;
    account: string;
  }>`select id, withdraw_no, user_id, amount, fee, net, state, account from withdrawal`.execute(db);
  const { rows: wEntries } = await sql<{ kind: string; ref: string; code: string; amount: string }>`
    select t.kind, t.ref, a.code, e.amount from ledger_txn t
    join ledger_entry e on e.txn_id = t.id join ledger_account a on a.id = e.account_id
    where t.kind in ('withdraw_hold', 'withdraw_return', 'withdraw_paid')`.execute(db);
  const wLedger = new Map<string, Map<string, number>>();
  for (const e of wEntries) {
    const k = `${e.kind}:${e.ref}`;
    const m = wLedger.get(k) ?? new Map<string, number>();
    m.set(e.code, (m.get(e.code) ?? 0) + n(e.amount));
    wLedger.set(k, m);
  }
  const heldOf = new Map<number, number>();
  let inFlight = 0;
  const users = new Set<number>([...settledOf.keys()]);
  for (const w of withdrawals) {
    const at = `withdrawal ${w.withdraw_no} (user ${w.user_id}, ${w.amount}, ${w.state})`;
    users.add(w.user_id);
    const fee = Math.floor((w.amount * RULES.withdrawFeeBp) / 10_000);
    if (w.fee !== fee || w.net !== w.amount - fee)
      bad(`fee:${w.id}`, `${at}: fee ${w.fee} net ${w.net}`);
    if (WITHDRAW_HELD.includes(w.state)) {
      heldOf.set(w.user_id, (heldOf.get(w.user_id) ?? 0) + w.amount);
    }
    if (w.state === 'pending' || w.state === 'paying') inFlight += w.amount;
    const hold = wLedger.get(`withdraw_hold:${w.withdraw_no}`);
    const ret = wLedger.get(`withdraw_return:${w.withdraw_no}`);
    const paid = wLedger.get(`withdraw_paid:${w.withdraw_no}`);
    const mine = `commission:${w.user_id}`;
    if (hold?.get(mine) !== -w.amount || hold?.get('clearing:withdraw') !== w.amount) {
      bad(`hold:${w.id}`, `${at}: hold ${JSON.stringify([...(hold ?? [])])}`);
    }
    const returned = w.state === 'rejected' || w.state === 'failed';
    if (returned !== Boolean(ret) || (ret && ret.get(mine) !== w.amount)) {
      bad(`return:${w.id}`, `${at}: return ${JSON.stringify([...(ret ?? [])])}`);
    }
    if ((w.state === 'succeeded') !== Boolean(paid)) {
      bad(`paid:${w.id}`, `${at}: paid-out txn ${paid ? 'exists' : 'missing'}`);
    } else if (
      paid &&
      (paid.get('clearing:withdraw') !== -w.amount ||
        paid.get('gateway:payout_sandbox') !== w.net ||
        (paid.get('revenue:withdraw_fee') ?? 0) !== w.fee)
    ) {
      bad(`paid:${w.id}`, `${at}: paid out ${JSON.stringify([...paid])}`);
    }
    if (w.state === 'failed' && !w.account.startsWith('fail@')) {
      bad(`failed:${w.id}`, `${at}: failed, its account ${w.account} is a good one`);
    }
    if (w.state === 'succeeded' && w.account.startsWith('fail@')) {
      bad(`failed:${w.id}`, `${at}: paid out to ${w.account}, which the channel refuses`);
    }
  }
  const clearing = balanceOf.get('clearing:withdraw') ?? 0;
  if (clearing !== inFlight) {
    bad(
      'clearing-withdraw',
      `clearing:withdraw ${clearing}, Σ pending and paying withdrawals ${inFlight}`,
    );
  }
  for (const a of accounts) if (a.kind === 'commission' && a.user_id !== null) users.add(a.user_id);
  for (const u of users) {
    const actual = balanceOf.get(`commission:${u}`) ?? 0;
    const expected = (settledOf.get(u) ?? 0) - (heldOf.get(u) ?? 0);
    if (actual !== expected) {
      bad(
        `promoter:${u}`,
        `commission:${u} is ${actual}; Σ settled commissions ${settledOf.get(u) ?? 0} − Σ withdrawals held or paid ${heldOf.get(u) ?? 0} = ${expected}`,
      );
    }
  }

  // --- Membership: each paid purchase once in the ledger, the revenue their sum.
  const { rows: purchases } = await sql<{
    purchase_no: string;
    price: number;
    posted: string | null;
    n: string;
  }>`
    select p.purchase_no, p.price,
      (select sum(e.amount) from ledger_txn t join ledger_entry e on e.txn_id = t.id
        join ledger_account a on a.id = e.account_id
        where t.kind = 'membership' and t.ref = p.purchase_no and a.code = 'revenue:membership')
        as posted,
      (select count(*) from ledger_txn t where t.kind = 'membership' and t.ref = p.purchase_no) as n
    from member_purchase p where p.status = 'paid'`.execute(db);
  let memberTotal = 0;
  for (const p of purchases) {
    memberTotal += p.price;
    if (n(p.n) !== 1 || n(p.posted) !== p.price) {
      bad(
        `purchase:${p.purchase_no}`,
        `purchase ${p.purchase_no} (${p.price}): ${p.n} txns, ${p.posted} posted`,
      );
    }
  }
  const memberRevenue = balanceOf.get('revenue:membership') ?? 0;
  if (memberRevenue !== memberTotal) {
    bad(
      'revenue-membership',
      `revenue:membership ${memberRevenue}, Σ paid purchases ${memberTotal}`,
    );
  }

  // --- The run's model.
  const byItem = new Map<number, typeof commissions>();
  for (const c of commissions) {
    const list = byItem.get(c.order_item_id) ?? [];
    list.push(c);
    byItem.set(c.order_item_id, list);
  }
  const rateOf = new Map(scope.goods.map((g) => [g.productId, g]));
  for (const o of scope.orders) {
    for (const l of await linesOf(app, o.orderId)) {
      const base = Math.max(0, l.price * l.quantity - l.discount - l.redpacket);
      const g = rateOf.get(l.product_id);
      const want = (o.earners ?? [])
        .map((e) => ({ ...e, rate: e.level === 1 ? (g?.l1Bp ?? 0) : (g?.l2Bp ?? 0) }))
        .filter((e) => commissionOf(base, 0, e.rate) > 0)
        .map((e) => `L${e.level}→${e.userId}@${e.rate} of ${base}`)
        .sort();
      const got = (byItem.get(l.id) ?? [])
        .map((c) => `L${c.level}→${c.beneficiary_id}@${c.rate_bp} of ${c.base}`)
        .sort();
      if (want.join() !== got.join()) {
        bad(
          `expected:${l.id}`,
          `${o.orderNo} line ${l.id} (product ${l.product_id}, paid ${base}, ${o.earners ? 'paid' : 'unpaid'}): commissions [${got}], expected [${want}]`,
        );
      }
    }
  }
  const ids = [...scope.people.keys()];
  if (ids.length) {
    const rows = await db
      .selectFrom('promo_user')
      .select(['user_id', 'parent_id', 'grandparent_id', 'identity'])
      .where('user_id', 'in', ids)
      .execute();
    const rewards = await db
      .selectFrom('invite_reward')
      .select(['invitee_id', 'kind', 'inviter_id', 'amount'])
      .where('invitee_id', 'in', ids)
      .execute();
    for (const [id, p] of scope.people) {
      const row = rows.find((r) => r.user_id === id);
      const grand = p.parent === null ? null : (scope.people.get(p.parent)?.parent ?? null);
      const tier = row?.identity ?? 'user';
      if (
        (row?.parent_id ?? null) !== p.parent ||
        (row?.grandparent_id ?? null) !== grand ||
        tier !== p.tier
      ) {
        bad(
          `person:${id}`,
          `user ${id}: parent ${row?.parent_id} grandparent ${row?.grandparent_id} ${tier}; the model: ${p.parent} ${grand} ${p.tier}`,
        );
      }
      const mine = rewards.filter((r) => r.invitee_id === id);
      const invitee = mine.filter((r) => r.kind === 'invitee');
      const inviter = mine.filter((r) => r.kind === 'inviter');
      const bound = p.parent !== null;
      if (invitee.length !== (bound ? 1 : 0) || (bound && invitee[0]?.inviter_id !== p.parent)) {
        bad(
          `gift:${id}`,
          `user ${id} (parent ${p.parent}): invitee gifts ${JSON.stringify(invitee)}`,
        );
      }
      if (
        inviter.length !== (p.inviterRewardDue ? 1 : 0) ||
        (inviter[0] &&
          (inviter[0].inviter_id !== p.parent || inviter[0].amount !== RULES.inviterReward))
      ) {
        bad(
          `reward:${id}`,
          `user ${id} (parent ${p.parent}, ${p.inviterRewardDue ? 'received while bound' : 'no receipt while bound'}): inviter rewards ${JSON.stringify(inviter)}`,
        );
      }
    }
  }
  return out;
}

/** The price a line is charged: the member price while a member. */
export const chargedPrice = (g: Good, member: boolean) =>
  member ? memberPriceOf(g.price, RULES.memberPercent) : g.price;
