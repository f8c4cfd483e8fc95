import { describe, expect, it } from 'vitest';
import { shopperLink, targetLabel } from './target.ts';

describe('report targets', () => {
  it('links goods, stores and live rooms to the shopper app', () => {
    expect(shopperLink('goods', 12)).toBe('/#/pages/shopDetails/shopDetails?id=12');
    expect(shopperLink('store', 3)).toBe('/#/pages/shopDetailsStore/shopDetailsStore?id=3');
    expect(shopperLink('live', 7)).toBe('/#/rootPages/livePlay/play?id=7');
    expect(shopperLink('user', 9)).toBeNull();
  });
  it('names them in Chinese', () => {
    expect(targetLabel('live')).toBe('直播间');
    expect(targetLabel('other')).toBe('other');
  });
});
