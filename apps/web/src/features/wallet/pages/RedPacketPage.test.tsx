import type { AssetsData, RedPacketPage as Page, RedPacket } from '@chaopin/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, setAntdRender } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import RedPacketPage from './RedPacketPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));
const { showToast } = await import('../../../ui/toast.ts');

const base: RedPacket = {
  id: 1,
  title: '新人红包',
  source: 'newUser',
  sourceText: '新人红包',
  state: 'unopened',
  minAmount: 100,
  maxAmount: 888,
  amount: null,
  expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  openedAt: null,
  createdAt: new Date().toISOString(),
};
const packets: RedPacket[] = [
  base,
  { ...base, id: 2, title: '活动红包', state: 'opened', amount: 520, openedAt: base.createdAt },
  { ...base, id: 3, title: '过期红包', state: 'expired' },
];
const assets: AssetsData = {
  balance: 0,
  redPacketBalance: 520,
  unopenedRedPackets: 1,
  couponCount: 0,
  expiringCoupons: 0,
  points: null,
  commission: null,
};
const page = (list: RedPacket[]): Page => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
  balance: 520,
  unopened: 1,
});

setAntdRender();
beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('我的红包', () => {
  it('lists packets by tab: 最高¥max and 拆 while unopened, the amount once opened', async () => {
    const calls = fakeApi({
      'wallet/assets': () => assets,
      'redPacket/list': (q) =>
        page(packets.filter((p) => q.get('status') === 'all' || p.state === q.get('status'))),
    });
    renderPage(<RedPacketPage />, PATHS.redPacket);
    const cards = await screen.findAllByTestId('redpacket');
    expect(cards).toHaveLength(3);
    expect(cards[0]?.textContent).toContain('最高');
    expect(cards[0]?.textContent).toContain('¥8.88');
    expect(within(cards[0] as HTMLElement).getByTestId('redpacket-open-1').textContent).toBe('拆');
    expect(cards[1]?.textContent).toContain('¥5.20');
    expect(cards[1]?.textContent).toContain('已拆');
    expect(cards[2]?.className).toContain('wl-packet--expired');
    expect(screen.queryByTestId('redpacket-open-2')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('redpacket-balance').textContent).toBe('5.20'));

    fireEvent.click(screen.getByRole('tab', { name: /已过期/ }));
    await waitFor(() => expect(screen.getAllByTestId('redpacket')).toHaveLength(1));
    expect(
      calls.some((c) => c.path === 'redPacket/list' && c.params.get('status') === 'expired'),
    ).toBe(true);
  });

  it('拆 asks the server for the amount and reveals it in the modal', async () => {
    const calls = fakeApi({
      'wallet/assets': () => assets,
      'redPacket/list': () => page(packets),
      'redPacket/open': (body) => ({
        packet: { ...base, id: Number(body.get('id')), state: 'opened', amount: 366 },
        balance: 886,
      }),
    });
    renderPage(<RedPacketPage />, PATHS.redPacket);
    fireEvent.click(await screen.findByTestId('redpacket-open-1'));
    expect(screen.getByRole('dialog', { name: '拆红包' })).toBeTruthy();
    const amount = await screen.findByTestId('redpacket-opened-amount', {}, { timeout: 3000 });
    expect(amount.textContent).toBe('¥3.66');
    const open = calls.find((c) => c.path === 'redPacket/open');
    expect(open?.method).toBe('POST');
    expect(open?.params.get('id')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '开心收下' }));
    expect(screen.queryByRole('dialog', { name: '拆红包' })).toBeNull();
  });

  it('a refused 拆 closes the modal and says why', async () => {
    fakeApi({
      'wallet/assets': () => assets,
      'redPacket/list': () => page(packets),
    });
    renderPage(<RedPacketPage />, PATHS.redPacket);
    fireEvent.click(await screen.findByTestId('redpacket-open-1'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('不存在'));
    expect(screen.queryByRole('dialog', { name: '拆红包' })).toBeNull();
  });

  it('a tapped packet opens its detail from redPacket/detail', async () => {
    const calls = fakeApi({
      'wallet/assets': () => assets,
      'redPacket/list': () => page(packets),
      'redPacket/detail': () => packets[1],
    });
    renderPage(<RedPacketPage />, PATHS.redPacket);
    fireEvent.click(await screen.findByText('活动红包'));
    const detail = await screen.findByTestId('redpacket-detail');
    expect(detail.textContent).toContain('已拆');
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'redPacket/detail')?.params.get('id')).toBe('2'),
    );
  });

  it('一键删除过期 asks first, then removes them', async () => {
    const calls = fakeApi({
      'wallet/assets': () => assets,
      'redPacket/list': () => page(packets),
      'redPacket/deleteALL': () => ({ deleted: 1 }),
    });
    renderPage(<RedPacketPage />, PATHS.redPacket);
    await screen.findAllByTestId('redpacket');
    fireEvent.click(screen.getByTestId('redpacket-delete-expired'));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('已删除1个过期红包'));
    expect(calls.filter((c) => c.path === 'redPacket/deleteALL')).toHaveLength(1);
  });
});
