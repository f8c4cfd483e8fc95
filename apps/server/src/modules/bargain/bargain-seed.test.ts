import type { BargainItemsData } from '@chaopin/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedDemo } from '../../seed/seed.ts';
import { seedBargain } from '../../seed/seed-bargain.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BARGAIN_SWEEP_MS: '600000' });
  await seedDemo(t.app.deps);
});
afterAll(async () => {
  await t.close();
});

it('seeds four items and two New Year items on demo SKUs, once', async () => {
  expect(await seedBargain(t.app)).toBe(6);
  expect(await seedBargain(t.app)).toBe(0);
  const get = (edition: string) =>
    call<BargainItemsData>(t.app, {
      method: 'GET',
      url: `${API}/bargain/items?edition=${edition}`,
    });
  expect((await get('normal')).body.data.list).toHaveLength(4);
  const ny = (await get('newYear')).body.data.list;
  expect(ny).toHaveLength(2);
  expect(ny.every((c) => c.item.reward.kind === 'redPacket')).toBe(true);
});
