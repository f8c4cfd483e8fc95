import type {
  BargainBrief,
  BargainClaim,
  BargainClaimBody,
  BargainClaimData,
  BargainDetailData,
  BargainEditionId,
  BargainEditionsData,
  BargainHelpData,
  BargainItemData,
  BargainItemsData,
  BargainPost,
  BargainPostBody,
  BargainPosterData,
  BargainStatus,
  BargainThanksPage,
  MyHelpRow,
  PageOf,
} from '@chaopin/contracts';
import { get, post, postJson } from '../../core/api/client.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** The zero-yuan bargain (砍价免费拿): items, bargains, helps, the free-order claim and 晒单. */
export const bargainApi = {
  editions: () => get<BargainEditionsData>('bargain/editions'),
  /** An edition's items with my latest bargain on each, and my running ones. */
  items: (edition: BargainEditionId) => get<BargainItemsData>('bargain/items', { edition }),
  item: (id: number) => get<BargainItemData>('bargain/item', { id }),
  posts: (itemId: number, { pageNum, pageSize = 10 }: Paging) =>
    get<PageOf<BargainPost>>('bargain/posts', { itemId, pageNum, pageSize }),
  /** Starts a bargain; the starter's first cut (砍一刀) is in the answer's helpers. */
  start: (itemId: number) => post<BargainDetailData>('bargain/start', { itemId }),
  detail: (id: number) => get<BargainDetailData>('bargain/detail', { id }),
  poster: (id: number) => get<BargainPosterData>('bargain/poster', { id }),
  /** One cut by a friend; `ticket`: the solved captcha of action `bargain:<bargainId>`. */
  help: (bargainId: number, ticket: string) =>
    post<BargainHelpData>('bargain/help', { bargainId }, { ticket }),
  mine: (
    edition: BargainEditionId,
    status: BargainStatus | 'all',
    { pageNum, pageSize = 10 }: Paging,
  ) => get<PageOf<BargainBrief>>('bargain/mine', { edition, status, pageNum, pageSize }),
  myHelps: (edition: BargainEditionId, { pageNum, pageSize = 10 }: Paging) =>
    get<PageOf<MyHelpRow>>('bargain/myHelps', { edition, pageNum, pageSize }),
  thanks: (
    edition: BargainEditionId,
    bargainId: number | null,
    { pageNum, pageSize = 20 }: Paging,
  ) =>
    get<BargainThanksPage>('bargain/thanks', {
      edition,
      ...(bargainId ? { bargainId } : {}),
      pageNum,
      pageSize,
    }),
  /** 立即领取: an order at the target price, or a claim held for review (order null). */
  claim: (body: BargainClaimBody) => post<BargainClaimData>('bargain/claim', { ...body }),
  claimDetail: (id: number) => get<BargainClaim>('bargain/claim', { id }),
  /** 晒单: the photos are an array, so the body is JSON. */
  post: (body: BargainPostBody) => postJson<BargainPost>('bargain/post', body),
};

/** The captcha action a help's ticket must be for. */
export const helpAction = (bargainId: number) => `bargain:${bargainId}`;
