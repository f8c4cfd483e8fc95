import { describe, expect, it } from 'vitest';
import { SearchLogBuffer } from './search-log-buffer.ts';

/** A table that refuses the keywords in `poison` (as PostgreSQL refuses a NUL), or everything. */
function table(poison: (keyword: string) => boolean = () => false) {
  const rows = new Map<string, number>();
  let down = false;
  let writes = 0;
  return {
    rows,
    get writes() {
      return writes;
    },
    setDown(v: boolean) {
      down = v;
    },
    async write(counts: ReadonlyMap<string, number>) {
      writes++;
      if (down) throw new Error('connection refused');
      for (const k of counts.keys()) if (poison(k)) throw new Error(`refused ${k}`);
      for (const [k, n] of counts) rows.set(k, (rows.get(k) ?? 0) + n);
    },
  };
}

describe('anonymous search log buffer', () => {
  it('buffers only keywords that can be stored', async () => {
    const t = table();
    const buffer = new SearchLogBuffer((c) => t.write(c), undefined, 60_000);
    for (const junk of ['a\u0000b', '\ud800', 'x\udc00', '', 'x'.repeat(31)]) {
      expect(buffer.add(junk)).toBe(false);
    }
    expect(buffer.add('连衣裙')).toBe(true);
    expect(buffer.add('😀'.repeat(30))).toBe(true);
    await buffer.close();
    expect([...t.rows.keys()]).toEqual(['连衣裙', '😀'.repeat(30)]);
  });

  it('loses only the keyword the database refuses; a flush never fails, later batches are written', async () => {
    const t = table((k) => k.startsWith('bad'));
    const errors: number[] = [];
    const buffer = new SearchLogBuffer(
      (c) => t.write(c),
      (_err, lost) => errors.push(lost),
      60_000,
    );
    buffer.add('good1');
    buffer.add('bad1');
    buffer.add('good2');
    buffer.add('good2');
    await expect(buffer.flush()).resolves.toBeUndefined();
    expect(Object.fromEntries(t.rows)).toEqual({ good1: 1, good2: 2 });
    expect(errors).toEqual([1]);
    buffer.add('good3');
    await buffer.flush();
    expect(t.rows.get('good3')).toBe(1);
    await buffer.close();
  });

  it('gives up a batch after a few single writes fail in a row (database down), then recovers', async () => {
    const t = table();
    const errors: number[] = [];
    const buffer = new SearchLogBuffer(
      (c) => t.write(c),
      (_err, lost) => errors.push(lost),
      60_000,
    );
    for (let i = 0; i < 100; i++) buffer.add(`k${i}`);
    t.setDown(true);
    await expect(buffer.flush()).resolves.toBeUndefined();
    // The batch, then three single writes: not one per keyword.
    expect(t.writes).toBe(4);
    expect(errors).toEqual([100]);
    t.setDown(false);
    buffer.add('after');
    await buffer.flush();
    expect([...t.rows.keys()]).toEqual(['after']);
    await buffer.close();
  });
});
