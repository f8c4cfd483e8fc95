import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { PAGE_SIZE_MAX } from './constants.ts';

/** Success envelope: `{ code: 1, msg, data }`. The data schema is the allow-list of what leaves the server. */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Literal(1), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  error: Type.String(),
  data: Type.Null(),
});
export type ErrorBody = Static<typeof ErrorEnvelope>;

export interface OkBody<T> {
  code: 1;
  msg: string;
  data: T;
}
/** What the web request helper resolves with: either envelope. */
export type ApiBody<T> = OkBody<T> | ErrorBody;

export const PageQuery = Type.Object({
  pageNum: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1, errorId: 'PAGE_INVALID' }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10, errorId: 'PAGE_INVALID' }),
  ),
});
export type PageQuery = Static<typeof PageQuery>;

/**
 * A page query with more fields, as one flat object: validating `allOf` (an intersect) costs a
 * measurable share of a cached list route's time, and one object also documents better.
 */
export const PagedQuery = <P extends TProperties>(properties: P) =>
  Type.Object({ ...PageQuery.properties, ...properties });

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  });
export interface PageOf<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const Empty = Type.Null();
