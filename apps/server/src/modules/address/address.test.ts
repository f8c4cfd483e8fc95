import type { Address, Region } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../test/helpers.ts';
import { narrowDb } from '../../platform/db.ts';
import { AddressRepo } from './address.repo.ts';
import { AddressService } from './address.service.ts';
import { Regions } from './regions.ts';

/** 浙江省 / 杭州市 / 西湖区, and a district of another city. */
const ZJ = { provinceCode: '330000', cityCode: '330100', districtCode: '330106' };
const NINGBO_HAISHU = '330203';
const BJ = { provinceCode: '110000', cityCode: '110100', districtCode: '110101' };

const valid = (over: Record<string, string | number> = {}) => ({
  name: '张三',
  phone: '13800138000',
  ...ZJ,
  detail: '文三路90号东部软件园1号楼',
  ...over,
});

describe('address', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  let userA: number;
  const db = () => t.app.deps.db;
  const post = <T>(url: string, body: Record<string, string | number>, token: string) =>
    call<T>(t.app, { method: 'POST', url: `${API}/address/${url}`, token, ...form(body) });
  const get = <T>(url: string, token?: string) =>
    call<T>(t.app, { method: 'GET', url: `${API}/address/${url}`, ...(token ? { token } : {}) });
  const rowsOf = async (token: string) => (await get<Address[]>('query', token)).body.data;
  const snapshotRows = () => db().selectFrom('user_address').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    a = (await login(t.app)).token;
    b = (await login(t.app)).token;
    const me = await call<{ id: number }>(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token: a,
    });
    userA = me.body.data.id;
  }, 120_000);
  afterAll(() => t?.close());

  describe('levelList', () => {
    it('lists the 31 mainland provinces, then cities and districts by parent code', async () => {
      const provinces = await get<Region[]>('levelList');
      expect(provinces.status).toBe(200);
      expect(provinces.body.data).toHaveLength(31);
      expect(provinces.body.data[0]).toEqual({ code: '110000', name: '北京市' });
      expect(provinces.body.data.map((p) => p.code)).not.toContain('810000');
      const empty = await get<Region[]>('levelList?parentCode=');
      expect(empty.body.data).toHaveLength(31);

      const cities = await get<Region[]>('levelList?parentCode=330000');
      expect(cities.body.data.map((c) => c.name)).toContain('杭州市');
      expect(cities.body.data).toHaveLength(11);
      const districts = await get<Region[]>('levelList?parentCode=330100');
      expect(districts.body.data).toContainEqual({ code: '330106', name: '西湖区' });
      const leaf = await get<Region[]>('levelList?parentCode=330106');
      expect(leaf.body.data).toEqual([]);
    });

    it('has every city with districts, for every province', async () => {
      const provinces = (await get<Region[]>('levelList')).body.data;
      let districtCount = 0;
      for (const p of provinces) {
        const cities = (await get<Region[]>(`levelList?parentCode=${p.code}`)).body.data;
        expect(cities.length).toBeGreaterThan(0);
        for (const c of cities) {
          const ds = (await get<Region[]>(`levelList?parentCode=${c.code}`)).body.data;
          expect(ds.length, c.name).toBeGreaterThan(0);
          districtCount += ds.length;
        }
      }
      expect(districtCount).toBeGreaterThan(2800);
    }, 60_000);

    it('refuses an unknown or malformed code', async () => {
      for (const code of ['999999', '12345', 'abcdef']) {
        const res = await get(`levelList?parentCode=${code}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('REGION_INVALID');
        expect(res.body.msg).toBe('请选择正确的省市区');
      }
    });
  });

  describe('add and query', () => {
    it('needs a login', async () => {
      const res = await call(t.app, { method: 'GET', url: `${API}/address/query` });
      expect(res.status).toBe(401);
      const add = await call(t.app, {
        method: 'POST',
        url: `${API}/address/add`,
        ...form(valid()),
      });
      expect(add.status).toBe(401);
    });

    it('adds an address with region names; the first one becomes the default', async () => {
      const res = await post<Address>('add', valid({ isDefault: 'false' }), a);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: '张三',
        phone: '13800138000',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        fullAddress: '浙江省杭州市西湖区文三路90号东部软件园1号楼',
        isDefault: true,
      });
      const list = await rowsOf(a);
      expect(list.map((x) => x.id)).toEqual([res.body.data.id]);
    });

    it('keeps one default, lists it first, and accepts JSON bodies', async () => {
      const second = await call<Address>(t.app, {
        method: 'POST',
        url: `${API}/address/add`,
        token: a,
        payload: { ...valid({ name: '李四' }), ...BJ, isDefault: true },
      });
      expect(second.status).toBe(200);
      expect(second.body.data.isDefault).toBe(true);
      // a municipality's city repeats the province and is left out of the one-line form
      expect(second.body.data.fullAddress).toBe('北京市东城区文三路90号东部软件园1号楼');
      const third = await post<Address>('add', valid({ name: '王五' }), a);
      expect(third.body.data.isDefault).toBe(false);
      const list = await rowsOf(a);
      expect(list.map((x) => x.name)).toEqual(['李四', '王五', '张三']);
      expect(list.filter((x) => x.isDefault)).toHaveLength(1);
    });

    it('refuses bad input with its own error and writes nothing', async () => {
      const before = await snapshotRows();
      const cases: [Record<string, string | number>, number, string][] = [
        [valid({ name: '' }), 400, 'CONSIGNEE_INVALID'],
        [valid({ name: '   ' }), 400, 'CONSIGNEE_INVALID'],
        [valid({ name: '张'.repeat(26) }), 400, 'CONSIGNEE_INVALID'],
        [valid({ phone: '12800138000' }), 400, 'PHONE_INVALID'],
        [valid({ phone: '1380013800' }), 400, 'PHONE_INVALID'],
        [valid({ detail: '1' }), 400, 'ADDRESS_DETAIL_INVALID'],
        [valid({ detail: ' 1  ' }), 400, 'ADDRESS_DETAIL_INVALID'],
        [valid({ detail: '路'.repeat(121) }), 400, 'ADDRESS_DETAIL_INVALID'],
        [valid({ districtCode: NINGBO_HAISHU }), 400, 'REGION_INVALID'],
        [valid({ cityCode: '110100' }), 400, 'REGION_INVALID'],
        [valid({ provinceCode: '990000' }), 400, 'REGION_INVALID'],
        [valid({ provinceCode: '330100', cityCode: '330100' }), 400, 'REGION_INVALID'],
        [valid({ districtCode: 'x' }), 400, 'REGION_INVALID'],
        [{ ...ZJ, phone: '13800138000', detail: '文三路90号' }, 400, 'CONSIGNEE_INVALID'],
        [valid({ isDefault: 'maybe' }), 400, 'INVALID_PARAM'],
      ];
      for (const [body, status, error] of cases) {
        const res = await post('add', body, a);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.error, JSON.stringify(body)).toBe(error);
        expect(res.body.code).toBe(status);
        expect(res.body.msg.length).toBeGreaterThan(0);
      }
      expect(await snapshotRows()).toEqual(before);
    });

    it('keeps at most 20 addresses per user', async () => {
      const c = (await login(t.app)).token;
      for (let i = 0; i < 20; i++) {
        const res = await post('add', valid({ name: `收货人${i}` }), c);
        expect(res.status).toBe(200);
      }
      const res = await post('add', valid(), c);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('ADDRESS_LIMIT');
      expect(await rowsOf(c)).toHaveLength(20);
    });

    it('never exceeds the limit or makes two defaults under concurrent adds', async () => {
      const c = (await login(t.app)).token;
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          post('add', valid({ name: `并发${i}`, isDefault: 'true' }), c),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(20);
      expect(results.filter((r) => r.status === 409)).toHaveLength(5);
      const list = await rowsOf(c);
      expect(list).toHaveLength(20);
      expect(list.filter((x) => x.isDefault)).toHaveLength(1);
    });
  });

  describe('queryById, edit, editDefault, delete', () => {
    let own: Address[];
    let other: Address;

    beforeAll(async () => {
      own = await rowsOf(a);
      other = (await post<Address>('add', valid({ name: '乙' }), b)).body.data;
    });

    it('reads one of the own addresses', async () => {
      const target = own[1] as Address;
      const res = await get<Address>(`queryById?id=${target.id}`, a);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(target);
      const bad = await get('queryById?id=abc', a);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('INVALID_PARAM');
      const missing = await get('queryById?id=2147483647', a);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('ADDRESS_NOT_FOUND');
    });

    it('edits fields, and the region codes only together', async () => {
      const target = own[1] as Address;
      const res = await post<Address>(
        'edit',
        {
          id: target.id,
          name: ' 王 五 ',
          cityCode: '330200',
          districtCode: NINGBO_HAISHU,
          provinceCode: '330000',
        },
        a,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: '王 五',
        phone: target.phone,
        city: '宁波市',
        district: '海曙区',
        detail: target.detail,
        isDefault: false,
      });
      const before = await snapshotRows();
      const partial = await post('edit', { id: target.id, cityCode: '330100' }, a);
      expect(partial.status).toBe(400);
      expect(partial.body.error).toBe('REGION_INVALID');
      const badPhone = await post('edit', { id: target.id, phone: '123' }, a);
      expect(badPhone.body.error).toBe('PHONE_INVALID');
      const mismatch = await post('edit', { id: target.id, ...ZJ, districtCode: NINGBO_HAISHU }, a);
      expect(mismatch.body.error).toBe('REGION_INVALID');
      expect(await snapshotRows()).toEqual(before);
    });

    it('moves the default in one step, through editDefault or edit', async () => {
      const target = own[2] as Address;
      const res = await post<Address>('editDefault', { id: target.id }, a);
      expect(res.status).toBe(200);
      expect(res.body.data.isDefault).toBe(true);
      let list = await rowsOf(a);
      expect(list[0]?.id).toBe(target.id);
      expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([target.id]);
      // again: nothing changes
      expect((await post<Address>('editDefault', { id: target.id }, a)).body.data.isDefault).toBe(
        true,
      );
      // unsetting the default is ignored: there is always one
      await post('edit', { id: target.id, isDefault: 'false' }, a);
      list = await rowsOf(a);
      expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([target.id]);
      const via = own[1] as Address;
      await post('edit', { id: via.id, isDefault: 'true' }, a);
      list = await rowsOf(a);
      expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([via.id]);
    });

    it('keeps one default when defaults are set concurrently', async () => {
      const ids = (await rowsOf(a)).map((x) => x.id);
      const results = await Promise.all(ids.map((id) => post('editDefault', { id }, a)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const rows = await db()
        .selectFrom('user_address')
        .select('id')
        .where('user_id', '=', userA)
        .where('is_default', '=', true)
        .where('deleted_at', 'is', null)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("hides another user's address: 404 for every route, and nothing of it changes", async () => {
      const before = await snapshotRows();
      const read = await get(`queryById?id=${other.id}`, a);
      expect(read.status).toBe(404);
      expect(read.body.error).toBe('ADDRESS_NOT_FOUND');
      for (const [url, body] of [
        ['edit', { id: other.id, name: '冒名' }],
        ['editDefault', { id: other.id }],
        ['delete', { id: other.id }],
      ] as const) {
        const res = await post(url, body, a);
        expect(res.status, url).toBe(404);
        expect(res.body.error).toBe('ADDRESS_NOT_FOUND');
      }
      expect((await rowsOf(a)).map((x) => x.id)).not.toContain(other.id);
      expect(await snapshotRows()).toEqual(before);
      const theirs = await rowsOf(b);
      expect(theirs).toEqual([other]);
      expect(await t.app.deps.db.selectFrom('user_address').select('id').execute()).toHaveLength(
        before.length,
      );
    });

    it('soft-deletes; deleting the default promotes the newest other one', async () => {
      const list = await rowsOf(a);
      const def = list.find((x) => x.isDefault) as Address;
      const rest = list.filter((x) => x.id !== def.id);
      const newest = Math.max(...rest.map((x) => x.id));
      const res = await post('delete', { id: def.id }, a);
      expect(res.status).toBe(200);
      const after = await rowsOf(a);
      expect(after.map((x) => x.id)).not.toContain(def.id);
      expect(after.filter((x) => x.isDefault).map((x) => x.id)).toEqual([newest]);
      // the row stays for orders that copied it, but is gone for the user
      const row = await db()
        .selectFrom('user_address')
        .select(['deleted_at', 'is_default'])
        .where('id', '=', def.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect(row.is_default).toBe(false);
      expect((await get(`queryById?id=${def.id}`, a)).status).toBe(404);
      const again = await post('delete', { id: def.id }, a);
      expect(again.status).toBe(404);
      expect((await post('edit', { id: def.id, name: '复活' }, a)).status).toBe(404);
      // deleting a non-default leaves the default alone
      const plain = after.find((x) => !x.isDefault) as Address;
      await post('delete', { id: plain.id }, a);
      expect((await rowsOf(a)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([newest]);
    });

    it('deleting every address leaves none, and the next one is the default again', async () => {
      const c = (await login(t.app)).token;
      const one = (await post<Address>('add', valid(), c)).body.data;
      await post('delete', { id: one.id }, c);
      expect(await rowsOf(c)).toEqual([]);
      const next = await post<Address>('add', valid({ isDefault: 'false' }), c);
      expect(next.body.data.isDefault).toBe(true);
    });
  });

  describe('findOwned (for orders)', () => {
    it("returns the snapshot of an own live address, and null for others' or deleted", async () => {
      const list = await rowsOf(a);
      const first = list[0] as Address;
      const service = new AddressService(new AddressRepo(narrowDb(db())), new Regions());
      expect(await service.findOwned(userA, first.id)).toEqual({
        id: first.id,
        name: first.name,
        phone: first.phone,
        province: first.province,
        city: first.city,
        district: first.district,
        detail: first.detail,
        fullAddress: first.fullAddress,
      });
      const theirs = (await rowsOf(b))[0] as Address;
      expect(await service.findOwned(userA, theirs.id)).toBeNull();
      const deleted = await db()
        .selectFrom('user_address')
        .select('id')
        .where('user_id', '=', userA)
        .where('deleted_at', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(await service.findOwned(userA, deleted.id)).toBeNull();
    });
  });
});
