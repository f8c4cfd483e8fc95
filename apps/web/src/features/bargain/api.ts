import type {
  BargainClaimBody,
  BargainEditionId,
  BargainPostBody,
  BargainStatus,
} from '@chaopin/contracts';
import { get, post, postJson } from '../../core/api/client.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** The zero-yuan bargain (砍价免费拿): items, bargains, helps, the free-order claim and 晒单. */
export const bargainApi = {
  editions: () => get('bargain/editions'),
  /** An edition's items with my latest bargain on each, and my running ones. */
  items: (edition: BargainEditionId) => get('bargain/items', { edition }),
  item: (id: number) => get('bargain/item', { id }),
  posts: (itemId: number, { pageNum, pageSize = 10 }: Paging) =>
    get('bargain/posts', { itemId, pageNum, pageSize }),
  /** Starts a bargain; the starter's first cut (砍一刀) is in the answer's helpers. */
  start: (itemId: number) => post('bargain/start', { itemId }),
  detail: (id: number) => get('bargain/detail', { id }),
  poster: (id: number) => get('bargain/poster', { id }),
  /** One cut by a friend; `ticket`: the solved captcha of action `bargain:<bargainId>`. */
  help: (bargainId: number, ticket: string) => post('bargain/help', { bargainId }, { ticket }),
  mine: (
    edition: BargainEditionId,
    status: BargainStatus | 'all',
    { pageNum, pageSize = 10 }: Paging,
  ) => get('bargain/mine', { edition, status, pageNum, pageSize }),
  myHelps: (edition: BargainEditionId, { pageNum, pageSize = 10 }: Paging) =>
    get('bargain/myHelps', { edition, pageNum, pageSize }),
  thanks: (
    edition: BargainEditionId,
    bargainId: number | null,
    { pageNum, pageSize = 20 }: Paging,
  ) =>
    get('bargain/thanks', {
      edition,
      ...(bargainId ? { bargainId } : {}),
      pageNum,
      pageSize,
    }),
  /** 立即领取: an order at the target price, or a claim held for review (order null). */
  claim: (body: BargainClaimBody) => post('bargain/claim', { ...body }),
  claimDetail: (id: number) => get('bargain/claim', { id }),
  /** 晒单: the photos are an array, so the body is JSON. */
  post: (body: BargainPostBody) => postJson('bargain/post', body),
};

/** The captcha action a help's ticket must be for. */
export const helpAction = (bargainId: number) => `bargain:${bargainId}`;
