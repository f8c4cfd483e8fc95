import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../core/session.ts';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { CouponSheet } from './CouponSheet.tsx';
import { couponApi } from './couponApi.ts';
import { myCoupon, renderAt, template } from './test/fixtures.tsx';

vi.mock('../toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

// The module's own queries call couponApi: its methods are stubbed in place.
vi.mock('./couponApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./couponApi.ts')>();
  Object.assign(actual.couponApi, { ofProduct: vi.fn(), ofStore: vi.fn(), claim: vi.fn() });
  return actual;
});

const api = vi.mocked(couponApi);
const THREE = [
  template({ id: 1, title: '满100减20' }),
  template({ id: 2, title: '满200减50', scope: 'store', scopeText: '潮品旗舰店', storeId: 3 }),
  template({ id: 3, title: '8.5折 最高减¥30', kind: 'discount', rate: 85, cap: 3000 }),
];

const openProduct = () =>
  renderAt(PATHS.product, `${PATHS.product}?id=7`, <CouponSheet productId={7} />);

// The sheet is a lazy chunk; loading antd-mobile's Popup the first time outlasts findBy's wait.
beforeAll(async () => {
  await import('./CouponSheetPopup.tsx');
}, 20_000);

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ status: 'out', isLogin: false, user: null });
});

describe('the 领券 row and sheet', () => {
  it('shows nothing when the product has no coupons', async () => {
    api.ofProduct.mockResolvedValue({ list: [] });
    openProduct();
    await waitFor(() => expect(api.ofProduct).toHaveBeenCalledWith(7));
    expect(screen.queryByTestId('coupon-row')).toBeNull();
  });

  it("a store's row asks for the store's coupons", async () => {
    api.ofStore.mockResolvedValue({ list: [THREE[1]!] });
    renderAt(PATHS.store, `${PATHS.store}?id=3`, <CouponSheet storeId={3} />);
    const row = await screen.findByTestId('coupon-row');
    expect(api.ofStore).toHaveBeenCalledWith(3);
    expect(row.textContent).toContain('满200减50');
  });

  it('the row names the first two coupons and opens the sheet with all of them', async () => {
    api.ofProduct.mockResolvedValue({ list: THREE });
    openProduct();
    const row = await screen.findByTestId('coupon-row');
    expect(row.textContent).toContain('领券');
    expect(row.textContent).toContain('满100减20');
    expect(row.textContent).toContain('满200减50');
    expect(row.textContent).not.toContain('8.5折');
    expect(row.textContent).toContain('共3张');
    fireEvent.click(row);
    const sheet = await screen.findByTestId('coupon-sheet');
    expect(sheet.textContent).toContain('潮品旗舰店');
    expect(sheet.textContent).toContain('8.5折');
    expect(screen.getByTestId('coupon-claim-3').textContent).toBe('立即领取');
  });

  it('a signed-out user is sent to log in, without a claim', async () => {
    api.ofProduct.mockResolvedValue({ list: THREE });
    openProduct();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    fireEvent.click(await screen.findByTestId('coupon-claim-1'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${PATHS.login}?redirect=${encodeURIComponent(`${PATHS.product}?id=7`)}`,
      ),
    );
    expect(api.claim).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith('请先登录');
  });

  it('a claim turns the button into 已领取 in place', async () => {
    useSession.setState({ status: 'in', isLogin: true });
    let claimed = false;
    api.ofProduct.mockImplementation(async () => ({
      list: THREE.map((t) => (t.id === 1 && claimed ? { ...t, claimed: 1, state: 'claimed' } : t)),
    }));
    api.claim.mockImplementation(async () => {
      claimed = true;
      return myCoupon({ templateId: 1 });
    });
    openProduct();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    fireEvent.click(await screen.findByTestId('coupon-claim-1'));
    await waitFor(() => expect(screen.getByTestId('coupon-claim-1').textContent).toBe('已领取'));
    expect(api.claim).toHaveBeenCalledWith(1);
    expect(showToast).toHaveBeenCalledWith('领取成功');
    expect((screen.getByTestId('coupon-claim-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('coupon-claim-2').textContent).toBe('立即领取');
  });

  it("a refused claim shows the server's message", async () => {
    useSession.setState({ status: 'in', isLogin: true });
    api.ofProduct.mockResolvedValue({ list: THREE });
    const { ApiError } = await import('../../core/api/client.ts');
    api.claim.mockRejectedValue(new ApiError(409, '优惠券已被抢光', 'COUPON_SOLD_OUT'));
    openProduct();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    fireEvent.click(await screen.findByTestId('coupon-claim-2'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('优惠券已被抢光'));
  });
});
