import type { SeckillItem, SeckillItemData, SeckillSession } from '@chaopin/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../core/session.ts';
import { hhmm, withClock } from '../../../ui/countdown/clock.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { seckillOfProductQuery } from '../../../ui/seckill/productQuery.ts';
import SeckillStrip from './SeckillStrip.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

const PRODUCT = 7;
const HOUR = 3_600_000;

function answer(state: SeckillItem['state'], subscribed = false): SeckillItemData {
  const now = Date.now();
  const upcoming = state === 'remind';
  const startAt = new Date(upcoming ? now + 2 * HOUR : now - HOUR).toISOString();
  const endAt = new Date(upcoming ? now + 4 * HOUR : now + HOUR + 5_000).toISOString();
  const session: SeckillSession = {
    id: 3,
    title: '10:00场',
    startAt,
    endAt,
    state: upcoming ? 'upcoming' : 'running',
    label: upcoming ? '即将开始' : '抢购中',
    payMinutes: 5,
  };
  return {
    now: new Date(now).toISOString(),
    session,
    item: {
      id: 41,
      sessionId: 3,
      productId: PRODUCT,
      skuId: 90,
      title: '秒杀商品',
      skuName: '黑色',
      image: '/a.svg',
      price: 3990,
      flashPrice: 1990,
      flashStock: 10,
      sold: state === 'soldOut' ? 10 : 2,
      progress: state === 'soldOut' ? 100 : 20,
      perUserLimit: 1,
      state,
      subscribed,
      startAt,
      endAt,
    },
    mine: 0,
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

/** The strip as the product page shows it: from the product's seckill query (seeded here). */
function Harness() {
  const query = useQuery({ ...seckillOfProductQuery(PRODUCT, null), enabled: false });
  return query.data ? <SeckillStrip data={query.data} onReached={() => {}} /> : null;
}

function renderStrip(data: SeckillItemData) {
  const client = new QueryClient();
  client.setQueryData(seckillOfProductQuery(PRODUCT, null).queryKey, withClock(data));
  const router = createMemoryRouter(
    [
      { path: PATHS.product, element: <Harness /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`${PATHS.product}?id=${PRODUCT}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn(
  async () => new Response(JSON.stringify({ code: 1, msg: 'ok', data: null }), { status: 200 }),
);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ status: 'out', isLogin: false, user: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the product detail’s seckill strip', () => {
  it('on sale: the flash price, the struck price, 距结束 and 马上抢 (to 立即抢购)', async () => {
    renderStrip(answer('buy'));
    const strip = screen.getByTestId('pd-seckill');
    expect(strip.textContent).toContain('限时秒杀');
    expect(strip.textContent).toContain('¥19.90');
    expect(strip.querySelector('s')?.textContent).toBe('¥39.90');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^距结束01:00:0\d$/);
    fireEvent.click(screen.getByRole('button', { name: '马上抢' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.shopRush}?id=41`),
    );
  });

  it('a tap on the strip itself opens 立即抢购 too', async () => {
    renderStrip(answer('buy'));
    fireEvent.click(screen.getByText('限时秒杀'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.shopRush}?id=41`),
    );
  });

  it('upcoming: its start time, 距开始 and 提醒我, which asks a signed-out user to log in', async () => {
    const data = answer('remind');
    renderStrip(data);
    const strip = screen.getByTestId('pd-seckill');
    expect(strip.textContent).toContain(`${hhmm(data.item.startAt)} 开抢`);
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(
      /^距开始0[12]:\d{2}:\d{2}$/,
    );
    expect(screen.queryByRole('button', { name: '马上抢' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提醒我' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toMatch(/^\/pages\/login\/login\?/),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('upcoming, signed in: 提醒我 sets the reminder and turns into 已设置提醒', async () => {
    useSession.setState({ status: 'in', isLogin: true });
    renderStrip(answer('remind'));
    fireEvent.click(screen.getByRole('button', { name: '提醒我' }));
    await screen.findByRole('button', { name: '已设置提醒' });
    expect(String(fetchMock.mock.calls[0]?.at(0))).toContain('seckill/subscribe');
  });

  it('sold out: 已抢光, no countdown and no button', () => {
    renderStrip(answer('soldOut'));
    expect(screen.getByTestId('pd-seckill').textContent).toContain('已抢光');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('ended: nothing', () => {
    renderStrip(answer('ended'));
    expect(screen.queryByTestId('pd-seckill')).toBeNull();
  });
});
