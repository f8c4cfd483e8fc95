import type { CouponTemplateView, PageOf } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../core/session.ts';
import { couponApi } from '../../../ui/coupon/couponApi.ts';
import { myCoupon, renderAt, template } from '../../../ui/coupon/test/fixtures.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import CouponCenterPage from './CouponCenterPage.tsx';

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
  Object.assign(actual.couponApi, { center: vi.fn(), claim: vi.fn() });
  return actual;
});

const api = vi.mocked(couponApi);
const ALL = [
  template({ id: 1, title: '满100减20' }),
  template({ id: 2, title: '满200减50', scope: 'store', scopeText: '潮品旗舰店', storeId: 3 }),
  template({
    id: 3,
    title: '无门槛减5',
    kind: 'free',
    threshold: 0,
    amount: 500,
    state: 'soldOut',
  }),
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  useSession.setState({ status: 'in', isLogin: true, user: null });
  api.center.mockImplementation(
    async ({ scope = 'all', pageNum }): Promise<PageOf<CouponTemplateView>> => {
      const list = ALL.filter((t) => scope === 'all' || t.scope === scope);
      return { list, total: list.length, pageNum, pageSize: 10 };
    },
  );
});

const open = (query = '') =>
  renderAt(PATHS.couponCenter, `${PATHS.couponCenter}${query}`, <CouponCenterPage />);

describe('领券中心', () => {
  it('lists every coupon with its button; a sold-out one is stamped', async () => {
    open();
    expect((await screen.findByTestId('coupon-claim-1')).textContent).toBe('立即领取');
    const soldOut = screen.getByTestId('coupon-claim-3') as HTMLButtonElement;
    expect(soldOut.textContent).toBe('已抢光');
    expect(soldOut.disabled).toBe(true);
    expect(screen.getByTestId('coupon-template-3').classList.contains('is-muted')).toBe(true);
  });

  it('names what a coupon is for, linking to it, with its validity and threshold', async () => {
    api.center.mockResolvedValue({
      list: [
        template({
          id: 7,
          kind: 'free',
          threshold: 0,
          amount: 300,
          title: '无门槛减¥3',
          scope: 'product',
          scopeText: '商品券',
          scopeTargets: [
            { kind: 'product', id: 42, name: '红富士苹果', link: `${PATHS.product}?id=42` },
          ],
        }),
        template({
          id: 8,
          title: '满150减20',
          threshold: 15000,
          scope: 'category',
          scopeText: '品类券',
          scopeTargets: [
            { kind: 'category', id: 9, name: '水果', link: `${PATHS.category}?id=3&child=9` },
          ],
        }),
      ],
      total: 2,
      pageNum: 1,
      pageSize: 10,
    });
    open();
    const product = await screen.findByTestId('coupon-template-7');
    expect(product.textContent).toContain('限商品红富士苹果可用');
    expect(product.textContent).toContain('无门槛');
    expect(product.querySelector('a')?.getAttribute('href')).toBe(`${PATHS.product}?id=42`);
    const category = screen.getByTestId('coupon-template-8');
    expect(category.textContent).toContain('限品类水果可用');
    expect(category.textContent).toContain('满150可用');
    expect(category.textContent).toContain('领取后7天内有效');
    fireEvent.click(screen.getByRole('link', { name: '水果' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.category}?id=3&child=9`),
    );
  });

  it('a tab asks for its scope', async () => {
    open();
    await screen.findByTestId('coupon-claim-1');
    fireEvent.click(screen.getByTestId('coupon-scope-store'));
    await screen.findByTestId('coupon-claim-2');
    expect(screen.queryByTestId('coupon-claim-1')).toBeNull();
    expect(api.center).toHaveBeenLastCalledWith({ scope: 'store', pageNum: 1, pageSize: 10 });
  });

  it('opens on the tab of ?scope=', async () => {
    open('?scope=store');
    await screen.findByTestId('coupon-claim-2');
    expect(api.center).toHaveBeenCalledWith({ scope: 'store', pageNum: 1, pageSize: 10 });
  });

  it('a claim updates its row at once', async () => {
    // The refetch after the claim answers slowly: the row must not wait for it.
    api.claim.mockResolvedValue(myCoupon({ templateId: 1 }));
    open();
    fireEvent.click(await screen.findByTestId('coupon-claim-1'));
    api.center.mockImplementation(() => new Promise(() => {}));
    await waitFor(() => expect(screen.getByTestId('coupon-claim-1').textContent).toBe('已领取'));
    expect(api.claim).toHaveBeenCalledWith(1);
  });
});
