import { API_BASE } from '@chaopin/contracts';
import type { ApiData, ApiQuery, ApiRequestBody } from '@chaopin/core/api';
import {
  type ApiError,
  api,
  apiUrl,
  NETWORK_MSG,
  type Query,
  typed,
  unwrap,
} from '../../providers/http.ts';
import { session } from '../../providers/session.ts';

/** A row of `admin/order/list` (the list itself comes through the data provider). */
export type OrderRow = ApiData<'admin/order/list'>['list'][number];
export type OrderDetail = ApiData<'admin/order/detail'>;
export type OrderQuery = ApiQuery<'admin/order/list'>;
export type OrderStatus = NonNullable<OrderQuery['status']>;
export type ShipImportResult = ApiData<'admin/order/shipImport', 'post'>;
export type Carrier = ApiData<'admin/order/carriers'>[number];
export type AddressBody = ApiRequestBody<'admin/order/address'>;
export type Region = ApiData<'address/levelList'>[number];

export const loadOrder = (id: number) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/order/detail', { params: { query: { id } } }));

export const loadCarriers = () => typed(api.GET('/chaopin-boot/api/v1/admin/order/carriers'));

/** 发货: the carrier by its code or name, the tracking number (4-40 letters, digits, -). */
export const shipOrder = (orderNo: string, carrier: string, trackingNo: string) =>
  typed(
    api.POST('/chaopin-boot/api/v1/admin/order/ship', { body: { orderNo, carrier, trackingNo } }),
  );

export const changeAddress = (body: AddressBody) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/order/address', { body }));

export const saveRemark = (id: number, remark: string) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/order/remark', { body: { id, remark } }));

/** The province / city / district picker's level under `parentCode` (provinces for none). */
export const loadRegions = (parentCode?: string) =>
  typed(
    api.GET('/chaopin-boot/api/v1/address/levelList', {
      params: { query: parentCode ? { parentCode } : {} },
    }),
  );

function authHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ device: '1', ...extra });
  const token = session.token();
  if (token) headers.set('TOKEN', token);
  return headers;
}

/**
 * 批量发货: the file's bytes as they are (the server reads UTF-8 or Excel's GB18030), one
 * result per row: shipped, unchanged (already sent with that number), or refused with its line.
 */
export async function importShipments(file: Blob): Promise<ShipImportResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/admin/order/shipImport`, {
      method: 'POST',
      headers: authHeaders({ 'content-type': 'text/csv' }),
      body: file,
    });
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  return unwrap<ShipImportResult>(response.status, await response.json().catch(() => null));
}

/**
 * 导出: the filtered list as the server streams it (CSV, UTF-8 with a BOM for Excel), saved as a
 * file. A refusal (bad filter, no permission) comes back as the envelope and is thrown.
 */
export async function downloadExport(query: Query): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl('admin/order/export', query), { headers: authHeaders() });
  } catch {
    throw { statusCode: 0, message: NETWORK_MSG } satisfies ApiError;
  }
  if (!response.headers.get('content-type')?.startsWith('text/csv')) {
    unwrap(response.status, await response.json().catch(() => null));
  }
  const blob = await response.blob();
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `订单-${day}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
