import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { CaptchaService, captchaRoutes } from '../captcha/index.ts';
import type { FlashPort } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { type FlashCounter, MemoryFlashCounter, RedisFlashCounter } from './flash-counter.ts';
import { SeckillRepo } from './seckill.repo.ts';
import { seckillRoutes } from './seckill.routes.ts';
import { SeckillService } from './seckill.service.ts';
import { SeckillSweeper } from './seckill-sweeper.ts';

export interface SeckillModule {
  seckill: SeckillService;
  sweeper: SeckillSweeper;
  counter: FlashCounter;
  captcha: CaptchaService;
  /** The placement batch's flash port: the sale's units and limits (late-bound by app.ts). */
  flash: FlashPort;
  /** Step of the seckill.released handler (modules/reactions.ts). */
  reactions: { released: Reaction<'seckill.released'> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The flash sale's services (tests drive the sweeper through it). */
    seckillModule: SeckillModule;
  }
}

/** The flash sale, its reminders, and the captcha guard (also for the activities' bargains). */
export async function registerSeckillModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<SeckillModule> {
  const { config } = deps;
  const repo = new SeckillRepo(narrowDb(deps.db));
  const counter: FlashCounter = deps.redis
    ? new RedisFlashCounter(deps.redis)
    : new MemoryFlashCounter();
  const captcha = new CaptchaService(deps.secret, deps.rateLimit, {
    counterMax: config.CAPTCHA_COUNTER_MAX,
    ttlSeconds: config.CAPTCHA_TTL_SECONDS,
  });
  const { orders, stock } = uses.order;
  const seckill = new SeckillService(
    deps.db,
    repo,
    counter,
    captcha,
    orders,
    stock,
    deps.rateLimit,
    {
      payMinutes: config.SECKILL_PAY_MINUTES,
      remindMinutes: config.SECKILL_REMIND_MINUTES,
      userRate: config.SECKILL_USER_RATE,
      ipRate: config.SECKILL_IP_RATE,
    },
  );
  const flash: FlashPort = {
    claim: (trx, claims) => seckill.claim(trx, claims),
    record: (trx, rows) => seckill.record(trx, rows),
  };
  const sweeper = new SeckillSweeper(
    deps.db,
    repo,
    counter,
    stock,
    deps.events,
    deps.sms,
    deps.log,
    config.SECKILL_SWEEP_MS,
  );
  const m: SeckillModule = {
    seckill,
    sweeper,
    counter,
    captcha,
    flash,
    reactions: { released: (trx, e) => seckill.released(trx, e.orderId) },
  };
  app.decorate('seckillModule', m);
  await captchaRoutes(app, captcha);
  await seckillRoutes(app, seckill);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
