import type { NewUserPackData } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../core/session.ts';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { couponApi } from './couponApi.ts';
import NewUserPackCard from './NewUserPackCard.tsx';
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
  Object.assign(actual.couponApi, { newUserPack: vi.fn(), claimNewUserPack: vi.fn() });
  return actual;
});

const api = vi.mocked(couponApi);

function pack(over: Partial<NewUserPackData> = {}): NewUserPackData {
  return {
    show: true,
    eligible: true,
    list: [
      template({ id: 1, kind: 'free', threshold: 0, amount: 500, audience: 'new' }),
      template({ id: 2, amount: 2000, threshold: 9900, audience: 'new' }),
    ],
    totalAmount: 2500,
    ...over,
  };
}

const open = () => renderAt(PATHS.home, PATHS.home, <NewUserPackCard />);

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ status: 'out', isLogin: false, user: null });
});

describe('the home page’s new-user pack', () => {
  it('is not shown when the server says no', async () => {
    api.newUserPack.mockResolvedValue(pack({ show: false }));
    open();
    await waitFor(() => expect(api.newUserPack).toHaveBeenCalled());
    expect(screen.queryByTestId('new-user-pack')).toBeNull();
  });

  it('waits for a stored login to be checked before asking', () => {
    useSession.setState({ status: 'checking' });
    api.newUserPack.mockResolvedValue(pack());
    open();
    expect(api.newUserPack).not.toHaveBeenCalled();
  });

  it('shows the total and the coupons; a visitor is sent to log in', async () => {
    api.newUserPack.mockResolvedValue(pack());
    open();
    const card = await screen.findByTestId('new-user-pack');
    expect(card.textContent).toContain('¥25');
    expect(card.textContent).toContain('无门槛');
    expect(card.textContent).toContain('满99可用');
    fireEvent.click(screen.getByTestId('new-user-pack-claim'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${PATHS.login}?redirect=${encodeURIComponent(PATHS.home)}`,
      ),
    );
    expect(api.claimNewUserPack).not.toHaveBeenCalled();
  });

  it('一键领取 claims the pack, says so and hides the card', async () => {
    useSession.setState({ status: 'in', isLogin: true });
    let claimed = false;
    api.newUserPack.mockImplementation(async () => pack({ show: !claimed }));
    api.claimNewUserPack.mockImplementation(async () => {
      claimed = true;
      return { list: [myCoupon({ id: 1 }), myCoupon({ id: 2 })] };
    });
    open();
    fireEvent.click(await screen.findByTestId('new-user-pack-claim'));
    await waitFor(() => expect(screen.queryByTestId('new-user-pack')).toBeNull());
    expect(showToast).toHaveBeenCalledWith('已领取2张优惠券，可在「我的优惠券」查看');
  });
});
