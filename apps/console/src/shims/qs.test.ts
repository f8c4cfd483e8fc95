import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import shim from './qs.ts';

interface Qs {
  parse(text: string, options?: object): unknown;
  stringify(value: unknown, options?: object): string;
}
const qs = createRequire(import.meta.url)('qs') as Qs;

// refine's options: its table state (core) and its router's go/parse (@refinedev/react-router).
const TABLE = { skipNulls: true, arrayFormat: 'indices', encode: false } as const;
const ROUTER = { ...TABLE, addQueryPrefix: true, encodeValuesOnly: true } as const;
const PARSE = { ignoreQueryPrefix: true, depth: 10 };

const STATES: Record<string, unknown>[] = [
  {},
  { currentPage: 1, pageSize: 20 },
  {
    currentPage: 3,
    pageSize: 20,
    sorters: [{ field: 'createdAt', order: 'desc' }],
    filters: [{ field: 'status', operator: 'eq', value: 'pending' }],
  },
  { filters: [{ field: 'status', operator: 'eq', value: undefined }], sorters: [] },
  { filters: [{ field: 'status', operator: 'eq', value: null }], sorters: [], current: 2 },
  {
    filters: [
      { field: 'keyword', operator: 'contains', value: '连衣裙 夏季' },
      { field: 'type', operator: 'in', value: ['refund', 'return'] },
      { field: 'amount', operator: 'between', value: [100, 5000] },
      { field: 'vip', operator: 'eq', value: true },
    ],
    sorters: [
      { field: 'amount', order: 'asc' },
      { field: 'id', order: 'desc' },
    ],
  },
  {
    filters: [
      {
        operator: 'or',
        value: [
          { field: 'title', operator: 'contains', value: 'a' },
          { field: 'sku', operator: 'eq', value: 'b' },
        ],
      },
    ],
  },
  { to: encodeURIComponent('/refund?currentPage=2'), tab: 'all' },
  { at: new Date(Date.UTC(2026, 10, 29, 8, 0, 0)), empty: {}, list: [] },
];

const QUERIES = [
  '',
  '?',
  '?currentPage=2&pageSize=20',
  'currentPage=2&pageSize=20',
  '?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending',
  '?filters%5B0%5D%5Bfield%5D=status&filters%5B0%5D%5Boperator%5D=eq&filters%5B0%5D%5Bvalue%5D=a%20b',
  '?filters[0][value][0]=refund&filters[0][value][1]=return&sorters[0][field]=id&sorters[0][order]=desc',
  '?filters[1][field]=b&filters[0][field]=a',
  '?filters[0][field]=keyword&filters[0][value]=%E8%BF%9E%E8%A1%A3%E8%A3%99+%E5%A4%8F',
  '?a=1&a=2&b[]=x&b[]=y',
  '?flag&empty=&x=%ZZ',
  '?to=%2Frefund%3FcurrentPage%3D2&tab=all',
  '?a[b]=1&a[c]=2&a[b]=3',
  '?toString=1&__proto__[x]=1&hasOwnProperty=2&ok=1',
  '?a[25]=x&a[0]=y',
  '?deep[a][b][c][d][e][f][g][h][i][j][k][l]=1',
  '?s=a%26b&t=1=2',
];

describe('the qs shim', () => {
  it.each(STATES.map((s) => [JSON.stringify(s), s]))('stringifies %s as qs does', (_, state) => {
    expect(shim.stringify(state, TABLE)).toBe(qs.stringify(state, TABLE));
    expect(shim.stringify(state, ROUTER)).toBe(qs.stringify(state, ROUTER));
  });

  it.each(QUERIES.map((q) => [q]))('parses %s as qs does', (query) => {
    expect(shim.parse(query, PARSE)).toEqual(qs.parse(query, PARSE));
    expect(shim.parse(query.replace(/^\?/, ''), { depth: 10 })).toEqual(
      qs.parse(query.replace(/^\?/, ''), { depth: 10 }),
    );
  });

  it('reads back what it writes (refine table state through the URL)', () => {
    for (const state of STATES) {
      const text = shim.stringify(state, ROUTER);
      expect(shim.parse(text, PARSE)).toEqual(qs.parse(text, PARSE));
    }
  });
});
