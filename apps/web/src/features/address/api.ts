import type { AddressAddBody, AddressEditBody } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { addressesKey } from '../../ui/address/addressesQuery.ts';

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

export const addressKeys = {
  all: ['address'] as const,
  addresses: addressesKey,
  address: (id: number) => ['address', 'detail', id] as const,
  regions: (parentCode: string) => ['address', 'regions', parentCode] as const,
};

export { addressesQuery } from '../../ui/address/addressesQuery.ts';

export const addressQuery = (id: number) =>
  queryOptions({ queryKey: addressKeys.address(id), queryFn: () => addressApi.get(id) });

/** Region lists never change while the app runs. */
export const regionsQuery = (parentCode: string) =>
  queryOptions({
    queryKey: addressKeys.regions(parentCode),
    queryFn: () => addressApi.levelList(parentCode || undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
