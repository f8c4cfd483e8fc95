import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeKeys } from '../api.ts';
import { BarrageTicker } from './BarrageTicker.tsx';

function renderWith(items: { text: string; avatar: string }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(homeKeys.barrage, items);
  return render(
    <QueryClientProvider client={client}>
      <BarrageTicker />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BarrageTicker', () => {
  it('shows nothing without purchases', () => {
    const { container } = renderWith([]);
    expect(container.innerHTML).toBe('');
  });

  it('rotates through the purchases', () => {
    vi.useFakeTimers();
    renderWith([
      { text: '潮友_3f****刚刚购买了 碎花连衣裙', avatar: '/a.svg' },
      { text: '小****刚刚购买了 牛仔裤', avatar: '/b.svg' },
    ]);
    expect(screen.getByText('潮友_3f****刚刚购买了 碎花连衣裙')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('小****刚刚购买了 牛仔裤')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('潮友_3f****刚刚购买了 碎花连衣裙')).toBeTruthy();
  });
});
