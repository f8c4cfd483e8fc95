import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './api/client.ts';
import { useImState } from './chat/im-state.ts';
import { useSession } from './session.ts';

/** Under 'message', so the message pages' invalidation after a read refreshes it too. */
export const noticeUnreadKey = ['message', 'unread'] as const;

/**
 * Unread system and order notices: read again by every page that shows the count (我的, 消息中心)
 * as it opens, when the app comes back, and every minute under the tab bar.
 */
export const noticeUnreadQuery = () =>
  queryOptions({
    queryKey: noticeUnreadKey,
    queryFn: () => get('message/unreadCount'),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export interface UnreadMessages {
  /** System and order notices (message/unreadCount), and each type's share. */
  notices: number;
  system: number;
  order: number;
  /** Every chat's unread messages, group notices included (the IM SDK's total unread). */
  chats: number;
  /** The one count every badge of the message centre shows: 我的, the tab bar, 消息中心. */
  total: number;
}

const NONE: UnreadMessages = { notices: 0, system: 0, order: 0, chats: 0, total: 0 };

/** The unread messages of the signed-in user, notices and chats together; zeros when logged out. */
export function useUnreadMessages(): UnreadMessages {
  const isLogin = useSession((s) => s.isLogin);
  const { data } = useQuery({ ...noticeUnreadQuery(), enabled: isLogin });
  const chats = useImState((s) => s.chatUnread);
  if (!isLogin) return NONE;
  const notices = data?.total ?? 0;
  return {
    notices,
    system: data?.system ?? 0,
    order: data?.order ?? 0,
    chats,
    total: notices + chats,
  };
}
