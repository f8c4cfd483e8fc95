import {
  ADDRESS_DETAIL_MAX,
  ADDRESS_DETAIL_MIN,
  ADDRESS_MAX_PER_USER,
  type Address,
  type AddressAddBody,
  type AddressEditBody,
  type AddressSnapshot,
  CONSIGNEE_MAX,
  type Region,
} from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import type { AddressFields, AddressRepo, AddressRow } from './address.repo.ts';
import { formatFullAddress, type Regions } from './regions.ts';

/** Counts characters, not UTF-16 units, so that 𠀀 is one character like 张. */
const charCount = (s: string) => [...s].length;

function cleanName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (charCount(name) < 1 || charCount(name) > CONSIGNEE_MAX) {
    throw new AppError('CONSIGNEE_INVALID');
  }
  return name;
}

function cleanDetail(raw: string): string {
  const detail = raw.trim().replace(/\s+/g, ' ');
  const n = charCount(detail);
  if (n < ADDRESS_DETAIL_MIN || n > ADDRESS_DETAIL_MAX)
    throw new AppError('ADDRESS_DETAIL_INVALID');
  return detail;
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    provinceCode: row.province_code,
    province: row.province,
    cityCode: row.city_code,
    city: row.city,
    districtCode: row.district_code,
    district: row.district,
    detail: row.detail,
    fullAddress: formatFullAddress(row),
    isDefault: row.is_default,
  };
}

/** Delivery addresses: at most 20 per user, exactly one default while any exist. */
export class AddressService {
  constructor(
    private readonly repo: AddressRepo,
    readonly regions: Regions,
  ) {}

  async levelList(parentCode: string | undefined): Promise<Region[]> {
    const children = await this.regions.children(parentCode);
    if (!children) throw new AppError('REGION_INVALID');
    return children;
  }

  private async region(codes: { provinceCode: string; cityCode: string; districtCode: string }) {
    const names = await this.regions.resolve(
      codes.provinceCode,
      codes.cityCode,
      codes.districtCode,
    );
    if (!names) throw new AppError('REGION_INVALID');
    return {
      province_code: codes.provinceCode,
      province: names.province,
      city_code: codes.cityCode,
      city: names.city,
      district_code: codes.districtCode,
      district: names.district,
    };
  }

  async list(userId: number): Promise<Address[]> {
    return (await this.repo.listOwned(userId)).map(toAddress);
  }

  async get(userId: number, id: number): Promise<Address> {
    const row = await this.repo.findOwned(userId, id);
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    return toAddress(row);
  }

  /** The address as an order copies it; null when it is not the user's or was deleted. */
  async findOwned(userId: number, id: number): Promise<AddressSnapshot | null> {
    const row = await this.repo.findOwned(userId, id);
    return row ? toSnapshot(row) : null;
  }

  /** Snapshots of several users' addresses, keyed `${userId}:${id}`; missing or deleted ones are absent. */
  async findOwnedMany(
    pairs: readonly { userId: number; id: number }[],
  ): Promise<Map<string, AddressSnapshot>> {
    const rows = await this.repo.findOwnedMany(pairs);
    return new Map(rows.map((r) => [`${r.user_id}:${r.id}`, toSnapshot(r)]));
  }

  /**
   * A receiver typed somewhere else (the console's 修改地址), checked and cleaned as the app's
   * addresses are, as an order copies it (without an address-book id). Throws the field's error.
   */
  async compose(body: Omit<AddressAddBody, 'isDefault'>): Promise<Omit<AddressSnapshot, 'id'>> {
    const region = await this.region(body);
    const a = {
      name: cleanName(body.name),
      phone: body.phone,
      province: region.province,
      city: region.city,
      district: region.district,
      detail: cleanDetail(body.detail),
    };
    return { ...a, fullAddress: formatFullAddress(a) };
  }

  async add(userId: number, body: AddressAddBody): Promise<Address> {
    const fields: AddressFields = {
      name: cleanName(body.name),
      phone: body.phone,
      detail: cleanDetail(body.detail),
      ...(await this.region(body)),
    };
    const row = await this.repo.withUserLock(userId, async (trx) => {
      const count = await this.repo.countOwned(userId, trx);
      if (count >= ADDRESS_MAX_PER_USER) throw new AppError('ADDRESS_LIMIT');
      const isDefault = count === 0 || body.isDefault === true;
      if (isDefault) await this.repo.clearDefault(trx, userId);
      return this.repo.insert(trx, userId, fields, isDefault);
    });
    return toAddress(row);
  }

  async edit(userId: number, body: AddressEditBody): Promise<Address> {
    const { provinceCode, cityCode, districtCode } = body;
    const codes = [provinceCode, cityCode, districtCode].filter((c) => c !== undefined);
    if (codes.length !== 0 && codes.length !== 3) throw new AppError('REGION_INVALID');
    const fields: Partial<AddressFields> = {
      ...(body.name !== undefined ? { name: cleanName(body.name) } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.detail !== undefined ? { detail: cleanDetail(body.detail) } : {}),
      ...(provinceCode && cityCode && districtCode
        ? await this.region({ provinceCode, cityCode, districtCode })
        : {}),
    };
    const row = await this.repo.withUserLock(userId, async (trx) => {
      const current = await this.repo.findOwned(userId, body.id, trx);
      if (!current) throw new AppError('ADDRESS_NOT_FOUND');
      const makeDefault = body.isDefault === true && !current.is_default;
      if (makeDefault) await this.repo.clearDefault(trx, userId);
      const updated = await this.repo.update(trx, userId, body.id, {
        ...fields,
        ...(makeDefault ? { is_default: true } : {}),
      });
      if (!updated) throw new AppError('ADDRESS_NOT_FOUND');
      return updated;
    });
    return toAddress(row);
  }

  async setDefault(userId: number, id: number): Promise<Address> {
    const row = await this.repo.withUserLock(userId, async (trx) => {
      const current = await this.repo.findOwned(userId, id, trx);
      if (!current) throw new AppError('ADDRESS_NOT_FOUND');
      if (current.is_default) return current;
      await this.repo.clearDefault(trx, userId);
      const updated = await this.repo.update(trx, userId, id, { is_default: true });
      if (!updated) throw new AppError('ADDRESS_NOT_FOUND');
      return updated;
    });
    return toAddress(row);
  }

  /** Soft delete; deleting the default makes the newest remaining address the default. */
  async remove(userId: number, id: number): Promise<void> {
    await this.repo.withUserLock(userId, async (trx) => {
      const current = await this.repo.findOwned(userId, id, trx);
      if (!current) throw new AppError('ADDRESS_NOT_FOUND');
      await this.repo.softDelete(trx, userId, id);
      if (current.is_default) await this.repo.promoteNewest(trx, userId);
    });
  }
}

function toSnapshot(row: AddressRow): AddressSnapshot {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    district: row.district,
    detail: row.detail,
    fullAddress: formatFullAddress(row),
  };
}
