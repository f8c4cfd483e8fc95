/** Paging shared by the features' lists (their keys and queries live in each feature's api.ts). */
export const FIVE_MINUTES = 5 * 60_000;
export const GOODS_PAGE_SIZE = 10;

type Paged = { pageNum: number; pageSize: number; total: number };
/** getNextPageParam of a PageOf list: the next pageNum while rows remain. */
export const nextPage = (last: Paged) =>
  last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;
