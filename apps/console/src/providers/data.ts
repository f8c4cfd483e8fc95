import { API_BASE, PAGE_SIZE_MAX } from '@chaopin/contracts';
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CreateResponse,
  CrudFilter,
  CrudSort,
  CustomParams,
  CustomResponse,
  DataProvider,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetManyParams,
  GetManyResponse,
  GetOneParams,
  GetOneResponse,
  MetaQuery,
  Pagination,
  UpdateParams,
  UpdateResponse,
} from '@refinedev/core';
import { call, type Query } from './http.ts';

/** A list answer of every admin resource (HTTP API conventions). */
export interface PageAnswer<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** What `save` answers: the id of the row written. */
export interface SaveAnswer {
  id: BaseKey;
}

/**
 * The resource's family under admin/: the resource name, unless its definition names another
 * (`meta.api`, e.g. the 售后 resource `aftersale` lives at admin/refund/*).
 */
function familyOf(resource: string, meta: MetaQuery | undefined): string {
  const api = meta?.api;
  return `admin/${typeof api === 'string' && api ? api : resource}`;
}

/** refine's page → `pageNum`/`pageSize` (capped at the server's 100). */
export function pageQuery(pagination: Pagination | undefined): Query {
  if (pagination?.mode === 'off') return { pageNum: 1, pageSize: PAGE_SIZE_MAX };
  const pageSize = Math.min(Math.max(pagination?.pageSize ?? 10, 1), PAGE_SIZE_MAX);
  return { pageNum: Math.max(pagination?.currentPage ?? 1, 1), pageSize };
}

/** The first sorter as `sort=<field>&order=asc|desc` (the API sorts by one field). */
export function sortQuery(sorters: CrudSort[] | undefined): Query {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order } : {};
}

/**
 * Filters → query fields: `eq` → `<field>=<value>`, `in` → comma-joined, `contains` → the list's
 * one search box `q`. Anything else is a page's mistake and says so (the API has no such filter).
 */
export function filterQuery(filters: CrudFilter[] | undefined): Query {
  const out: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error('条件组合（or/and）筛选不受支持');
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    if (operator === 'eq') out[field] = scalar(value);
    else if (operator === 'in') {
      const values = (Array.isArray(value) ? value : [value]).map(scalar);
      if (values.length) out[field] = values.join(',');
    } else if (operator === 'contains') out.q = scalar(value);
    else throw new Error(`不支持的筛选：${field} ${operator}`);
  }
  return out;
}

function scalar(value: unknown): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  // dayjs and other date objects print themselves as ISO text.
  return String(value);
}

/** A body or query given to `custom` as an object of fields (the API takes nothing else). */
function queryOf(value: unknown): Query {
  return typeof value === 'object' && value !== null ? (value as Query) : {};
}

/** Our DataProvider over the admin REST families: `admin/<resource>/list|detail|save|delete`. */
export const dataProvider = {
  getApiUrl: () => API_BASE,

  async getList<T extends BaseRecord>({
    resource,
    pagination,
    sorters,
    filters,
    meta,
  }: GetListParams): Promise<GetListResponse<T>> {
    const page = await call<PageAnswer<T>>('get', `${familyOf(resource, meta)}/list`, {
      query: { ...pageQuery(pagination), ...sortQuery(sorters), ...filterQuery(filters) },
    });
    return { data: page.list, total: page.total };
  },

  async getOne<T extends BaseRecord>({
    resource,
    id,
    meta,
  }: GetOneParams): Promise<GetOneResponse<T>> {
    const data = await call<T>('get', `${familyOf(resource, meta)}/detail`, { query: { id } });
    return { data };
  },

  async getMany<T extends BaseRecord>({
    resource,
    ids,
    meta,
  }: GetManyParams): Promise<GetManyResponse<T>> {
    const family = familyOf(resource, meta);
    const data = await Promise.all(
      ids.map((id) => call<T>('get', `${family}/detail`, { query: { id } })),
    );
    return { data };
  },

  async create<T extends BaseRecord, V = unknown>({
    resource,
    variables,
    meta,
  }: CreateParams<V>): Promise<CreateResponse<T>> {
    const saved = await call<SaveAnswer>('post', `${familyOf(resource, meta)}/save`, {
      body: variables,
    });
    // The answer carries the id; the form's fields are what was written.
    return { data: { ...(variables as object), id: saved.id } as unknown as T };
  },

  async update<T extends BaseRecord, V = unknown>({
    resource,
    id,
    variables,
    meta,
  }: UpdateParams<V>): Promise<UpdateResponse<T>> {
    const saved = await call<SaveAnswer>('post', `${familyOf(resource, meta)}/save`, {
      body: { ...(variables as object), id },
    });
    return { data: { ...(variables as object), id: saved.id ?? id } as unknown as T };
  },

  async deleteOne<T extends BaseRecord, V = unknown>({
    resource,
    id,
    meta,
  }: DeleteOneParams<V>): Promise<DeleteOneResponse<T>> {
    await call<unknown>('post', `${familyOf(resource, meta)}/delete`, { body: { id } });
    return { data: { id } as T };
  },

  async custom<T extends BaseRecord, Q = unknown, P = unknown>({
    url,
    method,
    filters,
    sorters,
    payload,
    query,
    headers,
  }: CustomParams<Q, P>): Promise<CustomResponse<T>> {
    const data = await call<T>(method, url, {
      query: { ...queryOf(query), ...sortQuery(sorters), ...filterQuery(filters) },
      body: payload,
      headers: headers as Record<string, string> | undefined,
    });
    return { data };
  },
} satisfies DataProvider;
