import { PageQuery } from '@chaopin/contracts';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  findUnsafeInput,
  INT4_RANGE,
  isSafeText,
  SAFE_INTEGER_RANGE,
  schemaPointerFor,
  withIntegerBounds,
} from './input-rules.ts';

describe('input rules', () => {
  it('gives integers without bounds the default range, keeping declared bounds and the original', () => {
    const schema = Type.Object({
      id: Type.Integer(),
      count: Type.Integer({ minimum: 1 }),
      capped: Type.Integer({ exclusiveMaximum: 10 }),
      list: Type.Array(Type.Integer()),
      either: Type.Union([Type.Integer(), Type.String()]),
      record: Type.Record(Type.String(), Type.Integer()),
      // A property named like a data keyword is still a schema.
      default: Type.Integer(),
      price: Type.Number(),
    });
    const bounded = withIntegerBounds(schema, INT4_RANGE) as unknown as {
      properties: Record<string, Record<string, unknown>>;
    };
    const p = bounded.properties;
    expect(p.id).toMatchObject({ minimum: -2_147_483_648, maximum: 2_147_483_647 });
    expect(p.count).toMatchObject({ minimum: 1, maximum: 2_147_483_647 });
    expect(p.capped).toMatchObject({ minimum: -2_147_483_648, exclusiveMaximum: 10 });
    expect(p.capped?.maximum).toBeUndefined();
    expect(p.list?.items).toMatchObject({ maximum: 2_147_483_647 });
    expect((p.either as { anyOf: object[] }).anyOf[0]).toMatchObject({ maximum: 2_147_483_647 });
    expect(
      Object.values((p.record as { patternProperties: object }).patternProperties)[0],
    ).toMatchObject({
      maximum: 2_147_483_647,
    });
    expect(p.default).toMatchObject({ maximum: 2_147_483_647 });
    expect(p.price?.maximum).toBeUndefined();
    // The shared schema is left alone.
    expect((schema.properties.id as { maximum?: number }).maximum).toBeUndefined();
    const page = withIntegerBounds(PageQuery, SAFE_INTEGER_RANGE) as unknown as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(page.properties.pageNum).toMatchObject({ minimum: 1, maximum: 100_000, default: 1 });
  });

  it('refuses NUL and unpaired surrogates, accepts everything else', () => {
    for (const ok of ['', 'abc', '潮品直播', '😀', 'a\u0001\u007f\uffff', 'x\r\n\t']) {
      expect(isSafeText(ok), JSON.stringify(ok)).toBe(true);
    }
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', '😀\ud83d']) {
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('finds the first unsafe string, key or non-finite number, at any depth', () => {
    expect(findUnsafeInput({ a: 1, b: ['x', { c: true, d: null }], e: 1e308 })).toBeUndefined();
    expect(findUnsafeInput({ a: 1, b: ['x', { c: 'y\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findUnsafeInput({ ok: 1, 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(findUnsafeInput({ n: [1, Number.POSITIVE_INFINITY] })).toEqual(['n', 1]);
    expect(findUnsafeInput(Number.NaN)).toEqual([]);
    expect(findUnsafeInput('\u0000')).toEqual([]);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toHaveLength(50_000);
  });

  it('names the schema node of a value, through records, arrays and unions', () => {
    const schema = Type.Object({
      orderNo: Type.String(),
      items: Type.Array(Type.Object({ skuId: Type.Integer() })),
      ids: Type.Union([Type.String(), Type.Array(Type.Integer())]),
      extra: Type.Record(Type.String(), Type.String()),
    });
    expect(schemaPointerFor(schema, ['orderNo'])).toBe('#/properties/orderNo');
    expect(schemaPointerFor(schema, ['items', 3, 'skuId'])).toBe(
      '#/properties/items/items/properties/skuId',
    );
    expect(schemaPointerFor(schema, ['ids', 0])).toBe('#/properties/ids/anyOf/1/items');
    expect(schemaPointerFor(schema, ['extra', 'x'])).toBe(
      '#/properties/extra/patternProperties/^.*$',
    );
    expect(schemaPointerFor(schema, ['unknown', 'deeper'])).toBe('#/');
  });
});
