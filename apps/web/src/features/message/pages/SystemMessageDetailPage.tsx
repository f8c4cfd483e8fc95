import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime } from '../../../core/format.ts';
import { inAppTarget } from '../../../ui/hooks/useInAppLink.ts';
import { messageQuery, refreshAfterRead } from '../api.ts';
import '../message.css';

/** 消息详情: a notice in full; the server marks it read when it is opened. */
export default function SystemMessageDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({ ...messageQuery(id), enabled: valid });

  useEffect(() => {
    if (query.isSuccess) void refreshAfterRead(queryClient);
  }, [query.isSuccess, queryClient]);

  if (!valid || query.isError) {
    return (
      <ErrorBlock
        status="empty"
        title={isApiError(query.error) ? query.error.msg : '消息不存在或已删除'}
        description=""
      />
    );
  }
  if (query.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  const m = query.data;
  const target = m.link ? inAppTarget(m.link) : null;
  return (
    <article className="msg-detail card" data-testid="message-detail">
      <h1 className="msg-detail__title">{m.title}</h1>
      <time className="msg-detail__time">{formatDateTime(m.createdAt)}</time>
      <p className="msg-detail__content">{m.content}</p>
      {target && (
        <div className="msg-detail__action">
          <Button block color="primary" fill="outline" onClick={() => navigate(target)}>
            立即查看
          </Button>
        </div>
      )}
    </article>
  );
}
