import type { MessageType } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

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
