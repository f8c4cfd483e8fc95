import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../core/session.ts';
import { fakeApi, renderPage } from '../../test/harness.tsx';
import { PATHS } from '../../ui/pageConfig.ts';
import LoginPage from '../auth/pages/LoginPage.tsx';

// The share link's invite code on the login page (LoginPage lives in auth; the code is ours).
vi.mock('../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  // A login here logs the shared session in; the next test must find the page logged out.
  useSession.getState().clear();
});

// antd-mobile's Input repeats aria-label on its wrapper: the field is the <input> among them.
function field(label: string): HTMLInputElement {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no ${label} input`);
  return input as HTMLInputElement;
}

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function routes() {
  return fakeApi({
    'user/mobileLogin': () => ({ token: 't1', isNew: true }),
    'user/queryUser': () => ({ id: 1, nickname: '新用户', avatar: '', phone: '139****5678' }),
  });
}

async function submit() {
  fill('手机号', '13912345678');
  fill('验证码', '123456');
  fireEvent.click(screen.getByLabelText('同意用户协议和隐私政策'));
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('登录 with an invite code', () => {
  it('prefills the code from ?invite= and sends it with the SMS login', async () => {
    const calls = routes();
    renderPage(<LoginPage />, PATHS.login, `${PATHS.login}?invite=AB12cd`);
    expect(field('邀请码（选填）').value).toBe('AB12cd');
    await submit();
    await waitFor(() => expect(calls.some((c) => c.path === 'user/mobileLogin')).toBe(true));
    const login = calls.find((c) => c.path === 'user/mobileLogin');
    expect(login?.params.get('inviteCode')).toBe('AB12cd');
    expect(login?.params.get('phone')).toBe('13912345678');
  });

  it('sends no inviteCode when the field is empty', async () => {
    const calls = routes();
    renderPage(<LoginPage />, PATHS.login);
    expect(field('邀请码（选填）').value).toBe('');
    await submit();
    await waitFor(() => expect(calls.some((c) => c.path === 'user/mobileLogin')).toBe(true));
    expect(calls.find((c) => c.path === 'user/mobileLogin')?.params.has('inviteCode')).toBe(false);
  });
});
