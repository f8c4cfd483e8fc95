import type { AssetsData } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import AssetsPage from './AssetsPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

const assets: AssetsData = {
  balance: 12345,
  redPacketBalance: 520,
  unopenedRedPackets: 2,
  couponCount: 3,
  expiringCoupons: 1,
  points: null,
  commission: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAssets(data: AssetsData) {
  fakeApi({
    'wallet/assets': () => data,
    'account/queryBalance': () => ({ balance: data.balance }),
  });
  renderPage(<AssetsPage />, PATHS.assets);
}

describe('我的资产', () => {
  it('shows the balance (for the top-up too), red packets, coupons and what is coming', async () => {
    renderAssets(assets);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('123.45'));
    expect(screen.getByTestId('assets-balance').textContent).toBe('123.45');
    await waitFor(() =>
      expect(screen.getByTestId('assets-redpacket').textContent).toContain('5.20'),
    );
    expect(screen.getByTestId('assets-redpacket').textContent).toContain('2个待拆');
    expect(screen.getByTestId('assets-coupons').textContent).toContain('3张');
    expect(screen.getByTestId('assets-coupons').textContent).toContain('1张即将过期');
    expect(screen.getAllByText('敬请期待')).toHaveLength(1);
    expect(screen.getByTestId('assets-points').textContent).toBe('去签到积分');
    expect(screen.getByRole('button', { name: '立即充值' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '¥100.00' })).toBeTruthy();
  });

  it('shows points and commission once they are there, and no note without expiring coupons', async () => {
    renderAssets({ ...assets, expiringCoupons: 0, points: 80, commission: 1500 });
    await waitFor(() => expect(screen.getByTestId('assets-coupons').textContent).toBe('3张优惠券'));
    expect(screen.queryByText('敬请期待')).toBeNull();
    expect(screen.getByText('80')).toBeTruthy();
    expect(screen.getByText('15.00')).toBeTruthy();
    expect(screen.getByTestId('assets-commission').getAttribute('href')).toBe(PATHS.myExtension);
  });

  it('shows a commission debt as a negative balance, still linking to 推广中心', async () => {
    renderAssets({ ...assets, commission: -350 });
    expect((await screen.findByTestId('assets-commission')).textContent).toBe('-3.50佣金');
  });

  it.each([
    ['明细', PATHS.bill],
    ['提现规则', PATHS.withdrawRule],
  ])('%s opens its page', async (entry, path) => {
    renderAssets(assets);
    fireEvent.click(await screen.findByText(entry));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(path));
  });

  it.each([
    ['assets-redpacket', PATHS.redPacket],
    ['assets-coupons', PATHS.myCoupon],
    ['assets-points', PATHS.integral],
  ])('%s links to its page', (testId, path) => {
    renderAssets(assets);
    expect(screen.getByTestId(testId).getAttribute('href')).toBe(path);
  });
});
