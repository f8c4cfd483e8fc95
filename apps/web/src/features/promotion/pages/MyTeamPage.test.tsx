import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { member, teamPage } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import MyTeamPage from './MyTeamPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const DIRECT = [member({ userId: 1, nickname: '小红' }), member({ userId: 2, nickname: '阿强' })];
const INDIRECT = [member({ userId: 3, nickname: '老王', tierText: '推广员', tier: 'promoter' })];

function open(entry: string = PATHS.myTeam) {
  const calls = fakeApi({
    'promotion/team': (p) => {
      const level = p.get('level');
      const keyword = p.get('keyword') ?? '';
      const all = level === '2' ? INDIRECT : DIRECT;
      return teamPage(all.filter((m) => m.nickname.includes(keyword)));
    },
  });
  const { router } = renderPage(<MyTeamPage />, PATHS.myTeam, entry);
  const last = () => calls.filter((c) => c.path === 'promotion/team').at(-1)?.params;
  return { calls, router, last };
}

describe('我的团队', () => {
  it('lists the direct members with their figures, the tabs with both counts', async () => {
    const { last } = open();
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(2);
    expect(last()?.get('level')).toBe('1');
    expect(last()?.has('keyword')).toBe(false);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('小红');
    expect(first.textContent).toContain('138****0001');
    expect(first.textContent).toContain('普通用户');
    expect(first.textContent).toContain('订单 3');
    expect(first.textContent).toContain('贡献 ¥12.90');
    expect(screen.getByTestId('team-tab-1').textContent).toBe('直属成员(5)');
    expect(screen.getByTestId('team-tab-2').textContent).toBe('间接成员(9)');
  });

  it('间接成员 asks for level 2 and keeps the tab in the address', async () => {
    const { last, router } = open();
    await screen.findAllByTestId('team-member');
    fireEvent.click(screen.getByTestId('team-tab-2'));
    await waitFor(() => expect(last()?.get('level')).toBe('2'));
    expect(router.state.location.search).toBe('?level=2');
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('老王')).toBeTruthy();

    fireEvent.click(screen.getByTestId('team-tab-1'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(last()?.get('level')).toBe('1');
  });

  it('searches by keyword within the tab, and says when nobody matches', async () => {
    const { last, router } = open(`${PATHS.myTeam}?level=1`);
    await screen.findAllByTestId('team-member');
    const box = within(screen.getByTestId('team-search')).getByRole(
      'searchbox',
    ) as HTMLInputElement;
    fireEvent.change(box, { target: { value: ' 阿强 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(last()?.get('keyword')).toBe('阿强'));
    expect(last()?.get('level')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('阿强');
    await waitFor(() => expect(screen.getAllByTestId('team-member')).toHaveLength(1));

    fireEvent.change(box, { target: { value: '不存在' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有找到相关成员')).toBeTruthy();
  });

  it('an empty team offers 去邀请', async () => {
    fakeApi({ 'promotion/team': () => teamPage([], { directCount: 0, indirectCount: 0 }) });
    renderPage(<MyTeamPage />, PATHS.myTeam);
    fireEvent.click(await screen.findByRole('button', { name: '去邀请' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.userQR));
  });
});
