import type { LiveHostApplyBody, LiveShelfStatus, LiveUpInfoBody } from '@chaopin/contracts';
import { get, post, postJson } from '../../core/api/client.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** The host's side of live selling: 入驻, the live centre, the shelf, the push address. */
export const liveHostApi = {
  status: () => get('live/host/status'),
  apply: (body: LiveHostApplyBody) => post('live/host/apply', { ...body }),
  centre: () => get('live/centre'),
  /** Create a room (no roomId) or edit one; a noticeAt makes it a 预告, null clears it. */
  upInfo: (body: LiveUpInfoBody) => postJson('live/upInfo', body),
  shelf: (roomId: number) => get('live/host/shelf', { roomId }),
  /** The whole shelf in order. */
  upShop: (roomId: number, items: { productId: number; status: LiveShelfStatus }[]) =>
    postJson('live/upShop', { roomId, items }),
  shelfStatus: (roomId: number, productId: number, status: LiveShelfStatus) =>
    post('live/shelf/status', { roomId, productId, status }),
  /** 讲解中: one product, or null for none. */
  pin: (roomId: number, productId: number | null) => postJson('live/pin', { roomId, productId }),
  push: (roomId: number) => get('live/livePlay', { roomId }),
  end: (roomId: number) => post('live/end', { roomId }),
  history: ({ pageNum, pageSize = 10 }: Paging) => get('live/history', { pageNum, pageSize }),
  stats: (roomId: number) => get('live/stats', { roomId }),
};
