// The boundaries `npm run lint` holds (issue 25). A server module (the first folder under
// apps/server/src/modules/) is entered only through its index.ts, never through another module's
// repo, and modules do not import each other in a circle; a web feature does not import another
// feature, ui/ (what features share) imports no feature, and app/ enters a feature only through
// its index.ts. Crossings that other work is removing are listed, with their owner, in
// boundaries.known-crossings.mjs: delete an entry when its crossing is gone.
import { knownCrossings, knownModuleCycles } from './boundaries.known-crossings.mjs';

const modules = '^apps/server/src/modules/';
const features = '^apps/web/src/features/';
const resources = '^apps/console/src/resources/';
// Tests and their kits may reach into any module to set a scene: the boundaries are production's,
// so they are not cruised at all (a folder-scope rule could not tell them apart).
const tests = '(\\.test\\.tsx?|[-.](test-)?(kit|fixture)\\.ts)$|^apps/(server|web)/(test|e2e)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-through-index',
      comment: 'A module imports another module only through modules/<other>/index.ts.',
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: {
        path: `${modules}[^/]+/`,
        pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-foreign-repo',
      comment: "A module never imports another module's *.repo.ts: its SQL is its own.",
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: { path: `${modules}[^/]+/.*\\.repo\\.ts$`, pathNot: `${modules}$1/` },
    },
    {
      name: 'no-module-cycle',
      comment: 'Modules do not depend on each other in a circle.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${modules}[^/]+$`, pathNot: `${modules}(${knownModuleCycles.join('|')})$` },
      to: { path: `${modules}[^/]+$`, circular: true },
    },
    {
      name: 'no-feature-crossing',
      comment: 'A web feature does not import another feature; what two share lives in ui/.',
      severity: 'error',
      from: { path: `${features}([^/]+)/` },
      to: { path: features, pathNot: `${features}$1/` },
    },
    {
      name: 'ui-below-features',
      comment:
        'ui/ sits below the features and app/: what two features share moves there, so it imports neither.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: [features, '^apps/web/src/app/'] },
    },
    {
      name: 'app-through-feature-index',
      comment: 'app/ enters a feature only through features/<x>/index.ts (its page loaders).',
      severity: 'error',
      from: { path: '^apps/web/src/app/' },
      to: { path: features, pathNot: `${features}[^/]+/index\\.ts$` },
    },
    {
      name: 'no-resource-crossing',
      comment:
        'A console resource (apps/console/src/resources/<domain>/) does not import another; what two share lives in ui/.',
      severity: 'error',
      from: { path: `${resources}([^/]+)/` },
      to: { path: `${resources}[^/]+/`, pathNot: `${resources}$1/` },
    },
    {
      name: 'console-standalone',
      comment:
        'The console shares code with the other apps only through packages/ (contracts, core).',
      severity: 'error',
      from: { path: '^apps/console/src/' },
      to: { path: '^apps/(web|server)/' },
    },
  ],
  options: {
    exclude: { path: tests },
    includeOnly: '^(apps/server/src|apps/web/src|apps/console/src)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    knownViolations: knownCrossings,
  },
};
