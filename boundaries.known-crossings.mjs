// Crossings of the boundary rules (.dependency-cruiser.mjs) that exist today and are being removed
// by the engineer named on each list. Each entry is `from → to`, paths under
// apps/server/src/modules/ or apps/web/src/features/. Delete an entry when its crossing is gone;
// never add one for new code: enter the other module through its index.ts instead.

/** Modules in a known import cycle (none left: rewards ended points/exchange ↔ redeem). */
export const knownModuleCycles = [];

/** Server modules: owner → crossings. */
export const knownServerCrossings = {
  // the ledger engineer: order/payment/ledger.ts moves to modules/ledger (its index.ts)
  ledger: [],
  // the rewards engineer: prize orders, coupon/red-packet/points grants move to modules/rewards
  rewards: [
    'farm/farm-play.service.ts → order/barrage.service.ts',
    'farm/farm-views.service.ts → order/barrage.service.ts',
    'game/game.service.ts → order/barrage.service.ts',
  ],
  // the order engineer: order/** internals, the stock service (catalogue/stock/) and placement
  order: [
    'aftersale/aftersale.service.ts → order/order-aftersale.ts',
    'aftersale/refund-settlement.ts → order/order-aftersale.ts',
    'aftersale/refund-settlement.ts → order/payment/gateway.ts',
    'coupon/coupon-view.ts → order/discount.ts',
    'coupon/coupon.service.ts → order/coupon-port.ts',
    'invoice/invoice.service.ts → order/order.service.ts',
    'live/rooms/live-orders.ts → order/order.service.ts',
    'live/rooms/room-stats.ts → order/order.service.ts',
    'logistics/evaluation.service.ts → order/order-fulfilment.ts',
    'logistics/logistics-sweeper.ts → order/order-fulfilment.ts',
    'logistics/logistics.service.ts → order/order-fulfilment.ts',
    'logistics/route.ts → order/order-fulfilment.ts',
    'points/exchange/exchange.service.ts → order/order.service.ts',
    'points/exchange/exchange.service.ts → order/placement/order-placer.ts',
    'promotion/membership/membership.service.ts → order/payment/payment.service.ts',
    'promotion/team/identity.service.ts → order/barrage.service.ts',
    'seckill/seckill.service.ts → order/order.service.ts',
  ],
};

/** Web features: feature-to-feature imports (none left: what two share is in ui/<domain>/). */
export const knownFeatureCrossings = [];

const ruleNames = ['module-through-index', 'no-foreign-repo', 'no-feature-crossing'];
const expand = (base, entries) =>
  entries.flatMap((entry) => {
    const [from, to] = entry.split(' → ');
    return ruleNames.map((name) => ({
      type: 'dependency',
      from: `${base}${from}`,
      to: `${base}${to}`,
      rule: { name, severity: 'error' },
    }));
  });

/** The lists above as dependency-cruiser's knownViolations (each pair under every rule it may break). */
export const knownCrossings = [
  ...expand('apps/server/src/modules/', Object.values(knownServerCrossings).flat()),
  ...expand('apps/web/src/features/', knownFeatureCrossings),
];
