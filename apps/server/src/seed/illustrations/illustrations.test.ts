import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TOP_CATEGORIES } from '../demo-words.ts';
import { buildDemoPlan, type DemoPlan, type PlannedProduct } from '../seed-plan.ts';
import { activityArt, popupArt } from '../svg-art.ts';
import { LEAF_ART, leafArt, NOUN_ART, productArt, zh } from './catalogue.ts';
import { inkFor } from './colour.ts';
import { DRAWING_IDS, type DrawingId, drawArt } from './library.ts';

/**
 * A strict little XML reader: enough to prove an SVG is well formed (every tag closed in order,
 * attributes quoted, only known entities) and to collect the text a viewer would see.
 */
function readXml(xml: string): { root: string; texts: string[] } {
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const entity = /&(?:#\d+|#x[0-9a-fA-F]+|lt|gt|amp|quot|apos);/g;
  const open: string[] = [];
  const texts: string[] = [];
  let root = '';
  let at = 0;
  while (at < xml.length) {
    token.lastIndex = at;
    const m = token.exec(xml);
    if (!m || m.index !== at) throw new Error(`malformed XML at ${at}: ${xml.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, closing, name, attrs, selfClosing, body] = m;
    if (body !== undefined) {
      if (body.replace(entity, '').includes('&')) throw new Error(`bad entity in ${body}`);
      if (open.length === 0 && body.trim()) throw new Error('text outside the root');
      if (open.some((tag) => tag === 'text' || tag === 'tspan')) texts.push(body);
      continue;
    }
    if ((attrs ?? '').replace(entity, '').includes('&')) throw new Error(`bad entity in ${attrs}`);
    const names = [...(attrs ?? '').matchAll(/([\w:-]+)=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) throw new Error(`repeated attribute on <${name}>`);
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
      continue;
    }
    if (!root) root = name ?? '';
    else if (open.length === 0) throw new Error('a second root element');
    if (!selfClosing) open.push(name ?? '');
  }
  if (open.length) throw new Error(`unclosed <${open.join('><')}>`);
  return { root, texts };
}

/** Drawing markup without its colours, to find a drawing inside an image whatever its ink. */
const shapeOf = (svg: string) => svg.replace(/#[0-9a-f]{6}/g, '#');
const shapeOfDrawing = (id: DrawingId) => shapeOf(drawArt(id, inkFor('#123456', '#654321')));

const LATIN = /[A-Za-z]/;

describe('seed illustrations', () => {
  const plan: DemoPlan = buildDemoPlan(new Date('2025-11-11T00:00:00Z'));
  const svgOf = new Map(plan.blobs.map((b) => [b.key, b.svg]));
  const imagesOf = (p: PlannedProduct) => p.imageKeys.map((key) => svgOf.get(key) ?? '');
  const artOf = (p: PlannedProduct) => {
    const top = TOP_CATEGORIES[p.top];
    return productArt(top?.name ?? '', top?.children[p.leaf]?.name ?? '', p.noun);
  };

  it('gives every sub-category a drawing of its own, and every product noun a drawing', () => {
    const leaves = TOP_CATEGORIES.flatMap((top) =>
      top.children.map((leaf) => [top, leaf] as const),
    );
    const arts = leaves.map(([top, leaf]) => leafArt(top.name, leaf.name));
    expect(new Set(arts).size).toBe(leaves.length);
    expect(Object.keys(LEAF_ART)).toHaveLength(leaves.length);
    for (const art of arts) expect(DRAWING_IDS).toContain(art);
    const nouns = new Set(leaves.flatMap(([, leaf]) => leaf.nouns));
    // No stale entry: every noun with a drawing of its own is one the seed writes.
    for (const noun of Object.keys(NOUN_ART)) expect(nouns).toContain(noun);
    for (const [top, leaf] of leaves) {
      for (const noun of leaf.nouns)
        expect(DRAWING_IDS).toContain(productArt(top.name, leaf.name, noun));
    }
    // And no drawing is left unused.
    const used = new Set([
      ...arts,
      ...Object.values(NOUN_ART),
      ...TOP_CATEGORIES.map((t) => t.art),
    ]);
    expect([...DRAWING_IDS].filter((id) => !used.has(id))).toEqual([]);
  });

  it('draws every library drawing as distinct markup', () => {
    const shapes = DRAWING_IDS.map(shapeOfDrawing);
    expect(new Set(shapes).size).toBe(DRAWING_IDS.length);
  });

  it('draws a hair dryer as a hair dryer, not as a phone', () => {
    const dryers = plan.products.filter((p) => p.noun === '吹风机');
    expect(dryers.length).toBeGreaterThan(0);
    const dryer = shapeOfDrawing('hair-dryer');
    const phone = shapeOfDrawing('phone');
    for (const p of dryers) {
      expect(p.title).toContain('吹风机');
      for (const svg of imagesOf(p)) {
        expect(svg).toContain('data-art="hair-dryer"');
        expect(shapeOf(svg)).toContain(dryer);
        expect(shapeOf(svg)).not.toContain(phone);
      }
    }
  });

  it('draws each product from its own noun: its images embed its drawing', () => {
    for (const p of plan.products) {
      const art = artOf(p);
      const shape = shapeOfDrawing(art);
      for (const svg of imagesOf(p)) {
        expect(svg).toContain(`data-art="${art}"`);
        expect(shapeOf(svg)).toContain(shape);
      }
    }
  });

  it('gives every product a gallery of different images', () => {
    for (const p of plan.products) {
      const images = imagesOf(p);
      expect(new Set(images).size).toBe(images.length);
      const views = images.map((svg) => /data-view="(\w+)"/.exec(svg)?.[1]);
      expect(new Set(views).size).toBe(images.length);
      expect(views[0]).toBe('front');
    }
    // Products of one sub-category do not share images either.
    expect(new Set(plan.products.map((p) => imagesOf(p)[0])).size).toBe(plan.products.length);
  });

  it('writes well-formed, small SVGs whose text is Chinese only (digits allowed)', () => {
    const home = [
      activityArt({ top: 0, art: 'dress', title: '今日特卖', subline: '女装低至5折' }),
      popupArt({ top: 1, art: 'shirt', title: '新人专享', subline: '男装新品上架' }),
    ];
    for (const svg of [...plan.blobs.map((b) => b.svg), ...home]) {
      const { root, texts } = readXml(svg);
      expect(root).toBe('svg');
      expect(svg).toContain('Noto Sans CJK SC');
      for (const text of texts) expect(text).not.toMatch(LATIN);
      expect(svg).not.toContain('CHAOPIN');
      expect(svg.length).toBeLessThan(6_000);
    }
    for (const p of plan.products) {
      const texts = imagesOf(p).flatMap((svg) => readXml(svg).texts);
      // The caption names the product: its noun (in Chinese) is on the main image.
      expect(texts).toContain(zh(p.noun));
    }
  });

  it('is deterministic: a second plan draws the same images', () => {
    const again = buildDemoPlan(new Date('2026-01-01T00:00:00Z'));
    expect(again.blobs).toEqual(plan.blobs);
  });

  it("renders to pictures: every view, and every sub-category's main image", async () => {
    const viewOf = (svg: string) => /data-view="(\w+)"/.exec(svg)?.[1] ?? '';
    const picked = new Map<string, string>();
    for (const p of plan.products) {
      const images = imagesOf(p);
      const main = `main ${p.top}/${p.leaf}`;
      if (!picked.has(main)) picked.set(main, images[0] ?? '');
      for (const svg of images) if (!picked.has(viewOf(svg))) picked.set(viewOf(svg), svg);
      if (p.noun === '吹风机')
        for (const [n, svg] of images.entries()) picked.set(`dryer ${n}`, svg);
    }
    expect([...picked.keys()]).toEqual(
      expect.arrayContaining(['front', 'detail', 'scene', 'card', 'colours', 'package']),
    );
    for (const svg of picked.values()) {
      const { data, info } = await sharp(Buffer.from(svg))
        .resize(120, 120)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(120);
      // A real picture, not a blank canvas: many different colours.
      const colours = new Set<number>();
      for (let px = 0; px < data.length; px += info.channels) {
        colours.add(((data[px] ?? 0) << 16) | ((data[px + 1] ?? 0) << 8) | (data[px + 2] ?? 0));
      }
      expect(colours.size).toBeGreaterThan(40);
    }
  }, 60_000);
});
