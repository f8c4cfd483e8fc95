// Request and response schemas of the address routes.
import { type Static, Type } from 'typebox';
import { MAX_ID, PHONE_PATTERN } from './constants.ts';

/** Consignee name and detail lengths (characters), and how many addresses one user keeps. */
export const CONSIGNEE_MAX = 25;
export const ADDRESS_DETAIL_MIN = 2;
export const ADDRESS_DETAIL_MAX = 120;
export const ADDRESS_MAX_PER_USER = 20;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });
const RegionCode = Type.String({ pattern: '^\\d{6}$', errorId: 'REGION_INVALID' });
const Consignee = Type.String({
  minLength: 1,
  maxLength: CONSIGNEE_MAX,
  errorId: 'CONSIGNEE_INVALID',
});
const Phone = Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' });
const Detail = Type.String({
  minLength: ADDRESS_DETAIL_MIN,
  maxLength: ADDRESS_DETAIL_MAX,
  errorId: 'ADDRESS_DETAIL_INVALID',
});
const IsDefault = Type.Boolean({ errorId: 'INVALID_PARAM' });

/** One node of the province / city / district tree (GB/T 2260 codes). */
export const Region = Type.Object({ code: Type.String(), name: Type.String() });
export type Region = Static<typeof Region>;

export const LevelListQuery = Type.Object({
  /** Empty or absent: the provinces; a province: its cities; a city: its districts. */
  parentCode: Type.Optional(Type.String({ pattern: '^(\\d{6})?$', errorId: 'REGION_INVALID' })),
});
export type LevelListQuery = Static<typeof LevelListQuery>;

export const AddressAddBody = Type.Object({
  /** The consignee. */
  name: Consignee,
  phone: Phone,
  provinceCode: RegionCode,
  cityCode: RegionCode,
  districtCode: RegionCode,
  detail: Detail,
  /** The user's first address is the default whatever this says. */
  isDefault: Type.Optional(IsDefault),
});
export type AddressAddBody = Static<typeof AddressAddBody>;

/** Any subset of the fields; the three region codes change together. */
export const AddressEditBody = Type.Object({
  id: Id,
  name: Type.Optional(Consignee),
  phone: Type.Optional(Phone),
  provinceCode: Type.Optional(RegionCode),
  cityCode: Type.Optional(RegionCode),
  districtCode: Type.Optional(RegionCode),
  detail: Type.Optional(Detail),
  /** true makes it the default; false on the default address is ignored (there is always one). */
  isDefault: Type.Optional(IsDefault),
});
export type AddressEditBody = Static<typeof AddressEditBody>;

export const AddressIdBody = Type.Object({ id: Id });
export type AddressIdBody = Static<typeof AddressIdBody>;
export const AddressIdQuery = AddressIdBody;

export const Address = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  provinceCode: Type.String(),
  province: Type.String(),
  cityCode: Type.String(),
  city: Type.String(),
  districtCode: Type.String(),
  district: Type.String(),
  detail: Type.String(),
  /** Province, city, district and detail as one line, e.g. 浙江省杭州市西湖区文三路 90 号. */
  fullAddress: Type.String(),
  isDefault: Type.Boolean(),
});
export type Address = Static<typeof Address>;

/** What an order copies from an address when it is placed. */
export interface AddressSnapshot {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  fullAddress: string;
}
