import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiCall, type Envelope } from './api.ts';
import { launch, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Its own server: the sessions made here take flash stock from SKUs and put a strip on their
// product pages, which the shared server's other files (shopping, browse) must not meet.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let U: AppUser;
let adminToken = '';

const HOUR = 3_600_000;

const asU = <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
  apiCall<T>(U.page, method, path, form, U.token);

/** 12345 fen → ¥123.45, as the strip prints it. */
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

type Sale = { productId: number; itemId: number; title: string; flashPrice: number };

/**
 * An operator's session from `startAt` to `endAt` on the first SKU of a product that has no sale
 * of its own yet (the demo seed puts some products in sales): products with one are skipped, and
 * a SKU already in an overlapping session (SECKILL_SESSION_OVERLAP) moves on to the next product.
 */
async function saleOnFreeProduct(startAt: number, endAt: number, skip: number[]): Promise<Sale> {
  const feed = await asU<{ list: { id: number }[] }>(
    'GET',
    'goods/list?pageNum=1&pageSize=30&sort=priceAsc',
  );
  for (const { id } of feed.list) {
    if (skip.includes(id)) continue;
    if (await asU<unknown>('GET', `seckill/product?productId=${id}`)) continue;
    const detail = await asU<{
      title: string;
      skus: { id: number; stock: number; price: number }[];
    }>('GET', `goods/detail?id=${id}`);
    const sku = detail.skus[0];
    if (!sku || sku.stock < 5 || sku.price < 2) continue;
    const flashPrice = Math.floor(sku.price / 2);
    const res = await U.page.request.post(`${API}/admin/seckill/session`, {
      headers: { TOKEN: adminToken, device: '1' },
      data: {
        title: 'E2E 详情秒杀',
        startAt: new Date(startAt).toISOString(),
        endAt: new Date(endAt).toISOString(),
        items: [{ skuId: sku.id, flashPrice, flashStock: 3 }],
      },
    });
    const answer = (await res.json()) as Envelope<{ itemIds: number[] }> & { error?: string };
    if (answer.error === 'SECKILL_SESSION_OVERLAP') continue;
    expect(answer.code, `admin/seckill/session: ${answer.msg}`).toBe(1);
    return { productId: id, itemId: answer.data.itemIds[0] ?? 0, title: detail.title, flashPrice };
  }
  throw new Error('no product without a flash sale among the first 30');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  U = await appUser(browser, server.baseURL);
  const login = await U.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
});

afterAll(async () => {
  await U?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the product detail’s flash-sale strip (限时秒杀)', () => {
  let onSale: Sale;
  let upcoming: Sale;

  it('an operator puts one product on sale now and another in two hours', async () => {
    const now = Date.now();
    onSale = await saleOnFreeProduct(now - 60_000, now + HOUR, []);
    upcoming = await saleOnFreeProduct(now + 2 * HOUR, now + 3 * HOUR, [onSale.productId]);
    expect(onSale.itemId).toBeGreaterThan(0);
    expect(upcoming.itemId).toBeGreaterThan(0);
  });

  it('on sale: the flash price, 距结束 and 马上抢, which opens 立即抢购 for the item', async () => {
    const { page } = U;
    // Opened cold: the strip's request waits for the picture's LCP entry.
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${onSale.productId}`);
    await page.getByTestId('product-detail').waitFor();
    const strip = page.getByTestId('pd-seckill');
    await strip.waitFor({ timeout: 15_000 });
    await expect.poll(() => strip.textContent()).toContain('限时秒杀');
    expect(await strip.textContent()).toContain(yuan(onSale.flashPrice));
    await expect
      .poll(() => strip.getByRole('timer').getAttribute('aria-label'))
      .toMatch(/^距结束00:5\d:\d{2}$/);
    await snap(page, 'seckill-detail-01-on-sale');
    await strip.getByRole('button', { name: '马上抢' }).click();
    await page.waitForURL(new RegExp(`#/rootPages/mySubscribe/shopRush\\?id=${onSale.itemId}$`));
    await page.getByTestId('rush-item').filter({ hasText: onSale.title }).waitFor();
    await snap(page, 'seckill-detail-02-shop-rush');
  });

  it('a tap on the strip itself opens 立即抢购 too', async () => {
    const { page } = U;
    await page.goBack();
    const strip = page.getByTestId('pd-seckill');
    await strip.waitFor();
    await strip.getByText('限时秒杀').click();
    await page.waitForURL(new RegExp(`#/rootPages/mySubscribe/shopRush\\?id=${onSale.itemId}$`));
    await page.getByTestId('rush-item').filter({ hasText: onSale.title }).waitFor();
  });

  it('upcoming: HH:mm 开抢, 距开始, and 提醒我 / 已设置提醒', async () => {
    const { page } = U;
    // Within the app this time (the strip then waits for the picture's load, not its LCP entry).
    await page.evaluate((id) => {
      location.hash = `#/pages/shopDetails/shopDetails?id=${id}`;
    }, upcoming.productId);
    const strip = page.getByTestId('pd-seckill');
    await strip.waitFor({ timeout: 15_000 });
    await expect.poll(() => strip.textContent()).toMatch(/\d{2}:\d{2} 开抢/);
    expect(await strip.textContent()).toContain(yuan(upcoming.flashPrice));
    expect(await strip.getByRole('button', { name: '马上抢' }).count()).toBe(0);
    await expect
      .poll(() => strip.getByRole('timer').getAttribute('aria-label'))
      .toMatch(/^距开始0[12]:\d{2}:\d{2}$/);
    await strip.getByRole('button', { name: '提醒我' }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '设置成功' }).waitFor();
    await strip.getByRole('button', { name: '已设置提醒' }).waitFor();
    await snap(page, 'seckill-detail-03-upcoming');
    // The server keeps it: 我的提醒 lists it.
    const mine = await asU<{ list: { item: { id: number } }[] }>(
      'GET',
      'seckill/mySubscribe?pageNum=1&pageSize=10',
    );
    expect(mine.list.map((s) => s.item.id)).toContain(upcoming.itemId);
    await strip.getByRole('button', { name: '已设置提醒' }).click();
    await strip.getByRole('button', { name: '提醒我' }).waitFor();
  });

  it('a product without a sale has no strip', async () => {
    const { page } = U;
    const feed = await asU<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=30');
    let plain = 0;
    for (const { id } of feed.list) {
      if (!(await asU<unknown>('GET', `seckill/product?productId=${id}`))) {
        plain = id;
        break;
      }
    }
    expect(plain).toBeGreaterThan(0);
    const answered = page.waitForResponse((r) =>
      r.url().includes(`${API}/seckill/product?productId=${plain}`),
    );
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${plain}`);
    await page.getByTestId('product-detail').waitFor();
    await answered;
    await page.waitForTimeout(300);
    expect(await page.getByTestId('pd-seckill').count()).toBe(0);
    expect(U.errors).toEqual([]);
  });
});
