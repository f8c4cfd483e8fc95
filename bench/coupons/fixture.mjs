import { API, buyerWithAddress, emptyDatabase, postForm } from '../lib.mjs';

export const WALLET = 50;
const DAY = 86_400_000;

async function getJson(base, path, token) {
  const res = await fetch(`${base}${API}${path}`, { headers: token ? { TOKEN: token } : {} });
  return res.json();
}

async function postJson(base, path, body, token) {
  const res = await fetch(`${base}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { TOKEN: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200 || json.code !== 1) {
    throw new Error(`${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.data;
}

/** Every on-shelf product with its leaf category (the category list pages), best sellers first. */
async function catalogue(base) {
  const tree = (await getJson(base, '/home/classification')).data;
  const products = new Map();
  for (const top of tree) {
    for (const leaf of top.children ?? []) {
      const page = await getJson(base, `/goods/list?categoryId=${leaf.id}&pageSize=100`);
      for (const p of page.data.list) {
        if (!products.has(p.id)) products.set(p.id, { ...p, categoryId: leaf.id });
      }
    }
  }
  return [...products.values()].sort((a, b) => b.sales - a.sales || a.id - b.id);
}

/** 4 lines from 3 stores: two of the first store (different categories), one of two others. */
async function chooseCart(base, products) {
  const affordable = products.filter((p) => p.price <= 50_000);
  const first = affordable[0];
  const second =
    affordable.find(
      (p) => p.storeId === first.storeId && p.id !== first.id && p.categoryId !== first.categoryId,
    ) ?? affordable.find((p) => p.storeId === first.storeId && p.id !== first.id);
  const third = affordable.find((p) => p.storeId !== first.storeId);
  const fourth = affordable.find((p) => p.storeId !== first.storeId && p.storeId !== third.storeId);
  const lines = [];
  for (const [p, quantity] of [
    [first, 1],
    [second, 2],
    [third, 1],
    [fourth, 1],
  ]) {
    const detail = (await getJson(base, `/goods/detail?id=${p.id}`)).data;
    const sku = detail.skus.find((s) => s.stock >= quantity) ?? detail.skus[0];
    lines.push({ ...p, skuId: sku.id, price: sku.price, quantity, subtotal: sku.price * quantity });
  }
  return lines;
}

/**
 * The 50 coupons of buyer B, set against the cart: [template, how many of it B holds]. Usable ones
 * of every kind and scope, and unusable ones for each reason checkout shows.
 */
function walletFor(lines, products) {
  const total = lines.reduce((s, l) => s + l.subtotal, 0);
  const stores = [...new Set(lines.map((l) => l.storeId))];
  const storeSub = (id) =>
    lines.filter((l) => l.storeId === id).reduce((s, l) => s + l.subtotal, 0);
  const catSub = (id) =>
    lines.filter((l) => l.categoryId === id).reduce((s, l) => s + l.subtotal, 0);
  const inCart = new Set(lines.map((l) => l.id));
  const cartCats = new Set(lines.map((l) => l.categoryId));
  const others = products.filter((p) => !inCart.has(p.id) && !stores.includes(p.storeId));
  const otherStores = [...new Set(others.map((p) => p.storeId))].slice(0, 5);
  const otherCat = others.find((p) => !cartCats.has(p.categoryId)).categoryId;
  const otherProduct = others[0];
  const round = (fen) => Math.max(100, Math.floor(fen / 100) * 100);
  const days = { validDays: 30 };
  const future = {
    startAt: new Date(Date.now() + DAY).toISOString(),
    endAt: new Date(Date.now() + 31 * DAY).toISOString(),
  };
  const T = (name, kind, scope, rest, n = 1) => {
    const t = { name, kind, scope, total: 1_000_000, perUser: n, ...days, ...rest };
    if (kind === 'full') t.threshold = Math.max(t.threshold, t.amount);
    return [t, n];
  };
  const [s1, s2, s3] = stores;
  const [l1, l2, , l4] = lines;
  const list = [
    // Platform: 满减, 折扣, 无门槛.
    T('平台满减券', 'full', 'platform', { threshold: round(total / 2), amount: 1000 }),
    T('平台满减券', 'full', 'platform', { threshold: round(total * 0.9), amount: 3000 }),
    T('平台满减券', 'full', 'platform', { threshold: 9900, amount: 500 }, 2),
    T('平台大额券', 'full', 'platform', { threshold: round(total + 10_000), amount: 8000 }),
    T('平台大额券', 'full', 'platform', { threshold: round(total * 2), amount: 20_000 }),
    T('平台折扣券', 'discount', 'platform', { threshold: 5000, rate: 90, cap: 5000 }),
    T('平台折扣券', 'discount', 'platform', { threshold: 0, rate: 95, cap: 0 }),
    T('平台折扣券', 'discount', 'platform', {
      threshold: round(total + 5000),
      rate: 85,
      cap: 3000,
    }),
    T('无门槛券', 'free', 'platform', { threshold: 0, amount: 500 }, 2),
    T('无门槛券', 'free', 'platform', { threshold: 0, amount: 300 }),
    T('无门槛券', 'free', 'platform', {
      threshold: 0,
      amount: 1000,
      ...future,
      validDays: undefined,
    }),
    // Category and product coupons.
    T('品类专享券', 'full', 'category', {
      scopeIds: [l1.categoryId],
      threshold: round(catSub(l1.categoryId) / 2),
      amount: 800,
    }),
    T('品类专享券', 'full', 'category', {
      scopeIds: [l4.categoryId],
      threshold: round(catSub(l4.categoryId) + 5000),
      amount: 2000,
    }),
    T('品类专享券', 'full', 'category', { scopeIds: [otherCat], threshold: 9900, amount: 1500 }),
    T('品类折扣券', 'discount', 'category', {
      scopeIds: [l1.categoryId, l2.categoryId],
      threshold: 0,
      rate: 88,
      cap: 2000,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: l1.storeId,
      scopeIds: [l1.id],
      threshold: 0,
      amount: 300,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: l4.storeId,
      scopeIds: [l4.id],
      threshold: 0,
      amount: 200,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: otherProduct.storeId,
      scopeIds: [otherProduct.id],
      threshold: 0,
      amount: 500,
    }),
    T('单品满减券', 'full', 'product', {
      storeId: l2.storeId,
      scopeIds: [l2.id],
      threshold: round(l2.subtotal + 3000),
      amount: 1000,
    }),
    // The cart's stores.
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) / 2),
      amount: 1000,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) * 0.95),
      amount: 2000,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) + 5000),
      amount: 5000,
    }),
    T('店铺折扣券', 'discount', 'store', { storeId: s1, threshold: 0, rate: 90, cap: 2000 }),
    T('店铺无门槛券', 'free', 'store', { storeId: s1, threshold: 0, amount: 300 }, 2),
    T('店铺满减券', 'full', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) / 2),
      amount: 800,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) + 2000),
      amount: 3000,
    }),
    T('店铺无门槛券', 'free', 'store', { storeId: s2, threshold: 0, amount: 500 }),
    T('店铺折扣券', 'discount', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) + 1000),
      rate: 80,
      cap: 0,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s3,
      threshold: round(storeSub(s3) / 3),
      amount: 600,
    }),
    T(
      '店铺满减券',
      'full',
      'store',
      { storeId: s3, threshold: round(storeSub(s3) * 3), amount: 6000 },
      2,
    ),
    T('店铺无门槛券', 'free', 'store', { storeId: s3, threshold: 0, amount: 200 }),
    T('店铺折扣券', 'discount', 'store', { storeId: s3, threshold: 0, rate: 92, cap: 1500 }),
  ];
  // Stores not in the cart: 不适用于当前店铺商品.
  otherStores.forEach((storeId, i) => {
    list.push(
      T('店铺满减券', 'full', 'store', { storeId, threshold: 9900, amount: 1000 }),
      T('店铺无门槛券', 'free', 'store', { storeId, threshold: 0, amount: 300 + i * 100 }),
    );
    if (i < 3) {
      list.push(
        T('店铺折扣券', 'discount', 'store', { storeId, threshold: 0, rate: 85, cap: 2000 }),
      );
    }
  });
  // A small 满减 anyone may hold from an activity.
  list.push(T('平台满减券', 'full', 'platform', { threshold: round(total / 3), amount: 600 }));
  const n = list.reduce((s, [, k]) => s + k, 0);
  if (n !== WALLET) throw new Error(`wallet of ${n} coupons, expected ${WALLET}`);
  return list;
}

