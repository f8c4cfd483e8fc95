import type { MyCoupon, MyCouponPage as MyCouponPageData, MyCouponTab } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { couponApi } from '../../../ui/coupon/couponApi.ts';
import { myCoupon, renderAt } from '../../../ui/coupon/test/fixtures.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import MyCouponPage from './MyCouponPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

// The module's own queries call couponApi: its methods are stubbed in place.
vi.mock('../../../ui/coupon/couponApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../ui/coupon/couponApi.ts')>();
  Object.assign(actual.couponApi, { mine: vi.fn() });
  return actual;
});

const api = vi.mocked(couponApi);
const COUNTS = { unused: 3, used: 1, expired: 0 };
const LISTS: Record<MyCouponTab, MyCoupon[]> = {
  unused: [
    myCoupon({ id: 21, expiringSoon: true }),
    myCoupon({ id: 22, scope: 'store', scopeText: '潮品旗舰店', storeId: 8, title: '满50减5' }),
    myCoupon({ id: 23, state: 'held', orderNo: 'CP2026' }),
  ],
  used: [myCoupon({ id: 24, state: 'used', orderNo: 'CP2025' })],
  expired: [],
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  api.mine.mockImplementation(
    async ({ status = 'unused', pageNum }): Promise<MyCouponPageData> => ({
      list: LISTS[status],
      total: LISTS[status].length,
      pageNum,
      pageSize: 10,
      counts: COUNTS,
    }),
  );
});

const open = (query = '') =>
  renderAt(PATHS.myCoupon, `${PATHS.myCoupon}${query}`, <MyCouponPage />);

describe('我的优惠券', () => {
  it('titles the tabs with their counts and lists the unused coupons', async () => {
    open();
    await screen.findByTestId('coupon-card-21');
    expect(screen.getByTestId('coupon-tab-unused').textContent).toBe('未使用(3)');
    expect(screen.getByTestId('coupon-tab-used').textContent).toBe('已使用(1)');
    expect(screen.getByTestId('coupon-tab-expired').textContent).toBe('已过期(0)');
    expect(screen.getByTestId('coupon-card-21').textContent).toContain('即将过期');
    expect(screen.getByTestId('coupon-card-21').textContent).toContain('有效期至 2026-01-31 23:59');
    expect(api.mine).toHaveBeenCalledWith({ status: 'unused', pageNum: 1, pageSize: 10 });
  });

  it('a held coupon says 订单占用中 instead of 去使用', async () => {
    open();
    const held = await screen.findByTestId('coupon-card-23');
    expect(held.textContent).toContain('订单占用中');
    expect(screen.queryByTestId('coupon-use-23')).toBeNull();
  });

  it('去使用 opens the goods the coupon applies to', async () => {
    open();
    fireEvent.click(await screen.findByTestId('coupon-use-21'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.couponGoods}?id=21`),
    );
  });

  it("去使用 of a store coupon opens the store's page", async () => {
    open();
    fireEvent.click(await screen.findByTestId('coupon-use-22'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.store}?id=8`),
    );
  });

  it('used coupons carry the stamp and no button; an empty tab says so', async () => {
    open('?status=used');
    const used = await screen.findByTestId('coupon-card-24');
    expect(used.textContent).toContain('已使用');
    expect(used.querySelector('button')).toBeNull();
    fireEvent.click(screen.getByTestId('coupon-tab-expired'));
    await screen.findByText('暂无已过期的优惠券');
    // The counts stay in the titles while the other tab loads.
    expect(screen.getByTestId('coupon-tab-unused').textContent).toBe('未使用(3)');
  });
});
