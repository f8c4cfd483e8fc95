import type { SeckillItemData } from '@chaopin/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressesKey } from '../../../ui/address/addressesQuery.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { rushBlockedText } from '../labels.ts';
import ShopRushPage from './ShopRushPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));
// The widget itself is not under test: it would fetch and solve a challenge.
vi.mock('../../../ui/captcha/Captcha.tsx', () => ({
  Captcha: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

const HOUR = 3_600_000;

function onSale(mine: number, perUserLimit = 1): SeckillItemData {
  const now = Date.now();
  const startAt = new Date(now - HOUR).toISOString();
  const endAt = new Date(now + HOUR).toISOString();
  return {
    now: new Date(now).toISOString(),
    session: {
      id: 3,
      title: '10:00场',
      startAt,
      endAt,
      state: 'running',
      label: '抢购中',
      payMinutes: 5,
    },
    item: {
      id: 41,
      sessionId: 3,
      productId: 7,
      skuId: 90,
      title: '秒杀商品',
      skuName: '黑色',
      image: '/a.svg',
      price: 3990,
      flashPrice: 1990,
      flashStock: 10,
      sold: 2,
      progress: 20,
      perUserLimit,
      state: 'buy',
      subscribed: false,
      startAt,
      endAt,
    },
    mine,
  };
}

/** The page as the server answers it: the item (with the caller's units) and no addresses. */
function renderPage(data: SeckillItemData) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('seckill/item') ? data : [];
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: body }), { status: 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(addressesKey, []);
  const router = createMemoryRouter([{ path: PATHS.shopRush, element: <ShopRushPage /> }], {
    initialEntries: [`${PATHS.shopRush}?id=41`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('立即抢购', () => {
  it('at the limit: 马上抢 gives way to a disabled 已达限购, and no captcha is solved', async () => {
    renderPage(onSale(1));
    const button = await screen.findByRole('button', { name: '已达限购' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('rush-item').textContent).toContain('每人限购1件（已抢1件）');
    expect(screen.queryByRole('button', { name: '马上抢' })).toBeNull();
    expect(screen.queryByTestId('seckill-captcha')).toBeNull();
  });

  it('under the limit: the captcha and 马上抢', async () => {
    renderPage(onSale(1, 2));
    await waitFor(() => expect(screen.getByRole('button', { name: '马上抢' })).toBeTruthy());
    expect(screen.getByTestId('seckill-captcha')).toBeTruthy();
  });

  it('names the reason only while the sale is open and the user holds the limit', () => {
    const at = onSale(1);
    expect(rushBlockedText(at)).toBe('已达限购');
    expect(rushBlockedText(onSale(0))).toBeNull();
    expect(rushBlockedText({ ...at, item: { ...at.item, state: 'soldOut' } })).toBeNull();
  });
});
