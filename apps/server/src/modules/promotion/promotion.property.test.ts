/**
 * Property test of the whole promotion programme against the real database, through the HTTP
 * API: random users (registered with an inviter's code or not, promoters, owners, plain users),
 * later bindings (also two users binding each other at once), identity grants and take-backs,
 * orders of one to three lines (member prices, red packets, paid from the wallet or through the
 * sandbox gateway) taken down random paths — paid, shipped, received by the buyer, by the
 * auto-confirm job or by both at once, refunded in part or whole before or after shipping,
 * before or after settlement and before or after the promoter withdrew — settlement sweeps (also
 * several at once, on a second node in cluster mode, and racing a refund), withdrawals (refused,
 * left pending, approved and paid, approved and failed by the channel, rejected, approve racing
 * reject, two applications at once) and membership purchases and renewals (also lapsed, twice
 * with one key, twice at once).
 *
 * After every action the database must show (kit: `violations`): every commission at most once
 * per (line, level) and posted to the ledger at most once; every paid line of a bound buyer
 * carrying exactly the level-1 / level-2 commissions its chain of promoters at payment gives,
 * with base = the line's paid amount (price × qty − discount − red packet) and amount =
 * ⌊max(0, base − refunded) × rate / 10000⌋ where refunded is what the line's refunds paid back;
 * the ledger balanced (each account its entries, Σ balances 0), no wallet or red-packet balance
 * below zero, a commission account below zero only after a refund's reversal hit it and never
 * overdrawn by a withdrawal; each settled commission's posting less its reversals equal to its
 * amount, each promoter's commission account = Σ settled commissions − Σ withdrawals held or paid
 * out, the withdrawals' holds, returns and payouts, revenue:commission = −Σ settled and
 * revenue:membership = Σ paid purchases; bindings, identities and invitation rewards as the
 * model says. Each action also checks its own answers (the receipt won once, withdrawals refused
 * for the right reason, memberships extended from the later of now and the current end).
 *
 * CI runs 5 sequences (at most 30 s of them; the file takes about 40 s on PGlite, 30 s on
 * PostgreSQL + Redis). FULL mode is a longer hunt: 50 sequences took about 3½ min on PGlite and
 * 2½ min on PostgreSQL + Redis.
 *
 *   npx vitest run --project server apps/server/src/modules/promotion/promotion.property.test.ts
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npx vitest run --project server-cluster …
 *   PROMO_PROPERTY_RUNS=50 PROMO_PROPERTY_MS=900000 … (FULL mode)
 *   PROMO_PROPERTY_SEED=42 PROMO_PROPERTY_PATH=46 … (replays run 46 of that seed)
 *   PROMO_PROPERTY_LOG=1 … (prints every run's actions, and what the runs reached)
 *   PROMO_PROPERTY_IGNORE='regex' … lets failures matching it pass, to look past a known bug;
 *     a sweep failing so parks the commissions it could not settle, and the run goes on. For
 *     the credit-into-debt bug of "found by the property" below:
 *     '可提现金额不足|reject .*WITHDRAW_NOT_ENOUGH|ended (pending|paying), expected'
 */
import { MEMBER_PLAN_DEFAULTS, type MemberPlanId } from '@chaopin/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../test/helpers.ts';
import { post } from '../../../test/kits/aftersale-kit.ts';
import { clientKey, topUp } from '../../../test/kits/order-kit.ts';
import { promoAppPerFile } from '../../../test/kits/promotion-kit.ts';
import {
  APP_ENV,
  applyRefund,
  approveRefund,
  approveWithdrawal,
  autoConfirm,
  bind,
  bindAccount,
  buyPlan,
  chargedPrice,
  commissionBalance,
  confirm,
  earnersNow,
  type Good,
  inviteCodeOf,
  isAncestorOrSelf,
  isPromoter,
  linesOf,
  makeGoods,
  memberUntilOf,
  type OrderModel,
  openPackets,
  orderRow,
  type Person,
  payBalance,
  paySandbox,
  place,
  quote,
  RULES,
  refundSettled,
  register,
  rejectWithdrawal,
  type Scope,
  setTier,
  ship,
  show,
  type Tier,
  verifyRealName,
  violations,
  walletBalance,
  withdrawApply,
  withdrawalSettled,
  withdrawalsToday,
} from '../../../test/kits/promotion-property-kit.ts';

const RUNS = Number(process.env.PROMO_PROPERTY_RUNS ?? 5);
// CI replays one fixed seed (the same sequences every time); a FULL run (PROMO_PROPERTY_RUNS set)
// draws a fresh one unless PROMO_PROPERTY_SEED names it.
const SEED = process.env.PROMO_PROPERTY_SEED
  ? Number(process.env.PROMO_PROPERTY_SEED)
  : process.env.PROMO_PROPERTY_RUNS
    ? undefined
    : 20_261_126;
const LOG = Boolean(process.env.PROMO_PROPERTY_LOG);
const MAX_PEOPLE = 8;
const DAY = 86_400_000;

const kit = promoAppPerFile(APP_ENV);
let goods: Good[];
/** Cluster mode: a second server on the same database, sweeping at the same time. */
let second: FastifyInstance | undefined;

beforeAll(async () => {
  goods = await makeGoods(kit.app, kit.admin);
  if (TEST_DB === 'postgres') second = await kit.t.secondNode();
});

// ---------------------------------------------------------------------------------------------
// Actions. Indexes (person, order, line, withdrawal) are taken modulo what exists when the action
// runs, so every generated sequence means something, and shrinks to a shorter one.

