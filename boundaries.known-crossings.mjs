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
  // the rewards engineer (none left: draw, farm and game take points' and order's through index.ts)
  rewards: [],
  // the order engineer (none left: order/index.ts exports the types and helper others used)
  order: [],
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
