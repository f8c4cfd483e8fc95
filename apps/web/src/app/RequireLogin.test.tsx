import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../core/session.ts';
import { LOGIN_FIRST, RequireLogin } from './RequireLogin.tsx';

vi.mock('../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));
const { showToast } = await import('../ui/toast.ts');

function LoginProbe() {
  const location = useLocation();
  return <div data-testid="login">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/pages/userSetting/setting',
        element: (
          <RequireLogin>
            <div>设置页面</div>
          </RequireLogin>
        ),
      },
      { path: '/pages/login/login', element: <LoginProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  cleanup(); // unmount first, so resetting the session does not fire this test's gate
  useSession.setState({ status: 'out', isLogin: false, user: null });
});

describe('login gate', () => {
  it('sends a logged-out user to the login page with 请先登录 and a way back', async () => {
    useSession.setState({ status: 'out', isLogin: false, user: null });
    const router = renderAt('/pages/userSetting/setting?tab=1');
    expect((await screen.findByTestId('login')).textContent).toBe(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/userSetting/setting?tab=1')}`,
    );
    expect(showToast).toHaveBeenCalledWith(LOGIN_FIRST);
    expect(LOGIN_FIRST).toBe('请先登录');
    expect(screen.queryByText('设置页面')).toBeNull();
    // replace, not push: back from the login page does not land on the gate again
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders the page for a logged-in user', () => {
    useSession.setState({ status: 'in', isLogin: true });
    renderAt('/pages/userSetting/setting');
    expect(screen.getByText('设置页面')).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('waits while the stored token is being checked, then decides', async () => {
    useSession.setState({ status: 'checking', isLogin: false });
    renderAt('/pages/userSetting/setting');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('设置页面')).toBeNull();
    act(() => useSession.setState({ status: 'in', isLogin: true }));
    expect(await screen.findByText('设置页面')).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
  });
});