const OPS = [
  'pay',
  'cancel',
  'ship',
  'receive',
  'refundPart',
  'refundLine',
  'refundAll',
  'refundDuringSweep',
  'sweep',
  'withdraw',
] as const;
type Op = (typeof OPS)[number];
const receipt = fc.constantFrom('user' as const, 'job' as const, 'both' as const);
type Receipt = 'user' | 'job' | 'both';
const tier = fc.constantFrom<Tier>('promoter', 'promoter', 'owner', 'user');
/** Ways an order goes (its steps run at once after placing it; later steps come as `step`). */
const PATHS: Op[][] = [
  [],
  ['cancel'],
  ['pay'],
  ['pay', 'refundAll'],
  ['pay', 'refundLine'],
  ['pay', 'ship'],
  ['pay', 'ship', 'receive'],
  ['pay', 'ship', 'refundPart'],
  ['pay', 'ship', 'refundPart', 'receive', 'sweep'],
  ['pay', 'ship', 'receive', 'sweep'],
  ['pay', 'ship', 'receive', 'sweep'],
  ['pay', 'ship', 'receive', 'refundPart'],
  ['pay', 'ship', 'receive', 'sweep', 'refundPart'],
  ['pay', 'ship', 'receive', 'sweep', 'refundAll'],
  ['pay', 'ship', 'receive', 'refundDuringSweep'],
  ['pay', 'ship', 'receive', 'sweep', 'withdraw'],
  ['pay', 'ship', 'receive', 'sweep', 'withdraw', 'refundPart'],
  ['pay', 'ship', 'receive', 'sweep', 'withdraw', 'refundAll'],
  ['pay', 'ship', 'receive', 'sweep', 'withdraw', 'refundDuringSweep'],
  ['pay', 'ship', 'receive', 'withdraw', 'sweep', 'refundPart', 'withdraw'],
];
const DECISIONS = ['leave', 'approve', 'reject', 'race'] as const;
type Decision = (typeof DECISIONS)[number];
const withdrawal = {
  /** Of the balance; above 100 asks for more than there is. */
  percent: fc.integer({ min: 1, max: 110 }),
  /** To an account the sandbox channel refuses. */
  fail: fc.nat({ max: 3 }).map((x) => x === 0),
  decision: fc.constantFrom(...DECISIONS),
  /** Two applications at once. */
  twice: fc.nat({ max: 3 }).map((x) => x === 0),
};

const action = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('join' as const),
      parent: fc.option(fc.nat(), { nil: null }),
      tier,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('bind' as const),
      u: fc.nat(),
      v: fc.nat(),
      race: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('grant' as const), u: fc.nat(), tier }) },
  {
    weight: 8,
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      u: fc.nat(),
      earning: fc.nat({ max: 3 }).map((x) => x > 0),
      lines: fc.uniqueArray(
        fc.record({ g: fc.nat({ max: 3 }), q: fc.integer({ min: 1, max: 3 }) }),
        { minLength: 1, maxLength: 3, selector: (l) => l.g },
      ),
      red: fc.boolean(),
      via: fc.constantFrom('balance' as const, 'balance' as const, 'sandbox' as const),
      path: fc.nat({ max: PATHS.length - 1 }),
      receipt,
      line: fc.nat(),
      percent: fc.integer({ min: 1, max: 99 }),
      withdraw: fc.record(withdrawal),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('step' as const),
      op: fc.constantFrom(...OPS),
      o: fc.nat(),
      line: fc.nat(),
      percent: fc.integer({ min: 1, max: 99 }),
      receipt,
      withdraw: fc.record(withdrawal),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'sweep' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('withdraw' as const),
      u: fc.nat(),
      ...withdrawal,
      /** Anyone, not only a promoter with money (to be refused). */
      stray: fc.nat({ max: 5 }).map((x) => x === 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('decide' as const),
      w: fc.nat(),
      decision: fc.constantFrom<Decision>('approve', 'reject', 'race'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('member' as const),
      u: fc.nat(),
      plan: fc.constantFrom<MemberPlanId>('month', 'quarter', 'year'),
      mode: fc.constantFrom('once' as const, 'sameKey' as const, 'twoAtOnce' as const),
      lapse: fc.boolean(),
    }),
  },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

interface World {
  scope: Scope;
  /** The run's people in the order they joined. */
  list: Person[];
  /** The run's withdrawals. */
  withdrawals: string[];
  /** Violations (keys) already there when the run started (left by an earlier failing run). */
  baseline: Set<string>;
  log: string[];
}

/** A broken expectation (as opposed to an error of the test itself). */
class Broken extends Error {}

/** Exploring past a known failure: PROMO_PROPERTY_IGNORE is a regex of messages to let pass. */
const IGNORE = process.env.PROMO_PROPERTY_IGNORE
  ? new RegExp(process.env.PROMO_PROPERTY_IGNORE)
  : null;

function must(cond: boolean, what: string): void {
  if (!cond && !IGNORE?.test(what)) throw new Broken(what);
}

const app = () => kit.app;
const errorOf = (r: { status: number; body: { error?: string } }) =>
  r.status === 200 ? 'ok' : (r.body.error ?? String(r.status));
const personAt = (w: World, i: number) => w.list[i % w.list.length] as Person;

// ---------------------------------------------------------------------------------------------
// Settlement

