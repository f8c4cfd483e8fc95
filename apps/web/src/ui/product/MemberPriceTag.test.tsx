import { memberPriceOf } from '@chaopin/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rules } from '../../features/member/testing/fixtures.ts';
import { fakeApi } from '../../test/harness.tsx';
import { MemberPriceTag, memberPrice } from './MemberPriceTag.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderTags(percent: number) {
  const calls = fakeApi({ 'promotion/rules': () => ({ ...rules, memberPricePercent: percent }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemberPriceTag price={19_990} />
      <MemberPriceTag price={1} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('会员价 tag', () => {
  it('shows the member price (rounded down to the fen) from one shared rules request', async () => {
    const calls = renderTags(95);
    expect(await screen.findByText('会员价 ¥189.90')).toBeTruthy();
    expect(screen.getByText('会员价 ¥0.01')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'promotion/rules')).toHaveLength(1);
  });

  it('shows nothing when members pay the list price', async () => {
    const calls = renderTags(100);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/会员价/)).toBeNull();
  });
});

describe('memberPrice', () => {
  it("answers as the contracts' memberPriceOf", () => {
    for (const percent of [0, 1, 50, 88, 95, 99, 100, 120]) {
      for (const price of [1, 2, 19, 99, 100, 199, 1999, 19_990, 59_800, 99_999_999]) {
        expect(memberPrice(price, percent)).toBe(memberPriceOf(price, percent));
      }
    }
  });
});
