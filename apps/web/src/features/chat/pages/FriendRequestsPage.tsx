import { Button, List } from 'antd-mobile';
import { EmptyState } from '../../../app/ui/EmptyState.tsx';
import { act, useSdkData } from '../hooks/useSdkData.ts';

type Request = { userID: string; type: string; wording: string; time: number };

/** 新的朋友: requests to me (accept → 添加成功, refuse → 已拒绝) and my pending ones. */
export default function FriendRequestsPage() {
  const { data, reload } = useSdkData(
    async (tim) => (await tim.getFriendApplicationList()).data as Request[],
    [],
  );
  if (data && !data.length) return <EmptyState title="暂无好友申请" />;
  return (
    <List>
      {(data ?? []).map((r) => (
        <List.Item
          key={`${r.type}-${r.userID}`}
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
          {r.userID}
        </List.Item>
      ))}
    </List>
  );
}
