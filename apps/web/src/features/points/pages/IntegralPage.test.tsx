import type { SignInData } from '@chaopin/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { pointsHome } from '../testing/fixtures.ts';
import IntegralPage from './IntegralPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));
const { showSuccess, showToast } = await import('../../../ui/toast.ts');

beforeEach(() => {
  vi.mocked(showSuccess).mockClear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** A server whose home turns signed once points/signIn was called. */
function open(home = pointsHome(), answer?: SignInData) {
  let current = home;
  const result: SignInData = answer ?? { fresh: true, points: 10, streak: 4, balance: 130 };
  const calls = fakeApi({
    'points/home': () => current,
    'points/signIn': () => {
      current = {
        ...current,
        signedToday: true,
        balance: result.balance,
        streak: result.streak,
        month: [...current.month, { day: current.today, points: result.points, streak: 4 }],
      };
      return result;
    },
  });
  renderPage(<IntegralPage />, PATHS.integral);
  const signIns = () => calls.filter((c) => c.path === 'points/signIn');
  return { signIns };
}

describe('积分签到', () => {
  it('shows what a refunded order still owes (0 points, the debt under it); nothing without a debt', async () => {
    open(pointsHome({ balance: 0, debt: 15 }));
    expect((await screen.findByTestId('points-balance')).textContent).toBe('0');
    expect(screen.getByTestId('points-debt').textContent).toBe(
      '订单退款待扣 15 积分，之后所得先抵扣',
    );
  });

  it('shows no debt line while nothing is owed', async () => {
    open();
    await screen.findByTestId('points-balance');
    expect(screen.queryByTestId('points-debt')).toBeNull();
  });

  it('shows the balance, the streak and this month with signed days, today and the 7th day', async () => {
    open();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('120');
    expect(screen.getByTestId('points-streak').textContent).toBe('连续签到 3 天');
    const calendar = screen.getByTestId('sign-calendar');
    expect(calendar.textContent).toContain('2024年5月');
    // May 2024 starts on a Wednesday: the 1st sits in the third column.
    expect(within(calendar).getAllByRole('listitem')).toHaveLength(31);
    expect(screen.getByTestId('cal-2024-05-01').style.gridColumnStart).toBe('3');
    for (const day of ['05', '06', '07']) {
      const cell = screen.getByTestId(`cal-2024-05-${day}`);
      expect(cell.className).toContain('is-signed');
      expect(cell.textContent).toBe(`${Number(day)}+10`);
    }
    expect(screen.getByTestId('cal-2024-05-04').className).not.toContain('is-signed');
    const today = screen.getByTestId('cal-2024-05-08');
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.className).not.toContain('is-signed');
    // Today is the streak's 4th day, so the 11th is its 7th: the bonus is hinted there.
    const seventh = screen.getByTestId('cal-2024-05-11');
    expect(seventh.className).toContain('is-bonus');
    expect(seventh.textContent).toBe('11+50');
    expect(screen.getByTestId('task-signin').textContent).toContain('+10');
    expect(screen.getByTestId('task-firstOrder').textContent).toContain('+20');
  });

  it('signs in with one tap: 签到成功 +N积分, then 已签到 and today marked', async () => {
    const { signIns } = open();
    const button = await screen.findByTestId('sign-in');
    expect(button.textContent).toBe('签到+10积分');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('签到成功 +10积分'));
    expect(signIns()).toHaveLength(1);
    expect(signIns()[0]?.method).toBe('POST');
    await waitFor(() => expect(screen.getByTestId('sign-in').textContent).toBe('已签到'));
    expect((screen.getByTestId('sign-in') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('points-balance').textContent).toBe('130');
    expect(screen.getByTestId('points-streak').textContent).toBe('连续签到 4 天');
    expect(screen.getByTestId('cal-2024-05-08').className).toContain('is-signed');
    expect(screen.getByTestId('cal-2024-05-08').textContent).toBe('8+10');
  });

  it('is 已签到 and cannot be tapped when today is signed', async () => {
    const { signIns } = open(
      pointsHome({
        signedToday: true,
        streak: 4,
        month: [...pointsHome().month, { day: '2024-05-08', points: 10, streak: 4 }],
      }),
    );
    const button = await screen.findByTestId('sign-in');
    expect(button.textContent).toBe('已签到');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(screen.getByTestId('cal-2024-05-08').className).toContain('is-signed');
    expect(screen.getByTestId('sign-note').textContent).toContain('今日已签到');
    expect(screen.getByRole('button', { name: '已完成' })).toBeTruthy();
    expect(signIns()).toHaveLength(0);
  });

  it('a sign-in the server had already counted says so, not 签到成功', async () => {
    open(pointsHome(), { fresh: false, points: 10, streak: 4, balance: 130 });
    fireEvent.click(await screen.findByTestId('sign-in'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('今天已经签到过了'));
    expect(showSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('sign-in').textContent).toBe('已签到'));
  });

  it('opens the rules sheet with the configured numbers', async () => {
    open(pointsHome({ rules: { signIn: 5, streak7Bonus: 30, streak30Bonus: 100, firstOrder: 8 } }));
    fireEvent.click(await screen.findByTestId('points-rules-open'));
    const rules = await screen.findByTestId('points-rule');
    expect(within(rules).getByTestId('rule-sign-in').textContent).toBe('5');
    expect(within(rules).getByTestId('rule-streak7').textContent).toBe('30');
    expect(within(rules).getByTestId('rule-streak30').textContent).toBe('100');
    expect(within(rules).getByTestId('rule-first-order').textContent).toBe('8');
    expect(rules.textContent).toContain('北京时间');
  });

  it.each([
    ['去购物', PATHS.home],
    ['去邀请', PATHS.userQR],
    ['积分明细', PATHS.integralBill],
  ])('%s opens its page', async (name, path) => {
    open();
    await screen.findByTestId('points-balance');
    const target = screen.queryByRole('button', { name }) ?? screen.getByRole('link', { name });
    fireEvent.click(target);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(path));
  });
});
