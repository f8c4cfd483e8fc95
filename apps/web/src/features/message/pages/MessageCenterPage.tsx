import type { MessageType, MessageTypeSummary } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd-mobile';
import { BellOutline, TruckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { chat, useConversations } from '../../../core/chat/chat-boot.ts';
import { type UnreadMessages, useUnreadMessages } from '../../../core/unread.ts';
import { ConversationList } from '../../../ui/chat/ConversationList.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import {
  badgeText,
  messageApi,
  messageOverviewQuery,
  messageTime,
  refreshAfterRead,
} from '../api.ts';
import '../message.css';
import { ListStates } from '../../../ui/ListStates.tsx';

const ENTRY: Record<MessageType, { icon: ReactNode; path: string; empty: string; tone: string }> = {
  system: {
    icon: <BellOutline />,
    path: PATHS.systemMessages,
    empty: '暂无系统消息',
    tone: 'system',
  },
  order: {
    icon: <TruckOutline />,
    path: PATHS.orderMessages,
    empty: '暂无订单消息',
    tone: 'order',
  },
};

/**
 * 消息: the unread count of everything (the same count as 我的 and the tab bar), one entry per
 * notice type, then the chats (group notices among them as 群通知).
 */
export default function MessageCenterPage() {
  const query = useQuery(messageOverviewQuery());
  // The badges count from the same source as the total (and as 我的 and the tab bar).
  const unread = useUnreadMessages();

  if (query.isPending || query.isError) {
    return <ListStates query={query} isEmpty empty={null} />;
  }
  return (
    <div className="msg-center">
      <UnreadBar unread={unread} />
      <section className="msg-center__types card" aria-label="通知">
        {query.data.types.map((summary) => (
          <TypeEntry key={summary.type} summary={summary} unread={unread[summary.type]} />
        ))}
      </section>
      <ConversationList />
    </div>
  );
}

function TypeEntry({ summary, unread }: { summary: MessageTypeSummary; unread: number }) {
  const navigate = useNavigate();
  const entry = ENTRY[summary.type];
  return (
    <button
      type="button"
      className="msg-entry"
      data-testid={`msg-entry-${summary.type}`}
      onClick={() => navigate(entry.path)}
    >
      <span
        className={`msg-entry__icon msg-entry__icon--${entry.tone}`}
        data-testid={`msg-badge-${summary.type}`}
      >
        <Badge content={badgeText(unread)}>{entry.icon}</Badge>
      </span>
      <span className="msg-entry__body">
        <span className="msg-entry__head">
          <span className="msg-entry__name">{summary.name}</span>
          {summary.latest && (
            <span className="msg-entry__time">{messageTime(summary.latest.createdAt)}</span>
          )}
        </span>
        <span className="msg-entry__latest">{summary.latest?.title ?? entry.empty}</span>
      </span>
    </button>
  );
}

/** The total unread, and 全部已读: every notice and every chat read at once. */
function UnreadBar({ unread }: { unread: UnreadMessages }) {
  const { total, notices, chats } = unread;
  const queryClient = useQueryClient();
  const readAll = async () => {
    try {
      if (notices) await Promise.all([messageApi.readAll('system'), messageApi.readAll('order')]);
      if (chats) {
        const tim = await chat();
        const unreadChats = useConversations.getState().list.filter((c) => c.unreadCount > 0);
        await Promise.all(
          unreadChats.map((c) => tim.setMessageRead({ conversationID: c.conversationID })),
        );
      }
      await refreshAfterRead(queryClient);
    } catch (err) {
      showToast((err as Error).message);
    }
  };
  return (
    <div className="msg-center__bar">
      <span data-testid="msg-center-unread">
        {total ? `${badgeText(total)} 条未读消息` : '暂无未读消息'}
      </span>
      <Button size="mini" fill="none" disabled={!total} onClick={() => void readAll()}>
        全部已读
      </Button>
    </div>
  );
}
