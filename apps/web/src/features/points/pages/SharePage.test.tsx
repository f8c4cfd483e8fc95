import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { inviteData } from '../testing/fixtures.ts';
import SharePage from './SharePage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('分享得积分', () => {
  it('shows my poster with 复制链接 and the save link', async () => {
    fakeApi({ 'promotion/invite': () => inviteData() });
    renderPage(<SharePage />, PATHS.integralShare);
    expect((await screen.findByTestId('invite-code')).textContent).toBe('AB12CD');
    expect(screen.getByAltText('邀请海报').getAttribute('src')).toBe('/uploads/poster.png');
    expect(screen.getByRole('button', { name: /复制链接/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /保存海报/ }).getAttribute('href')).toBe(
      '/uploads/poster.png',
    );
    expect(screen.getByRole('link', { name: /赚积分/ }).getAttribute('href')).toBe(PATHS.integral);
  });
});
