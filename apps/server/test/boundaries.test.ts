import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The boundary rules of `npm run lint` (.dependency-cruiser.mjs), run on small planted trees laid
 * out like the repository: a crossing fails them, the same code through an index.ts passes.
 */
const repoRoot = resolve(import.meta.dirname, '../../..');
// A computed URL: the rule set is plain JavaScript, loaded as the CLI loads it.
const configUrl = pathToFileURL(join(repoRoot, '.dependency-cruiser.mjs')).href;
const config = ((await import(configUrl)) as { default: IConfiguration }).default;

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** Lays out files (path → source) in a fresh folder and returns the rules each import breaks. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const { tsConfig: _fromRepo, ...options } = config.options ?? {};
  const { output } = await cruise(['apps'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const summary = (output as ICruiseResult).summary;
  return summary.violations
    .filter((v) => v.rule.severity === 'error')
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

const modules = 'apps/server/src/modules';
const module = (name: string, extra: Record<string, string> = {}) => ({
  [`${modules}/${name}/index.ts`]: `export { ${name}Service } from './${name}.service.ts';\n`,
  [`${modules}/${name}/${name}.service.ts`]: `export const ${name}Service = 1;\n`,
  [`${modules}/${name}/${name}.repo.ts`]: `export const ${name}Repo = 1;\n`,
  ...extra,
});

describe('module boundaries (npm run lint)', () => {
  it('lets a module enter another through its index.ts', async () => {
    const files = {
      ...module('alpha'),
      ...module('beta', {
        [`${modules}/beta/beta.service.ts`]: `import { alphaService } from '../alpha/index.ts';\nexport const betaService = alphaService;\n`,
      }),
    };
    expect(await violations(files)).toEqual([]);
  });

  it("fails a planted import of another module's repo", async () => {
    const files = {
      ...module('alpha'),
      ...module('beta', {
        [`${modules}/beta/beta.service.ts`]: `import { alphaRepo } from '../alpha/alpha.repo.ts';\nexport const betaService = alphaRepo;\n`,
      }),
    };
    expect(await violations(files)).toEqual([
      `module-through-index: ${modules}/beta/beta.service.ts → ${modules}/alpha/alpha.repo.ts`,
      `no-foreign-repo: ${modules}/beta/beta.service.ts → ${modules}/alpha/alpha.repo.ts`,
    ]);
  });

  it("fails a planted import of another module's file other than its index.ts", async () => {
    const files = {
      ...module('alpha'),
      ...module('beta', {
        [`${modules}/beta/beta.repo.ts`]: `import { alphaService } from '../alpha/alpha.service.ts';\nexport const betaRepo = alphaService;\n`,
      }),
    };
    expect(await violations(files)).toEqual([
      `module-through-index: ${modules}/beta/beta.repo.ts → ${modules}/alpha/alpha.service.ts`,
    ]);
  });

  it('fails a planted cycle between two modules', async () => {
    const files = {
      ...module('alpha', {
        [`${modules}/alpha/alpha.service.ts`]: `import { betaService } from '../beta/index.ts';\nexport const alphaService = betaService;\n`,
      }),
      ...module('beta', {
        [`${modules}/beta/beta.service.ts`]: `import { alphaService } from '../alpha/index.ts';\nexport const betaService = alphaService;\n`,
      }),
    };
    const found = await violations(files);
    expect(found.filter((v) => v.startsWith('no-module-cycle')).length).toBeGreaterThan(0);
  });

  it('fails a planted import of one web feature by another', async () => {
    const features = 'apps/web/src/features';
    const files = {
      [`${features}/goods/Price.ts`]: 'export const Price = 1;\n',
      [`${features}/shop/Page.ts`]: `import { Price } from '../goods/Price.ts';\nexport const Page = Price;\n`,
      'apps/web/src/ui/Price.ts': 'export const Price = 1;\n',
      [`${features}/cart/Page.ts`]: `import { Price } from '../../ui/Price.ts';\nexport const Page = Price;\n`,
    };
    expect(await violations(files)).toEqual([
      `no-feature-crossing: ${features}/shop/Page.ts → ${features}/goods/Price.ts`,
    ]);
  });

  it('fails a planted import of a feature by ui/', async () => {
    const files = {
      'apps/web/src/features/goods/Price.ts': 'export const Price = 1;\n',
      'apps/web/src/ui/Card.ts': `import { Price } from '../features/goods/Price.ts';\nexport const Card = Price;\n`,
    };
    expect(await violations(files)).toEqual([
      'ui-below-features: apps/web/src/ui/Card.ts → apps/web/src/features/goods/Price.ts',
    ]);
  });

  it('lets app/ enter a feature through its index.ts only', async () => {
    const features = 'apps/web/src/features';
    const files = {
      [`${features}/cart/index.ts`]: `export const cartPages = { cart: () => import('./pages/CartPage.ts') };\n`,
      [`${features}/cart/pages/CartPage.ts`]: 'export default 1;\n',
      'apps/web/src/app/lazyPages.ts': `import { cartPages } from '../features/cart/index.ts';\nexport const pages = { ...cartPages, other: () => import('../features/cart/pages/CartPage.ts') };\n`,
    };
    expect(await violations(files)).toEqual([
      `app-through-feature-index: apps/web/src/app/lazyPages.ts → ${features}/cart/pages/CartPage.ts`,
    ]);
  });

  it('leaves tests free to reach into any module', async () => {
    const files = {
      ...module('alpha'),
      ...module('beta', {
        [`${modules}/beta/beta.test.ts`]: `import { alphaRepo } from '../alpha/alpha.repo.ts';\nexport const seen = alphaRepo;\n`,
      }),
    };
    expect(await violations(files)).toEqual([]);
  });

  it('lists only crossings that still exist (the known list can only shrink)', async () => {
    // The real tree, rules on, nothing ignored: every known entry must still be a violation, so an
    // entry whose crossing is gone fails here until it is deleted.
    const { output } = await cruise(['apps/server/src', 'apps/web/src'], {
      ...config.options,
      baseDir: repoRoot,
      validate: true,
      knownViolations: [],
      ruleSet: { forbidden: config.forbidden ?? [] },
    });
    const found = new Set(
      (output as ICruiseResult).summary.violations.map((v) => `${v.from} → ${v.to}`),
    );
    const known = (config.options?.knownViolations ?? []).map((k) => `${k.from} → ${k.to}`);
    expect(known.filter((k) => !found.has(k))).toEqual([]);
  }, 120_000);
});
