import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { Periodic } from '../../platform/periodic.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { StockService } from '../catalogue/index.ts';
import type { FlashCounter } from './flash-counter.ts';
import type { SeckillRepo } from './seckill.repo.ts';

const REMINDERS_PER_TXN = 200;

/**
 * The flash sale's background work, on every node:
 * - reminders: subscriptions due are claimed with FOR UPDATE SKIP LOCKED, their notices written
 *   and `reminded_at` set in one transaction, so each goes out once whatever the nodes and
 *   restarts (the SMS follows the commit);
 * - settlement: a session past its end gives its unsold units back to the SKUs, once;
 * - the counter's reconcile: a counter that is gone is rebuilt from the database; one that
 *   stays below the database's count while no sale commits (a node died between taking a unit
 *   and placing the order) is raised back, so nothing is left unsold.
 */
export class SeckillSweeper {
  private readonly periodic: Periodic;
  /** Last reconcile's view per item: a gap seen twice with no sale between is a leak. */
  private readonly seen = new Map<number, { counter: number; sold: number }>();

  constructor(
    private readonly db: Db,
    private readonly repo: SeckillRepo,
    private readonly counter: FlashCounter,
    private readonly stock: StockService,
    private readonly events: DomainEvents,
    private readonly sms: SmsSender,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
  ) {
    this.periodic = new Periodic(
      () => this.sweep(),
      intervalMs,
      (err) => this.log.warn({ err }, 'seckill sweep failed'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async sweep(): Promise<void> {
    await this.remind();
    await this.settle();
    await this.reconcile();
  }

  /** Sends every reminder due now; answers how many. */
  async remind(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.db.transaction().execute(async (trx) => {
        const due = await this.repo.dueReminders(narrowDb(trx), REMINDERS_PER_TXN);
        for (const d of due) {
          await this.events.emit(trx, {
            type: 'seckill.reminder',
            userId: d.user_id,
            itemId: d.item_id,
            title: d.title,
            flashPrice: d.flash_price,
            startAt: d.start_at,
          });
        }
        await this.repo.markReminded(narrowDb(trx), due);
        return due;
      });
      for (const d of sent.filter((x) => x.sms)) {
        await this.sms
          .notify(d.phone, `【潮品直播】您订阅的秒杀商品「${d.title}」即将开抢，快去抢购吧！`)
          .catch((err) => this.log.warn({ err }, 'seckill reminder SMS failed'));
      }
      total += sent.length;
      if (sent.length < REMINDERS_PER_TXN) return total;
    }
  }

  /** Gives the unsold units of ended sessions back to their SKUs; answers the sessions settled. */
  async settle(): Promise<number> {
    const { sessions, items, products } = await this.db.transaction().execute(async (trx) => {
      const ended = await this.repo.endedUnsettled(narrowDb(trx), 20);
      const items: number[] = [];
      const products: number[] = [];
      for (const s of ended) {
        const rows = await this.repo.settle(narrowDb(trx), s.id);
        const back = rows.filter((r) => r.left > 0);
        products.push(
          ...(await this.stock.release(
            trx,
            back.map((r) => ({ skuId: r.sku_id, quantity: r.left })),
          )),
        );
        items.push(...rows.map((r) => r.id));
      }
      return { sessions: ended.length, items, products };
    });
    for (const id of items) {
      await this.counter.drop(id);
      this.seen.delete(id);
    }
    await this.stock.changed(products);
    return sessions;
  }

  /** Rebuilds missing counters and heals leaked ones; answers the items changed. */
  async reconcile(): Promise<number> {
    let changed = 0;
    for (const item of await this.repo.openItems()) {
      const now = await this.counter.peek(item.id);
      if (now === null) {
        const seed = await this.repo.seedOf(item.id);
        if (seed) await this.counter.seed(item.id, seed);
        changed += 1;
        continue;
      }
      const before = this.seen.get(item.id);
      this.seen.set(item.id, { counter: now, sold: item.sold });
      if (now < item.left && before && before.sold === item.sold && before.counter === now) {
        // Quiet and short: rebuilt whole (units and each user's count) from the database.
        const seed = await this.repo.seedOf(item.id);
        await this.counter.drop(item.id);
        if (seed) await this.counter.seed(item.id, seed);
        this.seen.delete(item.id);
        changed += 1;
      }
    }
    return changed;
  }
}
