import type { MessageType, MessageTypeSummary } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, DotLoading } from 'antd-mobile';
import { BellOutline, TruckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/pageConfig.ts';
import { EmptyState } from '../../../app/ui/EmptyState.tsx';
import { ConversationList } from '../../chat/components/ConversationList.tsx';
import { badgeText, messageOverviewQuery, messageTime } from '../queries.ts';
import '../message.css';

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
 * 消息: one entry per notice type. Chat conversations (a later feature) go in their own section
 * below the entries, so this list stays the same when they arrive.
 */
export default function MessageCenterPage() {
  const query = useQuery(messageOverviewQuery());

  if (query.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    return <EmptyState title="加载失败" description="点击重试" onClick={() => query.refetch()} />;
  }
  return (
    <div className="msg-center">
      <section className="msg-center__types card" aria-label="通知">
        {query.data.types.map((summary) => (
          <TypeEntry key={summary.type} summary={summary} />
        ))}
      </section>
      <ConversationList />
    </div>
  );
}

function TypeEntry({ summary }: { summary: MessageTypeSummary }) {
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
        <Badge content={badgeText(summary.unread)}>{entry.icon}</Badge>
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
