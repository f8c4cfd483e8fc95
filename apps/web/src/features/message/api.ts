import type { MessageType } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { formatDayTime } from '../../core/format.ts';
import { noticeUnreadKey, noticeUnreadQuery } from '../../core/unread.ts';

export { badgeText } from '../../ui/message/badgeText.ts';

export const messageApi = {
  /** The message centre: unread count and latest message per type. */
  overview: () => get('message/list'),
  listByType: ({
    type,
    pageNum,
    pageSize = 10,
  }: {
    type: MessageType;
    pageNum: number;
    pageSize?: number;
  }) => get('message/listByType', { type, pageNum, pageSize }),
  /** Opening a message marks it read. */
  detail: (id: number) => get('message/queryById', { id }),
  readIds: (ids: number[]) => post('message/read', { ids: ids.join(',') }),
  readAll: (type: MessageType) => post('message/read', { type }),
  unreadCount: () => get('message/unreadCount'),
};

export const MESSAGE_PAGE_SIZE = 10;

/** Every message query sits under 'message', so one invalidation refreshes lists and badges. */
export const messageKeys = {
  all: ['message'] as const,
  overview: ['message', 'overview'] as const,
  unread: noticeUnreadKey,
  list: (type: MessageType) => ['message', 'list', type] as const,
  detail: (id: number) => ['message', 'detail', id] as const,
};

export const messageOverviewQuery = () =>
  queryOptions({ queryKey: messageKeys.overview, queryFn: messageApi.overview });

/** The unread notices (the badges add the chats' unread: core/unread.ts useUnreadMessages). */
export const unreadQuery = noticeUnreadQuery;

export const messagesQuery = (type: MessageType) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(type),
    queryFn: ({ pageParam }) =>
      messageApi.listByType({ type, pageNum: pageParam, pageSize: MESSAGE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

export const messageQuery = (id: number) =>
  queryOptions({ queryKey: messageKeys.detail(id), queryFn: () => messageApi.detail(id) });

/** After a read: the badges, the overview and the lists change; the open detail stays. */
export function refreshAfterRead(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: messageKeys.all,
    predicate: (q) => q.queryKey[1] !== 'detail',
  });
}

/** Message time (China): 14:05 today, 昨天 14:05, 11-20 14:05 this year, else 2025-11-20 14:05. */
export function messageTime(iso: string, now: Date | number = Date.now()): string {
  return formatDayTime(iso, now, { today: '' });
}
