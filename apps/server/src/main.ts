import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config/index.ts';
import { listenOptions } from './platform/admission.ts';
import { seedDemo } from './seed/seed.ts';
import { seedBargain } from './seed/seed-bargain.ts';
import { seedCards } from './seed/seed-cards.ts';
import { seedCoupons } from './seed/seed-coupons.ts';
import { seedDraw } from './seed/seed-draw.ts';
import { seedFarm } from './seed/seed-farm.ts';
import { seedGame } from './seed/seed-game.ts';
import { seedHomeExtras } from './seed/seed-home.ts';
import { seedLive } from './seed/seed-live.ts';
import { seedMedicine } from './seed/seed-medicine.ts';
import { seedPromotion } from './seed/seed-promotion.ts';
import { seedRedeem } from './seed/seed-redeem.ts';
import { seedRxDrugs } from './seed/seed-rx-drugs.ts';
import { seedSeckillDays } from './seed/seed-seckill.ts';
import { seedZones } from './seed/seed-zones.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Invalid configuration: ${err.message}`);
    process.exit(2);
  }
  throw err;
}

const app = await buildApp(config).catch((err: unknown) => {
  console.error(`Startup failed: ${(err as Error).message}`);
  process.exit(1);
});

if (config.SEED) {
  const seeded = await seedDemo(app.deps);
  if (seeded) app.log.info(seeded, 'demo data seeded');
  const home = await seedHomeExtras(app.deps);
  if (home) app.log.info(home, 'demo home activities seeded');
  const zones = await seedZones(app.deps);
  if (zones) app.log.info({ zones }, 'demo zones seeded');
  const coupons = await seedCoupons(app);
  if (coupons) app.log.info({ coupons }, 'demo coupons seeded');
  if (await seedPromotion(app)) app.log.info('demo upgrade package seeded');
  const codes = await seedRedeem(app);
  // Demo data only: the seeded batch's codes, shown this once (afterwards only hashes exist).
  if (codes) app.log.info({ codes }, 'demo points mall and redeem codes seeded');
  const bargains = await seedBargain(app);
  if (bargains) app.log.info({ bargains }, 'demo bargain items seeded');
  const rounds = await seedGame(app);
  if (rounds) app.log.info({ rounds }, 'demo guessing rounds seeded');
  if (await seedDraw(app)) app.log.info('demo lucky draw wheel seeded');
  const cardCampaign = await seedCards(app);
  if (cardCampaign) app.log.info({ cardCampaign }, 'demo card campaign seeded');
  const fruits = await seedFarm(app);
  if (fruits) app.log.info({ fruits }, 'demo farm fruit kinds seeded');
  const pharmacists = await seedMedicine(app);
  if (pharmacists) app.log.info({ pharmacists }, 'demo pharmacists seeded');
  const rxDrugs = await seedRxDrugs(app);
  if (rxDrugs) app.log.info({ rxDrugs }, 'demo prescription drugs seeded');
  const rooms = await seedLive(app);
  if (rooms) app.log.info({ rooms }, 'demo live rooms seeded');
  const seckill = async () => {
    const sessions = await seedSeckillDays(app);
    if (sessions) app.log.info({ sessions }, 'demo flash sales seeded');
  };
  await seckill();
  // A demo left running keeps a flash sale on: tomorrow's is added when the day turns.
  setInterval(
    () => void seckill().catch((err) => app.log.warn({ err }, 'demo seckill')),
    3_600_000,
  ).unref();
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen(listenOptions(config));
