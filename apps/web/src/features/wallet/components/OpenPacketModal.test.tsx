import type { RedPacket } from '@chaopin/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_SPIN_MS, OpenPacketModal } from './OpenPacketModal.tsx';

const unopened: RedPacket = {
  id: 7,
  title: '周末红包',
  source: 'activity',
  sourceText: '活动红包',
  state: 'unopened',
  minAmount: 100,
  maxAmount: 1000,
  amount: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  openedAt: null,
  createdAt: '2029-12-25T00:00:00.000Z',
};
const opened: RedPacket = {
  ...unopened,
  state: 'opened',
  amount: 388,
  openedAt: '2029-12-26T00:00:00.000Z',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('拆红包', () => {
  it('spins until the server answered and the spin had its time, then shows the amount', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <OpenPacketModal packet={unopened} result={null} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: '拆红包' }).textContent).toContain('最高¥10.00');
    expect(screen.queryByTestId('redpacket-opened-amount')).toBeNull();

    // The answer alone does not cut the spin short.
    rerender(<OpenPacketModal packet={unopened} result={opened} onClose={onClose} />);
    expect(screen.queryByTestId('redpacket-opened-amount')).toBeNull();

    act(() => vi.advanceTimersByTime(MIN_SPIN_MS));
    expect(screen.getByTestId('redpacket-opened-amount').textContent).toBe('¥3.88');
    fireEvent.click(screen.getByRole('button', { name: '开心收下' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('waits for a slow server after the spin', () => {
    const { rerender } = render(
      <OpenPacketModal packet={unopened} result={null} onClose={() => {}} />,
    );
    act(() => vi.advanceTimersByTime(MIN_SPIN_MS * 3));
    expect(screen.queryByTestId('redpacket-opened-amount')).toBeNull();
    rerender(<OpenPacketModal packet={unopened} result={opened} onClose={() => {}} />);
    expect(screen.getByTestId('redpacket-opened-amount').textContent).toBe('¥3.88');
  });

  it('never shows another packet’s answer', () => {
    render(<OpenPacketModal packet={unopened} result={{ ...opened, id: 8 }} onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(MIN_SPIN_MS));
    expect(screen.queryByTestId('redpacket-opened-amount')).toBeNull();
  });

  it('closes on Escape and on its close button', () => {
    const onClose = vi.fn();
    render(<OpenPacketModal packet={unopened} result={null} onClose={onClose} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
