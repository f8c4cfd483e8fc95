import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../../platform/bus.ts';
import { CatalogueCache, type SharedDetail } from './catalogue-cache.ts';

const detail = (price: number) => ({ id: 1, price }) as unknown as SharedDetail;

async function twoNodes() {
  const bus = new MemoryBus();
  const opts = { listTtlMs: 60_000, detailTtlMs: 60_000 };
  return [await CatalogueCache.create(bus, opts), await CatalogueCache.create(bus, opts)] as const;
}

describe('CatalogueCache', () => {
  it('serves a listing from memory until the catalogue changes, on every node', async () => {
    const [a, b] = await twoNodes();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await a.list('k', load)).toEqual({ n: 1 });
    expect(await a.list('k', load)).toEqual({ n: 1 });
    expect(await b.list('k', load)).toEqual({ n: 2 });
    await a.catalogueChanged();
    expect(await a.list('k', load)).toEqual({ n: 3 });
    expect(await b.list('k', load)).toEqual({ n: 4 });
  });

  it('evicts a product detail everywhere when the product changes', async () => {
    const [a, b] = await twoNodes();
    expect((await a.detail(1, async () => detail(100))).price).toBe(100);
    expect((await b.detail(1, async () => detail(100))).price).toBe(100);
    await a.productChanged(1);
    expect((await a.detail(1, async () => detail(90))).price).toBe(90);
    expect((await b.detail(1, async () => detail(90))).price).toBe(90);
  });

  it('does not keep a read that raced a change', async () => {
    const [a] = await twoNodes();
    const stale = a.detail(1, async () => {
      await a.productChanged(1); // the change commits while the old row is in flight
      return detail(100);
    });
    expect((await stale).price).toBe(100);
    expect((await a.detail(1, async () => detail(90))).price).toBe(90);
  });

  it('with a TTL of 0 reads through every time', async () => {
    const cache = await CatalogueCache.create(new MemoryBus(), { listTtlMs: 0, detailTtlMs: 0 });
    let loads = 0;
    await cache.list('k', async () => ({ n: ++loads }));
    await cache.list('k', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });

  it('keeps a serialized answer with its compressed bytes until the catalogue changes', async () => {
    const [a] = await twoNodes();
    let loads = 0;
    const load = async () => JSON.stringify({ code: 1, data: Array(200).fill(`p${++loads}`) });
    const first = await a.listText('page', load);
    const br = first.encoded('br');
    const hit = await a.listText('page', load);
    expect(hit).toBe(first);
    expect(hit.encoded('br')).toBe(br); // stored, not compressed again
    await a.catalogueChanged();
    const fresh = await a.listText('page', load);
    expect(fresh).not.toBe(first);
    expect(loads).toBe(2);
  });
});
