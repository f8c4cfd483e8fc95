import type { CouponChoice, MyCoupon, OrderPreviewData } from '@chaopin/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { useCheckout } from '../../core/checkout.ts';
import WriteOrderPage from './pages/WriteOrderPage.tsx';

vi.mock('../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));
const { showToast } = await import('../../ui/toast.ts');

const coupon = (id: number, storeId: number | null): MyCoupon => ({
  id,
  templateId: id,
  name: `券${id}`,
  kind: 'full',
  scope: storeId === null ? 'platform' : 'store',
  scopeText: storeId === null ? '平台通用' : '店铺券',
  scopeTargets: [],
  storeId,
  threshold: 0,
  amount: 100 * id,
  rate: 0,
  cap: 0,
  title: `无门槛减${id}`,
  state: 'unused',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2026-12-31T00:00:00.000Z',
  expiringSoon: false,
  orderNo: null,
  claimedAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
});
/** 1 and 2: platform; 3: store 10; 4: store 10 but not usable here. */
const WALLET = [coupon(1, null), coupon(2, null), coupon(3, 10), coupon(4, 10)];
const BEST = [3, 1];
/** Coupons the server refuses although the sheet offered them (taken by another order since). */
let taken = new Set<number>();

interface Sent {
  path: string;
  body: Record<string, unknown>;
}
let sent: Sent[] = [];

/** A stand-in for the server's pricing: enough to see what the page sends and shows. */
function preview(body: Record<string, unknown>): OrderPreviewData | { refused: string } {
  const ids = Array.isArray(body.couponIds) ? (body.couponIds as number[]) : BEST;
  if (ids.includes(4)) return { refused: '优惠券不可用：未满¥99' };
  if (ids.some((id) => taken.has(id))) return { refused: '优惠券不可用：已被其他订单占用' };
  const useRedPacket = body.useRedPacket !== false;
  const goods = 10_000;
  const discount = ids.reduce((s, id) => s + 100 * id, 0);
  const redPacket = useRedPacket ? 1500 : 0;
  const usePoints = body.usePoints === true;
  const points = usePoints ? 1000 : 0;
  const coupons: CouponChoice[] = WALLET.map((c) => ({
    coupon: c,
    usable: c.id !== 4,
    reason: c.id === 4 ? '未满¥99' : '',
    saving: c.id === 4 ? 0 : c.amount,
    selected: ids.includes(c.id),
  }));
  const line = {
    skuId: 7,
    productId: 70,
    title: '好物',
    skuName: '红色',
    image: '',
    price: goods,
    quantity: 1,
    subtotal: goods,
    discount,
    redPacket,
    pointsDeduct: points,
  };
  const pay = goods - discount - redPacket - points;
  return {
    address: {
      id: Number(body.addressId ?? 5),
      name: '张三',
      phone: '139****5678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路',
      fullAddress: '浙江省杭州市西湖区文三路',
    },
    stores: [
      {
        storeId: 10,
        storeName: '潮品店',
        items: [line],
        goodsAmount: goods,
        shippingFee: 0,
        discountAmount: discount,
        platformDiscount: ids.filter((id) => id < 3).reduce((s, id) => s + 100 * id, 0),
        redPacketAmount: redPacket,
        pointsAmount: points,
        payAmount: pay,
      },
    ],
    goodsAmount: goods,
    shippingFee: 0,
    totalAmount: pay,
    balance: 0,
    balanceDeductible: 0,
    freeShippingThreshold: 9900,
    shippingFeePerStore: 800,
    // The list only for the coupon sheet (listCoupons), as the server answers.
    coupons: body.listCoupons ? coupons : [],
    couponCounts: { usable: 3, unusable: 1 },
    couponIds: ids,
    discountAmount: discount,
    platformDiscount: ids.filter((id) => id < 3).reduce((s, id) => s + 100 * id, 0),
    redPacketBalance: 3000,
    redPacketDeduction: redPacket,
    redPacketDeductible: 1500,
    useRedPacket,
    redPacketMaxSharePercent: 20,
    pointsBalance: 1200,
    pointsDeduction: points,
    pointsUsed: points,
    pointsDeductible: 1000,
    usePoints,
    pointsPerYuan: 100,
    pointsMaxSharePercent: 20,
  };
}

const answer = (data: unknown, code = 1, msg = 'ok', error?: string) =>
  new Response(JSON.stringify({ code, msg, data, error }), {
    status: code === 1 ? 200 : 409,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = url.replace(/^.*\/api\/v1\//, '');
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
    string,
    unknown
  >;
  sent.push({ path, body });
  if (path === 'order/preview') {
    const result = preview(body);
    return 'refused' in result
      ? answer(null, 409, result.refused, 'COUPON_UNUSABLE')
      : answer(result);
  }
  if (path === 'order/newAdd') {
    return answer({ payNo: 'P1', orderNos: ['O1'], payAmount: 1, expiresAt: '2026-01-01' });
  }
  return answer(null, 404, '不存在', 'NOT_FOUND');
});

beforeEach(() => {
  sent = [];
  taken = new Set();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(showToast).mockClear();
  useCheckout.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/pages/writeOrder/writeOrder', element: <WriteOrderPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/pages/writeOrder/writeOrder?items=7*1'] },
  );
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

/** The checkout's previews (the coupon sheet's list requests, listCoupons, are apart). */
const previews = () =>
  sent.filter((s) => s.path === 'order/preview' && !s.body.listCoupons).map((s) => s.body);
const text = (id: string) => screen.getByTestId(id).textContent;
const fenOf = (id: string) => {
  const el = screen.queryByTestId(id);
  const yuan = Number((el?.textContent ?? '').replace(/[-+¥]/g, ''));
  return Number.isNaN(yuan) ? 0 : Math.round(yuan * 100);
};
/** What the coupons take off: the 店铺优惠 and 平台优惠 rows together. */
const couponsOff = () =>
  `-¥${((fenOf('store-discount') + fenOf('platform-discount')) / 100).toFixed(2)}`;

describe('确认订单 with coupons and the red packet', () => {
  it('starts from the server’s choice and shows what it takes off', async () => {
    renderPage();
    await screen.findByTestId('coupon-row');
    expect(previews()[0]).toEqual({ items: [{ skuId: 7, quantity: 1 }] });
    expect(text('coupon-row')).toContain('已选2张');
    // The selector names the choice; the figures are listed once, by who pays for them.
    expect(text('coupon-row')).not.toContain('¥');
    expect(text('store-discount')).toBe('-¥3.00');
    expect(text('platform-discount')).toBe('-¥1.00');
    expect(screen.getAllByText('店铺优惠')).toHaveLength(1);
    expect(screen.getAllByText('平台优惠')).toHaveLength(1);
    expect(text('redpacket-deduction')).toBe('-¥15.00');
    expect(text('pay-total')).toBe('¥81.00');
    expect(text('order-total')).toBe('¥81.00');
    expect(screen.getByText('红包余额¥30.00，本单可抵¥15.00')).toBeTruthy();
    // The charges less the discounts are what is paid.
    const summed =
      fenOf('goods-amount') +
      fenOf('shipping-total') -
      fenOf('store-discount') -
      fenOf('platform-discount') -
      fenOf('redpacket-deduction') -
      fenOf('points-deduction');
    expect(summed).toBe(fenOf('pay-total'));
  });

  it('applies the coupons picked in the sheet, then keeps them for the switch and the submit', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    const sheet = await screen.findByTestId('coupon-picker');
    expect(await within(sheet).findByText('可用优惠券(3)')).toBeTruthy();
    expect(await within(sheet).findByText('不可用优惠券(1)')).toBeTruthy();
    // Platform coupon 2 takes 1's place; store coupon 3 is put back.
    fireEvent.click(await within(sheet).findByTestId('coupon-option-2'));
    fireEvent.click(await within(sheet).findByTestId('coupon-option-3'));
    expect((await within(sheet).findByTestId('coupon-option-2')).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect((await within(sheet).findByTestId('coupon-option-1')).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(within(sheet).getByTestId('coupon-confirm'));
    await waitFor(() => expect(couponsOff()).toBe('-¥2.00'));
    expect(previews().at(-1)).toEqual({ items: [{ skuId: 7, quantity: 1 }], couponIds: [2] });

    fireEvent.click(screen.getByTestId('redpacket-switch'));
    await waitFor(() => expect(text('redpacket-deduction')).toBe('-¥0.00'));
    expect(previews().at(-1)).toMatchObject({ couponIds: [2], useRedPacket: false });
    expect(text('pay-total')).toBe('¥98.00');

    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await screen.findByTestId('elsewhere');
    const order = sent.find((s) => s.path === 'order/newAdd')?.body;
    expect(order).toMatchObject({ addressId: 5, couponIds: [2], useRedPacket: false });
  });

  it('offers the points, and sends the switch with the coupons kept to preview and submit', async () => {
    renderPage();
    await screen.findByTestId('coupon-row');
    expect(text('points-offer')).toBe('共1200积分，本单可抵¥10.00');
    expect(screen.queryByTestId('points-deduction')).toBeNull();
    fireEvent.click(screen.getByTestId('points-switch'));
    await waitFor(() => expect(text('points-deduction')).toBe('-¥10.00'));
    expect(text('points-offer')).toBe('使用1000积分');
    expect(previews().at(-1)).toMatchObject({ usePoints: true });
    expect(text('pay-total')).toBe('¥71.00');
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await screen.findByTestId('elsewhere');
    const order = sent.find((s) => s.path === 'order/newAdd')?.body;
    expect(order).toMatchObject({ couponIds: BEST, useRedPacket: true, usePoints: true });
  });

  it('sends an empty list for 不使用优惠券 and keeps the choice when the address changes', async () => {
    const { view } = renderPage();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    const sheet = await screen.findByTestId('coupon-picker');
    fireEvent.click(within(sheet).getByTestId('coupon-none'));
    fireEvent.click(within(sheet).getByTestId('coupon-confirm'));
    await waitFor(() => expect(text('coupon-row')).toContain('3张可用'));
    expect(previews().at(-1)).toMatchObject({ couponIds: [] });

    // Back from the address list: the page remounts with another address.
    view.unmount();
    act(() => useCheckout.getState().setAddressId(8));
    renderPage();
    await screen.findByTestId('coupon-row');
    expect(previews().at(-1)).toEqual({
      items: [{ skuId: 7, quantity: 1 }],
      addressId: 8,
      couponIds: [],
    });
    expect(couponsOff()).toBe('-¥0.00');
  });

  it('greys out an unusable coupon with its reason', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    const sheet = await screen.findByTestId('coupon-picker');
    fireEvent.click(await within(sheet).findByText('不可用优惠券(1)'));
    const unusable = await within(sheet).findByTestId('coupon-option-4');
    expect(unusable.textContent).toContain('未满¥99');
    expect(unusable.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(unusable);
    fireEvent.click(within(sheet).getByTestId('coupon-confirm'));
    await waitFor(() => expect(previews()).toHaveLength(2));
    expect(previews()[1]).toMatchObject({ couponIds: [3, 1] });
  });

  it('keeps the last good preview and says why when the server refuses a choice', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    const sheet = await screen.findByTestId('coupon-picker');
    taken = new Set([2]);
    fireEvent.click(await within(sheet).findByTestId('coupon-option-2'));
    fireEvent.click(within(sheet).getByTestId('coupon-confirm'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('优惠券不可用：已被其他订单占用'));
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(couponsOff()).toBe('-¥4.00');
    expect(useCheckout.getState().choice).toBeNull();
    // The sheet stays open with the user's pick, to choose again.
    expect((await within(sheet).findByTestId('coupon-option-2')).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('lets the server choose again when coupons picked earlier are refused later', async () => {
    const { view } = renderPage();
    fireEvent.click(await screen.findByTestId('coupon-row'));
    const sheet = await screen.findByTestId('coupon-picker');
    fireEvent.click(await within(sheet).findByTestId('coupon-option-2'));
    fireEvent.click(within(sheet).getByTestId('coupon-confirm'));
    await waitFor(() => expect(useCheckout.getState().choice?.couponIds).toEqual([3, 2]));
    view.unmount();
    taken = new Set([2]);
    act(() => useCheckout.getState().setAddressId(8));
    renderPage();
    await waitFor(() => expect(couponsOff()).toBe('-¥4.00'));
    expect(showToast).toHaveBeenCalledWith('优惠券不可用：已被其他订单占用');
    expect(previews().at(-1)).toEqual({ items: [{ skuId: 7, quantity: 1 }], addressId: 8 });
  });
});
