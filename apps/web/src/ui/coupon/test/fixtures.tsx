import type { CouponTemplateView, MyCoupon } from '@chaopin/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

export function template(over: Partial<CouponTemplateView> = {}): CouponTemplateView {
  return {
    id: 1,
    name: '满减券',
    kind: 'full',
    scope: 'platform',
    scopeText: '平台通用',
    scopeTargets: [],
    storeId: null,
    threshold: 10000,
    amount: 2000,
    rate: 0,
    cap: 0,
    title: '满100减20',
    validText: '领取后7天内有效',
    audience: 'all',
    total: 100,
    issued: 0,
    perUser: 1,
    claimed: 0,
    state: 'claim',
    ...over,
  };
}

export function myCoupon(over: Partial<MyCoupon> = {}): MyCoupon {
  return {
    id: 11,
    templateId: 1,
    name: '满减券',
    kind: 'full',
    scope: 'platform',
    scopeText: '平台通用',
    scopeTargets: [],
    storeId: null,
    threshold: 10000,
    amount: 2000,
    rate: 0,
    cap: 0,
    title: '满100减20',
    state: 'unused',
    // 2026-01-01 00:00 to 2026-01-31 23:59, China time.
    validFrom: '2025-12-31T16:00:00.000Z',
    validTo: '2026-01-31T15:59:00.000Z',
    expiringSoon: false,
    orderNo: null,
    claimedAt: '2026-01-01T00:00:00+08:00',
    usedAt: null,
    ...over,
  };
}

/** Shows where the app went (any route the test does not render itself). */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

/** `element` at `path`, opened at `url`, in a fresh query client without retries. */
export function renderAt(path: string, url: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
