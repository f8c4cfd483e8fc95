import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { UPLOAD_PREFIX } from '../platform/blob-store.ts';
import { zh } from './illustrations/catalogue.ts';
import { seedDemo } from './seed.ts';
import { seedGame } from './seed-game.ts';
import { buildDemoPlan } from './seed-plan.ts';
import { seedPromotion } from './seed-promotion.ts';
import { seedZones } from './seed-zones.ts';

/** A price as a shopper reads it: ¥/￥ or 元 next to digits (¥169, 169元, 元9.9). */
const PRICE = /[¥￥]\s*\d|\d\s*元|元\s*\d/;

/** The words a viewer reads in an SVG: the content of its text elements, tags stripped. */
const textsOf = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    (m[1] ?? '').replace(/<[^>]+>/g, ''),
  );

describe('seeded pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps);
    await seedZones(t.app.deps);
    await seedPromotion(t.app);
    await seedGame(t.app);
  }, 120_000);
  afterAll(() => t?.close());

  const picture = async (url: string) => {
    expect(url.startsWith(UPLOAD_PREFIX)).toBe(true);
    const bytes = await t.app.deps.blobs.get(url.slice(UPLOAD_PREFIX.length));
    return Buffer.from(bytes ?? []).toString('utf8');
  };

  it('carry no price, and no product name but their own', async () => {
    const db = t.app.deps.db;
    const products = await db
      .selectFrom('product')
      .select(['id', 'title', 'main_image', 'images'])
      .execute();
    const skus = await db.selectFrom('sku').select(['product_id', 'image']).execute();
    // Every name a seeded picture captions a product with, by the product's title.
    const ownName = new Map(buildDemoPlan(new Date()).products.map((p) => [p.title, zh(p.noun)]));
    ownName.set('推广员升级礼包 · 精选好物大礼盒', '精选好物大礼盒');
    const names = [...new Set(ownName.values())];
    let checked = 0;
    for (const p of products) {
      const urls = new Set([
        p.main_image,
        ...(p.images as string[]),
        ...skus.filter((s) => s.product_id === p.id && s.image).map((s) => s.image as string),
      ]);
      for (const url of urls) {
        const texts = textsOf(await picture(url)).join(' ');
        expect(texts, `${p.title}: ${url}`).not.toMatch(PRICE);
        const own = ownName.get(p.title) ?? p.title;
        const foreign = names.filter((n) => texts.includes(n) && !own.includes(n));
        expect(foreign, `${p.title}: ${url}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(products.length);
    // The 598 package and the guessing round's product are among them.
    expect(products.some((p) => p.title.startsWith('推广员升级礼包'))).toBe(true);
  });

  it('carry no price on the zone banners', async () => {
    const zones = await t.app.deps.db.selectFrom('zone').select(['title', 'banner']).execute();
    expect(zones.length).toBeGreaterThan(0);
    for (const z of zones) {
      if (!z.banner) continue;
      expect(textsOf(await picture(z.banner)).join(' '), z.title).not.toMatch(PRICE);
    }
  });

  it('name no variant by its price', async () => {
    const skus = await t.app.deps.db.selectFrom('sku').select(['name', 'price']).execute();
    for (const s of skus) {
      const numbers = (s.name.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
      expect(numbers, s.name).not.toContain(s.price / 100);
    }
  });
});
