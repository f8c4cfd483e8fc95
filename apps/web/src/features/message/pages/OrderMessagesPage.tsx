import type { MessageItem } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RightOutline, TruckOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { messageApi, messagesQuery, messageTime, refreshAfterRead } from '../api.ts';
import '../message.css';

const { reachBottomDistance } = pageConfigFor(PATHS.orderMessages);

const failed = (error: unknown) =>
  showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试');

/** 订单消息: payment, shipping, refund and invoice news; a card opens its order. */
export default function OrderMessagesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagesQuery('order'));
  const messages = query.data?.pages.flatMap((p) => p.list) ?? [];
  const anyUnread = messages.some((m) => !m.read);

  const readAll = useMutation({
    mutationFn: () => messageApi.readAll('order'),
    onSuccess: async () => {
      await refreshAfterRead(queryClient);
      showToast('已全部标记为已读');
    },
    onError: failed,
  });
  const open = useMutation({
    mutationFn: async (m: MessageItem) => {
      if (!m.read) await messageApi.readIds([m.id]);
      return m;
    },
    onSuccess: (m) => {
      void refreshAfterRead(queryClient);
      navigate(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(m.orderNo)}`);
    },
    onError: failed,
  });

  return (
    <ListStates
      query={query}
      isEmpty={messages.length === 0}
      empty={
        <EmptyState
          icon={<TruckOutline />}
          title="暂无订单消息"
          description="下单后的物流与售后进度会在这里提醒您"
        />
      }
    >
      <div className="msg-list">
        <div className="msg-list__tools">
          <button
            type="button"
            disabled={!anyUnread || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            全部已读
          </button>
        </div>
        {messages.map((m) => (
          <article key={m.id} className="msg-item">
            <time className="msg-item__time">{messageTime(m.createdAt)}</time>
            <button
              type="button"
              className="msg-card card"
              data-testid="order-message"
              onClick={() => open.mutate(m)}
            >
              <span className="msg-card__title">
                {!m.read && <span className="msg-dot" data-testid="unread-dot" />}
                {m.title}
              </span>
              <span className="msg-card__row">
                {m.image && <Img className="msg-card__image" src={m.image} alt="商品图片" />}
                <span className="msg-card__content text-clamp-3">{m.content}</span>
              </span>
              <span className="msg-card__more">
                查看订单 <RightOutline />
              </span>
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
