import type {
  MessageItem,
  MessageOverview,
  MessagePage,
  MessageReadData,
  MessageType,
  MessageUnreadCount,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

export const messageApi = {
  /** The message centre: unread count and latest message per type. */
  overview: () => get<MessageOverview>('message/list'),
  listByType: ({
    type,
    pageNum,
    pageSize = 10,
  }: {
    type: MessageType;
    pageNum: number;
    pageSize?: number;
  }) => get<MessagePage>('message/listByType', { type, pageNum, pageSize }),
  /** Opening a message marks it read. */
  detail: (id: number) => get<MessageItem>('message/queryById', { id }),
  readIds: (ids: number[]) => post<MessageReadData>('message/read', { ids: ids.join(',') }),
  readAll: (type: MessageType) => post<MessageReadData>('message/read', { type }),
  unreadCount: () => get<MessageUnreadCount>('message/unreadCount'),
};
