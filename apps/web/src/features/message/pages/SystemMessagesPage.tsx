import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { messagesQuery, messageTime } from '../api.ts';
import '../message.css';

const { reachBottomDistance } = pageConfigFor(PATHS.systemMessages);

/** 系统消息: the operator's notices, newest first; a card opens its detail (and marks it read). */
export default function SystemMessagesPage() {
  const navigate = useNavigate();
  const query = useInfiniteQuery(messagesQuery('system'));
  const messages = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={messages.length === 0}
      empty={<EmptyState icon={<BellOutline />} title="暂无系统消息" />}
    >
      <div className="msg-list">
        {messages.map((m) => (
          <article key={m.id} className="msg-item">
            <time className="msg-item__time">{messageTime(m.createdAt)}</time>
            <button
              type="button"
              className="msg-card card"
              data-testid="system-message"
              onClick={() => navigate(`${PATHS.systemMessageDetail}?id=${m.id}`)}
            >
              <span className="msg-card__title">
                {!m.read && <span className="msg-dot" data-testid="unread-dot" />}
                {m.title}
              </span>
              <span className="msg-card__content text-clamp-2">{m.content}</span>
              <span className="msg-card__more">查看详情</span>
            </button>
          </article>
        ))}
        <InfiniteFooter
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          hasMore={query.hasNextPage}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}
