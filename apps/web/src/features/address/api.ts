import type { AddressAddBody, AddressEditBody } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

export const addressApi = {
  /** Provinces without a parent; a province's cities; a city's districts. */
  levelList: (parentCode?: string) => get('address/levelList', { parentCode }),
  list: () => get('address/query'),
  get: (id: number) => get('address/queryById', { id }),
  add: (body: AddressAddBody) => post('address/add', body),
  edit: (body: AddressEditBody) => post('address/edit', body),
  setDefault: (id: number) => post('address/editDefault', { id }),
  remove: (id: number) => post('address/delete', { id }),
};
