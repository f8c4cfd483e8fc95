import type { SavingRow, SavingsPage } from '@chaopin/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import SaveMoneyPage from './SaveMoneyPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

const rows: SavingRow[] = [
  {
    orderNo: 'O202405020001',
    title: '潮流卫衣',
    image: '/uploads/a.png',
    listAmount: 19_900,
    saved: 995,
    paidAt: '2024-05-02T08:00:00.000Z',
  },
  {
    orderNo: 'O202405010001',
    title: '运动鞋',
    image: '/uploads/b.png',
    listAmount: 39_900,
    saved: 1995,
    paidAt: '2024-05-01T08:00:00.000Z',
  },
];
const answer = (list: SavingRow[], totalSaved: number, orderCount: number): SavingsPage => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
  totalSaved,
  orderCount,
});

afterEach(() => vi.unstubAllGlobals());

describe('会员省钱明细', () => {
  it('shows the total saved, the order count and each order with what it saved', async () => {
    const calls = fakeApi({ 'member/savings': () => answer(rows, 2990, 2) });
    renderPage(<SaveMoneyPage />, PATHS.saveMoney);
    const found = await screen.findAllByTestId('saving-row');
    expect(found).toHaveLength(2);
    expect(screen.getByTestId('savings-total').textContent).toBe('29.90');
    expect(screen.getByTestId('savings-count').textContent).toContain('2');
    const [first] = found as [HTMLElement];
    expect(within(first).getByText('潮流卫衣')).toBeTruthy();
    expect(first.textContent).toContain('O202405020001');
    expect(first.textContent).toContain('原价 ¥199.00');
    expect(first.textContent).toContain('省¥9.95');
    expect(first.getAttribute('href')).toBe(`${PATHS.orderInfo}?orderNo=O202405020001`);
    const asked = calls.find((c) => c.path === 'member/savings');
    expect(asked?.params.get('pageNum')).toBe('1');
    expect(asked?.params.get('pageSize')).toBe('10');
  });

  it('with nothing saved offers 开通会员', async () => {
    fakeApi({ 'member/savings': () => answer([], 0, 0) });
    renderPage(<SaveMoneyPage />, PATHS.saveMoney);
    expect(await screen.findByText('暂无省钱记录')).toBeTruthy();
    expect(screen.getByTestId('savings-total').textContent).toBe('0.00');
    fireEvent.click(screen.getByRole('button', { name: '开通会员' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.membersPay));
  });
});