/** Buyers A (no coupon) and B (50 coupons) and their preview request: [A, B]. */
export async function prepare(base) {
  const admin = (
    await postForm(base, '/user/login', { phone: '13800000000', password: 'Admin@123456' })
  ).data.token;
  const products = await catalogue(base);
  const lines = await chooseCart(base, products);
  // The seed's stock is small on some SKUs; a preview only reads it.
  for (const l of lines) {
    await postForm(base, '/admin/sku/stock', { skuId: l.skuId, stock: 1_000_000 }, admin);
  }
  const a = await buyerWithAddress(base);
  const b = await buyerWithAddress(base);
  for (const buyer of [a, b]) {
    buyer.userId = (await getJson(base, '/user/queryUser', buyer.token)).data.id;
  }
  const bId = b.userId;
  for (const [template, n] of walletFor(lines, products)) {
    const { id } = await postJson(base, '/admin/coupon/template', template, admin);
    for (let i = 0; i < n; i++) {
      const { issued } = await postJson(
        base,
        '/admin/coupon/issue',
        { templateId: id, userIds: [bId] },
        admin,
      );
      if (issued !== 1) throw new Error(`template ${id} not issued`);
    }
  }
  const items = lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  const body = (buyer) => ({ items, addressId: buyer.addressId });
  const targets = [
    { label: 'A: no coupon', buyer: a, json: body(a), body: JSON.stringify(body(a)) },
    { label: `B: ${WALLET} coupons`, buyer: b, json: body(b), body: JSON.stringify(body(b)) },
  ];
  // The answers themselves: same cart, A lists no coupon, B lists all 50 and gets a combination.
  for (const t of targets) {
    const res = await fetch(`${base}${API}/order/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', TOKEN: t.buyer.token },
      body: t.body,
    });
    const text = await res.text();
    const data = JSON.parse(text).data;
    if (res.status !== 200 || !data) throw new Error(`order/preview (${t.label}): ${text}`);
    t.bytes = Buffer.byteLength(text);
    t.answer = text;
    // Checkout's preview lists no coupons (the sheet asks with listCoupons): counts instead.
    t.coupons = data.couponCounts.usable + data.couponCounts.unusable;
    t.usable = data.couponCounts.usable;
    t.chosen = data.couponIds.length;
    t.discount = data.discountAmount;
    t.goods = data.goodsAmount;
  }
  const [ta, tb] = targets;
  if (ta.coupons !== 0 || tb.coupons !== WALLET || tb.chosen === 0 || ta.goods !== tb.goods) {
    throw new Error(
      `unexpected previews: ${JSON.stringify(targets.map(({ buyer, body, json, answer, ...t }) => t))}`,
    );
  }
  const stores = new Set(lines.map((l) => l.storeId)).size;
  console.log(
    `cart: ${lines.length} lines from ${stores} stores, ¥${ta.goods / 100}: ${lines
      .map((l) => `product ${l.id} (store ${l.storeId}, category ${l.categoryId}) × ${l.quantity}`)
      .join(', ')}`,
  );
  for (const t of targets) {
    console.log(
      `${t.label}: answer ${t.bytes} bytes, ${t.coupons} coupons listed, ${t.usable} usable, ${t.chosen} chosen, discount ¥${t.discount / 100}`,
    );
  }
  return targets;
}

/** A fresh database next to DATABASE_URL's (dropped after the run), as bench/im does. */
export const freshDatabase = (url) => emptyDatabase(url, 'bench_coupons');
