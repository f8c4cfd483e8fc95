import type { FriendApplication } from '@chaopin/im-sdk';
import { Button, List } from 'antd-mobile';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { act, useSdkData } from '../hooks/useSdkData.ts';
import '../../../ui/chat/chat.css';

/**
 * 新的朋友: requests to me (accept → 添加成功, refuse → 已拒绝) and my pending ones, each with the
 * other user's avatar (the default one when they have none) and nickname.
 */
export default function FriendRequestsPage() {
  const { data, reload } = useSdkData(
    async (tim) => (await tim.getFriendApplicationList()).data,
    [],
  );
  if (data && !data.length) return <EmptyState title="暂无好友申请" />;
  return (
    <List>
      {(data ?? []).map((r: FriendApplication) => (
        <List.Item
          key={`${r.type}-${r.userID}`}
          prefix={
            <Img
              className="friend-request__avatar"
              src={r.avatar}
              fallback={DEFAULT_AVATAR}
              alt={r.nick || r.userID}
              data-testid="friend-request-avatar"
            />
          }
          description={
            r.wording || (r.type === 'Pendency_Type_ComeIn' ? '请求添加你为好友' : '等待对方验证')
          }
          data-testid="friend-request"
          extra={
            r.type === 'Pendency_Type_ComeIn' ? (
              <span className="row-actions">
                <Button
                  size="mini"
                  color="primary"
                  onClick={() =>
                    void act(
                      (t) => t.acceptFriendApplication({ userID: r.userID }),
                      '添加成功',
                      reload,
                    )
                  }
                >
                  接受
                </Button>
                <Button
                  size="mini"
                  onClick={() =>
                    void act(
                      (t) => t.refuseFriendApplication({ userID: r.userID }),
                      '已拒绝',
                      reload,
                    )
                  }
                >
                  拒绝
                </Button>
              </span>
            ) : (
              '已发送'
            )
          }
        >
          <span data-testid="friend-request-nick">{r.nick || r.userID}</span>
        </List.Item>
      ))}
    </List>
  );
}