/** Every node's sweep and a bare settlement, at once. */
async function sweepsAtOnce(): Promise<string> {
  const rs = await Promise.allSettled([
    app().promotionModule.sweep(),
    app().promotionModule.commissions.settleDue(),
    second?.promotionModule.sweep(),
  ]);
  const failed = rs.flatMap((r) => (r.status === 'rejected' ? [String(r.reason?.message)] : []));
  if (!failed.length) return '';
  const text = `the sweep failed: ${[...new Set(failed)].join(', ')}`;
  if (!IGNORE?.test(text)) throw new Broken(text);
  // Looking past it: what cannot settle now is parked, so that the run goes on.
  const parked = await park();
  return ` (${text}; ignored, ${parked} parked)`;
}

/** Parks every due frozen commission (settle time a century ahead); answers how many. */
async function park(): Promise<number> {
  const rows = await app()
    .deps.db.updateTable('commission')
    .set({ settle_at: new Date(Date.now() + 100 * 365 * DAY) })
    .where('state', '=', 'frozen')
    .where('settle_at', '<=', new Date())
    .returning('id')
    .execute();
  return rows.length;
}

/** The sweeps at once; afterwards nothing due is left frozen. */
async function sweepAll(): Promise<string> {
  const before = new Date();
  const settled = async () =>
    Number(
      (
        await app()
          .deps.db.selectFrom('ledger_txn')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', 'commission')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const had = await settled();
  const failed = await sweepsAtOnce();
  const left = await app()
    .deps.db.selectFrom('commission')
    .select('id')
    .where('state', '=', 'frozen')
    .where('settle_at', '<=', before)
    .execute();
  must(!left.length, `after the sweeps, commissions ${left.map((c) => c.id)} are due but frozen`);
  return `sweep: ${(await settled()) - had} settled${failed}`;
}

// ---------------------------------------------------------------------------------------------
// Orders

/** What each step needs the order to be. */
const NEEDS: Record<Op, string[]> = {
  pay: ['unpaid'],
  cancel: ['unpaid'],
  ship: ['unshipped'],
  receive: ['unreceived'],
  refundPart: ['unreceived', 'unevaluated'],
  refundLine: ['unshipped', 'unreceived', 'unevaluated'],
  refundAll: ['unshipped', 'unreceived', 'unevaluated'],
  refundDuringSweep: ['unevaluated'],
  sweep: [],
  withdraw: [],
};
/** Steps that run whatever the order's status. */
const ANY: Op[] = ['sweep', 'withdraw'];

/** Applies for `amount` of a line and has it approved (with `during` at the same time). */
async function refund(
  o: OrderModel,
  p: Person,
  skuId: number,
  amount: number,
  during?: () => Promise<unknown>,
): Promise<string> {
  const applied = await applyRefund(app(), p.b, o.orderNo, skuId, amount);
  must(applied.status === 200, `refund ${amount} of ${o.orderNo}/${skuId}: ${show(applied)}`);
  const no = applied.body.data.refundNo;
  const [approved] = await Promise.all([approveRefund(app(), kit.admin, no), during?.()]);
  must(approved.status === 200, `approve refund ${no}: ${show(approved)}`);
  const status = await refundSettled(app(), no);
  must(status === 'refunded', `refund ${no} of ${amount} on ${o.orderNo} ended ${status}`);
  return `${amount}`;
}

async function runStep(
  w: World,
  o: OrderModel,
  op: Op,
  arg: { line: number; percent: number; receipt: Receipt; withdraw: WithdrawArg },
): Promise<string> {
  const row = await orderRow(app(), o.orderId);
  const p = w.scope.people.get(o.buyer) as Person;
  const at = `${op} ${o.orderNo} (${row.status})`;
  if (!ANY.includes(op) && !NEEDS[op].includes(row.status)) return `${at}: not now`;
  switch (op) {
    case 'pay': {
      const earners = earnersNow(w.scope, o.buyer);
      const r =
        o.via === 'balance'
          ? await payBalance(app(), p.b, o.payNo)
          : await paySandbox(app(), p.b, o.payNo, o.orderId);
      must(r.status === 200, `${at} by ${o.via}: ${show(r)}`);
      o.earners = earners;
      return `${at} by ${o.via}, earners ${earners.map((e) => `L${e.level}→${e.userId}`).join(' ') || 'none'}`;
    }
    case 'cancel': {
      const r = await post(app(), 'order/cancel', p.b.token, { orderNo: o.orderNo });
      must(r.status === 200, `${at}: ${show(r)}`);
      return at;
    }
    case 'ship': {
      const r = await ship(app(), kit.admin, o.orderNo);
      must(r.status === 200, `${at}: ${show(r)}`);
      return at;
    }
    case 'receive': {
      // The buyer, the auto-confirm job, or both at once: exactly one receipt.
      // Both: the job starts 0-3 ms after the buyer (so either may come first).
      const lag = arg.receipt === 'both' ? arg.percent % 4 : 0;
      const [user, job] = await Promise.all([
        arg.receipt === 'job' ? undefined : confirm(app(), p.b, o.orderNo),
        arg.receipt === 'user'
          ? undefined
          : new Promise((r) => setTimeout(r, lag)).then(() =>
              autoConfirm(app(), o.buyer, o.orderNo),
            ),
      ]);
      const won = (user?.status === 200 ? 1 : 0) + (job === true ? 1 : 0);
      must(
        won === 1 &&
          (user === undefined || user.status === 200 || user.body.error === 'ORDER_STATE'),
        `${at} by ${arg.receipt}: buyer ${user ? show(user) : '-'}, job ${job}`,
      );
      if (p.parent !== null) p.inviterRewardDue = true;
      return `${at} by ${arg.receipt}: buyer ${user ? show(user) : '-'}, job ${job}`;
    }
    case 'refundPart':
    case 'refundLine':
    case 'refundAll':
    case 'refundDuringSweep': {
      const lines = await linesOf(app(), o.orderId);
      const chosen =
        op === 'refundAll' ? lines : [lines[arg.line % lines.length] as (typeof lines)[number]];
      const done: string[] = [];
      for (const l of chosen) {
        const q = await quote(app(), p.b, o.orderNo, l.sku_id);
        if (q.status !== 200) {
          must(q.body.error === 'REFUND_NOTHING_LEFT', `${at} quote of ${l.sku_id}: ${show(q)}`);
          done.push(`${l.sku_id}: nothing left`);
          continue;
        }
        const max = q.body.data.maxAmount;
        const part = op === 'refundPart' || op === 'refundDuringSweep';
        const amount = part ? Math.max(1, Math.floor((max * arg.percent) / 100)) : max;
        const during = op === 'refundDuringSweep' ? sweepsAtOnce : undefined;
        done.push(`${l.sku_id}: ${await refund(o, p, l.sku_id, amount, during)} of ${max}`);
      }
      // A refund racing the sweep may have held a due commission's lock: sweep once more.
      if (op === 'refundDuringSweep') await sweepAll();
      return `${at}: ${done.join(', ')}`;
    }
    case 'sweep':
      return sweepAll();
    case 'withdraw': {
      // Those who earned on the order take out what they have (before a refund comes).
      const texts: string[] = [];
      for (const e of o.earners ?? []) {
        const earner = w.scope.people.get(e.userId) as Person;
        if ((await commissionBalance(app(), e.userId)) < RULES.withdrawMin) continue;
        texts.push(await withdraw(w, earner, { ...arg.withdraw, percent: 100 }));
      }
      return `${at}: ${texts.join('; ') || 'nothing to take out'}`;
    }
  }
}

async function placeOrder(w: World, a: Extract<Action, { t: 'order' }>): Promise<string> {
  // Mostly a buyer someone earns on (when there is one).
  const earning = w.list.filter((x) => earnersNow(w.scope, x.b.userId).length > 0);
  const p =
    a.earning && earning.length ? (earning[a.u % earning.length] as Person) : personAt(w, a.u);
  if (a.red) await openPackets(app(), p.b);
  const member = p.memberUntil !== null && p.memberUntil > Date.now() + 60_000;
  const items = a.lines.map((l) => ({
    skuId: (goods[l.g % goods.length] as Good).skuId,
    quantity: l.q,
  }));
  const r = await place(app(), p.b, items, a.red);
  must(r.status === 200, `order by ${p.b.userId}: ${show(r)}`);
  const orderNo = r.body.data.orderNos[0] as string;
  const { id } = await app()
    .deps.db.selectFrom('shop_order')
    .select('id')
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  const o: OrderModel = {
    orderNo,
    payNo: r.body.data.payNo,
    orderId: id,
    buyer: p.b.userId,
    via: a.via,
    earners: null,
  };
  w.scope.orders.push(o);
  for (const l of await linesOf(app(), id)) {
    const g = goods.find((x) => x.skuId === l.sku_id) as Good;
    must(
      l.price === chargedPrice(g, member),
      `${orderNo}: line ${l.sku_id} charged ${l.price}, ${member ? 'member' : 'list'} price ${chargedPrice(g, member)}`,
    );
  }
  const texts = [
    `order by ${p.b.userId}${member ? ' (member)' : ''} ${JSON.stringify(a.lines.map((l) => [l.g % goods.length, l.q]))}${a.red ? ' +red packet' : ''}: ${orderNo} pays ${r.body.data.payAmount}`,
  ];
  const at = w.log.length - 1;
  for (const op of PATHS[a.path] ?? []) {
    w.log[at] = `${texts.join('; ')}; ${op} (failed)`;
    texts.push(await runStep(w, o, op, a));
    await check(w);
  }
  return texts.join('; ');
}

// ---------------------------------------------------------------------------------------------
// People and bindings

async function join(w: World, parent: number | null, t: Tier): Promise<string> {
  if (w.list.length >= MAX_PEOPLE) return 'join: enough people';
  const up = parent === null || !w.list.length ? undefined : personAt(w, parent);
  const b = await register(app(), up?.b);
  if (t !== 'user') {
    const r = await setTier(app(), kit.admin, b.userId, t);
    must(r.status === 200, `grant ${t} to ${b.userId}: ${show(r)}`);
  }
  const p: Person = {
    b,
    parent: up?.b.userId ?? null,
    tier: t,
    memberUntil: null,
    verified: false,
    account: null,
    inviterRewardDue: false,
  };
  w.list.push(p);
  w.scope.people.set(b.userId, p);
  return `join ${b.userId} (${t}) under ${p.parent ?? 'nobody'}`;
}

/** What binding `user` under `parent` answers in the model's tree now. */
function expectBind(scope: Scope, user: Person, parent: Person): string {
  if (user === parent) return 'BIND_SELF';
  if (user.parent !== null) return 'BIND_DONE';
  if (isAncestorOrSelf(scope, user.b.userId, parent.b.userId)) return 'BIND_LOOP';
  return 'ok';
}

async function bindAction(w: World, a: Extract<Action, { t: 'bind' }>): Promise<string> {
  const x = personAt(w, a.u);
  const y = personAt(w, a.v);
  const [xCode, yCode] = [await inviteCodeOf(app(), x.b), await inviteCodeOf(app(), y.b)];
  if (!a.race || x === y) {
    const want = expectBind(w.scope, x, y);
    const r = await bind(app(), x.b, yCode);
    must(
      errorOf(r) === want,
      `bind ${x.b.userId} under ${y.b.userId}: ${show(r)}, expected ${want}`,
    );
    if (r.status === 200) x.parent = y.b.userId;
    return `bind ${x.b.userId} under ${y.b.userId}: ${show(r)}`;
  }
  // Each binds under the other at once: the answers of one serial order or the other.
  const [rx, ry] = await Promise.all([bind(app(), x.b, yCode), bind(app(), y.b, xCode)]);
  const got = `${errorOf(rx)}/${errorOf(ry)}`;
  const serial = (first: 'x' | 'y') => {
    const [p, q] = first === 'x' ? [x, y] : [y, x];
    const e1 = expectBind(w.scope, p, q);
    const saved = p.parent;
    if (e1 === 'ok') p.parent = q.b.userId;
    const e2 = expectBind(w.scope, q, p);
    p.parent = saved;
    return first === 'x' ? `${e1}/${e2}` : `${e2}/${e1}`;
  };
  const options = [serial('x'), serial('y')];
  must(
    options.includes(got),
    `${x.b.userId} and ${y.b.userId} bind each other at once: ${got}, expected one of ${options}`,
  );
  if (rx.status === 200) x.parent = y.b.userId;
  if (ry.status === 200) y.parent = x.b.userId;
  return `${x.b.userId} and ${y.b.userId} bind each other at once: ${got}`;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

function expectWithdraw(p: Person, amount: number, balance: number, today: number): string {
  if (!isPromoter(p)) return 'PROMOTER_ONLY';
  if (amount < RULES.withdrawMin) return 'WITHDRAW_MIN';
  if (today >= RULES.dailyLimit) return 'WITHDRAW_DAILY_LIMIT';
  if (balance < 0) return 'WITHDRAW_DEBT';
  if (amount > balance) return 'WITHDRAW_NOT_ENOUGH';
  return 'ok';
}

/** The operator's decision on a pending withdrawal; waits for the channel's answer. */
async function decide(no: string, d: Decision): Promise<string> {
  if (d === 'leave') return `${no} left pending`;
  const row = await withdrawalSettled(app(), no);
  const fails = row.account.startsWith('fail@');
  let text: string;
  if (d === 'race') {
    const [x, y] = await Promise.all([
      approveWithdrawal(app(), kit.admin, no),
      rejectWithdrawal(app(), kit.admin, no),
    ]);
    must(
      [x, y].filter((r) => r.status === 200).length === 1 &&
        [x, y].every((r) => r.status === 200 || r.body.error === 'WITHDRAW_STATE'),
      `approve and reject ${no} at once: ${show(x)} / ${show(y)}`,
    );
    text = `approve/reject ${no} at once: ${show(x)} / ${show(y)}`;
  } else {
    const r = await (d === 'approve' ? approveWithdrawal : rejectWithdrawal)(app(), kit.admin, no);
    must(r.status === 200, `${d} ${no}: ${show(r)}`);
    text = `${d} ${no}`;
  }
  const end = await withdrawalSettled(app(), no);
  const approved = end.decided_at !== null && end.state !== 'rejected';
  const want = approved ? (fails ? 'failed' : 'succeeded') : 'rejected';
  must(
    end.state === want,
    `${text}: ended ${end.state}, expected ${want} (account ${end.account})`,
  );
  return `${text} → ${end.state}`;
}

interface WithdrawArg {
  percent: number;
  fail: boolean;
  decision: Decision;
  twice: boolean;
}

async function withdrawAction(w: World, a: Extract<Action, { t: 'withdraw' }>): Promise<string> {
  const rich: Person[] = [];
  for (const p of w.list) {
    if (isPromoter(p) && (await commissionBalance(app(), p.b.userId)) >= RULES.withdrawMin) {
      rich.push(p);
    }
  }
  const p = a.stray || !rich.length ? personAt(w, a.u) : (rich[a.u % rich.length] as Person);
  return withdraw(w, p, a);
}

/** `p` applies for a share of the commission balance (twice at once), then the operator decides. */
async function withdraw(w: World, p: Person, a: WithdrawArg): Promise<string> {
  const u = p.b.userId;
  if (!p.verified) {
    await verifyRealName(app(), p.b);
    p.verified = true;
  }
  const account = a.fail ? 'fail@example.com' : 'promoter@example.com';
  if (p.account !== account) {
    const r = await bindAccount(app(), p.b, account);
    must(r.status === 200, `bind payout account of ${u}: ${show(r)}`);
    p.account = account;
  }
  const balance = await commissionBalance(app(), u);
  const today = await withdrawalsToday(app(), u);
  const amount =
    balance > 0
      ? Math.max(1, Math.floor((balance * a.percent) / 100))
      : RULES.withdrawMin + a.percent;
  const first = expectWithdraw(p, amount, balance, today);
  const rs = a.twice
    ? await Promise.all([withdrawApply(app(), p.b, amount), withdrawApply(app(), p.b, amount)])
    : [await withdrawApply(app(), p.b, amount)];
  const got = rs.map(errorOf);
  const desc = `withdraw ${amount}${a.twice ? ' twice at once' : ''} by ${u} (balance ${balance}, ${today} today, ${p.tier}, to ${account})`;
  if (!a.twice) {
    must(got[0] === first, `${desc}: ${got}, expected ${first}`);
  } else {
    // The second one is checked against what the first left.
    const then = expectWithdraw(p, amount, balance - amount, today + 1);
    const want = first === 'ok' ? ['ok', then].sort().join() : [first, first].join();
    must(got.slice().sort().join() === want, `${desc}: ${got}, expected ${want}`);
  }
  const nos = rs.filter((r) => r.status === 200).map((r) => r.body.data.withdrawNo);
  w.withdrawals.push(...nos);
  const after = await commissionBalance(app(), u);
  must(
    after === balance - nos.length * amount,
    `${desc}: commission balance ${balance} → ${after} after ${nos.length} applications`,
  );
  const texts = [`${desc}: ${got}`];
  for (const no of nos) texts.push(await decide(no, a.decision));
  return texts.join('; ');
}

// ---------------------------------------------------------------------------------------------
// Membership

async function member(w: World, a: Extract<Action, { t: 'member' }>): Promise<string> {
  const p = personAt(w, a.u);
  const u = p.b.userId;
  const plan = MEMBER_PLAN_DEFAULTS[a.plan];
  if (a.lapse && p.memberUntil !== null) {
    await app()
      .deps.db.updateTable('promo_user')
      .set({ member_until: new Date(Date.now() - DAY) })
      .where('user_id', '=', u)
      .execute();
  }
  if ((await walletBalance(app(), u)) < 2 * plan.price) await topUp(app(), p.b.token, 300_000);
  const wallet = await walletBalance(app(), u);
  const old = (await memberUntilOf(app(), u))?.getTime() ?? null;
  const t0 = Date.now();
  let rs: Awaited<ReturnType<typeof buyPlan>>[];
  if (a.mode === 'once') rs = [await buyPlan(app(), p.b, a.plan)];
  else {
    const key = clientKey();
    rs = await Promise.all([
      buyPlan(app(), p.b, a.plan, a.mode === 'sameKey' ? key : undefined),
      buyPlan(app(), p.b, a.plan, a.mode === 'sameKey' ? key : undefined),
    ]);
  }
  const t1 = Date.now();
  const desc = `member ${a.plan} ${a.mode} by ${u}${a.lapse ? ' (lapsed first)' : ''}`;
  must(
    rs.every((r) => r.status === 200 && r.body.data.status === 'paid'),
    `${desc}: ${rs.map(show)}`,
  );
  const purchases = new Set(rs.map((r) => r.body.data.purchaseNo)).size;
  must(purchases === (a.mode === 'twoAtOnce' ? 2 : 1), `${desc}: ${purchases} purchases`);
  const until = (await memberUntilOf(app(), u))?.getTime() ?? 0;
  const days = purchases * plan.days * DAY;
  if (old !== null && old > t1) {
    must(until === old + days, `${desc}: member until ${old} → ${until}, expected +${days} ms`);
  } else {
    must(
      until >= t0 + days - 60_000 && until <= t1 + days + 60_000,
      `${desc}: member until ${new Date(until).toISOString()} (was ${old && new Date(old).toISOString()})`,
    );
  }
  const spent = wallet - (await walletBalance(app(), u));
  must(spent === purchases * plan.price, `${desc}: the wallet paid ${spent}`);
  p.memberUntil = until;
  return `${desc}: until ${new Date(until).toISOString()}`;
}

// ---------------------------------------------------------------------------------------------

async function run(w: World, a: Action): Promise<string> {
  switch (a.t) {
    case 'join':
      return join(w, a.parent, a.tier);
    case 'bind':
      return bindAction(w, a);
    case 'grant': {
      const p = personAt(w, a.u);
      const r = await setTier(app(), kit.admin, p.b.userId, a.tier);
      must(r.status === 200, `set ${p.b.userId} ${a.tier}: ${show(r)}`);
      p.tier = a.tier;
      return `${p.b.userId} made ${a.tier}`;
    }
    case 'order':
      return placeOrder(w, a);
    case 'step': {
      const fit = [];
      for (const o of w.scope.orders) {
        const row = await orderRow(app(), o.orderId);
        if (ANY.includes(a.op) || NEEDS[a.op].includes(row.status)) fit.push(o);
      }
      const o = fit[a.o % Math.max(1, fit.length)];
      if (!o) return `${a.op}: no order fits`;
      return runStep(w, o, a.op, a);
    }
    case 'sweep':
      return sweepAll();
    case 'withdraw':
      return withdrawAction(w, a);
    case 'decide': {
      const pending = await app()
        .deps.db.selectFrom('withdrawal')
        .select('withdraw_no')
        .where('state', '=', 'pending')
        .where('withdraw_no', 'in', w.withdrawals.length ? w.withdrawals : [''])
        .orderBy('id')
        .execute();
      const found = pending[a.w % Math.max(1, pending.length)];
      if (!found) return `decide: nothing pending`;
      return decide(found.withdraw_no, a.decision);
    }
    case 'member':
      return member(w, a);
  }
}

/** What the runs reached, over the whole database (printed with PROMO_PROPERTY_LOG). */
async function coverage(): Promise<string> {
  const { rows } = await sql<{ what: string; n: string }>`
    select 'commission ' || state as what, count(*) as n from commission group by state
    union all select 'commission with refunds', count(*) from commission where refunded > 0
    union all select 'ledger ' || kind, count(*) from ledger_txn
      where kind in ('commission', 'commission_reverse', 'withdraw_hold', 'withdraw_return',
        'withdraw_paid', 'membership') group by kind
    union all select 'commission accounts in debt', count(*) from ledger_account
      where kind = 'commission' and balance < 0
    union all select 'withdrawal ' || state, count(*) from withdrawal group by state
    union all select 'orders ' || status, count(*) from shop_order group by status
    union all select 'refunds ' || status, count(*) from refund group by status
    union all select 'bound users', count(*) from promo_user where parent_id is not null
    order by 1`.execute(app().deps.db);
  return `coverage:\n${rows.map((r) => `  ${r.what}: ${r.n}`).join('\n')}`;
}

/**
 * Commissions an earlier (failed) run left due but unable to settle would make every later sweep
 * fail the same way: each run starts by sweeping, and when that fails, parks what is due (settle
 * time a century ahead), so that shrinking replays each run on its own.
 */
async function parkLeftovers(): Promise<void> {
  try {
    await app().promotionModule.sweep();
  } catch {
    await park();
  }
}

async function check(w: World): Promise<void> {
  const found = (await violations(app(), w.scope)).filter(
    (v) => !w.baseline.has(v.key) && !IGNORE?.test(v.text),
  );
  if (found.length) throw new Broken(found.map((v) => v.text).join('\n'));
}

describe('the promotion programme', () => {
  it('random users, bindings, orders, refunds, settlements, withdrawals and memberships keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ parent: fc.option(fc.nat(), { nil: null }), tier }), {
          minLength: 2,
          maxLength: 5,
        }),
        fc.array(action, { minLength: 6, maxLength: 16 }),
        async (people, actions) => {
          const w: World = {
            scope: { people: new Map(), orders: [], goods },
            list: [],
            withdrawals: [],
            baseline: new Set(),
            log: [],
          };
          // A run answers for what it changes: shrinking replays runs on the database a failure
          // left behind, so what was broken before the run is not its finding.
          w.baseline = new Set((await violations(app(), w.scope)).map((v) => v.key));
          await parkLeftovers();
          const start: Action[] = people.map((p) => ({ t: 'join' as const, ...p }));
          try {
            for (const a of [...start, ...actions, { t: 'sweep' as const }]) {
              w.log.push(`(failed in) ${JSON.stringify(a)}`);
              w.log[w.log.length - 1] = await run(w, a);
              await check(w);
            }
            if (LOG) console.log(w.log.map((l, i) => `  ${i + 1}. ${l}`).join('\n'));
          } catch (err) {
            // A broken expectation, or an error the server threw at an in-process call (a sweep,
            // the auto-confirm job): either way the steps that led there.
            const what = err instanceof Broken ? err.message : `${(err as Error).stack ?? err}`;
            throw new Error(
              `${what}\n\nafter:\n${w.log.map((l, i) => `  ${i + 1}. ${l}`).join('\n')}`,
            );
          }
        },
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        path: process.env.PROMO_PROPERTY_PATH,
        // All runs and a failure's shrinking stop after this long (shrinking replays actions on
        // the database); runs not reached then count as passed.
        interruptAfterTimeLimit: Number(process.env.PROMO_PROPERTY_MS ?? 30_000),
        markInterruptAsFailure: false,
      },
    );
    if (LOG) console.log(await coverage());
  }, 1_200_000);
});

