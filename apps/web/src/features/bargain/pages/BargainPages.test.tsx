import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { brief, detail, edition, item, itemData, items } from '../testing/fixtures.ts';
import BargainPages from './BargainPages.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const NEW_YEAR = '/rootPages/homeZeroYuanNewYear/:page';
const NORMAL = '/rootPages/homeZeroYuan/:page';

describe('bargain pages', () => {
  it('lists the New Year edition in its own theme, for a logged-out visitor', async () => {
    const ny = edition({ edition: 'newYear', title: '新春砍价' });
    const calls = fakeApi({
      'bargain/items': () =>
        items({ edition: ny, list: [{ item: item({ edition: 'newYear' }), mine: null }] }),
      'bargain/editions': () => ({ list: [edition(), ny] }),
    });
    renderPage(<BargainPages />, NEW_YEAR, '/rootPages/homeZeroYuanNewYear/homeZeroYuan');
    expect(await screen.findByRole('heading', { name: '新春砍价' })).toBeTruthy();
    expect(document.querySelector('[data-edition="newYear"]')).not.toBeNull();
    expect(screen.getByTestId('bargain-item').getAttribute('href')).toBe(
      '/rootPages/homeZeroYuanNewYear/homeZeroDetail?id=3',
    );
    // The other edition's entry.
    expect(screen.getByTestId('other-edition').textContent).toBe('砍价免费拿');
    expect(calls.find((c) => c.path === 'bargain/items')?.params.get('edition')).toBe('newYear');
  });

  it('shows an item with its 晒单 and asks a logged-out visitor to log in to start', async () => {
    fakeApi({ 'bargain/item': () => itemData() });
    renderPage(<BargainPages />, NORMAL, '/rootPages/homeZeroYuan/homeZeroDetail?id=3');
    expect((await screen.findByTestId('bargain-action')).textContent).toBe('登录发起砍价');
    expect(screen.getByTestId('bargain-post').textContent).toContain('真的免费拿到了');
    expect(screen.getByText('好友帮砍可得¥1.00红包')).toBeTruthy();
  });

  it('offers the way on from my running bargain', async () => {
    fakeApi({ 'bargain/item': () => itemData({ mine: brief(), canStart: false }) });
    renderPage(<BargainPages />, NORMAL, '/rootPages/homeZeroYuan/homeZeroDetail?id=3');
    expect((await screen.findByTestId('bargain-action')).textContent).toBe('邀请好友帮砍');
    expect(screen.getByTestId('bargain-remaining').textContent).toBe('还差¥40.00');
  });

  it('tells a helper who already cut what they cut', async () => {
    fakeApi({ 'bargain/detail': () => detail() });
    renderPage(<BargainPages />, NORMAL, '/rootPages/homeZeroYuan/helpBargain?id=7');
    expect((await screen.findByTestId('help-block')).textContent).toBe('你已帮TA砍掉¥2.50');
    expect(screen.queryByTestId('help-cut')).toBeNull();
    expect(screen.getAllByTestId('bargain-helper')).toHaveLength(1);
  });

  it('answers an unknown page or a missing id without crashing', async () => {
    fakeApi({});
    renderPage(<BargainPages />, NORMAL, '/rootPages/homeZeroYuan/nope');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });

  it('says so when the bargain does not exist', async () => {
    fakeApi({});
    renderPage(<BargainPages />, NORMAL, '/rootPages/homeZeroYuan/helpBargain?id=99');
    expect(await screen.findByText('砍价不存在')).toBeTruthy();
  });
});
