import type { Address, AddressAddBody, AddressEditBody, Region } from '@chaopin/contracts';
import { get, post } from './client.ts';

export const addressApi = {
  /** Provinces without a parent; a province's cities; a city's districts. */
  levelList: (parentCode?: string) => get<Region[]>('address/levelList', { parentCode }),
  list: () => get<Address[]>('address/query'),
  get: (id: number) => get<Address>('address/queryById', { id }),
  add: (body: AddressAddBody) => post<Address>('address/add', body),
  edit: (body: AddressEditBody) => post<Address>('address/edit', body),
  setDefault: (id: number) => post<Address>('address/editDefault', { id }),
  remove: (id: number) => post<null>('address/delete', { id }),
};