// ---------------------------------------------------------------------------------------------
// What the property found, replayed step by step (goods 0 is ¥100.00, 1 is ¥33.33; L1 10 %).

describe('found by the property', () => {
  const good = (i: number) => goods[i] as Good;
  type B = Person['b'];
  /** One piece of `g` bought by `b`, paid, shipped and received. */
  const receivedOrder = async (b: B, g: Good) => {
    const placed = await place(app(), b, [{ skuId: g.skuId, quantity: 1 }], false);
    const orderNo = placed.body.data.orderNos[0] as string;
    expect(show(await payBalance(app(), b, placed.body.data.payNo))).toBe('ok');
    expect(show(await ship(app(), kit.admin, orderNo))).toBe('ok');
    expect(show(await confirm(app(), b, orderNo))).toBe('ok');
    return orderNo;
  };
  /** A promoter with a verified name and a payout account, and a buyer bound under them. */
  const promoterWithBuyer = async () => {
    const p = await register(app());
    expect(show(await setTier(app(), kit.admin, p.userId, 'promoter'))).toBe('ok');
    await verifyRealName(app(), p);
    expect(show(await bindAccount(app(), p, 'promoter@example.com'))).toBe('ok');
    return { p, b: await register(app(), p) };
  };
  const refundOf = async (b: B, orderNo: string, g: Good, amount: number) => {
    const r = await applyRefund(app(), b, orderNo, g.skuId, amount);
    expect(show(await approveRefund(app(), kit.admin, r.body.data.refundNo))).toBe('ok');
  };
  const settle = () =>
    app()
      .promotionModule.sweep()
      .then(
        () => 'ok',
        (err: Error) => err.message,
      );

  it('a commission settles into an account in debt deeper than it, and the batch with it', async () => {
    await parkLeftovers();
    const { p, b } = await promoterWithBuyer();
    const { p: q, b: c } = await promoterWithBuyer();
    // P earns ¥10.00 (settled) and withdraws it; the buyer then gets ¥60.00 back: P owes ¥6.00.
    const first = await receivedOrder(b, good(0));
    expect(await settle()).toBe('ok');
    expect(show(await withdrawApply(app(), p, 1_000))).toBe('ok');
    await refundOf(b, first, good(0), 6_000);
    expect(await commissionBalance(app(), p.userId)).toBe(-600);
    // P earns ¥3.33 more (less than the debt); Q earns ¥10.00; both due in one sweep.
    await receivedOrder(b, good(1));
    await receivedOrder(c, good(0));
    const sweep = await settle();
    // Today the posting of ¥3.33 into −¥6.00 trips the ledger's guard on commission accounts
    // (WITHDRAW_NOT_ENOUGH, 可提现金额不足): the whole batch rolls back, and every sweep after
    // fails the same way while the commission is due, so nobody's commission settles any more.
    const balances = {
      sweep,
      p: await commissionBalance(app(), p.userId),
      q: await commissionBalance(app(), q.userId),
    };
    await parkLeftovers();
    expect(balances).toEqual({ sweep: 'ok', p: -267, q: 1_000 });
  });

  it('a withdrawal held before a debt can still be rejected, or fail, and give its hold back', async () => {
    // Same cause as above: giving the hold back is a credit to an account in debt.
    await parkLeftovers();
    const outcome = async (decision: 'reject' | 'fail') => {
      const { p, b } = await promoterWithBuyer();
      // ¥10.00 settled and paid out (to a good account), then ¥3.33 settled and applied for.
      const first = await receivedOrder(b, good(0));
      expect(await settle()).toBe('ok');
      const paid = await withdrawApply(app(), p, 1_000);
      expect(show(await approveWithdrawal(app(), kit.admin, paid.body.data.withdrawNo))).toBe('ok');
      expect((await withdrawalSettled(app(), paid.body.data.withdrawNo)).state).toBe('succeeded');
      await receivedOrder(b, good(1));
      expect(await settle()).toBe('ok');
      if (decision === 'fail') await bindAccount(app(), p, 'fail@example.com');
      const held = await withdrawApply(app(), p, 333);
      expect(show(held)).toBe('ok');
      // The first order is refunded whole: its ¥10.00 comes back from the account, −¥10.00.
      await refundOf(b, first, good(0), 10_000);
      expect(await commissionBalance(app(), p.userId)).toBe(-1_000);
      const no = held.body.data.withdrawNo;
      const r = await (decision === 'reject' ? rejectWithdrawal : approveWithdrawal)(
        app(),
        kit.admin,
        no,
      );
      const end = await withdrawalSettled(app(), no);
      return `${show(r)}, ${end.state}, balance ${await commissionBalance(app(), p.userId)}`;
    };
    // Today the rejection answers 409 WITHDRAW_NOT_ENOUGH and the withdrawal stays pending; the
    // failed payout's notify is refused the same way and the withdrawal stays paying for good.
    expect({ reject: await outcome('reject'), fail: await outcome('fail') }).toEqual({
      reject: 'ok, rejected, balance -667',
      fail: 'ok, failed, balance -667',
    });
  });

  it.skipIf(TEST_DB !== 'postgres')(
    "two nodes settling at once do not deadlock on a new promoter's account",
    async () => {
      // A settlement creates a promoter's commission account the first time it pays them
      // (INSERT … ON CONFLICT DO NOTHING, which waits for another transaction's uncommitted
      // insert of the same account) while it may already hold revenue:commission, which that
      // other transaction waits for: a lock cycle. The found sequence (three sweeps at once) hit
      // it by chance; here the test holds revenue:commission for a moment so that the two
      // settlements line up the same way every time:
      //   B (this node, 2 due): posts the old promoter's commission → waits for the budget;
      //   A (second node, 1 due): creates the new promoter's account → waits for the budget;
      //   released, B gets the budget first, then creates the same account → waits for A.
      await parkLeftovers();
      const db = app().deps.db;
      const old = await promoterWithBuyer();
      await receivedOrder(old.b, good(0));
      expect(await settle()).toBe('ok'); // the old promoter's account exists
      const fresh = await promoterWithBuyer();
      const due = [
        await receivedOrder(old.b, good(0)),
        await receivedOrder(fresh.b, good(0)),
        await receivedOrder(fresh.b, good(0)),
      ];
      for (const [i, orderNo] of due.entries()) {
        await db
          .updateTable('commission')
          .set({ settle_at: new Date(Date.now() - (10 - i) * 60_000) })
          .where('order_no', '=', orderNo)
          .execute();
      }
      const waiting = async (n: number) => {
        for (let i = 0; i < 250; i++) {
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
          if (Number(rows[0]?.n) >= n) return;
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      let held = () => {};
      const holding = new Promise<void>((r) => {
        held = r;
      });
      const budget = db.transaction().execute(async (trx) => {
        await sql`select id from ledger_account where code = 'revenue:commission' for update`.execute(
          trx,
        );
        held();
        await released;
      });
      await holding;
      const b = app().promotionModule.commissions.settleDue(new Date(), 2);
      await waiting(1);
      const a = (second as FastifyInstance).promotionModule.commissions.settleDue(new Date(), 1);
      await waiting(2);
      release();
      await budget;
      const rs = await Promise.allSettled([b, a]);
      const errors = rs.flatMap((r) => (r.status === 'rejected' ? [`${r.reason?.message}`] : []));
      expect(await settle()).toBe('ok');
      // Before the fix (80df5bb, accounts made with the commission) one of the two was the
      // deadlock victim ("deadlock detected") every time.
      expect(errors).toEqual([]);
    },
    60_000,
  );
});
