import { describe, expect, it } from 'vitest';
import { shareTarget } from './share.ts';

const at = (q: string) => shareTarget(new URLSearchParams(q));

describe('shareTarget', () => {
  it('leads products, bargains (both editions) and invitations to their pages', () => {
    expect(at('type=product&id=12')).toEqual({
      kind: 'product',
      path: '/pages/shopDetails/shopDetails?id=12',
    });
    expect(at('type=bargain&id=5')).toMatchObject({
      path: '/rootPages/homeZeroYuan/helpBargain?id=5',
      newYear: false,
    });
    expect(at('type=bargain&id=5&edition=newYear')).toMatchObject({
      path: '/rootPages/homeZeroYuanNewYear/helpBargain?id=5',
      newYear: true,
    });
    expect(at('type=invite&code=AB12<x>')).toEqual({
      kind: 'invite',
      code: 'AB12x',
      path: '/pages/login/login?invite=AB12x',
    });
  });

  it('leads nowhere for a bare visit or a broken link', () => {
    for (const q of [
      '',
      'type=product',
      'type=product&id=-1',
      'type=bargain&id=x',
      'type=invite',
      'type=zzz&id=1',
    ]) {
      expect(at(q)).toEqual({ kind: 'none' });
    }
  });
});
