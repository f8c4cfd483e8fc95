import { PATHS } from '../../ui/pageConfig.ts';

const BARGAIN_PAGES = {
  normal: '/rootPages/homeZeroYuan/helpBargain',
  newYear: '/rootPages/homeZeroYuanNewYear/helpBargain',
} as const;

export type ShareTarget =
  | { kind: 'product'; path: string }
  | { kind: 'bargain'; path: string; newYear: boolean }
  | { kind: 'invite'; path: string; code: string }
  | { kind: 'none' };

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Where a shared link leads: ?type=product&id=…, ?type=bargain&id=…&edition=newYear|normal, or
 * ?type=invite&code=…; anything else (a bare visit, a broken link) leads nowhere in particular.
 */
export function shareTarget(params: URLSearchParams): ShareTarget {
  const type = params.get('type');
  if (type === 'product') {
    const id = positiveId(params.get('id'));
    if (id) return { kind: 'product', path: `${PATHS.product}?id=${id}` };
  }
  if (type === 'bargain') {
    const id = positiveId(params.get('id'));
    const newYear = params.get('edition') === 'newYear';
    if (id) {
      return {
        kind: 'bargain',
        newYear,
        path: `${BARGAIN_PAGES[newYear ? 'newYear' : 'normal']}?id=${id}`,
      };
    }
  }
  if (type === 'invite') {
    const code = (params.get('code') ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
    if (code) return { kind: 'invite', code, path: `${PATHS.login}?invite=${code}` };
  }
  return { kind: 'none' };
}
